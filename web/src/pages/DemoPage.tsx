import { Container } from '@mantine/core';
import { DemoAthlete } from '../features/dashboard';

export function DemoPage() {
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <DemoAthlete />
    </Container>
  );
}
