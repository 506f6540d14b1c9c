import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconDots, IconPlus, IconRepeat, IconTrophy } from '@tabler/icons-react';
import { AthleteContent } from '../../../components/AthleteContent';
import { AthletePageHeader } from '../../../components/AthletePageHeader';
import { EmptyNote } from '../../../components/EmptyNote';
import { NeedsSignal, useOfflineDisabled } from '../../../components/NeedsSignal';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { useEveryPage } from '../../../lib/pages';
import type { AthleteEvent } from '../api';
import { useDeleteEventMutation, useEventsQuery } from '../queries';
import { eventText as t, eventTypeLabels } from '../strings';
import { browserTimeZone, isUpcoming, nextStartTime, occurrenceLabel, repeatLabel, whenLabel } from '../when';
import { EventFormModal } from './EventFormModal';

function EventRow({ event, onEdit, onDelete }: { event: AthleteEvent; onEdit?: () => void; onDelete?: () => void }) {
  const offline = useOfflineDisabled();
  const isGame = event.eventType === 'game';
  const repeats = repeatLabel(event);
  return (
    <Group justify="space-between" wrap="nowrap" component="article" aria-label={event.title} py="xs">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ThemeIcon variant="light" color={isGame ? 'gold' : 'navy'} radius="md">
          {isGame ? <IconTrophy size={16} /> : event.repeatWeeklyUntil ? <IconRepeat size={16} /> : <IconCalendarEvent size={16} />}
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {event.title}
            </Text>
            <Badge size="xs" variant="light" color="gray">
              {eventTypeLabels[event.eventType] ?? event.eventType}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {whenLabel(event)}
            {event.location && ` · ${event.location}`}
          </Text>
          {repeats && (
            <Text size="xs" c="dimmed">
              {repeats}
              {event.nextStartDate && ` · ${t.next(occurrenceLabel(event, event.nextStartDate))}`}
            </Text>
          )}
        </div>
      </Group>
      {onEdit && onDelete && (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${event.title}`}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {!event.keyDate && (
              <Menu.Item onClick={onEdit} {...offline}>
                {t.edit}
              </Menu.Item>
            )}
            <Menu.Item color="red" onClick={onDelete} {...offline}>
              {t.delete}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

/** One titled list of events; nothing when it has none. */
function EventSection({ title, events, row }: { title: string; events: AthleteEvent[]; row: (e: AthleteEvent) => ReactNode }) {
  if (events.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="xs">
        {title}
      </Title>
      {events.map(row)}
    </Card>
  );
}

/** /events: the athlete's events, upcoming first (ascending), then past ones (newest first). */
export function EventsView({ now = new Date() }: { now?: Date }) {
  const current = useCurrentAthlete();
  const athlete = current.athlete;
  const canEdit = athlete?.permissions.edit ?? false;
  const list = useEventsQuery(athlete?.id);
  // The list comes soonest first from the oldest; the page shows the upcoming ones first and the past
  // newest first, so it needs all of them.
  useEveryPage(list);
  const remove = useDeleteEventMutation(athlete?.id ?? 0);
  const [dialog, setDialog] = useState<{ opened: boolean; event: AthleteEvent | null }>({ opened: false, event: null });
  const events = list.items;
  // Upcoming: by when each next happens (a weekly series at its next occurrence, listed once).
  const upcoming = events.filter((e) => isUpcoming(e, now)).sort((a, b) => nextStartTime(a) - nextStartTime(b));
  const past = events.filter((e) => !isUpcoming(e, now)).reverse();
  const row = (e: AthleteEvent) => (
    <EventRow
      key={e.id}
      event={e}
      onEdit={canEdit ? () => setDialog({ opened: true, event: e }) : undefined}
      onDelete={canEdit ? () => window.confirm(t.confirmDelete) && remove.mutate(e.id) : undefined}
    />
  );
  return (
    <Stack gap="lg">
      <AthletePageHeader
        title={t.pageTitle}
        subtitle={t.pageSubtitle}
        familySubtitle={t.familySubtitle}
        athlete={athlete}
        action={
          canEdit ? (
            <NeedsSignal>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ opened: true, event: null })}>
                {t.addEvent}
              </Button>
            </NeedsSignal>
          ) : undefined
        }
      />
      <AthleteContent
        current={current}
        noProfile={{ title: t.noProfileTitle, text: t.noProfileText }}
        loading={list.isLoading || (list.hasNextPage && !list.isError)}
        failed={list.isError && { message: t.loadFailed, onRetry: () => void list.refetch() }}
      >
        {() =>
          events.length === 0 ? (
            <Card withBorder radius="md">
              <EmptyNote icon={<IconCalendarEvent size={22} />} title={t.noEvents} description={t.noEventsHint} />
            </Card>
          ) : (
            <>
              <EventSection title={t.upcoming} events={upcoming} row={row} />
              <EventSection title={t.past} events={past} row={row} />
            </>
          )
        }
      </AthleteContent>
      {athlete && (
        <EventFormModal
          opened={dialog.opened}
          onClose={() => setDialog((d) => ({ ...d, opened: false }))}
          athleteId={athlete.id}
          event={dialog.event}
          defaultZone={athlete.timeZone || browserTimeZone()}
        />
      )}
    </Stack>
  );
}
