import { Container } from '@mantine/core';
import { AccountProfile } from '../features/account';

export function ProfilePage() {
  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <AccountProfile />
    </Container>
  );
}
