import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import type { GameStat, SportCatalogue } from '../api';
import { isDiamond, leadOf, statDef, statNumber } from '../catalogue';
import { trendPoints, type TrendPoint } from '../statsMath';
import { statsPageText as t } from '../strings';

interface Series {
  name: string;
  label: string;
  color: string;
}

function TrendCard({ title, data, series, decimals, format }: { title: string; data: object[]; series: Series[]; decimals: number; format?: (v: number) => string }) {
  return (
    <Card withBorder radius="md" padding="md" aria-label={title}>
      <Stack gap="xs">
        <Title order={3} fz="sm">
          {title}
        </Title>
        <LineChart
          h={220}
          data={data as Record<string, unknown>[]}
          dataKey="label"
          series={series}
          curveType="linear"
          connectNulls
          withLegend={series.length > 1}
          valueFormatter={format ?? ((v) => v.toFixed(decimals))}
          xAxisProps={{ interval: 'preserveStartEnd', tickFormatter: (v: string) => v.slice(0, 5) }}
          yAxisProps={{ allowDecimals: decimals > 0 }}
          gridAxis="y"
        />
      </Stack>
    </Card>
  );
}

/** Baseball's and softball's trends: rolling AVG, OBP and SLG, strikeouts, and for a pitcher innings and ERA. */
function DiamondTrends({ games }: { games: GameStat[] }) {
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

/** How many stats a sport's trends chart when its lead stats are not in the games. */
const LEAD_FALLBACK = 3;
const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6'];

/** Seconds as a race result prints them: 118.32 → "1:58.32". */
export function clockTime(seconds: number): string {
  if (seconds < 60) return seconds.toFixed(2);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(2).padStart(5, '0')}`;
}

/** How many decimals the server printed a stat's values with ("48.0%" 1, ".365" 3), at most 3. */
function decimalsOf(values: (string | number)[]): number {
  return Math.min(3, Math.max(0, ...values.map((v) => (typeof v === 'string' && v.includes('.') ? v.length - v.lastIndexOf('.') - 1 : 0))));
}

/** One chart of a stat, game by game, oldest first; nothing when fewer than two games carry it. */
function LeadTrend({ games, statKey, catalogue, color }: { games: GameStat[]; statKey: string; catalogue?: SportCatalogue; color: string }) {
  const def = statDef(catalogue, statKey);
  const carried = games.filter((g) => statNumber(g.stats[statKey], def?.kind, def?.unit) !== undefined);
  if (carried.length < 2) return null;
  const data = carried.map((g) => ({
    label: g.opponent ? `${g.gameDate.slice(5)} ${g.opponent}` : g.gameDate.slice(5),
    [statKey]: statNumber(g.stats[statKey], def?.kind, def?.unit),
  }));
  const title = t.trendByGame(def?.label ?? statKey);
  const time = def?.kind === 'time';
  return (
    <TrendCard
      title={def?.lowerIsBetter || time ? t.lowerIsBetter(title) : title}
      data={data}
      series={[{ name: statKey, label: def?.abbr ?? statKey, color }]}
      decimals={decimalsOf(carried.map((g) => g.stats[statKey]!))}
      format={time ? clockTime : undefined}
    />
  );
}

interface TrendsProps {
  sport: string;
  catalogue?: SportCatalogue;
  position?: string;
  /** The server's lead for the sport (the family's choice, else the position's). */
  lead?: string[];
  /** Every game of the athlete: the sport's are charted. */
  games: GameStat[];
}

/** Trends over a sport's games: baseball's and softball's box-score charts, another sport's lead stats (the position's, else the sport's). */
export function StatsTrends({ sport, catalogue, position, lead: given, games: allGames }: TrendsProps) {
  const games = allGames.filter((g) => g.sport === sport).sort((a, b) => a.gameDate.localeCompare(b.gameDate) || a.id - b.id);
  if (isDiamond(sport)) return <DiamondTrends games={games} />;
  const charted = (k: string) => games.filter((g) => g.stats[k] !== undefined).length >= 2;
  // Lead stats the games do not carry (a sprinter's 100 m, for an athlete who ran the 400): the
  // first stats they do carry, in the catalogue's order.
  let lead = leadOf(catalogue, position, given).filter(charted);
  if (lead.length === 0) lead = (catalogue?.stats ?? []).map((s) => s.key).filter(charted).slice(0, LEAD_FALLBACK);
  if (games.length < 2 || lead.length === 0) return <Text c="dimmed">{t.trendsEmpty}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {lead.map((key, i) => (
        <LeadTrend key={key} games={games} statKey={key} catalogue={catalogue} color={COLORS[i % COLORS.length]!} />
      ))}
    </SimpleGrid>
  );
}
