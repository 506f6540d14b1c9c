import { useState } from 'react';
import { Button, Group, Stack, Switch, TagsInput, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../../../components/Dialog';
import { showError } from '../../../lib/toast';
import { invalidateMedia } from '../queries';
import { useForm } from '@mantine/form';
import { fieldErrors } from '../../../lib/api';
import { normalizeTags } from '../../../lib/tags';
import { setMediaShowcase, type MediaItem, type MediaItemInput } from '../api';
import { mediaDay } from '../mediaRules';
import { useUpdateMediaMutation } from '../queries';
import { editText as t, mediaToasts, mediaValidation } from '../strings';

interface EditMediaDialogProps {
  item: MediaItem | null;
  onClose: () => void;
}

/** Title, description, date, tags and privacy of one item (PUT /api/media/{id}). */
export function EditMediaDialog({ item, onClose }: EditMediaDialogProps) {
  return (
    <Dialog
      opened={item !== null}
      onClose={onClose}
      title={t.dialogTitle}
      radius="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* Keyed by item: the form starts from the item it was opened for. */}
      {item && <EditMediaForm key={item.id} item={item} onDone={onClose} />}
    </Dialog>
  );
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function EditMediaForm({ item, onDone }: { item: MediaItem; onDone: () => void }) {
  const update = useUpdateMediaMutation();
  const client = useQueryClient();
  const [onShowcase, setOnShowcase] = useState(item.onShowcase ?? false);
  const form = useForm<MediaItemInput>({
    initialValues: {
      title: item.title,
      description: item.description ?? '',
      date: mediaDay(item).format('YYYY-MM-DD'),
      tags: item.tags ?? [],
      isPrivate: item.isPrivate,
    },
    validate: {
      title: (v) => (v.trim() ? null : mediaValidation.title),
      date: (v) => (ISO_DATE.test(v) ? null : mediaValidation.date),
    },
  });

  const submit = (values: MediaItemInput) => {
    const input = { ...values, title: values.title.trim(), description: values.description.trim(), tags: normalizeTags(values.tags) };
    update.mutate(
      { item, input },
      {
        onSuccess: async () => {
          // The public page is its own call: the server refuses it for a private item, with a message.
          if (onShowcase !== (item.onShowcase ?? false)) {
            try {
              await setMediaShowcase(item.id, onShowcase);
              await invalidateMedia(client, item.athleteId);
            } catch (err) {
              showError(mediaToasts.showcaseFailed, err);
              return;
            }
          }
          onDone();
        },
        onError: (err) => form.setErrors(fieldErrors(err)),
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput label={t.title} required data-autofocus {...form.getInputProps('title')} />
        <Textarea label={t.description} autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
        <TextInput label={t.date} type="date" required maw={220} {...form.getInputProps('date')} />
        <TagsInput
          label={t.tags}
          placeholder={t.tagsPlaceholder}
          splitChars={[',']}
          clearable
          {...form.getInputProps('tags')}
          onChange={(value) => form.setFieldValue('tags', normalizeTags(value))}
        />
        <Switch label={t.isPrivate} description={t.isPrivateDescription} {...form.getInputProps('isPrivate', { type: 'checkbox' })} />
        <Switch
          label={t.onShowcase}
          description={t.onShowcaseDescription}
          checked={onShowcase}
          onChange={(e) => setOnShowcase(e.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
