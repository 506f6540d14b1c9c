// Milestones' front door: the /milestones page, and the list and timeline the dashboard's Legacy Timeline
// and the demo show.
export type { Milestone } from './api';
export { MilestoneTimeline } from './components/MilestoneTimeline';
export { MilestonesView } from './components/MilestonesView';
export { useMilestonesQuery } from './queries';
export { milestoneText } from './strings';
