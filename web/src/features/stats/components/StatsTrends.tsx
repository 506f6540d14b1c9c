import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { GameStat } from '../api';
import { trendPoints, type TrendPoint } from '../statsMath';
import { statsPageText as t } from '../strings';

function TrendCard({ title, data, series, decimals }: { title: string; data: TrendPoint[]; series: { name: keyof TrendPoint; label: string; color: string }[]; decimals: number }) {
  return (
    <Card withBorder radius="md" padding="md" aria-label={title}>
      <Stack gap="xs">
        <Title order={3} fz="sm">
          {title}
        </Title>
        <LineChart
          h={220}
          data={data as unknown as Record<string, unknown>[]}
          dataKey="label"
          series={series.map((s) => ({ name: s.name, label: s.label, color: s.color }))}
          curveType="linear"
          connectNulls
          withLegend={series.length > 1}
          valueFormatter={(v) => v.toFixed(decimals)}
          xAxisProps={{ interval: 'preserveStartEnd', tickFormatter: (v: string) => v.slice(0, 5) }}
          yAxisProps={{ allowDecimals: decimals > 0 }}
          gridAxis="y"
        />
      </Stack>
    </Card>
  );
}

/** Trends over the games: rolling AVG, OBP and SLG, strikeouts, and for a pitcher innings and ERA. */
export function StatsTrends({ games }: { games: GameStat[] }) {
  const points = trendPoints(games);
  if (points.length < 2) return <Text c="dimmed">{t.trendsEmpty}</Text>;
  const has = (key: keyof TrendPoint) => points.some((p) => p[key] !== undefined);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {has('avg') && <TrendCard title={t.trendAvg} data={points} series={[{ name: 'avg', label: 'AVG', color: 'blue.6' }]} decimals={3} />}
      {(has('obp') || has('slg')) && (
        <TrendCard title={t.trendObpSlg} data={points} series={[{ name: 'obp', label: 'OBP', color: 'teal.6' }, { name: 'slg', label: 'SLG', color: 'orange.6' }]} decimals={3} />
      )}
      {has('strikeouts') && <TrendCard title={t.trendStrikeouts} data={points} series={[{ name: 'strikeouts', label: 'K', color: 'red.6' }]} decimals={0} />}
      {has('era') && (
        <TrendCard title={t.trendPitching} data={points} series={[{ name: 'innings', label: 'IP', color: 'grape.6' }, { name: 'era', label: 'ERA', color: 'yellow.7' }]} decimals={2} />
      )}
    </SimpleGrid>
  );
}
