import { useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { fieldErrors } from '../../../lib/api';
import { todayIso } from '../../../lib/format';
import type { GameBody, GameStat, StatsMap } from '../api';
import { useSaveGame } from '../queries';
import { gameFormText as t, manualStatFields, panelText } from '../strings';

export interface GameDialogState {
  opened: boolean;
  game: GameStat | null;
}

export const closedGameDialog: GameDialogState = { opened: false, game: null };

/** Add or edit a game typed in by hand: the game's details and the counts (innings in thirds). */
export function GameFormModal({ athleteId, state, onClose }: { athleteId: number; state: GameDialogState; onClose: () => void }) {
  return (
    <Modal opened={state.opened} onClose={onClose} title={state.game ? panelText.editGame : panelText.addGame} size="lg" radius="md">
      {state.opened && <GameForm key={state.game?.id ?? 'new'} athleteId={athleteId} game={state.game} onDone={onClose} />}
    </Modal>
  );
}

function GameForm({ athleteId, game, onDone }: { athleteId: number; game: GameStat | null; onDone: () => void }) {
  const [details, setDetails] = useState({
    opponent: game?.opponent ?? '',
    gameDate: game?.gameDate ?? todayIso(),
    location: game?.location ?? '',
    result: game?.result ?? '',
    score: game?.score ?? '',
  });
  const [stats, setStats] = useState<Record<string, string>>(() => {
    const out: Record<string, string> = {};
    for (const f of manualStatFields) if (game?.stats[f.key] !== undefined) out[f.key] = String(game.stats[f.key]);
    if (game?.stats.inningsPitched !== undefined) out.inningsPitched = String(game.stats.inningsPitched);
    return out;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveGame(athleteId);
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
    for (const [key, value] of Object.entries(stats)) {
      const v = value.trim();
      if (v === '') continue;
      sent[key] = key === 'inningsPitched' ? v : Number(v);
    }
    const body: GameBody = { ...details, stats: sent };
    save.mutate({ id: game?.id ?? null, body }, { onSuccess: onDone, onError: (err) => setErrors(fieldErrors(err)) });
  };

  const statInput = (key: string, label: string) => (
    <TextInput key={key} label={label} inputMode={key === 'inningsPitched' ? 'decimal' : 'numeric'} value={stats[key] ?? ''} onChange={setStat(key)} />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t.opponent} value={details.opponent} onChange={setDetail('opponent')} />
          <TextInput type="date" label={t.gameDate} value={details.gameDate} onChange={setDetail('gameDate')} required error={errors.gameDate} />
          <TextInput label={t.location} value={details.location} onChange={setDetail('location')} />
          <TextInput label={t.result} placeholder="Win" value={details.result} onChange={setDetail('result')} />
          <TextInput label={t.score} value={details.score} onChange={setDetail('score')} />
        </SimpleGrid>
        <Title order={4} fz="sm">
          {t.batting}
        </Title>
        <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="xs">
          {manualStatFields.filter((f) => f.group === 'batting').map((f) => statInput(f.key, f.label))}
        </SimpleGrid>
        <Title order={4} fz="sm">
          {t.pitching}
        </Title>
        <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="xs">
          {statInput('inningsPitched', t.inningsPitched)}
          {manualStatFields.filter((f) => f.group === 'pitching').map((f) => statInput(f.key, f.label))}
        </SimpleGrid>
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
