import { Container } from '@mantine/core';
import { MediaLibrary } from '../features/media/components/MediaLibrary';
import { UploadButton } from '../features/media-upload/components/UploadButton';

export function MediaPage() {
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <MediaLibrary renderUpload={(athleteId) => <UploadButton athleteId={athleteId} />} />
    </Container>
  );
}
