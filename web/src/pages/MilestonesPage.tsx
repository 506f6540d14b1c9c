import { Container } from '@mantine/core';
import { MilestonesView } from '../features/milestones';

export function MilestonesPage() {
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <MilestonesView />
    </Container>
  );
}
