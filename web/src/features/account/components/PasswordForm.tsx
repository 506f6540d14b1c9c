import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fieldErrors } from '../../../lib/api';
import { accountText as t } from '../strings';
import { useChangePasswordMutation } from '../queries';
import { emptyPasswordValues, passwordRules, type PasswordValues } from '../validation';

/** Change password: current, new and confirm; cleared after a successful change. */
export function PasswordForm() {
  const form = useForm<PasswordValues>({ initialValues: emptyPasswordValues, validate: passwordRules });
  const change = useChangePasswordMutation();

  const submit = (values: PasswordValues) =>
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => form.reset(),
        onError: (err) => {
          const errors = fieldErrors(err);
          form.setErrors({ currentPassword: errors.currentPassword, newPassword: errors.newPassword });
        },
      },
    );

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <PasswordInput label={t.currentPassword} required autoComplete="current-password" {...form.getInputProps('currentPassword')} />
        <PasswordInput
          label={t.newPassword}
          description={t.passwordHint}
          required
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput label={t.confirmNewPassword} required autoComplete="new-password" {...form.getInputProps('confirmNewPassword')} />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t.changePassword}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
