import { Container } from '@mantine/core';
import { JournalBrowser } from '../features/journal';

export function JournalPage() {
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <JournalBrowser />
    </Container>
  );
}
