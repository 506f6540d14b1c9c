import { useState } from 'react';
import { Alert, Button, Group, Stack, Switch, TagsInput, TextInput, Textarea } from '@mantine/core';
import { IconLock, IconUsers } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { fieldErrors } from '../../../lib/api';
import type { JournalEntry, JournalEntryInput, JournalPrompt } from '../api';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { todayIso } from '../../../lib/format';
import { normalizeTags } from '../../../lib/tags';
import { enhancementKind } from '../entryRules';
import type { QueuedEntry } from '../outbox/draftStore';
import { useEditQueuedEntry } from '../outbox/useQueuedEntryActions';
import { useCreateEntryMutation, useJournalOptionsQuery, useJournalStatsQuery, useUpdateEntryMutation } from '../queries';
import { entryFormText as t, entryValidation, journalToasts } from '../strings';

/** Where the dialog was opened: the dashboard's dialog words the empty-content error its own way (spec). */
export type EntryFormVariant = 'page' | 'dashboard';

export interface EntryFormValues {
  title: string;
  content: string;
  date: string;
  tags: string[];
  enhanceWithAI: boolean;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function entryFormRules(variant: EntryFormVariant) {
  return {
    title: (v: string) => (v.trim() ? null : entryValidation.title),
    content: (v: string) =>
      v.trim() ? null : variant === 'dashboard' ? entryValidation.dashboardContent : entryValidation.content,
    date: (v: string) => (ISO_DATE.test(v) ? null : entryValidation.date),
  };
}

function initialValues(
  entry: JournalEntry | null | undefined,
  prompt: JournalPrompt | null | undefined,
  queued: QueuedEntry | null | undefined,
): EntryFormValues {
  if (queued) return { ...queued.input };
  if (entry) {
    return {
      title: entry.title,
      content: entry.content,
      date: entry.date,
      tags: entry.tags,
      // Keep an enhanced entry enhanced: its polished text is redone from the edited original.
      enhanceWithAI: enhancementKind(entry) !== null,
    };
  }
  return {
    title: prompt?.title ?? '',
    content: '',
    date: todayIso(),
    tags: prompt?.category ? normalizeTags([prompt.category]) : [],
    enhanceWithAI: true,
  };
}

export function valuesToInput(values: EntryFormValues): JournalEntryInput {
  return {
    title: values.title.trim(),
    content: values.content.trim(),
    date: values.date,
    tags: normalizeTags(values.tags),
    enhanceWithAI: values.enhanceWithAI,
  };
}

export interface EntryFormProps {
  /** The athlete to write for; undefined when no profile exists yet (submitting then explains why it can't). */
  athleteId: number | undefined;
  /** Prefill from and PUT to this entry; without it the form creates one. */
  entry?: JournalEntry | null;
  /** A prompt from the assistant: its title prefills the title, its text becomes the hint. */
  prompt?: JournalPrompt | null;
  variant?: EntryFormVariant;
  /** An entry waiting on this device that the server refused: saving changes it there, and it is sent again. */
  queued?: QueuedEntry | null;
  onDone: () => void;
}

export function EntryForm({ athleteId, entry, prompt, variant = 'page', queued, onDone }: EntryFormProps) {
  const form = useForm<EntryFormValues>({
    initialValues: initialValues(entry, prompt, queued),
    validate: entryFormRules(variant),
  });
  const options = useJournalOptionsQuery().data;
  const create = useCreateEntryMutation();
  const update = useUpdateEntryMutation();
  const editQueued = useEditQueuedEntry();
  // The athlete's tags so far, offered as the user types so one category keeps one spelling.
  const knownTags = useJournalStatsQuery(athleteId).data?.categories.map((c) => c.tag) ?? [];
  const pending = create.isPending || update.isPending || editQueued.isPending;
  // The tag being typed. Mantine would turn it into a tag on blur, but on a narrow screen the new
  // pill row pushes the Save button down between mousedown and click, and the tap is lost; so the
  // draft stays as typed and is added when the form is submitted.
  const [tagDraft, setTagDraft] = useState('');

  const submit = (values: EntryFormValues) => {
    // A tag still being typed counts too (see tagDraft).
    const input = valuesToInput({ ...values, tags: [...values.tags, tagDraft] });
    // Server 400 answers carry per-field messages under the same names as the form's fields.
    const callbacks = { onSuccess: onDone, onError: (err: Error) => form.setErrors(fieldErrors(err)) };
    if (queued) {
      editQueued.mutate({ queued, input }, { onSuccess: onDone });
    } else if (entry) {
      update.mutate({ entry, input }, callbacks);
    } else if (athleteId === undefined) {
      notifications.show({
        title: journalToasts.profileRequired.title,
        message: journalToasts.profileRequired.message,
        color: 'red',
      });
    } else {
      create.mutate({ athleteId, input }, callbacks);
    }
  };

  const tagsProps = form.getInputProps('tags');
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput label={t.title} required placeholder={t.titlePlaceholder} data-autofocus {...form.getInputProps('title')} />
        <Textarea
          label={t.content}
          required
          rows={10}
          description={prompt ? t.promptHint(prompt.prompt) : undefined}
          placeholder={prompt?.prompt ?? t.contentPlaceholder}
          {...form.getInputProps('content')}
        />
        <TextInput label={t.date} type="date" required maw={220} {...form.getInputProps('date')} />
        <TagsInput
          label={t.tags}
          description={t.tagsDescription}
          placeholder={t.tagsPlaceholder}
          splitChars={[',']}
          data={knownTags}
          searchValue={tagDraft}
          onSearchChange={setTagDraft}
          acceptValueOnBlur={false}
          clearable
          {...tagsProps}
          onChange={(value) => form.setFieldValue('tags', normalizeTags(value))}
        />
        <Switch
          label={options?.aiService === false ? t.enhanceOffline : t.enhance}
          description={
            options?.aiService === false ? (
              <>
                <strong>{t.aiNotSetUp}.</strong> {t.offlineDescription}
              </>
            ) : (
              t.enhanceDescription
            )
          }
          {...form.getInputProps('enhanceWithAI', { type: 'checkbox' })}
        />
        {!entry && !queued && options && <NewEntryPrivacy isPrivate={options.newEntriesPrivate} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={pending}>
            {entry || queued ? t.submitEdit : t.submitCreate}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Who will see a new entry once it is saved, by the server's default and the writer's place (the owner, or family). */
function NewEntryPrivacy({ isPrivate }: { isPrivate: boolean }) {
  const role = useCurrentAthlete().athlete?.role;
  const text = !isPrivate ? t.visibleToFamily : role === undefined || role === 'owner' ? t.privateForOwner : t.privateForMember;
  return (
    <Alert variant="light" color="gray" p="xs" radius="md" icon={isPrivate ? <IconLock size={16} /> : <IconUsers size={16} />}>
      {text}
    </Alert>
  );
}
