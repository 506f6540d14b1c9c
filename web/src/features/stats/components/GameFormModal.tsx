import { useState } from 'react';
import { Button, Center, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Dialog } from '../../../components/Dialog';
import { fieldErrors } from '../../../lib/api';
import { todayIso } from '../../../lib/format';
import type { GameBody, GameStat, SportCatalogue, StatDef, StatsMap, StatsSports } from '../api';
import { useSaveGame, useStatsSports } from '../queries';
import { gameFormText as t, panelText } from '../strings';

export interface GameDialogState {
  opened: boolean;
  game: GameStat | null;
}

export const closedGameDialog: GameDialogState = { opened: false, game: null };

/** Add or edit a game typed in by hand: its sport, its details and the sport's stats. */
export function GameFormModal({ athleteId, state, onClose }: { athleteId: number; state: GameDialogState; onClose: () => void }) {
  const sports = useStatsSports(athleteId);
  return (
    <Dialog opened={state.opened} onClose={onClose} title={state.game ? panelText.editGame : panelText.addGame} size="lg" radius="md">
      {state.opened &&
        (sports.data ? (
          <GameForm key={state.game?.id ?? 'new'} athleteId={athleteId} game={state.game} sports={sports.data} onDone={onClose} />
        ) : (
          <Center py="lg">
            <Loader aria-label="Loading" />
          </Center>
        ))}
    </Dialog>
  );
}

/** The sports a game may be of: the athlete's own first, then every other. */
function sportOptions(sports: StatsSports) {
  const plays = new Set(sports.plays);
  const label = (c: SportCatalogue) => ({ value: c.sport, label: c.label });
  const own = sports.plays.map((p) => sports.catalogues.find((c) => c.sport === p)).filter((c): c is SportCatalogue => !!c);
  const others = sports.catalogues.filter((c) => !plays.has(c.sport));
  return own.length > 0 ? [{ group: t.yourSports, items: own.map(label) }, { group: t.otherSports, items: others.map(label) }] : others.map(label);
}

/** A hint of how a stat is written, for those that are not plain counts. */
function placeholderOf(stat: StatDef) {
  switch (stat.kind) {
    case 'innings':
      return '6.2';
    case 'time':
      return '1:58.32';
    case 'distance':
      return stat.unit === 'm' ? '6.52' : '21-04.50';
    default:
      return undefined;
  }
}

function GameForm({ athleteId, game, sports, onDone }: { athleteId: number; game: GameStat | null; sports: StatsSports; onDone: () => void }) {
  const [sport, setSport] = useState(game?.sport ?? sports.plays[0] ?? 'baseball');
  const [details, setDetails] = useState({
    opponent: game?.opponent ?? '',
    gameDate: game?.gameDate ?? todayIso(),
    location: game?.location ?? '',
    result: game?.result ?? '',
    score: game?.score ?? '',
  });
  // A game's stats come back as shown ("6.2", "1:58.32"): what the form reads back is what it sent.
  const [stats, setStats] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(game?.stats ?? {}).map(([k, v]) => [k, String(v)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveGame(athleteId);
  const catalogue = sports.catalogues.find((c) => c.sport === sport);
  const typed = catalogue?.stats.filter((s) => s.kind !== 'rate') ?? [];
  const setDetail = (key: keyof typeof details) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setDetails((d) => ({ ...d, [key]: value }));
  };
  const setStat = (key: string) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setStats((s) => ({ ...s, [key]: value }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!details.gameDate) {
      setErrors({ gameDate: t.dateRequired });
      return;
    }
    const sent: StatsMap = {};
    for (const stat of typed) {
      const v = (stats[stat.key] ?? '').trim();
      if (v !== '') sent[stat.key] = v;
    }
    const body: GameBody = { sport, ...details, stats: sent };
    save.mutate({ id: game?.id ?? null, body }, { onSuccess: onDone, onError: (err) => setErrors(fieldErrors(err)) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select label={t.sport} data={sportOptions(sports)} value={sport} onChange={(v) => v && setSport(v)} allowDeselect={false} searchable error={errors.sport} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t.opponent} value={details.opponent} onChange={setDetail('opponent')} />
          <TextInput type="date" label={t.gameDate} value={details.gameDate} onChange={setDetail('gameDate')} required error={errors.gameDate} />
          <TextInput label={t.location} value={details.location} onChange={setDetail('location')} />
          <TextInput label={t.result} placeholder="Win" value={details.result} onChange={setDetail('result')} />
          <TextInput label={t.score} value={details.score} onChange={setDetail('score')} />
        </SimpleGrid>
        {catalogue?.groups.map((group) => {
          const inGroup = typed.filter((s) => s.group === group.key);
          if (inGroup.length === 0) return null;
          return (
            <Stack key={group.key} gap={4}>
              <Title order={4} fz="sm">
                {group.label}
              </Title>
              <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
                {inGroup.map((stat) => (
                  <TextInput
                    key={stat.key}
                    label={stat.label}
                    placeholder={placeholderOf(stat)}
                    inputMode={stat.kind === 'count' ? 'numeric' : 'decimal'}
                    value={stats[stat.key] ?? ''}
                    onChange={setStat(stat.key)}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          );
        })}
        {errors.stats && (
          <Text c="red" size="sm" role="alert">
            {errors.stats}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
