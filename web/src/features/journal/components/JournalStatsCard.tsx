import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { SectionCard } from '../../../components/SectionCard';
import type { JournalStats } from '../api';
import { journalText as t } from '../strings';

interface JournalStatsCardProps {
  stats: JournalStats | undefined;
  loading: boolean;
  /** Whether an AI service is configured: without one the spec's AI Enhanced count is the offline cleanup's, named so. */
  aiService: boolean;
}

/** The server's counts (spec: Total Entries, AI Enhanced, This Month, Categories). */
export function JournalStatsCard({ stats, loading, aiService }: JournalStatsCardProps) {
  const items = [
    { label: t.statTotal, value: stats?.totalEntries },
    aiService ? { label: t.statAi, value: stats?.aiEnhanced } : { label: t.statCleanedOffline, value: stats?.cleanedOffline },
    { label: t.statMonth, value: stats?.thisMonth },
    { label: t.statCategories, value: stats?.categories.length },
  ];
  return (
    <SectionCard title={t.statsTitle} icon={<IconChartBar size={20} />}>
      <SimpleGrid cols={2} spacing="sm">
        {items.map(({ label, value }) => (
          <Paper key={label} withBorder radius="md" p="sm">
            {loading ? (
              <Skeleton height={28} width={40} mb={4} />
            ) : (
              <Text fz={26} fw={700} lh={1.1}>
                {value ?? 0}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {label}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
