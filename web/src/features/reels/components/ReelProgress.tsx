import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { isWorking } from '../../../lib/jobStatus';
import { findingHighlights } from '../api';
import { useReel, useReelVideo } from '../queries';
import { filmText, reelText as t } from '../strings';

/**
 * A reel's or film's render, followed from the dialog that started it: its progress, then the first
 * format's video to play, or why it failed.
 */
export function ReelProgress({ athleteId, reelId, onClose }: { athleteId: number; reelId: number; onClose: () => void }) {
  const { query } = useReel(athleteId, reelId);
  const reel = query.data;
  const first = reel?.outputs[0];
  const video = useReelVideo(first?.mediaId);
  const film = reel?.kind === 'film';
  if (!reel || isWorking(reel.status)) {
    const progress = reel?.progress ?? 0;
    const rendering = film ? filmText.rendering : t.rendering;
    return (
      <Stack gap="sm" data-testid="reel-progress">
        <Text>{reel && findingHighlights(reel) ? filmText.finding : reel?.status === 'processing' ? rendering : t.queued}</Text>
        <Progress value={progress * 100} animated aria-label={rendering} />
        <Text size="sm" c="dimmed">
          {t.percent(progress)}
        </Text>
      </Stack>
    );
  }
  if (reel.status === 'failed') {
    return (
      <Stack gap="sm">
        <Alert color="red" title={film ? filmText.failed : t.failed}>
          {reel.statusReason}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.close}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="reel-ready">
      <Text>{film ? filmText.ready : t.ready}</Text>
      {video.data && (
        <video
          src={video.data.mediaUrl}
          poster={video.data.thumbnailUrl ?? undefined}
          controls
          playsInline
          style={{ width: '100%', maxHeight: '60vh', background: 'black', borderRadius: 8 }}
          data-testid="reel-video"
        />
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>{t.done}</Button>
      </Group>
    </Stack>
  );
}
