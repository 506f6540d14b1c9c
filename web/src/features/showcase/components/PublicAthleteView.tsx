import { Anchor, Avatar, Badge, Card, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { fullDateLabel, initials } from '../../../lib/format';
import type { PublicAchievementPage, PublicAthlete, PublicSeason } from '../api';
import { categoryLabels, publicText as t } from '../strings';

/** /a/{slug}: the athlete's public page, as the family published it. No sign-in. */
export function PublicAthleteView({ slug, athlete }: { slug: string; athlete: PublicAthlete }) {
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Group gap="md" wrap="nowrap">
          <Avatar src={athlete.photoUrl ?? null} alt={athlete.name} size={96} radius="50%" color="gold" variant="filled" autoContrast>
            {initials(athlete.name)}
          </Avatar>
          <Title order={1} fz={{ base: 30, sm: 40 }}>
            {athlete.name}
          </Title>
        </Group>
        <Text c="dimmed" fz="lg">
          {[athlete.sports, athlete.position, athlete.graduationYear ? t.classOf(athlete.graduationYear) : '', athlete.school].filter(Boolean).join(' · ')}
        </Text>
        {athlete.gpa !== null && <Badge variant="light" w="fit-content">{t.gpa(athlete.gpa)}</Badge>}
        {athlete.bio && <Text mt="sm">{athlete.bio}</Text>}
        {athlete.contact && (
          <Text mt="xs" fw={600}>
            {athlete.contact}
          </Text>
        )}
      </Stack>
      {athlete.achievements.length > 0 && (
        <Stack gap="sm">
          <Title order={2} fz="xl">
            {t.achievements}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {athlete.achievements.map((ach) => (
              <Card key={ach.id} withBorder radius="md" padding="sm" component="a" href={`/a/${slug}/achievements/${ach.id}`} aria-label={ach.title}>
                {ach.cardUrl && <Image src={ach.cardUrl} alt={`${ach.title} card`} radius="sm" />}
                <Text fw={600} mt="xs">
                  {ach.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {fullDateLabel(ach.date)} · {categoryLabels[ach.category]}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {athlete.media.length > 0 && (
        <Stack gap="sm">
          <Title order={2} fz="xl">
            {t.media}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {athlete.media.map((m) => (
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
      {athlete.seasons.length > 0 && (
        <Stack gap="sm">
          <Title order={2} fz="xl">
            {t.seasons}
          </Title>
          {seasonsBySport(athlete.seasons).map((group, _, all) => (
            <SeasonTable key={group[0]!.sport} seasons={group} withSport={all.length > 1} />
          ))}
        </Stack>
      )}
      <Group justify="center">
        <Text size="xs" c="dimmed">
          {t.poweredBy}
        </Text>
      </Group>
    </Stack>
  );
}

/** The seasons of each sport together, in the order their sports first come. */
function seasonsBySport(seasons: PublicSeason[]): PublicSeason[][] {
  const groups = new Map<string, PublicSeason[]>();
  for (const s of seasons) groups.set(s.sport, [...(groups.get(s.sport) ?? []), s]);
  return [...groups.values()];
}

/** One sport's seasons, headed by the stats its catalogue's columns name. */
function SeasonTable({ seasons, withSport }: { seasons: PublicSeason[]; withSport: boolean }) {
  const columns = seasons[0]!.columns;
  return (
    <Stack gap="xs">
      {withSport && (
        <Title order={3} fz="lg">
          {seasons[0]!.sportName}
        </Title>
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Season</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.key} title={c.label}>
                  {c.abbr}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {seasons.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{[s.season, s.teamName].filter(Boolean).join(' · ')}</Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.key}>{s.stats[c.key] ?? '–'}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** /a/{slug}/achievements/{id}: one achievement's card, big, as a shared link opens it. */
export function PublicAchievementView({ slug, data }: { slug: string; data: PublicAchievementPage }) {
  return (
    <Stack gap="md" align="center">
      {data.achievement.cardUrl && <Image src={data.achievement.cardUrl} alt={`${data.achievement.title} card`} radius="md" maw={540} />}
      <Title order={1} fz="xl" ta="center">
        {data.achievement.title}
      </Title>
      {data.achievement.description && <Text ta="center">{data.achievement.description}</Text>}
      <Anchor href={`/a/${slug}`}>{data.athleteName}</Anchor>
    </Stack>
  );
}
