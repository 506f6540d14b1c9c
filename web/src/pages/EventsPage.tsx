import { Container } from '@mantine/core';
import { EventsView } from '../features/events';

export function EventsPage() {
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <EventsView />
    </Container>
  );
}
