import { Container } from '@mantine/core';
import { Dashboard } from '../features/dashboard/components/Dashboard';

export function DashboardPage() {
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Dashboard />
    </Container>
  );
}
