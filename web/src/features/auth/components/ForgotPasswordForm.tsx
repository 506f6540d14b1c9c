import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconMailCheck } from '@tabler/icons-react';
import { fieldErrors, serverMessage } from '../../../lib/api';
import { requestPasswordReset } from '../api';
import { resetStrings } from '../strings';
import { validEmail } from '../validation';

/** Asks for a link to choose a new password; the answer reads the same whether or not the address has an account. */
export function ForgotPasswordForm({ email = '', onBack }: { email?: string; onBack: () => void }) {
  const request = useMutation({ mutationFn: requestPasswordReset });
  const form = useForm({ initialValues: { email }, validate: { email: validEmail } });

  if (request.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconMailCheck size={18} aria-hidden />} title={resetStrings.sentTitle}>
          {request.data?.message ?? resetStrings.sentFallback}
        </Alert>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {resetStrings.backToSignIn}
        </Anchor>
      </Stack>
    );
  }

  const submit = form.onSubmit((values) => {
    request.mutate(values.email.trim(), { onError: (err) => form.setErrors(fieldErrors(err)) });
  });
  const failure = request.isError && !Object.keys(fieldErrors(request.error)).length ? serverMessage(request.error) : undefined;
  return (
    <form onSubmit={submit} noValidate aria-label={resetStrings.forgotTitle}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {resetStrings.forgotHelp}
        </Text>
        <TextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...form.getInputProps('email')} />
        {failure && (
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
        )}
        <Button type="submit" fullWidth loading={request.isPending}>
          {resetStrings.sendLink}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {resetStrings.backToSignIn}
        </Anchor>
      </Stack>
    </form>
  );
}
