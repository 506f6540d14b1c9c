import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSearchParams } from 'react-router';
import { ForgotPasswordForm, loginRules, resetStrings, useLoginMutation } from '../../auth';
import { fieldErrors } from '../../../lib/api';

/**
 * Early-access sign-in: validated on submit; a 400's field errors land under the matching inputs.
 * "Forgot password?" swaps in the form that mails a link (also opened by ?forgot=1, where a spent
 * link sends the family to ask for another).
 */
export function SignInForm() {
  const login = useLoginMutation();
  const [params] = useSearchParams();
  const [forgot, setForgot] = useState(params.has('forgot'));
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: loginRules,
  });

  if (forgot) return <ForgotPasswordForm email={form.values.email.trim()} onBack={() => setForgot(false)} />;

  const submit = form.onSubmit((values) => {
    login.mutate(
      { email: values.email.trim(), password: values.password },
      { onError: (err) => form.setErrors(fieldErrors(err)) },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        <Group justify="flex-end" mt={-8}>
          <Anchor component="button" type="button" size="sm" onClick={() => setForgot(true)}>
            {resetStrings.forgotLink}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending} mt="xs">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
