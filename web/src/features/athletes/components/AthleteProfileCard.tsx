import { Card, SimpleGrid } from '@mantine/core';
import type { Event, Stat } from '../api';
import type { Athlete } from '../../../lib/currentAthlete';
import { AthleteBanner } from './AthleteBanner';
import { RecruitingStatusPanel, type InterestedCollege } from './RecruitingStatusPanel';
import { SeasonStatsPanel } from './SeasonStatsPanel';
import { UpcomingEventsPanel } from './UpcomingEventsPanel';

interface AthleteProfileCardProps {
  athlete: Athlete;
  stats: Stat[];
  events: Event[];
  statsLoading?: boolean;
  eventsLoading?: boolean;
  /** Shows the Edit Profile button; leave out for a read-only card. */
  onEdit?: () => void;
  now?: Date;
  /** The panels' links into the signed-in app (events, stats, recruiting); off on /demo. */
  withLinks?: boolean;
  /** The college interests, highest interest first; the panel shows the top three. */
  colleges?: InterestedCollege[];
}

/** The athlete card with a profile: banner, then Upcoming Events, Season Stats and Recruiting Status. */
export function AthleteProfileCard({
  athlete,
  stats,
  events,
  statsLoading,
  eventsLoading,
  onEdit,
  now,
  withLinks = true,
  colleges = [],
}: AthleteProfileCardProps) {
  return (
    <Card withBorder radius="md" padding={0} component="section" aria-label={athlete.name}>
      <AthleteBanner athlete={athlete} onEdit={onEdit} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl" verticalSpacing="xl" p={{ base: 'md', sm: 'lg' }}>
        <UpcomingEventsPanel events={events} loading={eventsLoading} now={now} withLink={withLinks} />
        <SeasonStatsPanel stats={stats} loading={statsLoading} withLink={withLinks} />
        <RecruitingStatusPanel athlete={athlete} withLink={withLinks} colleges={colleges} />
      </SimpleGrid>
    </Card>
  );
}
