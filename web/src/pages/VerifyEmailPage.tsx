import { Container, Paper, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { VerifyEmailView, verifyStrings } from '../features/auth';

/** Public: the link in a confirmation e-mail ({APP_URL}/verify-email/{token}). */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  return (
    <Container size="xs" py={{ base: 32, sm: 64 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} ta="center" mb="lg">
        {verifyStrings.pageTitle}
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
        <VerifyEmailView token={token} />
      </Paper>
    </Container>
  );
}
