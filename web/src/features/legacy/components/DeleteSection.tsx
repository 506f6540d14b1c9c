import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { fieldErrors, serverMessage } from '../../../lib/api';
import { useDeleteAccountMutation, useDeleteAthleteMutation } from '../queries';
import { fill, legacyText as t } from '../strings';

/** What is being deleted: one of the account's athletes, or the whole account. */
type Target = { athlete: { id: number; name: string } } | 'account';

/**
 * The filled delete buttons' red: the theme's dark shade (red.5) under white text is 2.8:1, below AA;
 * red.9 is 5.4:1 in both schemes (web/e2e/dark-contrast.test.mjs).
 */
const DANGER_FILL = 'red.9';

/** Deleting one of the account's athletes or the whole account, each behind the password. */
export function DeleteSection({ athletes }: { athletes: readonly { id: number; name: string }[] }) {
  const [target, setTarget] = useState<Target | null>(null);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.deleteTitle} style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack gap="sm">
        <Title order={2} fz="h4" c="red">
          {t.deleteTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {t.deleteIntro}
        </Text>
        {athletes.map((athlete) => (
          <Group key={athlete.id} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" style={{ flex: '1 1 16rem' }}>
              {t.deleteAthleteHint}
            </Text>
            <Button color="red" variant="outline" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setTarget({ athlete })}>
              {fill(t.deleteAthlete, { name: athlete.name })}
            </Button>
          </Group>
        ))}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" style={{ flex: '1 1 16rem' }}>
            {t.deleteAccountHint}
          </Text>
          <Button color={DANGER_FILL} leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setTarget('account')}>
            {t.deleteAccount}
          </Button>
        </Group>
      </Stack>
      {target && <ConfirmDelete target={target} onClose={() => setTarget(null)} />}
    </Card>
  );
}

function ConfirmDelete({ target, onClose }: { target: Target; onClose: () => void }) {
  const form = useForm({ initialValues: { password: '' }, validate: { password: (v) => (v ? null : t.passwordHint) } });
  const deleteAthlete = useDeleteAthleteMutation();
  const deleteAccount = useDeleteAccountMutation();
  const pending = deleteAthlete.isPending || deleteAccount.isPending;
  const onError = (err: unknown) => form.setErrors({ password: fieldErrors(err).password ?? serverMessage(err) ?? t.passwordHint });

  const submit = ({ password }: { password: string }) => {
    if (target !== 'account') {
      deleteAthlete.mutate({ athleteId: target.athlete.id, password }, { onSuccess: onClose, onError });
    } else {
      deleteAccount.mutate({ password }, { onError });
    }
  };
  const names = { name: target === 'account' ? '' : target.athlete.name };
  return (
    <Dialog opened onClose={onClose} title={target !== 'account' ? fill(t.confirmAthleteTitle, names) : t.confirmAccountTitle} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">{target !== 'account' ? fill(t.confirmAthleteBody, names) : t.confirmAccountBody}</Text>
          <PasswordInput label={t.password} description={t.passwordHint} required autoComplete="current-password" data-autofocus {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t.cancel}
            </Button>
            <Button type="submit" color={DANGER_FILL} loading={pending}>
              {t.confirmDelete}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
