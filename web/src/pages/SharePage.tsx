import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { SharedMediaView } from '../features/share';

export function SharePage() {
  const { shareCode = '' } = useParams();
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <SharedMediaView code={shareCode} />
    </Container>
  );
}
