import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '../../../components/Dialog';
import { journalOutbox } from '../outbox/journalOutbox';
import { useJournalOutboxSender } from '../outbox/useJournalOutboxSender';
import { signOutText as t } from '../strings';

// What the shell needs of the journal's outbox (issue 34). The shell loads these lazily, once someone is
// signed in, so the landing page carries none of the journal's code.

/** How many entries of the account still wait on this device. */
export const unsentEntryCount = async (accountId: number) => (await journalOutbox.list(accountId)).length;

/** Sends the account's queued entries while the app is open (see useJournalOutboxSender). */
export function JournalOutboxSender() {
  useJournalOutboxSender();
  return null;
}

interface SignOutQuestionProps {
  accountId: number;
  count: number;
  onStay: () => void;
  onSignOut: () => void;
}

/**
 * Signing out with journal entries still waiting on this device: they belong to this account and would
 * otherwise sit on a shared browser, so signing out drops them, but only once the writer has agreed here.
 */
export function SignOutQuestion({ accountId, count, onStay, onSignOut }: SignOutQuestionProps) {
  const [opened, setOpened] = useState(true);
  const confirm = () => {
    setOpened(false);
    void journalOutbox.forgetAccount(accountId).finally(onSignOut);
  };
  return (
    <Dialog opened={opened} onClose={onStay} title={t.title} radius="md">
      <Stack gap="md">
        <Text size="sm">{t.message(count)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onStay} data-autofocus>
            {t.stay}
          </Button>
          <Button color="red" onClick={confirm}>
            {t.confirm}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
