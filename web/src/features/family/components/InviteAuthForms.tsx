import { Button, PasswordInput, SimpleGrid, Stack, Tabs, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldErrors } from '../../../lib/api';
import { toasts } from '../../../lib/messages';
import * as authApi from '../../auth';
import { userKey, loginRules, registerRules } from '../../auth';
import { invitationText as t } from '../strings';
import { showError, showSuccess } from '../../../lib/toast';

// Sign-in and create-account on the invitation page. The marketing forms use the auth hooks, which go
// to /dashboard on success; here joining is one step: these call features/auth's API directly with the
// same validation rules, cache the user and then accept the invitation (onSignedIn), which lands the
// new member on the athlete's dashboard.

/** Tabs 'Sign In' and 'Create Account', for a signed-out visitor; onSignedIn accepts the invitation. */
export function InviteAuthForms({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <Tabs defaultValue="sign-in">
      <Tabs.List grow mb="lg">
        <Tabs.Tab value="sign-in">{t.tabSignIn}</Tabs.Tab>
        <Tabs.Tab value="create-account">{t.tabCreateAccount}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="sign-in">
        <InviteSignInForm onSignedIn={onSignedIn} />
      </Tabs.Panel>
      <Tabs.Panel value="create-account">
        <InviteCreateAccountForm onSignedIn={onSignedIn} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** Caches the signed-in user, greets them and goes on to accept; no navigation of its own. */
function useSessionMutation<I>(
  call: (input: I) => Promise<authApi.User>,
  success: { title: string; message: string },
  failure: { title: string; fallback: string },
  onSignedIn: () => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (user) => {
      client.setQueryData(userKey, user);
      showSuccess(success);
      onSignedIn();
    },
    onError: (err) => {
      showError(failure, err);
    },
  });
}

function InviteSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const login = useSessionMutation(authApi.login, toasts.loginSuccess, toasts.loginFailed, onSignedIn);
  const form = useForm({ initialValues: { email: '', password: '' }, validate: loginRules });
  const submit = form.onSubmit((values) =>
    login.mutate(
      { email: values.email.trim(), password: values.password },
      { onError: (err) => form.setErrors(fieldErrors(err)) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t.email} type="email" autoComplete="email" placeholder={t.emailPlaceholder} {...form.getInputProps('email')} />
        <PasswordInput label={t.password} autoComplete="current-password" {...form.getInputProps('password')} />
        <Button type="submit" fullWidth loading={login.isPending} mt="xs">
          {t.signIn}
        </Button>
      </Stack>
    </form>
  );
}

function InviteCreateAccountForm({ onSignedIn }: { onSignedIn: () => void }) {
  const register = useSessionMutation(authApi.register, toasts.registerSuccess, toasts.registerFailed, onSignedIn);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    validate: registerRules,
  });
  const submit = form.onSubmit((values) =>
    register.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
      },
      { onError: (err) => form.setErrors(fieldErrors(err)) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t.firstName} autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label={t.lastName} autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label={t.email} type="email" autoComplete="email" placeholder={t.emailPlaceholder} {...form.getInputProps('email')} />
        <PasswordInput label={t.password} autoComplete="new-password" description={t.passwordHint} {...form.getInputProps('password')} />
        <PasswordInput label={t.confirmPassword} autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <Button type="submit" fullWidth loading={register.isPending} mt="xs">
          {t.createAccount}
        </Button>
      </Stack>
    </form>
  );
}
