import { Anchor, Badge, Card, Container, Group, Image, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ApiError } from '../lib/api';
import { categoryLabels, publicText as t } from '../features/showcase/strings';
import { usePublicAchievement, usePublicAthlete } from '../features/showcase/queries';
import { NotFoundPage } from './NotFoundPage';

/** /a/{slug}: the athlete's public page, as the family published it. No sign-in. */
export function PublicShowcasePage() {
  const { slug = '' } = useParams();
  const page = usePublicAthlete(slug);
  if (page.error instanceof ApiError && page.error.status === 404) return <NotFoundPage />;
  const a = page.data;
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
      {!a ? (
        <Skeleton height={320} />
      ) : (
        <Stack gap="xl">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 30, sm: 40 }}>
              {a.name}
            </Title>
            <Text c="dimmed" fz="lg">
              {[a.sports, a.position, a.graduationYear ? t.classOf(a.graduationYear) : '', a.school].filter(Boolean).join(' · ')}
            </Text>
            {a.gpa !== null && <Badge variant="light" w="fit-content">{t.gpa(a.gpa)}</Badge>}
            {a.bio && <Text mt="sm">{a.bio}</Text>}
            {a.contact && (
              <Text mt="xs" fw={600}>
                {a.contact}
              </Text>
            )}
          </Stack>
          {a.achievements.length > 0 && (
            <Stack gap="sm">
              <Title order={2} fz="xl">
                {t.achievements}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
                {a.achievements.map((ach) => (
                  <Card key={ach.id} withBorder radius="md" padding="sm" component="a" href={`/a/${slug}/achievements/${ach.id}`} aria-label={ach.title}>
                    {ach.cardUrl && <Image src={ach.cardUrl} alt={`${ach.title} card`} radius="sm" />}
                    <Text fw={600} mt="xs">
                      {ach.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {ach.date} · {categoryLabels[ach.category]}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            </Stack>
          )}
          {a.media.length > 0 && (
            <Stack gap="sm">
              <Title order={2} fz="xl">
                {t.media}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
                {a.media.map((m) => (
                  <Card key={m.id} withBorder radius="md" padding="sm">
                    {m.mediaType === 'video' ? (
                      <video src={m.mediaUrl} poster={m.thumbnailUrl ?? undefined} controls preload="none" style={{ width: '100%', borderRadius: 6 }} />
                    ) : m.thumbnailUrl ? (
                      <Anchor href={m.mediaUrl} target="_blank" rel="noopener">
                        <Image src={m.thumbnailUrl} alt={m.title} radius="sm" />
                      </Anchor>
                    ) : (
                      <Anchor href={m.mediaUrl}>{m.title}</Anchor>
                    )}
                    <Text fw={600} mt="xs">
                      {m.title}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            </Stack>
          )}
          {a.seasons.length > 0 && (
            <Stack gap="sm">
              <Title order={2} fz="xl">
                {t.seasons}
              </Title>
              <Table.ScrollContainer minWidth={480}>
                <Table striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Season</Table.Th>
                      {['AVG', 'OBP', 'H', 'HR', 'RBI', 'IP', 'ERA'].map((h) => (
                        <Table.Th key={h}>{h}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {a.seasons.map((s) => (
                      <Table.Tr key={s.id}>
                        <Table.Td>{[s.season, s.teamName].filter(Boolean).join(' · ')}</Table.Td>
                        {['battingAvg', 'onBasePct', 'hits', 'homeRuns', 'rbi', 'inningsPitched', 'era'].map((k) => (
                          <Table.Td key={k}>{s.stats[k] ?? '–'}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          )}
          <Group justify="center">
            <Text size="xs" c="dimmed">
              {t.poweredBy}
            </Text>
          </Group>
        </Stack>
      )}
    </Container>
  );
}

/** /a/{slug}/achievements/{id}: one achievement's card, big, as a shared link opens it. */
export function PublicAchievementPage() {
  const { slug = '', achievementId = '' } = useParams();
  const page = usePublicAchievement(slug, achievementId);
  if (page.error instanceof ApiError && page.error.status === 404) return <NotFoundPage />;
  const data = page.data;
  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      {!data ? (
        <Skeleton height={480} />
      ) : (
        <Stack gap="md" align="center">
          {data.achievement.cardUrl && <Image src={data.achievement.cardUrl} alt={`${data.achievement.title} card`} radius="md" maw={540} />}
          <Title order={1} fz="xl" ta="center">
            {data.achievement.title}
          </Title>
          {data.achievement.description && <Text ta="center">{data.achievement.description}</Text>}
          <Anchor href={`/a/${slug}`}>{data.athleteName}</Anchor>
        </Stack>
      )}
    </Container>
  );
}
