import { Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBallBaseball, IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import type { Event } from '../api';
import { eventDateLabel, nextEvents } from '../selectors';
import { athleteCardText as t } from '../strings';
import { PanelHeader } from './PanelHeader';
import { PanelLink } from '../../../components/PanelLink';

interface UpcomingEventsPanelProps {
  events: Event[];
  loading?: boolean;
  /** "Now", injectable for tests. */
  now?: Date;
  /** The link to all events; off where the visitor cannot follow it (/demo). */
  withLink?: boolean;
}

export function UpcomingEventsPanel({ events, loading = false, now, withLink = true }: UpcomingEventsPanelProps) {
  const upcoming = nextEvents(events, now);
  return (
    <Stack gap="sm" justify="space-between" h="100%">
      <Stack gap="sm">
        <PanelHeader icon={<IconCalendarEvent size={18} />} title={t.upcomingEvents} />
        {loading ? (
          <>
            <Skeleton height={40} />
            <Skeleton height={40} />
          </>
        ) : upcoming.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noUpcomingEvents}
          </Text>
        ) : (
          upcoming.map((event) => <EventRow key={event.id} event={event} />)
        )}
      </Stack>
      {withLink && <PanelLink to="/events">{t.viewAllEvents}</PanelLink>}
    </Stack>
  );
}

function EventRow({ event }: { event: Event }) {
  const isGame = event.eventType === 'game';
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color={isGame ? 'gold' : 'navy'} radius="xl" size="md" role="img" aria-label={isGame ? t.game : t.event}>
        {isGame ? <IconBallBaseball size={16} /> : <IconCalendarEvent size={16} />}
      </ThemeIcon>
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} lineClamp={2}>
          {event.title}
        </Text>
        <Text size="xs" c="dimmed">
          {eventDateLabel(event)}
        </Text>
        {event.location && (
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={12} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed" truncate>
              {event.location}
            </Text>
          </Group>
        )}
      </Stack>
    </Group>
  );
}
