import { Container } from '@mantine/core';
import { SubscriptionPlans } from '../features/billing/components/SubscriptionPlans';

export function SubscriptionPage() {
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <SubscriptionPlans />
    </Container>
  );
}
