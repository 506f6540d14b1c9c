import { Container } from '@mantine/core';
import { Dashboard } from '../features/dashboard';

export function DashboardPage() {
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Dashboard />
    </Container>
  );
}
