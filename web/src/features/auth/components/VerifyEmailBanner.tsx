import { Alert, Button, Container, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconMail } from '@tabler/icons-react';
import { serverMessage } from '../../../lib/api';
import { resendVerification } from '../api';
import { useUser } from '../queries';
import { verifyStrings as t } from '../strings';

/** A quiet reminder above every page until the account's address is confirmed, with "Resend". */
export function VerifyEmailBanner() {
  const { user } = useUser();
  const resend = useMutation({ mutationFn: resendVerification });
  if (!user || user.emailVerified !== false) return null;
  const answer = resend.isSuccess ? resend.data.message : resend.isError ? serverMessage(resend.error) : undefined;
  return (
    <Container size="lg" pt="sm">
      <Alert variant="light" color="blue" icon={<IconMail size={18} aria-hidden />} title={t.bannerTitle} role="status">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Text size="sm">{answer ?? t.banner(user.email)}</Text>
          {!resend.isSuccess && (
            <Button size="compact-sm" variant="subtle" onClick={() => resend.mutate()} loading={resend.isPending}>
              {t.resend}
            </Button>
          )}
        </Group>
      </Alert>
    </Container>
  );
}
