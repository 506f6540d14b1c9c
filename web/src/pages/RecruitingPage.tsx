import { Container } from '@mantine/core';
import { RecruitingCenter } from '../features/recruiting';

export function RecruitingPage() {
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <RecruitingCenter />
    </Container>
  );
}
