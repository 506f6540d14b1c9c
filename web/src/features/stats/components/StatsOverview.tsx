import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { EmptyNote } from '../../../components/EmptyNote';
import type { GameStat, SeasonStat, SportCatalogue, StatsMap, StatsRollup, StatValue } from '../api';
import { abbrOf, isDiamond, labelOf, leadFirst, leadOf, levelAt, regulationAt, statDef, statNumber } from '../catalogue';
import { bestGames, careerLine, DEFAULT_REGULATION, statLabel } from '../statsMath';
import { panelText, statsPageText as t } from '../strings';
import { GameCard } from './StatCards';

/** Baseball's and softball's Overview labels, as a box score prints them; other keys are split into words. */
const OVERVIEW_LABELS: Record<string, string> = {
  battingAvg: 'AVG', onBasePct: 'OBP', sluggingPct: 'SLG', ops: 'OPS', rbi: 'RBI', era: 'ERA', whip: 'WHIP',
  inningsPitched: 'Innings', pitcherStrikeouts: 'Strikeouts (P)', homeRuns: 'Home Runs', atBats: 'At Bats',
};

/** The numbers a baseball or softball line shows on the Overview: the headline ones first. */
const LINE_KEYS = ['battingAvg', 'onBasePct', 'sluggingPct', 'hits', 'atBats', 'runs', 'rbi', 'homeRuns', 'walks', 'strikeouts', 'stolenBases', 'inningsPitched', 'era', 'whip', 'pitcherStrikeouts'];
const DIAMOND_TABLE: [string, string][] = [['AB', 'atBats'], ['H', 'hits'], ['AVG', 'battingAvg'], ['OBP', 'onBasePct'], ['HR', 'homeRuns'], ['RBI', 'rbi'], ['IP', 'inningsPitched'], ['ERA', 'era']];
/** How many numbers a line shows for another sport, and how many columns its seasons table has. */
const LINE_SIZE = 10;
const TABLE_COLUMNS = 8;

/** How one sport's numbers are named and which lead: its catalogue and the athlete's position. */
interface SportView {
  sport: string;
  catalogue?: SportCatalogue;
  position?: string;
  /** The server's lead for the sport: the family's choice, else the position's. */
  lead?: string[];
}

function lineEntries(stats: StatsMap, view: SportView): [string, StatValue][] {
  const lead = leadOf(view.catalogue, view.position, view.lead);
  if (isDiamond(view.sport)) {
    // The box score's numbers, led by the family's choice (else the position's): a pitcher's line opens with ERA.
    const keys = [...lead, ...LINE_KEYS.filter((k) => !lead.includes(k))];
    const shown = keys.filter((k) => stats[k] !== undefined).map((k) => [k, stats[k]!] as [string, StatValue]);
    if (shown.length > 0) return shown;
  }
  return leadFirst(stats, lead).slice(0, LINE_SIZE);
}

function lineLabel(key: string, view: SportView): string {
  if (isDiamond(view.sport)) return OVERVIEW_LABELS[key] ?? view.catalogue?.stats.find((s) => s.key === key)?.label ?? statLabel(key);
  return labelOf(view.catalogue, key);
}

function StatLine({ title, subtitle, stats, view }: { title: string; subtitle?: string; stats: StatsMap; view: SportView }) {
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
          {lineEntries(stats, view).map(([key, value]) => (
            <div key={key}>
              <Text fw={700} fz="lg">
                {String(value)}
              </Text>
              <Text size="xs" c="dimmed">
                {lineLabel(key, view)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The seasons table's columns: baseball's box score, or the lead stats and then the newest season's own. */
function tableColumns(seasons: SeasonStat[], view: SportView): [string, string][] {
  const lead = leadOf(view.catalogue, view.position, view.lead);
  if (isDiamond(view.sport)) {
    const chosen = lead.map((k): [string, string] => [DIAMOND_TABLE.find(([, key]) => key === k)?.[0] ?? abbrOf(view.catalogue, k), k]);
    return [...chosen, ...DIAMOND_TABLE.filter(([, k]) => !lead.includes(k))].slice(0, Math.max(TABLE_COLUMNS, chosen.length));
  }
  const keys = leadFirst(seasons[0]?.stats ?? {}, lead).map(([k]) => k);
  return keys.slice(0, TABLE_COLUMNS).map((k) => [abbrOf(view.catalogue, k), k]);
}

function SeasonsTable({ seasons, view }: { seasons: SeasonStat[]; view: SportView }) {
  const columns = tableColumns(seasons, view);
  return (
    <Card withBorder radius="md" padding="md">
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.seasonColumn}</Table.Th>
              {columns.map(([h, k]) => (
                <Table.Th key={k}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {seasons.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.name}</Table.Td>
                {columns.map(([, k]) => (
                  <Table.Td key={k}>{s.stats[k] ?? '–'}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** A sport's best games: baseball's by hits then RBI; another sport's by its first lead stat (lowest first for a time). */
function bestOf(games: GameStat[], view: SportView, n = 3): GameStat[] {
  if (isDiamond(view.sport)) return bestGames(games, n);
  const key = leadOf(view.catalogue, view.position, view.lead).find((k) => games.some((g) => g.stats[k] !== undefined));
  if (!key) return [];
  const def = statDef(view.catalogue, key);
  const value = (g: GameStat) => statNumber(g.stats[key], def?.kind, def?.unit);
  const sign = def?.lowerIsBetter || def?.kind === 'time' ? 1 : -1;
  return games
    .filter((g) => value(g) !== undefined)
    .sort((a, b) => sign * (value(a)! - value(b)!) || b.gameDate.localeCompare(a.gameDate))
    .slice(0, n);
}

interface OverviewProps {
  /** The sport shown, and its catalogue. */
  sport: string;
  catalogue?: SportCatalogue;
  position?: string;
  /** The server's lead for the sport (the family's choice, else the position's). */
  lead?: string[];
  /** The athlete's graduating class: the level of play, and so the innings ERA is over. */
  classYear?: number;
  seasons: SeasonStat[];
  games: GameStat[];
  rollup: StatsRollup;
  readOnly: boolean;
}

/**
 * Overview of one sport: its current season (the newest imported season, else the newest season
 * added up from its games), its career (imported seasons added up for baseball and softball, else
 * the server's roll-up of the games, whose rates follow the level of play) and its best games.
 */
export function StatsOverview({ sport, catalogue, position, lead, classYear = 0, seasons: allSeasons, games: allGames, rollup, readOnly }: OverviewProps) {
  if (allSeasons.length === 0 && allGames.length === 0) {
    return readOnly ? (
      <EmptyNote icon={<IconChartLine />} title={t.noStatsShared} description={t.noStatsSharedHint} />
    ) : (
      <EmptyNote icon={<IconChartLine />} title={t.noStatsYet} description={t.noStatsHint} />
    );
  }
  const view: SportView = { sport, catalogue, position, lead };
  // A season imported before seasons had a sport is baseball's, as the server reads it.
  const seasons = allSeasons.filter((s) => (s.sport || 'baseball') === sport);
  const games = allGames.filter((g) => g.sport === sport);
  const rolledSeason = rollup.seasons.find((s) => s.sport === sport);
  const rolledCareer = rollup.careers.find((c) => c.sport === sport);
  const current = seasons[0];
  const best = bestOf(games, view);
  // A career's ERA is over the regulation innings of the level of its newest season or game, as the server's.
  const newest = current?.startDate ?? games[0]?.gameDate ?? new Date().toISOString().slice(0, 10);
  const regulation = regulationAt(catalogue, levelAt(classYear, newest)) ?? DEFAULT_REGULATION;
  const career =
    seasons.length > 0 && isDiamond(sport)
      ? { stats: careerLine(seasons, [], regulation), subtitle: t.seasonsOf(seasons.length) }
      : rolledCareer
        ? { stats: rolledCareer.stats, subtitle: `${t.seasonsOf(rolledCareer.seasons)} · ${t.gamesOf(rolledCareer.games)}` }
        : isDiamond(sport) && games.length > 0
          ? { stats: careerLine([], games, regulation), subtitle: t.gamesOf(games.length) }
          : undefined;
  return (
    <Stack gap="md">
      {current ? (
        <StatLine
          title={`${t.currentSeason}: ${current.name}`}
          subtitle={[current.teamName || panelText.defaultTeam, current.sportType].filter(Boolean).join(' · ')}
          stats={current.stats}
          view={view}
        />
      ) : (
        rolledSeason && <StatLine title={`${t.currentSeason}: ${rolledSeason.name}`} subtitle={t.gamesOf(rolledSeason.games)} stats={rolledSeason.stats} view={view} />
      )}
      {career && <StatLine title={t.careerTotals} subtitle={career.subtitle} stats={career.stats} view={view} />}
      {seasons.length > 1 && <SeasonsTable seasons={seasons} view={view} />}
      {best.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t.bestGames}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
            {best.map((g) => (
              <GameCard key={g.id} game={g} narrow view={{ catalogue, position, lead }} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
