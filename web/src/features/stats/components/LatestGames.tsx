import { Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { dateLabel } from '../../../lib/format';
import { abbrOf, catalogueOf, sportLead } from '../catalogue';
import { useGamePages, useStatsSports } from '../queries';
import { panelText as t } from '../strings';
import { cardStats, resultColor } from './StatCards';

/** How many games the dashboard shows, and how many of each game's stats. */
const LATEST = 3;
const LINE_STATS = 3;

/**
 * The newest games in a line each (date, opponent, result, the sport's lead stats): the dashboard's
 * Sports Stats card, so it tells what the athlete card's season numbers do not (issue 33).
 */
export function LatestGames({ athleteId }: { athleteId: number }) {
  const games = useGamePages(athleteId);
  const sports = useStatsSports(athleteId).data;
  if (games.isLoading) {
    return (
      <Stack gap="xs" aria-busy="true">
        {Array.from({ length: LATEST }, (_, i) => (
          <Skeleton key={i} height={52} radius="md" />
        ))}
      </Stack>
    );
  }
  const latest = games.items.slice(0, LATEST);
  if (latest.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t.noGamesYet}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {latest.map((game) => {
        const catalogue = catalogueOf(sports, game.sport);
        const line = cardStats(game.stats, LINE_STATS, { catalogue, lead: sportLead(sports, game.sport) })
          .map(([key, value]) => `${String(value)} ${abbrOf(catalogue, key)}`)
          .join(' · ');
        return (
          <Paper key={game.id} withBorder radius="md" px="sm" py={6} component="article" aria-label={t.gameTitle(game.opponent)}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} truncate>
                {t.gameTitle(game.opponent)}
              </Text>
              {game.result && (
                <Badge size="sm" variant="light" color={resultColor(game.result)} style={{ flexShrink: 0 }}>
                  {game.score ? `${game.result}: ${game.score}` : game.result}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {dateLabel(game.gameDate)}
              {line ? ` · ${line}` : ''}
            </Text>
          </Paper>
        );
      })}
    </Stack>
  );
}
