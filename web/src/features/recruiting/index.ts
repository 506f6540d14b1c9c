// The recruiting center's front door: the /recruiting page, and the colleges and NCAA events the
// dashboard's Recruiting Events card and Recruiting Status panel read.
export type { CollegeInterest, RecruitingEvent } from './api';
export { RecruitingCenter } from './components/RecruitingCenter';
export { useCollegesQuery, useRecruitingEventsQuery } from './queries';
export { periodColors, recruitingText } from './strings';
