import { Container } from '@mantine/core';
import { SubscriptionPlans } from '../features/billing';

export function SubscriptionPage() {
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <SubscriptionPlans />
    </Container>
  );
}
