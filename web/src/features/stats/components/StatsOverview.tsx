import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { EmptyNote } from '../../../components/EmptyNote';
import type { GameStat, SeasonStat, StatsMap } from '../api';
import { bestGames, careerLine, firstStats, statLabel } from '../statsMath';
import { panelText, statsPageText as t } from '../strings';
import { GameCard } from './StatCards';

/** The Overview's own labels, as a box score prints them; other keys are split into words. */
const OVERVIEW_LABELS: Record<string, string> = {
  battingAvg: 'AVG', onBasePct: 'OBP', sluggingPct: 'SLG', ops: 'OPS', rbi: 'RBI', era: 'ERA', whip: 'WHIP',
  inningsPitched: 'Innings', pitcherStrikeouts: 'Strikeouts (P)', homeRuns: 'Home Runs', atBats: 'At Bats',
};
const overviewLabel = (key: string) => OVERVIEW_LABELS[key] ?? statLabel(key);

/** The numbers a line shows on the Overview: the headline ones first. */
const LINE_KEYS = ['battingAvg', 'onBasePct', 'sluggingPct', 'hits', 'atBats', 'runs', 'rbi', 'homeRuns', 'walks', 'strikeouts', 'stolenBases', 'inningsPitched', 'era', 'whip', 'pitcherStrikeouts'];

function StatLine({ title, subtitle, stats }: { title: string; subtitle?: string; stats: StatsMap }) {
  const shown = LINE_KEYS.filter((k) => stats[k] !== undefined).map((k) => [k, stats[k]] as const);
  const entries = shown.length > 0 ? shown : firstStats(stats, 10);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <div>
          <Title order={3} fz="md">
            {title}
          </Title>
          {subtitle && (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
        </div>
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="sm" verticalSpacing="xs">
          {entries.map(([key, value]) => (
            <div key={key}>
              <Text fw={700} fz="lg">
                {String(value)}
              </Text>
              <Text size="xs" c="dimmed">
                {overviewLabel(key)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** Overview: the current season's line, career totals and the best games. */
export function StatsOverview({ seasons, games, readOnly }: { seasons: SeasonStat[]; games: GameStat[]; readOnly: boolean }) {
  if (seasons.length === 0 && games.length === 0) {
    return readOnly ? (
      <EmptyNote icon={<IconChartLine />} title={t.noStatsShared} description={t.noStatsSharedHint} />
    ) : (
      <EmptyNote icon={<IconChartLine />} title={t.noStatsYet} description={t.noStatsHint} />
    );
  }
  const current = seasons[0];
  const best = bestGames(games);
  return (
    <Stack gap="md">
      {current && (
        <StatLine title={`${t.currentSeason}: ${current.season}`} subtitle={[current.teamName || panelText.defaultTeam, current.sportType].filter(Boolean).join(' · ')} stats={current.stats} />
      )}
      <StatLine title={t.careerTotals} subtitle={seasons.length > 0 ? `${seasons.length} ${seasons.length === 1 ? 'season' : 'seasons'}` : `${games.length} ${games.length === 1 ? 'game' : 'games'}`} stats={careerLine(seasons, games)} />
      {seasons.length > 1 && (
        <Card withBorder radius="md" padding="md">
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Season</Table.Th>
                  {['AB', 'H', 'AVG', 'OBP', 'HR', 'RBI', 'IP', 'ERA'].map((h) => (
                    <Table.Th key={h}>{h}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {seasons.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.season}</Table.Td>
                    {['atBats', 'hits', 'battingAvg', 'onBasePct', 'homeRuns', 'rbi', 'inningsPitched', 'era'].map((k) => (
                      <Table.Td key={k}>{s.stats[k] ?? '–'}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {best.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t.bestGames}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
            {best.map((g) => (
              <GameCard key={g.id} game={g} narrow />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
