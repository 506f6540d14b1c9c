// The athlete profile's public entry, for the dashboard that shows it. Anything not exported here is
// the feature's own.
export { AthleteCardSkeleton } from './components/AthleteCardSkeleton';
export { AthleteFormModal } from './components/AthleteFormModal';
export { AthleteProfileCard } from './components/AthleteProfileCard';
export { StatList } from './components/StatList';
export { useStatsQuery, useUpcomingEventsQuery } from './queries';
export { athleteCardText } from './strings';
