import { Container, Paper, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ResetPasswordForm, resetStrings } from '../features/auth';

/** Public: the link in a password reset e-mail ({APP_URL}/reset-password/{token}). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  return (
    <Container size="xs" py={{ base: 32, sm: 64 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} ta="center" mb="lg">
        {resetStrings.pageTitle}
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
        <ResetPasswordForm token={token} />
      </Paper>
    </Container>
  );
}
