import type { Athlete } from '../../../lib/currentAthlete';
import { useStatsQuery, useUpcomingEventsQuery, AthleteProfileCard } from '../../athletes';
import { useCollegesQuery } from '../../recruiting';

/** The current athlete's card, loading its stats, upcoming events and colleges; without onEdit it is read-only. */
export function MyAthleteCard({ athlete, onEdit }: { athlete: Athlete; onEdit?: () => void }) {
  const stats = useStatsQuery(athlete.id);
  const events = useUpcomingEventsQuery(athlete.id);
  // The card shows the soonest events and the most wanted colleges: both are on their lists' first pages.
  const colleges = useCollegesQuery(athlete.id);
  return (
    <AthleteProfileCard
      athlete={athlete}
      stats={stats.data ?? []}
      events={events.data ?? []}
      statsLoading={stats.isLoading}
      eventsLoading={events.isLoading}
      onEdit={onEdit}
      colleges={colleges.items}
    />
  );
}
