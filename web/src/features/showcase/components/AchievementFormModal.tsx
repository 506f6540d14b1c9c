import { useState } from 'react';
import { ActionIcon, Autocomplete, Button, Group, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import { fieldErrors } from '../../../lib/api';
import { todayIso } from '../../../lib/format';
import type { Achievement, AchievementBody, AchievementCategory } from '../api';
import { useMediaPages } from '../../media';
import { statSuggestions, useStatsSports } from '../../stats';
import { ShowMore } from '../../../components/ShowMore';
import { useSaveAchievement } from '../queries';
import { achievementText as t, categoryLabels } from '../strings';
import type { AchievementFormModalProps } from './dialogs';

/** Spec: 'Add Achievement' (at most 500 px wide); defaults date today, category game. Also edits. */
export function AchievementFormModal({ athleteId, state, onClose }: AchievementFormModalProps) {
  return (
    <Dialog opened={state.opened} onClose={onClose} title={state.achievement ? t.edit : t.add} size={500} radius="md">
      {state.opened && <AchievementForm key={state.achievement?.id ?? 'new'} athleteId={athleteId} achievement={state.achievement} onDone={onClose} />}
    </Dialog>
  );
}

function AchievementForm({ athleteId, achievement, onDone }: { athleteId: number; achievement: Achievement | null; onDone: () => void }) {
  const [title, setTitle] = useState(achievement?.title ?? '');
  const [description, setDescription] = useState(achievement?.description ?? '');
  const [date, setDate] = useState(achievement?.date ?? todayIso());
  const [category, setCategory] = useState<AchievementCategory>(achievement?.category ?? 'game');
  const [onShowcase, setOnShowcase] = useState(achievement?.onShowcase ?? false);
  const [photo, setPhoto] = useState<string | null>(achievement?.photoMediaId ? String(achievement.photoMediaId) : null);
  // The library's photos, a page at a time (Show more under the list); only processed ones can be drawn on a card.
  const imagePages = useMediaPages(athleteId, { type: 'image' });
  const images = imagePages.items.filter((m) => m.status === 'ready');
  const [stats, setStats] = useState<{ name: string; value: string }[]>(() =>
    Object.entries(achievement?.stats ?? {}).map(([name, value]) => ({ name, value: String(value) })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAchievement(athleteId);
  // The names of the athlete's sports' stats, their lead first: a point guard is offered "Points", a pitcher "Strikeouts".
  const suggestions = statSuggestions(useStatsSports(athleteId).data);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const map: Record<string, number | string> = {};
    for (const { name, value } of stats) {
      if (!name.trim() || !value.trim()) continue;
      // Whole numbers are numbers; anything else (".367", "7.0", "0.00") stays as written.
      map[name.trim()] = /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value.trim();
    }
    const body: AchievementBody = {
      title, description, date, category, stats: map, onShowcase, template: achievement?.template ?? 'standard', photoMediaId: photo ? Number(photo) : null,
    };
    save.mutate({ id: achievement?.id ?? null, body }, { onSuccess: onDone, onError: (err) => setErrors(fieldErrors(err)) });
  };

  const setStat = (i: number, key: 'name' | 'value', v: string) => setStats((s) => s.map((row, j) => (j === i ? { ...row, [key]: v } : row)));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t.fieldTitle} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} data-autofocus />
        <Textarea label={t.fieldDescription} value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} error={errors.description} />
        <Group grow>
          <TextInput type="date" label={t.fieldDate} value={date} onChange={(e) => setDate(e.currentTarget.value)} error={errors.date} />
          <Select
            label={t.fieldCategory}
            data={Object.entries(categoryLabels).map(([value, label]) => ({ value, label }))}
            value={category}
            onChange={(v) => v && setCategory(v as AchievementCategory)}
            allowDeselect={false}
          />
        </Group>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t.fieldStats}
          </Text>
          {stats.map((row, i) => (
            <Group key={i} gap="xs" wrap="nowrap">
              <Autocomplete
                aria-label={`${t.statName} ${i + 1}`}
                placeholder={suggestions[0] ?? t.statNamePlaceholder}
                data={suggestions}
                limit={8}
                value={row.name}
                onChange={(name) => setStat(i, 'name', name)}
                style={{ flex: 1 }}
              />
              <TextInput aria-label={`${t.statValue} ${i + 1}`} placeholder="12" value={row.value} onChange={(e) => setStat(i, 'value', e.currentTarget.value)} style={{ flex: 1 }} />
              <ActionIcon variant="subtle" color="gray" aria-label={`Remove stat ${i + 1}`} onClick={() => setStats((s) => s.filter((_, j) => j !== i))}>
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ))}
          {errors.stats && (
            <Text c="red" size="sm">
              {errors.stats}
            </Text>
          )}
          <Group>
            <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setStats((s) => [...s, { name: '', value: '' }])}>
              {t.addStat}
            </Button>
          </Group>
        </Stack>
        <Select
          label={t.photo}
          description={t.photoHelp}
          placeholder={t.noPhoto}
          data={images.map((m) => ({ value: String(m.id), label: m.title }))}
          value={photo}
          onChange={setPhoto}
          clearable
          nothingFoundMessage={t.noImages}
          searchable
        />
        <ShowMore list={imagePages} />
        <Switch label={t.onShowcase} checked={onShowcase} onChange={(e) => setOnShowcase(e.currentTarget.checked)} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {achievement ? t.save : t.add}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
