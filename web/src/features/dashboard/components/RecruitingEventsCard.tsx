import { useState } from 'react';
import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconExternalLink, IconSchool } from '@tabler/icons-react';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { dateLabel } from '../../../lib/format';
import { periodColors, recruitingText, useRecruitingEventsQuery, type RecruitingEvent } from '../../recruiting';
import { dashboardText as t } from '../strings';
import { EmptyNote } from '../../../components/EmptyNote';
import { PanelLink } from '../../../components/PanelLink';
import { SectionCard } from '../../../components/SectionCard';

/** The spec's compact recruiting timeline shows 3 events; Show more opens up to RECRUITING_EVENTS_MORE. */
export const RECRUITING_EVENTS_SHOWN = 3;
export const RECRUITING_EVENTS_MORE = 10;

function EventRow({ event }: { event: RecruitingEvent }) {
  return (
    <Stack gap={2} component="article" aria-label={`${event.title}, ${event.sportType} ${event.division}`}>
      <Group gap={6} wrap="wrap">
        <Badge size="xs" color={event.periodType ? periodColors[event.periodType] : 'teal'} variant="light">
          {event.title}
        </Badge>
        <Badge size="xs" variant="outline" color="navy">
          {event.division}
        </Badge>
        {!event.verified && (
          <Badge size="xs" variant="light" color="orange">
            {recruitingText.unverified}
          </Badge>
        )}
        {event.sourceUrl && (
          <Anchor href={event.sourceUrl} target="_blank" rel="noreferrer" size="xs" aria-label={`${recruitingText.source}: ${event.title}`}>
            <IconExternalLink size={12} aria-hidden />
          </Anchor>
        )}
      </Group>
      <Text size="sm">
        {event.sportType} · {dateLabel(event.date)}
        {event.endDate !== event.date && ` – ${dateLabel(event.endDate)}`}
      </Text>
    </Stack>
  );
}

/** NCAA periods and signing dates for the athlete's sports, Division I first, in date order. */
export function RecruitingEventsCard() {
  const athlete = useCurrentAthlete().athlete;
  const events = useRecruitingEventsQuery(athlete?.sports.trim() || undefined);
  const [more, setMore] = useState(false);
  const list = (events.data ?? []).filter((e) => e.division === 'D1');
  const shown = list.slice(0, more ? RECRUITING_EVENTS_MORE : RECRUITING_EVENTS_SHOWN);
  return (
    <SectionCard title={t.recruitingEventsTitle} icon={<IconSchool size={20} />}>
      {events.isLoading ? (
        <Skeleton h={80} radius="md" />
      ) : shown.length === 0 ? (
        <EmptyNote
          icon={<IconCalendarEvent size={22} />}
          title={t.noRecruitingEvents}
          description={t.recruitingEventsHint}
          action={<PanelLink to="/recruiting">{t.openRecruiting}</PanelLink>}
        />
      ) : (
        <Stack gap="sm">
          {shown.map((e) => (
            <EventRow key={e.uid} event={e} />
          ))}
          {list.length > RECRUITING_EVENTS_SHOWN && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={500}
              onClick={() => setMore((m) => !m)}
              ta="left"
              // On a dark card the anchor's own blue is too faint (4.5:1 is the bar): a lighter shade there.
              style={{ color: 'light-dark(var(--mantine-color-navy-7), var(--mantine-color-navy-2))' }}
            >
              {more ? recruitingText.showLess : recruitingText.showMore}
            </Anchor>
          )}
          <Text size="xs" c="dimmed">
            {recruitingText.shortDisclaimer}
          </Text>
          <PanelLink to="/recruiting">{t.openRecruiting}</PanelLink>
        </Stack>
      )}
    </SectionCard>
  );
}
