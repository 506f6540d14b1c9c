import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Dialog } from '../../../components/Dialog';
import { serverMessage } from '../../../lib/api';
import type { JournalPromptInput } from '../api';
import { useCreatePromptMutation } from '../queries';
import { promptText as t } from '../strings';

interface CustomPromptModalProps {
  opened: boolean;
  onClose: () => void;
  athleteId: number;
}

/** "Create a Custom Prompt": title and prompt required, category optional. */
export function CustomPromptModal({ opened, onClose, athleteId }: CustomPromptModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t.dialogTitle}
      radius="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <CustomPromptForm athleteId={athleteId} onDone={onClose} />
    </Dialog>
  );
}

function CustomPromptForm({ athleteId, onDone }: { athleteId: number; onDone: () => void }) {
  const form = useForm<JournalPromptInput>({ initialValues: { title: '', prompt: '', category: '' } });
  // The spec has one message for both required fields, so it is shown once under the form and the
  // missing fields are only outlined.
  const [message, setMessage] = useState<string | null>(null);
  const create = useCreatePromptMutation();

  const submit = (values: JournalPromptInput) => {
    const input = { title: values.title.trim(), prompt: values.prompt.trim(), category: values.category.trim() };
    form.setErrors({ title: input.title ? null : true, prompt: input.prompt ? null : true });
    if (!input.title || !input.prompt) {
      setMessage(t.required);
      return;
    }
    setMessage(null);
    create.mutate(
      { athleteId, input },
      { onSuccess: onDone, onError: (err) => setMessage(serverMessage(err) ?? t.required) },
    );
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput label={t.promptTitle} required placeholder={t.promptTitlePlaceholder} data-autofocus {...form.getInputProps('title')} />
        <Textarea label={t.prompt} required rows={4} placeholder={t.promptPlaceholder} {...form.getInputProps('prompt')} />
        <TextInput label={t.category} placeholder={t.categoryPlaceholder} {...form.getInputProps('category')} />
        {message && (
          <Text size="sm" c="red" role="alert">
            {message}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
