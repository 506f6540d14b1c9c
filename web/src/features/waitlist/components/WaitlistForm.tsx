import { useState, type FormEvent } from 'react';
import { Alert, Button, Flex, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconMail } from '@tabler/icons-react';
import { validEmail } from '../../auth';
import { footerWaitlistErrorMessage, footerWaitlistMessage, useJoinWaitlistMutation } from '../queries';

interface WaitlistFormProps {
  /** "toast": the page-level notifications (landing, Coming Soon); "inline": alerts under the form (footer). */
  feedback: 'toast' | 'inline';
  /** Puts the button under the field, for narrow columns such as the footer's. */
  stacked?: boolean;
  /** Lets a call-to-action elsewhere on the page focus the field. */
  inputId?: string;
  size?: 'sm' | 'md';
}

/**
 * The one waitlist e-mail form: idle, joining, then a message. A blank (after trimming) entry is ignored.
 * One field, so plain state rather than @mantine/form: the form is on the landing page, whose first
 * script has a budget (docs/PERFORMANCE.md, "Web bundle"), and the form library would be most of a
 * visitor's first kilobytes spent on it.
 */
export function WaitlistForm({ feedback, stacked = false, inputId, size = 'sm' }: WaitlistFormProps) {
  const join = useJoinWaitlistMutation({ notify: feedback === 'toast' });
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) return;
    const problem = validEmail(email);
    setError(problem);
    if (problem) return;
    join.mutate(trimmed, { onSuccess: () => setEmail('') });
  };

  const field = (
    <TextInput
      value={email}
      onChange={(event) => {
        setEmail(event.currentTarget.value);
        setError(null);
      }}
      error={error}
      id={inputId}
      type="email"
      size={size}
      aria-label="Email address"
      placeholder="you@example.com"
      autoComplete="email"
      leftSection={<IconMail size={16} aria-hidden />}
      style={{ flex: 1 }}
    />
  );
  const button = (
    <Button type="submit" size={size} loading={join.isPending} w={stacked ? '100%' : { base: '100%', xs: 'auto' }}>
      {join.isPending ? 'Joining...' : 'Join Waitlist'}
    </Button>
  );

  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate>
        {/* A column in narrow places (and on phones); field and button side by side otherwise. */}
        <Flex direction={stacked ? 'column' : { base: 'column', xs: 'row' }} gap="xs" align={stacked ? 'stretch' : { base: 'stretch', xs: 'flex-start' }}>
          {field}
          {button}
        </Flex>
      </form>
      {feedback === 'inline' && join.isSuccess && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} py="xs">
          {footerWaitlistMessage(join.data)}
        </Alert>
      )}
      {feedback === 'inline' && join.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} py="xs">
          {footerWaitlistErrorMessage(join.error)}
        </Alert>
      )}
    </Stack>
  );
}
