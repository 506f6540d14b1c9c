import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRegisterMutation, registerRules } from '../../auth';
import { fieldErrors } from '../../../lib/api';

/** Early-access registration; confirmPassword is checked here and dropped before sending (spec section 3). */
export function CreateAccountForm() {
  const register = useRegisterMutation();
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    validate: registerRules,
  });

  const submit = form.onSubmit((values) => {
    register.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
      },
      { onError: (err) => form.setErrors(fieldErrors(err)) },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First Name" autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last Name" autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          description="At least 8 characters, with an uppercase letter, a lowercase letter and a number"
          {...form.getInputProps('password')}
        />
        <PasswordInput label="Confirm Password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <Button type="submit" fullWidth loading={register.isPending} mt="xs">
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
