import { Container } from '@mantine/core';
import { OperationsView } from '../features/ops';

export function OpsPage() {
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <OperationsView />
    </Container>
  );
}
