import type { Athlete } from '../api';
import { useStatsQuery, useUpcomingEventsQuery } from '../queries';
import { AthleteProfileCard } from './AthleteProfileCard';

/** The signed-in user's athlete card, loading its stats and upcoming events. */
export function MyAthleteCard({ athlete, onEdit }: { athlete: Athlete; onEdit: () => void }) {
  const stats = useStatsQuery(athlete.id);
  const events = useUpcomingEventsQuery(athlete.id);
  return (
    <AthleteProfileCard
      athlete={athlete}
      stats={stats.data ?? []}
      events={events.data ?? []}
      statsLoading={stats.isLoading}
      eventsLoading={events.isLoading}
      onEdit={onEdit}
    />
  );
}
