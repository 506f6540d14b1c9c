import { useState } from 'react';
import { Container } from '@mantine/core';
import type { MediaItem } from '../features/media/api';
import { MediaLibrary } from '../features/media/components/MediaLibrary';
import { UploadButton } from '../features/media-upload/components/UploadButton';
import { VideoEditorDialog } from '../features/video-editor/components/VideoEditorDialog';

export function MediaPage() {
  const [editing, setEditing] = useState<MediaItem | null>(null);
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <MediaLibrary renderUpload={(athleteId) => <UploadButton athleteId={athleteId} />} onEditVideo={setEditing} />
      <VideoEditorDialog item={editing} onClose={() => setEditing(null)} />
    </Container>
  );
}
