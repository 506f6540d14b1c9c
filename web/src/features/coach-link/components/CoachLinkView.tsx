import { useEffect } from 'react';
import { Avatar, Card, Group, Image, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { ApiError } from '../../../lib/api';
import { fetchCoachPage, sendReceipt, type CoachPage, type CoachSeason } from '../api';
import { coachPageText as t } from '../strings';
import { ClipPlayer } from './ClipPlayer';
import { Academics, hasAcademics, hasMeasurables, Measurables } from './CoachFacts';

/** The codes whose open this page load has reported: one open per page load. */
const opened = new Set<string>();

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Seasons({ seasons }: { seasons: CoachSeason[] }) {
  return (
    <Stack gap="md">
      {seasons.map((s) => (
        <div key={s.id}>
          <Text size="sm" fw={600}>
            {[s.sportName, s.season, s.teamName].filter(Boolean).join(' · ')}
          </Text>
          <Table.ScrollContainer minWidth={280}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  {s.columns.map((c) => (
                    <Table.Th key={c.key} title={c.label}>
                      {c.abbr}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  {s.columns.map((c) => (
                    <Table.Td key={c.key}>{s.stats?.[c.key] ?? '–'}</Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
      ))}
    </Stack>
  );
}

function Page({ code, page }: { code: string; page: CoachPage }) {
  const a = page.athlete;
  const facts = [a.sports, a.position, a.classOf ? t.classOf(a.classOf) : '', a.school].filter(Boolean).join(' · ');
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="header">
        <Group wrap="nowrap" align="center">
          <Avatar src={a.photoUrl} alt={a.name} size={88} radius="xl" color="navy">
            {a.name.slice(0, 1)}
          </Avatar>
          <Stack gap={2} miw={0}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {a.name}
            </Title>
            <Text>{facts}</Text>
            <Text size="sm" c="dimmed">
              {t.preparedFor(page.coachName, page.college)}
            </Text>
          </Stack>
        </Group>
      </Card>
      {page.clips.length > 0 && (
        <Section title={t.clips}>
          <Stack gap="md">
            {page.clips.map((clip) => (
              <Stack key={clip.id} gap={4}>
                {clip.mediaType === 'video' ? (
                  <ClipPlayer code={code} id={clip.id} src={clip.mediaUrl} poster={clip.posterUrl} title={clip.title} />
                ) : (
                  <Image src={clip.mediaUrl} alt={clip.title} radius="md" />
                )}
                <Text fw={600}>{clip.title}</Text>
                {clip.description && (
                  <Text size="sm" c="dimmed">
                    {clip.description}
                  </Text>
                )}
              </Stack>
            ))}
          </Stack>
        </Section>
      )}
      {hasMeasurables(page.measurables) && (
        <Section title={t.measurables}>
          <Measurables m={page.measurables} />
        </Section>
      )}
      {hasAcademics(page.academics) && (
        <Section title={t.academics}>
          <Academics a={page.academics} />
        </Section>
      )}
      {page.seasons.length > 0 && (
        <Section title={t.stats}>
          <Seasons seasons={page.seasons} />
        </Section>
      )}
      {page.events.length > 0 && (
        <Section title={t.events}>
          <Stack gap="xs">
            {page.events.map((e) => (
              <div key={e.id}>
                <Text fw={600} size="sm">
                  {e.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {dayjs(e.nextStartDate ?? e.startDate).format(e.allDay ? 'ddd, MMM D, YYYY' : 'ddd, MMM D, YYYY h:mm A')}
                  {e.location ? ` · ${e.location}` : ''}
                </Text>
              </div>
            ))}
          </Stack>
        </Section>
      )}
      <Section title={t.contact}>
        <Text style={{ overflowWrap: 'anywhere' }}>{page.contact}</Text>
      </Section>
      <Text size="xs" c="dimmed" ta="center">
        {t.expires(dayjs(page.expiresAt).format('MMM D, YYYY'))}
      </Text>
    </Stack>
  );
}

/** The coach's page: the athlete as the family chose to show them to this coach. */
export function CoachLinkView({ code }: { code: string }) {
  const page = useQuery({ queryKey: ['/api/r', code], queryFn: () => fetchCoachPage(code) });
  const ready = page.isSuccess;
  useEffect(() => {
    if (ready && !opened.has(code)) {
      opened.add(code);
      sendReceipt(code, { seconds: 0 });
    }
  }, [ready, code]);
  if (page.isPending) return <Skeleton height={240} radius="md" aria-label={t.loading} />;
  if (page.isError) {
    const status = page.error instanceof ApiError ? page.error.status : 0;
    const [title, text] = status === 410 ? [t.goneTitle, t.gone] : status === 404 ? [t.notFoundTitle, t.notFound] : [t.failed, ''];
    return (
      <Stack align="center" ta="center" py="xl" gap="xs">
        <Title order={1} fz={26}>
          {title}
        </Title>
        {text && <Text c="dimmed">{text}</Text>}
      </Stack>
    );
  }
  return <Page code={code} page={page.data} />;
}
