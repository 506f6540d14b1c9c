// The recruiting center's front door: the /recruiting page, and the colleges and NCAA events the
// dashboard's Recruiting Events card, Recruiting Status panel and Follow-ups card read.
export type { CollegeInterest, FollowUp, RecruitingEvent } from './api';
export { RecruitingCenter } from './components/RecruitingCenter';
export { useCollegesQuery, useFollowUpsQuery, useRecruitingEventsQuery } from './queries';
export { outreachText, periodColors, recruitingText } from './strings';
