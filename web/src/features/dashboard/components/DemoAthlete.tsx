import { Badge, Button, Grid, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconNotebook, IconPhoto, IconTimeline, IconTrophy, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/SectionCard';
import { LoadError } from '../../../components/LoadError';
import { AthleteCardSkeleton, AthleteProfileCard } from '../../athletes';
import { JournalEntryCompact } from '../../journal';
import { MilestoneTimeline } from '../../milestones';
import type { Demo } from '../api';
import { useDemoQuery } from '../queries';
import { demoText } from '../strings';
import { DemoBanner } from './DemoBanner';

/**
 * /demo: the dashboard a family would see, for a sample athlete, to visitors who are not signed in:
 * the athlete card with stats and events, and what the family wrote. Read-only: nothing links into
 * the signed-in app; the one way on is to create your own.
 */
export function DemoAthlete() {
  const demo = useDemoQuery();
  return (
    <Stack gap="lg">
      <DemoBanner />
      {demo.isLoading ? (
        <AthleteCardSkeleton />
      ) : demo.isError || !demo.data ? (
        <LoadError title={demoText.loadFailedTitle} message={demoText.loadFailed} onRetry={() => void demo.refetch()} />
      ) : (
        <DemoDashboard demo={demo.data} />
      )}
    </Stack>
  );
}

function DemoDashboard({ demo }: { demo: Demo }) {
  return (
    <Stack gap="lg">
      <AthleteProfileCard
        athlete={demo.athlete}
        stats={demo.stats}
        events={demo.events}
        withLinks={false}
        colleges={demo.collegeInterests}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
          <SectionCard title={demoText.journalTitle} subtitle={demoText.journalSubtitle} icon={<IconNotebook size={20} />}>
            <Stack gap="md">
              {demo.journal.map((entry) => (
                <JournalEntryCompact key={entry.id} entry={entry} />
              ))}
            </Stack>
          </SectionCard>
          {demo.media && demo.media.length > 0 && (
            <SectionCard title={demoText.mediaTitle} icon={<IconPhoto size={20} />}>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                {demo.media.slice(0, 4).map((m) => (
                  <Stack key={m.id} gap={4}>
                    <Image src={m.thumbnailUrl ?? m.mediaUrl} alt={m.title} radius="sm" />
                    <Text size="xs" fw={600} lineClamp={1}>
                      {m.title}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            </SectionCard>
          )}
          {demo.milestones.length > 0 && (
            <SectionCard title={demoText.timelineTitle} icon={<IconTimeline size={20} />}>
              <MilestoneTimeline milestones={demo.milestones} compact withResponses={false} />
            </SectionCard>
          )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm" align="flex-start">
              <Title order={2} fz="h3">
                {demoText.ownTitle}
              </Title>
              <Text size="sm" c="dimmed">
                {demoText.ownText}
              </Text>
              <Button component={Link} to="/early-access" color="navy">
                {demoText.createOwn}
              </Button>
            </Stack>
          </Paper>
          {demo.family && demo.family.length > 0 && (
            <SectionCard title={demoText.familyTitle} subtitle={demoText.familySubtitle} icon={<IconUsersGroup size={20} />}>
              <Stack gap="xs">
                {demo.family.map((m) => (
                  <Group key={m.id} justify="space-between" wrap="nowrap">
                    <div>
                      <Text size="sm" fw={600}>
                        {m.name}
                      </Text>
                      <Text size="xs" c="dimmed" tt="capitalize">
                        {m.relationship}
                      </Text>
                    </div>
                    <Badge variant="light" size="sm">
                      {demoText.accessLevels[m.accessLevel] ?? m.accessLevel}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            </SectionCard>
          )}
          {demo.achievements && demo.achievements.length > 0 && (
            <SectionCard title={demoText.achievementsTitle} subtitle={demoText.achievementsSubtitle} icon={<IconTrophy size={20} />}>
              <SimpleGrid cols={2} spacing="xs">
                {demo.achievements.map((a) =>
                  a.cardUrl ? <Image key={a.id} src={a.cardUrl} alt={`${a.title} card`} radius="sm" /> : null,
                )}
              </SimpleGrid>
            </SectionCard>
          )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
