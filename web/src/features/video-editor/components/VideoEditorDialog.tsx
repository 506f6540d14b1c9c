import { Alert, Divider, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconLoader } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { type MediaItem, useMediaItem } from '../../media';
import type { HighlightSegment } from '../api';
import { clipRangeProblem, fullTrim, trimOfSegment, type TrimRange } from '../playback';
import { useHighlights } from '../queries';
import { editorText as t } from '../strings';
import { ClipActions } from './ClipActions';
import { HighlightList } from './HighlightList';
import { PlayerControls } from './PlayerControls';
import { SocialSharePanel } from './SocialSharePanel';
import { TrimControls } from './TrimControls';
import { useTrimmedPlayback } from './useTrimmedPlayback';
import { VideoStage } from './VideoStage';
import { isWorking } from '../../../lib/jobStatus';

interface VideoEditorDialogProps {
  /** The video to edit; null: closed. */
  item: MediaItem | null;
  onClose: () => void;
}

/** The editor in a dialog: xl on a desktop, the whole screen on a phone (below 48em). */
export function VideoEditorDialog({ item, onClose }: VideoEditorDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Dialog
      opened={item !== null}
      onClose={onClose}
      title={item ? `${t.dialogTitle}: ${item.title}` : t.dialogTitle}
      size="xl"
      fullScreen={phone}
      radius={phone ? 0 : 'md'}
      padding={phone ? 'sm' : 'md'}
      closeButtonProps={{ 'aria-label': t.close }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', overflowWrap: 'anywhere' } }}
    >
      {/* Keyed by the item: another video starts with its own trim, playback and share link. */}
      {item && <VideoEditor key={item.id} item={item} onClose={onClose} />}
    </Dialog>
  );
}

interface VideoEditorProps {
  item: MediaItem;
  onClose: () => void;
}

function VideoEditor({ item: opened, onClose }: VideoEditorProps) {
  // Kept current (read again while it processes), so a video opened before it was ready becomes editable here when it is.
  const item = useMediaItem(opened);
  const [trim, setTrim] = useState<TrimRange | null>(() => (opened.duration ? fullTrim(opened.duration) : null));
  const [shareCode, setShareCode] = useState<string | null>(null);
  // Only a range of numbers in order is kept to while playing; a field being typed is not.
  const playableTrim = trim && clipRangeProblem(trim) !== 'order' ? trim : null;
  const playback = useTrimmedPlayback(playableTrim, (seconds) => setTrim((current) => current ?? fullTrim(seconds)));
  const duration = item.duration ?? playback.mediaDuration ?? 0;

  const selectSegment = (segment: HighlightSegment) => {
    if (!duration) return;
    const range = trimOfSegment(segment, duration);
    setTrim(range);
    playback.seek(range.start);
  };
  const highlights = useHighlights(item, (segments) => {
    if (segments[0]) selectSegment(segments[0]);
  });
  const onTrimChange = (next: TrimRange, moved: 'start' | 'end' | null) => {
    setTrim(next);
    // The picture follows the handle being moved, so the cut can be placed by eye.
    const at = moved === 'start' ? next.start : moved === 'end' ? next.end : Number.NaN;
    if (Number.isFinite(at)) playback.seek(Math.min(at, duration));
  };

  return (
    <Stack gap="md">
      {isWorking(item.status) && (
        <Alert variant="light" color="navy" icon={<IconLoader size={18} />}>
          {t.stillProcessing}
        </Alert>
      )}
      {item.status === 'failed' && (
        <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />}>
          {[t.processingFailed, item.statusReason].filter(Boolean).join(' ')}
        </Alert>
      )}
      <Stack gap="xs">
        <VideoStage
          src={item.mediaUrl}
          poster={item.thumbnailUrl}
          title={item.title}
          playing={playback.playing}
          currentTime={playback.currentTime}
          duration={duration}
          videoProps={playback.videoProps}
          onSeek={playback.seek}
          onTogglePlay={playback.toggle}
        />
        <PlayerControls
          playing={playback.playing}
          currentTime={playback.currentTime}
          duration={duration}
          onTogglePlay={playback.toggle}
          onSeek={playback.seek}
        />
      </Stack>
      {trim && duration > 0 && <TrimControls trim={trim} duration={duration} onChange={onTrimChange} />}
      <Divider />
      <HighlightList
        highlights={highlights.highlights}
        loading={highlights.isLoading}
        detecting={highlights.isDetecting}
        canDetect={item.status === 'ready'}
        trim={trim}
        onDetect={highlights.detect}
        onSelect={selectSegment}
      />
      {shareCode && <SocialSharePanel title={item.title} shareCode={shareCode} />}
      <ClipActions item={item} trim={trim} onSaved={onClose} onShared={setShareCode} />
    </Stack>
  );
}
