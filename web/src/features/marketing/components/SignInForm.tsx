import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLoginMutation, loginRules } from '../../auth';
import { fieldErrors } from '../../../lib/api';

/** Early-access sign-in: validated on submit; a 400's field errors land under the matching inputs. */
export function SignInForm() {
  const login = useLoginMutation();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: loginRules,
  });

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
        <Button type="submit" fullWidth loading={login.isPending} mt="xs">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
