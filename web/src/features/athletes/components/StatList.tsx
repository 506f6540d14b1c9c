import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Stat } from '../api';
import { firstStats } from '../selectors';
import { athleteCardText as t } from '../strings';

/** The first three stats as value-and-category tiles; used by the athlete card and the dashboard. */
export function StatList({ stats, loading = false }: { stats: Stat[]; loading?: boolean }) {
  if (loading) {
    return (
      <Stack gap="xs">
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  const shown = firstStats(stats);
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t.noStats}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {shown.map((stat) => (
        <Paper key={stat.id} withBorder radius="md" px="sm" py={6}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" c="dimmed" truncate>
              {stat.category}
            </Text>
            <Text fw={700} size="lg" c="navy" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {stat.value}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
