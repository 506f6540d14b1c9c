import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { InvitationView } from '../features/family';

/** Public: the link in an invitation e-mail ({APP_URL}/invite/{token}). */
export function InvitePage() {
  const { token = '' } = useParams();
  return (
    <Container size="sm" py={{ base: 32, sm: 56 }} px={{ base: 'sm', sm: 'md' }}>
      <InvitationView token={token} />
    </Container>
  );
}
