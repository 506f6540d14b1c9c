import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '../../../components/Dialog';
import { useUser } from '../../auth';
import { journalOutbox } from '../outbox/journalOutbox';
import { signOutText as t } from '../strings';

/**
 * Signing out with journal entries still waiting on this device (issue 34): they belong to this account
 * and would otherwise sit on a shared browser, so signing out drops them, but only once the writer has
 * agreed in this dialog. `request` signs out at once when nothing waits; `onAsk` runs as the dialog opens
 * (the account menu closes, so it does not lie over the question).
 */
export function useSignOutGuard(signOut: () => void, onAsk?: () => void): { request: () => void; dialog: ReactNode } {
  const accountId = useUser().user?.id;
  const [unsent, setUnsent] = useState(0);
  const request = () => {
    if (accountId === undefined) return signOut();
    void journalOutbox.list(accountId).then((waiting) => {
      if (waiting.length === 0) return signOut();
      onAsk?.();
      setUnsent(waiting.length);
    });
  };
  const confirm = () => {
    setUnsent(0);
    if (accountId === undefined) return signOut();
    void journalOutbox.forgetAccount(accountId).finally(signOut);
  };
  const dialog = (
    <Dialog opened={unsent > 0} onClose={() => setUnsent(0)} title={t.title} radius="md">
      <Stack gap="md">
        <Text size="sm">{t.message(unsent)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setUnsent(0)} data-autofocus>
            {t.stay}
          </Button>
          <Button color="red" onClick={confirm}>
            {t.confirm}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
  return { request, dialog };
}
