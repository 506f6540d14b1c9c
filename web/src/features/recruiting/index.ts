// The recruiting center's public entry: the dashboard's Recruiting Events card and Recruiting Status
// panel read the colleges and the NCAA events from here.
export type { CollegeInterest, RecruitingEvent } from './api';
export { useCollegesQuery, useRecruitingEventsQuery } from './queries';
export { periodColors, recruitingText } from './strings';
