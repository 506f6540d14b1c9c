// The athlete profile's front door: the profile card, its form and its stats, for the dashboard and the
// demo that show them. Anything not exported here is the feature's own.
export type { Event, Stat } from './api';
export { AthleteCardSkeleton } from './components/AthleteCardSkeleton';
export { AthleteFormModal } from './components/dialogs';
export { AthleteProfileCard } from './components/AthleteProfileCard';
export { OwnAthletesCard } from './components/OwnAthletesCard';
export { PlacesCard } from './components/PlacesCard';
export { StatList } from './components/StatList';
export { useStatsQuery, useUpcomingEventsQuery } from './queries';
export { athleteCardText } from './strings';
