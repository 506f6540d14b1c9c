// Milestones' public entry: the dashboard's Legacy Timeline uses the list and the timeline.
export type { Milestone } from './api';
export { MilestoneTimeline } from './components/MilestoneTimeline';
export { useMilestonesQuery } from './queries';
export { milestoneText } from './strings';
