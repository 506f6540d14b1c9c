import { Container } from '@mantine/core';
import { ActivityFeed } from '../features/activity';

export function ActivityPage() {
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <ActivityFeed />
    </Container>
  );
}
