import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { CoachLinkView } from '../features/coach-link';

/** /r/:code: the page a family made for one college's coach. */
export function CoachLinkPage() {
  const { code = '' } = useParams();
  return (
    <Container size="sm" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <CoachLinkView code={code} />
    </Container>
  );
}
