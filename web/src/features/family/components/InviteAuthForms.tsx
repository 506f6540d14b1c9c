import { Button, PasswordInput, SimpleGrid, Stack, Tabs, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldErrors } from '../../../lib/api';
import { toasts } from '../../../lib/messages';
import * as authApi from '../../auth';
import { userKey, loginRules, registerRules } from '../../auth';
import * as familyApi from '../api';
import { invitationText as t } from '../strings';
import { showError, showSuccess } from '../../../lib/toast';

// Sign-in and create-account on the invitation page. The marketing forms use the auth hooks, which go
// to /dashboard on success; here joining is one step: these call features/auth's API directly with the
// same validation rules, cache the user and then accept the invitation (onSignedIn), which lands the
// new member on the athlete's dashboard.

interface InviteAuthFormsProps {
  token: string;
  /** The invited address, masked; null for an invitation added without one. */
  invitedEmail: string | null;
  /** After signing in: accept the invitation. */
  onSignedIn: () => void;
  /** After creating the invited address's account, which the server joined to the circle with it. */
  onJoined: () => void;
}

/**
 * Tabs 'Sign In' and 'Create Account', for a signed-out visitor. An e-mailed invitation's new account
 * takes the invited address (the server's, never typed) and joins in the same call; otherwise the
 * account is the visitor's own and onSignedIn accepts the invitation.
 */
export function InviteAuthForms({ token, invitedEmail, onSignedIn, onJoined }: InviteAuthFormsProps) {
  return (
    <Tabs defaultValue={invitedEmail ? 'create-account' : 'sign-in'}>
      <Tabs.List grow mb="lg">
        <Tabs.Tab value="sign-in">{t.tabSignIn}</Tabs.Tab>
        <Tabs.Tab value="create-account">{t.tabCreateAccount}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="sign-in">
        <InviteSignInForm onSignedIn={onSignedIn} />
      </Tabs.Panel>
      <Tabs.Panel value="create-account">
        <InviteCreateAccountForm token={token} invitedEmail={invitedEmail} onDone={invitedEmail ? onJoined : onSignedIn} />
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

/**
 * Create Account. For an e-mailed invitation (invitedEmail) the address is the invitation's, shown
 * masked and read-only, and the server creates the account and joins it in one call (onJoined);
 * otherwise the visitor types their own and onDone accepts the invitation.
 */
function InviteCreateAccountForm({ token, invitedEmail, onDone }: { token: string; invitedEmail: string | null; onDone: () => void }) {
  const register = useSessionMutation(
    ({ email, ...input }: Parameters<typeof authApi.register>[0]) =>
      invitedEmail ? familyApi.registerFromInvitation(token, input) : authApi.register({ email, ...input }),
    toasts.registerSuccess,
    toasts.registerFailed,
    onDone,
  );
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    validate: invitedEmail ? { ...registerRules, email: () => null } : registerRules,
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
        {invitedEmail ? (
          <TextInput label={t.email} value={invitedEmail} readOnly description={t.invitedAddressHint} />
        ) : (
          <TextInput label={t.email} type="email" autoComplete="email" placeholder={t.emailPlaceholder} {...form.getInputProps('email')} />
        )}
        <PasswordInput label={t.password} autoComplete="new-password" description={t.passwordHint} {...form.getInputProps('password')} />
        <PasswordInput label={t.confirmPassword} autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <Button type="submit" fullWidth loading={register.isPending} mt="xs">
          {t.createAccount}
        </Button>
      </Stack>
    </form>
  );
}
