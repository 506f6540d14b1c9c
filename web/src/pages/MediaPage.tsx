import { lazy, Suspense, useState } from 'react';
import { Container, Group, Stack } from '@mantine/core';
import { Dialog } from '../components/Dialog';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { ErrorNotice } from '../components/ErrorNotice';
import { MediaLibrary, type MediaItem } from '../features/media';
import { UnfinishedUploads, UploadButton } from '../features/media-upload';
import { MakeReelButton, ReelsSection, SeasonFilmButton } from '../features/reels';

// The video editor is a chunk of its own, fetched the first time a video is opened in it
// (docs/PERFORMANCE.md, "Web bundle"); it then stays mounted so the dialog animates open and closed.
const VideoEditorDialog = lazy(() =>
  import('../features/video-editor').then((m) => ({ default: m.VideoEditorDialog })),
);

export function MediaPage() {
  const [editing, setEditing] = useState<MediaItem | null>(null);
  const [editorUsed, setEditorUsed] = useState(false);
  if (editing && !editorUsed) setEditorUsed(true);
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <UnfinishedUploads />
        <MediaLibrary
          renderUpload={(athleteId) => (
            <Group gap="sm">
              <MakeReelButton />
              <SeasonFilmButton />
              <UploadButton athleteId={athleteId} />
            </Group>
          )}
          onEditVideo={setEditing}
          renderAboveItems={(athlete) => <ReelsSection athlete={athlete} />}
        />
      </Stack>
      {editorUsed && (
        // Its chunk not downloaded (offline): a small dialog says so, in place of the editor.
        <ErrorBoundary
          fallback={({ chunk }) => (
            <Dialog opened={editing !== null} onClose={() => setEditing(null)} title={editing?.title} radius="md">
              <ErrorNotice chunk={chunk} place="dialog" />
            </Dialog>
          )}
        >
          <Suspense fallback={null}>
            <VideoEditorDialog item={editing} onClose={() => setEditing(null)} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Container>
  );
}
