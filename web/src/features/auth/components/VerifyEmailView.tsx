import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { serverMessage } from '../../../lib/api';
import { verifyEmail, type User } from '../api';
import { userKey, useUser } from '../queries';
import { verifyStrings as t } from '../strings';

/**
 * The page behind a confirmation link. The link is opened once (a query keyed on the token, so a
 * re-render does not spend it twice); the signed-in account it names is refreshed in place.
 */
export function VerifyEmailView({ token }: { token: string }) {
  const client = useQueryClient();
  const { user } = useUser();
  const confirm = useQuery({
    queryKey: ['email-verification', token],
    queryFn: async () => {
      const confirmed = await verifyEmail(token);
      client.setQueryData<User | null>(userKey, (current) => (current?.id === confirmed.id ? confirmed : current));
      return confirmed;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  if (confirm.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t.confirming} />
      </Center>
    );
  }
  const next = user ? (
    <Button component={Link} to="/dashboard">
      {t.toDashboard}
    </Button>
  ) : (
    <Button component={Link} to="/early-access">
      {t.toSignIn}
    </Button>
  );
  if (confirm.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t.failed} role="alert">
          {serverMessage(confirm.error) ?? confirm.error.message}
        </Alert>
        {next}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
        {t.confirmed(confirm.data.email)}
      </Alert>
      {next}
    </Stack>
  );
}
