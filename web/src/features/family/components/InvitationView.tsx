import { Alert, Button, Center, Divider, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconHeartHandshake, IconLayoutDashboard } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ApiError, serverMessage } from '../../../lib/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logout, userKey, useUser } from '../../auth';
import type { Invitation } from '../api';
import { useAcceptInvitationMutation, useInvitationQuery } from '../queries';
import { maskEmail } from '../maskEmail';
import { accessLevelDescriptions, invitationText as t } from '../strings';
import { InviteAuthForms } from './InviteAuthForms';

/**
 * /invite/:token: what the invitation is, then sign-in or create-account for a signed-out visitor (which
 * accepts it in the same step), or 'Accept invitation' for one already signed in. A link that is unknown (404), used, expired or cancelled
 * (410, the server says which) or already accepted (409) is explained in place.
 */
export function InvitationView({ token }: { token: string }) {
  const invitation = useInvitationQuery(token);
  const accept = useAcceptInvitationMutation(token);

  if (invitation.isPending) {
    return (
      <Center h="50vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (invitation.isError) {
    const err = invitation.error;
    if (err instanceof ApiError && (err.status === 404 || err.status === 410)) {
      return <Unavailable message={err.status === 404 ? t.notValid : (serverMessage(err) ?? t.notValid)} />;
    }
    return (
      <Alert color="red" variant="light" radius="md" icon={<IconAlertCircle />} title={t.loadFailed}>
        <Button size="xs" variant="white" color="red" onClick={() => void invitation.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  }

  const acceptError = accept.error instanceof ApiError ? accept.error : null;
  if (acceptError?.status === 409) return <AlreadyMember />;
  // 403: the signed-in account's address is not the invited one (the server decides; the page only
  // guesses ahead from the masked address).
  const refused = acceptError?.status === 403;
  if (acceptError && (acceptError.status === 404 || acceptError.status === 410)) {
    return <Unavailable message={acceptError.serverMessage ?? t.notValid} />;
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
      <Stack gap="lg">
        <InvitationSummary invitation={invitation.data} />
        <Divider />
        <AcceptOrSignIn token={token} invitation={invitation.data} onAccept={() => accept.mutate()} accepting={accept.isPending} refused={refused} onSignedOut={() => accept.reset()} />
      </Stack>
    </Paper>
  );
}

function InvitationSummary({ invitation }: { invitation: Invitation }) {
  return (
    <Stack gap="sm" align="center" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="navy">
        <IconHeartHandshake size={30} stroke={1.5} aria-hidden />
      </ThemeIcon>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t.pageTitle}
      </Title>
      <Text size="lg" maw={520}>
        {t.summary(invitation)}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t.invitedPerson(invitation.name, invitation.email)}
      </Text>
      {accessLevelDescriptions[invitation.accessLevel] && (
        <Text size="sm" c="dimmed">
          {accessLevelDescriptions[invitation.accessLevel]}
        </Text>
      )}
    </Stack>
  );
}

interface AcceptOrSignInProps {
  token: string;
  invitation: Invitation;
  onAccept: () => void;
  accepting: boolean;
  /** The server refused this account (403): the invitation is another address's. */
  refused: boolean;
  /** Forgets the refusal: the next account is asked afresh. */
  onSignedOut: () => void;
}

function AcceptOrSignIn({ token, invitation, onAccept, accepting, refused, onSignedOut }: AcceptOrSignInProps) {
  const { user, isLoading } = useUser();
  const navigate = useNavigate();
  // Signing out here stays on the invitation, which then offers sign-in and create-account.
  const client = useQueryClient();
  const signOut = useMutation({
    mutationFn: logout,
    onSettled: () => {
      client.setQueryData(userKey, null);
      onSignedOut();
    },
  });
  if (isLoading) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (!user) {
    return (
      <Stack gap="md">
        <Text ta="center" fw={500}>
          {t.signInPrompt}
        </Text>
        <InviteAuthForms
          token={token}
          invitedEmail={invitation.email}
          onSignedIn={onAccept}
          onJoined={() => {
            // The new account is in the circle already: its one athlete is the dashboard's.
            void client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/athletes') });
            navigate('/dashboard');
          }}
        />
      </Stack>
    );
  }
  // An e-mailed invitation is its address's: another account is told who it was sent to and offered
  // to sign out (the server refuses it too, 403).
  if (invitation.email && (refused || maskEmail(user.email) !== invitation.email.toLowerCase())) {
    return (
      <Alert color="orange" variant="light" radius="md" icon={<IconAlertCircle />} title={t.forSomeoneElse}>
        <Stack gap="sm" align="flex-start">
          {/* Addresses are long words: let them break anywhere rather than run off a phone. */}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t.otherAccount(invitation.email, user.email)}
          </Text>
          <Button size="sm" variant="default" onClick={() => signOut.mutate()} loading={signOut.isPending}>
            {t.signOut}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="sm" align="center">
      <Text size="sm" c="dimmed">
        {t.signedInAs(user.email)}
      </Text>
      <Button size="md" onClick={onAccept} loading={accepting}>
        {t.accept}
      </Button>
    </Stack>
  );
}

function Unavailable({ message }: { message: string }) {
  return (
    <Alert color="orange" variant="light" radius="md" icon={<IconAlertCircle />} title={t.unavailableTitle}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm" role="alert">
          {message}
        </Text>
        <Button size="xs" variant="white" component={Link} to="/" leftSection={<IconArrowLeft size={14} aria-hidden />}>
          {t.goHome}
        </Button>
      </Stack>
    </Alert>
  );
}

function AlreadyMember() {
  return (
    <Alert color="navy" variant="light" radius="md" icon={<IconHeartHandshake />} title={t.alreadyMember}>
      <Group>
        <Button size="xs" component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={14} aria-hidden />}>
          {t.goToDashboard}
        </Button>
      </Group>
    </Alert>
  );
}
