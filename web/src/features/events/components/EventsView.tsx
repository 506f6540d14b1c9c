import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Card, Group, Menu, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconDots, IconPlus, IconTrophy } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { AthleteContent } from '../../../components/AthleteContent';
import { AthletePageHeader } from '../../../components/AthletePageHeader';
import { EmptyNote } from '../../../components/EmptyNote';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { useEveryPage } from '../../../lib/pages';
import type { AthleteEvent } from '../api';
import { useDeleteEventMutation, useEventsQuery } from '../queries';
import { eventText as t } from '../strings';
import { EventFormModal } from './EventFormModal';

function EventRow({ event, onEdit, onDelete }: { event: AthleteEvent; onEdit?: () => void; onDelete?: () => void }) {
  // A key date is a day: its time of day means nothing.
  const when = event.keyDate ? dayjs(event.startDate).format('ddd, MMM D, YYYY') : dayjs(event.startDate).format('ddd, MMM D, YYYY · h:mm A');
  return (
    <Group justify="space-between" wrap="nowrap" component="article" aria-label={event.title} py="xs">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ThemeIcon variant="light" color={event.eventType === 'game' ? 'gold' : 'navy'} radius="md">
          {event.eventType === 'game' ? <IconTrophy size={16} /> : <IconCalendarEvent size={16} />}
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Text>
          <Text size="xs" c="dimmed">
            {when}
            {event.location && ` · ${event.location}`}
          </Text>
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
            {!event.keyDate && <Menu.Item onClick={onEdit}>{t.edit}</Menu.Item>}
            <Menu.Item color="red" onClick={onDelete}>
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
  const upcoming = events.filter((e) => new Date(e.startDate) >= now);
  const past = events.filter((e) => new Date(e.startDate) < now).reverse();
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
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ opened: true, event: null })}>
              {t.addEvent}
            </Button>
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
        />
      )}
    </Stack>
  );
}
