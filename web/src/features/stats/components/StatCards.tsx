import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Popover, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { dateLabel } from '../../../lib/format';
import type { GameStat, RolledCareer, RolledSeason, SeasonStat, SportCatalogue, StatsMap } from '../api';
import { labelOf, leadFirst, positionLead } from '../catalogue';
import { panelText as t } from '../strings';

/** Spec: game cards show 6 stats, season cards 8. */
export const GAME_PREVIEW = 6;
export const SEASON_PREVIEW = 8;

/** Spec: Win green, Loss red, anything else yellow. */
export function resultColor(result: string): string {
  if (result.toLowerCase() === 'win') return 'green';
  if (result.toLowerCase() === 'loss') return 'red';
  return 'yellow';
}

/**
 * How a card names and orders its stats: the catalogue of the card's sport (labels) and the
 * athlete's position (its lead stats first). Without them a card shows the keys in words, in the
 * line's order.
 */
export interface CardView {
  catalogue?: SportCatalogue;
  position?: string;
  /** The server's lead for the sport (the family's choice, else the position's), when the athlete plays it. */
  lead?: string[];
}

/**
 * The first n stats of a line: the lead stats first (the family's choice for the sport, else the
 * position's when the position is the sport's), else the line's order.
 */
export function cardStats(stats: StatsMap, n: number, { catalogue, position, lead }: CardView = {}) {
  const first = lead && lead.length > 0 ? lead : (positionLead(catalogue, position) ?? []);
  return leadFirst(stats, first).slice(0, n);
}

function StatGrid({ stats, n, narrow = false, view = {} }: { stats: StatsMap; n: number; narrow?: boolean; view?: CardView }) {
  return (
    <SimpleGrid cols={narrow ? 2 : { base: 2, xs: 3 }} spacing="xs" verticalSpacing={4}>
      {cardStats(stats, n, view).map(([key, value]) => (
        <Group key={key} gap={6} wrap="nowrap">
          <Text size="sm" c="dimmed">
            {labelOf(view.catalogue, key)}:
          </Text>
          <Text size="sm" fw={600}>
            {String(value)}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

interface GameCardProps {
  game: GameStat;
  /** Edit and delete, offered for games typed in by hand to those who may edit. */
  onEdit?: (game: GameStat) => void;
  onDelete?: (game: GameStat) => void;
  /** Two stat columns, for a card in a row of cards. */
  narrow?: boolean;
  /** The game's sport's catalogue and the athlete's position. */
  view?: CardView;
}

export function GameCard({ game, onEdit, onDelete, narrow, view }: GameCardProps) {
  const manual = game.source === 'manual';
  return (
    <Card withBorder radius="md" padding="md" aria-label={t.gameTitle(game.opponent)}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={700}>{t.gameTitle(game.opponent)}</Text>
            <Text size="sm" c="dimmed">
              {dateLabel(game.gameDate)}
              {game.location ? ` • ${game.location}` : ''}
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            {game.result && game.score && (
              <Badge color={resultColor(game.result)} variant="light">
                {game.result}: {game.score}
              </Badge>
            )}
            {manual && onEdit && (
              <ActionIcon variant="subtle" aria-label={t.editGame} onClick={() => onEdit(game)}>
                <IconPencil size={16} />
              </ActionIcon>
            )}
            {manual && onDelete && (
              <ActionIcon variant="subtle" color="red" aria-label={t.deleteGame} onClick={() => onDelete(game)}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        </Group>
        <Text size="sm" fw={600}>
          {t.keyStats}
        </Text>
        <StatGrid stats={game.stats} n={GAME_PREVIEW} narrow={narrow} view={view} />
        {manual && (
          <Text size="xs" c="dimmed">
            {t.byHand}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function SeasonCard({ season, view, onRename }: { season: SeasonStat; view?: CardView; onRename?: (name: string) => void }) {
  return (
    <Card withBorder radius="md" padding="md" aria-label={season.name}>
      <Stack gap="xs">
        <div>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700}>{season.name}</Text>
            {onRename && <RenameSeason name={season.name === season.season ? '' : season.name} placeholder={season.season} onRename={onRename} />}
          </Group>
          <Text size="sm" c="dimmed">
            {season.teamName || t.defaultTeam}
            {season.sportType ? ` · ${season.sportType}` : ''}
          </Text>
          {season.startDate && season.endDate && (
            <Text size="sm" c="dimmed">
              {dateLabel(season.startDate)} to {dateLabel(season.endDate)}
            </Text>
          )}
        </div>
        <Text size="sm" fw={600}>
          {t.seasonStats}
        </Text>
        <StatGrid stats={season.stats} n={SEASON_PREVIEW} view={view} />
      </Stack>
    </Card>
  );
}

/** A season added up from its games (typed or imported). */
export function RolledSeasonCard({ season, sportLabel, view, onRename }: { season: RolledSeason; sportLabel: string; view?: CardView; onRename?: (name: string) => void }) {
  return (
    <Card withBorder radius="md" padding="md" aria-label={`${sportLabel} ${season.name}`}>
      <Stack gap="xs">
        <div>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700}>{season.name}</Text>
            {onRename && <RenameSeason name={season.name === season.season ? '' : season.name} placeholder={season.season} onRename={onRename} />}
          </Group>
          <Text size="sm" c="dimmed">
            {sportLabel} · {t.gamesCount(season.games)}
          </Text>
          <Text size="sm" c="dimmed">
            {dateLabel(season.startDate)} to {dateLabel(season.endDate)}
          </Text>
        </div>
        <Text size="sm" fw={600}>
          {t.seasonStats}
        </Text>
        <StatGrid stats={season.stats} n={SEASON_PREVIEW} view={view} />
      </Stack>
    </Card>
  );
}

function RenameSeason({ name, placeholder, onRename }: { name: string; placeholder: string; onRename: (name: string) => void }) {
  const [value, setValue] = useState(name);
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" aria-label={t.renameSeason} onClick={() => setOpened((o) => !o)}>
          <IconPencil size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onRename(value.trim());
            setOpened(false);
          }}
        >
          <Stack gap="xs">
            <TextInput label={t.seasonName} description={t.seasonNameHelp} placeholder={placeholder} value={value} maxLength={60} onChange={(e) => setValue(e.currentTarget.value)} />
            <Button type="submit" size="xs">
              {t.saveName}
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A sport's seasons added up. */
export function CareerCard({ career, sportLabel, view }: { career: RolledCareer; sportLabel: string; view?: CardView }) {
  return (
    <Card withBorder radius="md" padding="md" aria-label={t.careerOf(sportLabel)}>
      <Stack gap="xs">
        <div>
          <Text fw={700}>{t.careerOf(sportLabel)}</Text>
          <Text size="sm" c="dimmed">
            {t.careerLine(career.seasons, career.games)}
          </Text>
        </div>
        <StatGrid stats={career.stats} n={SEASON_PREVIEW} view={view} />
      </Stack>
    </Card>
  );
}
