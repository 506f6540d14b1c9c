import { Alert, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { fieldErrors, serverMessage } from '../../../lib/api';
import { validation } from '../../../lib/messages';
import { showSuccess } from '../../../lib/toast';
import { checkPasswordReset, resetPassword } from '../api';
import { userKey } from '../queries';
import { resetStrings } from '../strings';
import { passwordRule } from '../validation';

/** The page behind the e-mailed link: a spent link says so at once; a new password signs this browser in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const link = useQuery({
    queryKey: ['password-reset', token],
    queryFn: async () => {
      await checkPasswordReset(token);
      return 'usable' as const;
    },
    retry: false,
  });
  const save = useMutation({
    mutationFn: (password: string) => resetPassword(token, password),
    onSuccess: (user) => {
      client.setQueryData(userKey, user);
      showSuccess({ title: resetStrings.pageTitle, message: resetStrings.saved });
      navigate('/dashboard');
    },
  });
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: passwordRule,
      confirmPassword: (value, values) =>
        !value ? validation.confirmPassword : value !== values.password ? validation.passwordsMatch : null,
    },
  });

  if (link.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label={resetStrings.checking} />
      </Center>
    );
  }
  const unusable = link.isError ? link.error : save.isError && !Object.keys(fieldErrors(save.error)).length ? save.error : null;
  if (unusable) {
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={resetStrings.linkUnusable} role="alert">
          {serverMessage(unusable) ?? unusable.message}
        </Alert>
        <Button component={Link} to="/early-access?forgot=1" variant="light">
          {resetStrings.askAgain}
        </Button>
      </Stack>
    );
  }

  const submit = form.onSubmit((values) => {
    save.mutate(values.password, { onError: (err) => form.setErrors(fieldErrors(err)) });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {resetStrings.pageHelp}
        </Text>
        <PasswordInput label={resetStrings.newPassword} autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordInput label={resetStrings.confirmPassword} autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <Button type="submit" fullWidth loading={save.isPending}>
          {resetStrings.save}
        </Button>
      </Stack>
    </form>
  );
}
