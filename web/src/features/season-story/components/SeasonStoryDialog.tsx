import { Alert, Anchor, Button, Checkbox, Group, Loader, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/FormActions';
import { fieldErrors } from '../../../lib/api';
import { todayIso } from '../../../lib/format';
import { showError } from '../../../lib/toast';
import type { SeasonBookInclude, SeasonBookInput } from '../api';
import { useSeasonBook } from '../queries';
import { SeasonBookList } from './SeasonBookList';
import { defaultSeason } from '../season';
import { seasonStoryText as t } from '../strings';

export interface SeasonStoryAthlete {
  id: number;
  name: string;
  sports: string;
  /** Only the owner may put private entries and clips in a book. */
  isOwner: boolean;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The parts a book holds, in the order the book prints them. */
const parts: { key: keyof SeasonBookInclude; label: string }[] = [
  { key: 'journal', label: t.journal },
  { key: 'aiVersions', label: t.aiVersions },
  { key: 'milestones', label: t.milestones },
  { key: 'achievements', label: t.achievements },
  { key: 'stats', label: t.stats },
  { key: 'media', label: t.media },
];

function BookForm({ athlete, onSubmit, pending, onCancel }: {
  athlete: SeasonStoryAthlete;
  onSubmit: (input: SeasonBookInput, setErrors: (errors: Record<string, string>) => void) => void;
  pending: boolean;
  onCancel: () => void;
}) {
  const season = defaultSeason(athlete.sports, todayIso());
  const firstName = athlete.name.split(' ')[0] ?? athlete.name;
  const form = useForm<SeasonBookInput>({
    initialValues: {
      title: t.defaultTitle(firstName, season.name),
      from: season.from,
      to: season.to,
      include: { journal: true, aiVersions: false, milestones: true, achievements: true, stats: true, media: true },
      includePrivate: false,
    },
    validate: {
      title: (v: string) => (v.trim() ? null : t.titleRequired),
      from: (v: string) => (ISO_DATE.test(v) ? null : t.dateRequired),
      to: (v: string, values) => (!ISO_DATE.test(v) ? t.dateRequired : v < values.from ? t.toBeforeFrom : null),
    },
  });
  const submit = (values: SeasonBookInput) => {
    const { journal, milestones, achievements, stats, media } = values.include;
    if (!(journal || milestones || achievements || stats || media)) {
      form.setFieldError('include', t.nothingIncluded);
      return;
    }
    onSubmit({ ...values, title: values.title.trim(), include: { ...values.include, aiVersions: values.include.journal && values.include.aiVersions } }, form.setErrors);
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        <TextInput label={t.title} required data-autofocus {...form.getInputProps('title')} />
        <Group grow align="flex-start">
          <TextInput label={t.from} type="date" required {...form.getInputProps('from')} />
          <TextInput label={t.to} type="date" required {...form.getInputProps('to')} />
        </Group>
        <Stack gap={8} role="group" aria-labelledby="season-story-include">
          <Text id="season-story-include" size="sm" fw={500}>
            {t.include}
          </Text>
          {parts.map(({ key, label }) => (
            <Checkbox
              key={key}
              label={label}
              ml={key === 'aiVersions' ? 'lg' : 0}
              disabled={key === 'aiVersions' && !form.values.include.journal}
              {...form.getInputProps(`include.${key}`, { type: 'checkbox' })}
            />
          ))}
          {form.errors.include && (
            <Text size="sm" c="red" role="alert">
              {form.errors.include}
            </Text>
          )}
        </Stack>
        {athlete.isOwner ? (
          <Checkbox label={t.includePrivate} description={t.includePrivateHint} {...form.getInputProps('includePrivate', { type: 'checkbox' })} />
        ) : (
          <Text size="sm" c="dimmed">
            {t.privateOwnerOnly}
          </Text>
        )}
        <FormActions cancel={t.cancel} submit={t.make} onCancel={onCancel} pending={pending} />
      </Stack>
    </form>
  );
}

export interface SeasonStoryDialogProps {
  opened: boolean;
  onClose: () => void;
  athlete: SeasonStoryAthlete;
}

/**
 * The Season Story dialog: the book's title, dates (the athlete's season by default), parts and, for the
 * owner, the consent to include what is private; then the drawing's progress and a link to the PDF.
 * Closed while the book is drawn, it opens again on its progress. Below the form, the books made before.
 */
export function SeasonStoryDialog({ opened, onClose, athlete }: SeasonStoryDialogProps) {
  const { book, working, start, reset } = useSeasonBook(athlete.id);
  const close = () => {
    onClose();
    if (!working) reset();
  };
  const submit = (input: SeasonBookInput, setErrors: (errors: Record<string, string>) => void) =>
    start.mutate(input, {
      onError: (err) => {
        const errors = fieldErrors(err);
        if (Object.keys(errors).length > 0) setErrors(errors);
        else showError(t.failed, err);
      },
    });
  return (
    <Dialog opened={opened} onClose={close} title={t.dialogTitle} radius="md" size="lg">
      {!book ? (
        <Stack gap="xl">
          <BookForm athlete={athlete} onSubmit={submit} pending={start.isPending} onCancel={close} />
          <SeasonBookList athleteId={athlete.id} />
        </Stack>
      ) : working ? (
        <Stack align="center" gap="sm" py="lg" role="status">
          <Loader />
          <Text fw={600}>{t.working}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {t.workingHint}
          </Text>
        </Stack>
      ) : book.status === 'ready' && book.url ? (
        <Stack align="center" gap="sm" py="md">
          <ThemeIcon size={48} radius="xl" color="green" variant="light">
            <IconCheck size={28} />
          </ThemeIcon>
          <Text fw={600}>{t.ready}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {t.readyHint}
          </Text>
          <Button component="a" href={book.url} target="_blank" rel="noopener" leftSection={<IconDownload size={16} />}>
            {t.open}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={reset}>
            {t.again}
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="md">
          <Alert color="red" title={t.failed.title}>
            {book.statusReason || t.failed.fallback}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={reset}>
              {t.again}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
