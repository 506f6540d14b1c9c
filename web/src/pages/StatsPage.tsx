import { Container } from '@mantine/core';
import { StatsPageContent } from '../features/stats';

export function StatsPage() {
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <StatsPageContent />
    </Container>
  );
}
