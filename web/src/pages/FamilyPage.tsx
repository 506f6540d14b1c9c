import { Container } from '@mantine/core';
import { FamilyCircleView } from '../features/family';

export function FamilyPage() {
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <FamilyCircleView />
    </Container>
  );
}
