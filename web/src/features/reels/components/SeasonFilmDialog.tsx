import { useState } from 'react';
import { Alert, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/FormActions';
import { fieldErrors, serverMessage } from '../../../lib/api';
import type { Athlete } from '../../../lib/currentAthlete';
import { todayIso } from '../../../lib/format';
import { defaultSeason } from '../../season-story';
import type { ReelFormat } from '../api';
import { useCreateSeasonFilm } from '../queries';
import { filmText as t, filmToasts, reelText } from '../strings';
import { ReelProgress } from './ReelProgress';

export interface SeasonFilmDialogProps {
  athlete: Athlete | null;
  onClose: () => void;
}

interface FilmForm {
  title: string;
  from: string;
  to: string;
  formats: ReelFormat[];
}

/** About a minute: the film the issue asks for; the server cuts the season's highlights to it. */
const FILM_SECONDS = 60;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const FIELDS: readonly string[] = ['title', 'from', 'to', 'formats'];

/** The one-minute film: its title, the season's dates and formats; then its render's progress and the film. */
export function SeasonFilmDialog({ athlete, onClose }: SeasonFilmDialogProps) {
  const [filmId, setFilmId] = useState<number | null>(null);
  const close = () => {
    setFilmId(null);
    onClose();
  };
  return (
    <Dialog opened={athlete !== null} onClose={close} title={t.dialogTitle} size="lg" radius="md">
      {athlete &&
        (filmId === null ? (
          <FilmForm athlete={athlete} onStarted={setFilmId} onCancel={close} />
        ) : (
          <ReelProgress athleteId={athlete.id} reelId={filmId} onClose={close} />
        ))}
    </Dialog>
  );
}

function FilmForm({ athlete, onStarted, onCancel }: { athlete: Athlete; onStarted: (id: number) => void; onCancel: () => void }) {
  const season = defaultSeason(athlete.sports, todayIso());
  const firstName = athlete.name.split(' ')[0] ?? athlete.name;
  // What the server said that no field shows: 422 (no videos in these dates) or any other refusal;
  // it goes as soon as the family changes what it answered.
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<FilmForm>({
    onValuesChange: () => setRefusal(null),
    initialValues: { title: t.defaultTitle(firstName, season.name), from: season.from, to: season.to, formats: ['landscape', 'vertical'] },
    validate: {
      title: (v) => (v.trim() ? null : t.titleRequired),
      from: (v) => (ISO_DATE.test(v) ? null : t.dateRequired),
      to: (v, values) => (!ISO_DATE.test(v) ? t.dateRequired : v < values.from ? t.toBeforeFrom : null),
      formats: (formats) => (formats.length === 0 ? reelText.chooseFormat : null),
    },
  });
  const create = useCreateSeasonFilm(athlete.id, (film) => onStarted(film.id));
  const submit = (values: FilmForm) => {
    setRefusal(null);
    create.mutate(
      { ...values, title: values.title.trim(), seconds: FILM_SECONDS },
      {
        onError: (err) => {
          const errors = fieldErrors(err);
          const onFields = Object.fromEntries(Object.entries(errors).filter(([field]) => FIELDS.includes(field)));
          form.setErrors(onFields);
          if (Object.keys(onFields).length < Object.keys(errors).length || Object.keys(errors).length === 0) {
            setRefusal(serverMessage(err) ?? filmToasts.failed.fallback);
          }
        },
      },
    );
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        {refusal && (
          <Alert color="red" title={filmToasts.failed.title} role="alert">
            {refusal}
          </Alert>
        )}
        <TextInput label={t.title} required data-autofocus maxLength={200} {...form.getInputProps('title')} />
        <Group grow align="flex-start">
          <TextInput label={t.from} type="date" required {...form.getInputProps('from')} />
          <TextInput label={t.to} type="date" required {...form.getInputProps('to')} />
        </Group>
        <Checkbox.Group label={reelText.formats} {...form.getInputProps('formats')}>
          <Stack gap={6} mt={6}>
            <Checkbox value="landscape" label={reelText.landscape} />
            <Checkbox value="vertical" label={reelText.vertical} />
          </Stack>
        </Checkbox.Group>
        <FormActions cancel={t.cancel} submit={t.make} onCancel={onCancel} pending={create.isPending} />
      </Stack>
    </form>
  );
}
