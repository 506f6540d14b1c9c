import { Alert, Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCalendarPlus, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { dateLabel } from '../../../lib/format';
import type { CalendarNote, DivisionView, KeyDate, RecruitingCalendar, SportView } from '../api';
import { useAddKeyDateMutation } from '../queries';
import { periodColors, recruitingText as t } from '../strings';
import { SourceBadges } from './SourceBadges';

const day = (iso: string) => dateLabel(iso);

function DivisionPanel({ view }: { view: DivisionView }) {
  const current = view.current;
  return (
    <Stack gap="xs">
      {current ? (
        <>
          <Group gap="xs">
            <Badge color={periodColors[current.type]} variant="filled">
              {current.meaning.label}
            </Badge>
            <Text size="sm" c="dimmed">
              {t.through(day(current.end))}
            </Text>
          </Group>
          <Text size="sm">{current.meaning.short}</Text>
          {current.note && (
            <Text size="xs" c="dimmed">
              {current.note}
            </Text>
          )}
          {current.meaning.may && current.meaning.may.length > 0 && (
            <div>
              <Text size="xs" fw={600}>
                {t.coachesMay}
              </Text>
              <List size="xs" spacing={2}>
                {current.meaning.may.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            </div>
          )}
          {current.meaning.mayNot && current.meaning.mayNot.length > 0 && (
            <div>
              <Text size="xs" fw={600}>
                {t.coachesMayNot}
              </Text>
              <List size="xs" spacing={2}>
                {current.meaning.mayNot.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            </div>
          )}
          <SourceBadges sourceUrl={current.sourceUrl} verified={current.verified} division={view.division} />
        </>
      ) : (
        <>
          <Badge size="xs" variant="outline" color="navy">
            {view.division}
          </Badge>
          <Text size="sm" c="dimmed">
            {t.noPeriod}
          </Text>
        </>
      )}
      {view.next.length > 0 && (
        <div>
          <Text size="xs" fw={600} mb={4}>
            {t.nextChanges}
          </Text>
          <Stack gap={4}>
            {view.next.map((p) => (
              <Group key={p.start + p.type} gap="xs" wrap="nowrap">
                <Badge size="xs" color={periodColors[p.type]} variant="light" miw={90}>
                  {p.meaning.label}
                </Badge>
                <Text size="xs">
                  {day(p.start)} – {day(p.end)}
                </Text>
                {!p.verified && (
                  <Badge size="xs" variant="light" color="orange">
                    {t.unverified}
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        </div>
      )}
    </Stack>
  );
}

/**
 * Notes are guidance beside the calendars, some from the NAIA rather than the NCAA: they carry their
 * division, their source and an Unverified badge when second-hand, never the NCAA Official badge.
 */
function NoteList({ notes }: { notes: CalendarNote[] }) {
  return (
    <Stack gap="xs">
      {notes.map((n) => (
        <Stack key={n.division + n.text} gap={4} component="article" aria-label={`${n.division} note`}>
          <Text size="sm">{n.text}</Text>
          <Group gap={6} wrap="wrap">
            <Badge size="xs" variant="outline" color="navy">
              {n.division}
            </Badge>
            {!n.verified && (
              <Tooltip label={t.unverifiedHint} multiline w={240}>
                <Badge size="xs" variant="light" color="orange" leftSection={<IconAlertTriangle size={10} />}>
                  {t.unverified}
                </Badge>
              </Tooltip>
            )}
            {n.sourceUrl && (
              <Anchor href={n.sourceUrl} target="_blank" rel="noreferrer" size="xs">
                {t.source}
              </Anchor>
            )}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

function SportCard({ sport }: { sport: SportView }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={sport.label}>
      <Title order={3} fz="h4" mb="sm">
        {sport.label}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {sport.divisions.map((d) => (
          <DivisionPanel key={d.division} view={d} />
        ))}
      </SimpleGrid>
      {sport.notes.length > 0 && (
        <Alert variant="light" color="orange" radius="md" mt="md">
          <NoteList notes={sport.notes} />
        </Alert>
      )}
    </Card>
  );
}

function KeyDateRow({ keyDate, athleteId, canEdit }: { keyDate: KeyDate; athleteId: number; canEdit: boolean }) {
  const add = useAddKeyDateMutation(athleteId);
  return (
    <Stack gap={4} component="article" aria-label={`${keyDate.title} (${keyDate.sportLabel}, ${keyDate.division})`} py="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={600} size="sm">
            {keyDate.title}
          </Text>
          <Text size="xs" c="dimmed">
            {day(keyDate.date)}
            {keyDate.endDate !== keyDate.date && ` – ${day(keyDate.endDate)}`} · {keyDate.sportLabel} · {keyDate.rule}
          </Text>
        </div>
        {keyDate.past ? (
          <Badge variant="outline" color="gray">
            {t.past}
          </Badge>
        ) : keyDate.eventId !== null ? (
          <Badge variant="light" color="green" leftSection={<IconCheck size={10} />}>
            {t.onTimeline}
          </Badge>
        ) : (
          canEdit && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCalendarPlus size={14} />}
              loading={add.isPending}
              onClick={() => add.mutate(keyDate.key)}
            >
              {t.addToTimeline}
            </Button>
          )
        )}
      </Group>
      {keyDate.note && (
        <Text size="xs" c="dimmed">
          {keyDate.note}
        </Text>
      )}
      <SourceBadges sourceUrl={keyDate.sourceUrl} verified={keyDate.verified} division={keyDate.division} />
    </Stack>
  );
}

/** The NCAA Timeline tab: each sport's period today and next changes, then the athlete's key dates. */
export function NcaaTimeline({ calendar, athleteId, canEdit }: { calendar: RecruitingCalendar; athleteId: number; canEdit: boolean }) {
  const upcoming = calendar.keyDates.filter((k) => !k.past);
  const past = calendar.keyDates.filter((k) => k.past);
  return (
    <Stack gap="lg">
      <Alert variant="light" color="gray" icon={<IconInfoCircle />} radius="md">
        <Text size="sm">{calendar.disclaimer}</Text>
      </Alert>
      {calendar.sports.length === 0 ? (
        <Text c="dimmed">{t.noSports}</Text>
      ) : (
        calendar.sports.map((s) => <SportCard key={s.key + s.label} sport={s} />)
      )}
      {calendar.notes.length > 0 && (
        <Card withBorder radius="md" padding="lg" component="section" aria-label={t.divisionNotes}>
          <Title order={3} fz="h4">
            {t.divisionNotes}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t.divisionNotesHint}
          </Text>
          <NoteList notes={calendar.notes} />
        </Card>
      )}
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t.keyDates}>
        <Title order={3} fz="h4">
          {t.keyDates}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t.keyDatesFor(calendar.classOf)}
        </Text>
        <Stack gap={0}>
          {[...upcoming, ...past].map((k) => (
            <KeyDateRow key={k.key} keyDate={k} athleteId={athleteId} canEdit={canEdit} />
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
