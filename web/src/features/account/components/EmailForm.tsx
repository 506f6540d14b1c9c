import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconMailCheck } from '@tabler/icons-react';
import { fieldErrors, serverMessage } from '../../../lib/api';
import { validation } from '../../../lib/messages';
import { changeEmail, validEmail } from '../../auth';
import { accountText as t } from '../strings';

/** A new sign-in address: mailed a link first, it replaces the old one only once that link is opened. */
export function EmailForm() {
  const change = useMutation({ mutationFn: changeEmail });
  const form = useForm({
    initialValues: { email: '', currentPassword: '' },
    validate: { email: validEmail, currentPassword: (value: string) => (value ? null : validation.currentPassword) },
  });
  const submit = form.onSubmit((values) =>
    change.mutate(
      { email: values.email.trim(), currentPassword: values.currentPassword },
      {
        onSuccess: () => form.reset(),
        onError: (err) => form.setErrors(fieldErrors(err)),
      },
    ),
  );
  const failure = change.isError && !Object.keys(fieldErrors(change.error)).length ? serverMessage(change.error) : undefined;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {change.isSuccess && (
          <Alert color="teal" icon={<IconMailCheck size={18} aria-hidden />} title={t.emailSent} role="status">
            {change.data.message}
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label={t.newEmail} description={t.newEmailHint} type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <PasswordInput label={t.emailPassword} required autoComplete="current-password" {...form.getInputProps('currentPassword')} />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t.changeEmail}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
