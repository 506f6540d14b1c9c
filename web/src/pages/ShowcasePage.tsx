import { Container } from '@mantine/core';
import { ShowcaseView } from '../features/showcase';

export function ShowcasePage() {
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <ShowcaseView />
    </Container>
  );
}
