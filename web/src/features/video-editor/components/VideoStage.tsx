import type { ComponentProps } from 'react';
import { Box, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { formatTime } from '../playback';
import { editorText as t } from '../strings';
import { useVideoGestures } from './useVideoGestures';
import classes from './VideoEditor.module.css';

interface VideoStageProps {
  src: string;
  poster: string | null;
  title: string;
  playing: boolean;
  currentTime: number;
  duration: number;
  videoProps: ComponentProps<'video'>;
  onSeek: (seconds: number) => void;
  onTogglePlay: () => void;
}

/** The video with its touch gestures (swipe to seek, double tap to play) and a click to play for a mouse. */
export function VideoStage({ src, poster, title, playing, currentTime, duration, videoProps, onSeek, onTogglePlay }: VideoStageProps) {
  const clamp = (s: number) => Math.max(0, Math.min(duration || s, s));
  const gestures = useVideoGestures({ onSeekBy: (seconds) => onSeek(clamp(currentTime + seconds)), onTogglePlay });
  const preview = gestures.preview;
  const touch = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
  return (
    <>
      <Box className={classes.stage} data-testid="video-stage" onClick={onTogglePlay} {...gestures.handlers}>
        <video
          {...videoProps}
          className={classes.video}
          src={src}
          poster={poster ?? undefined}
          playsInline
          preload="metadata"
          aria-label={t.videoLabel(title)}
        />
        {!playing && preview === null && (
          <div className={classes.paused} aria-hidden>
            <div className={classes.pausedIcon}>
              <IconPlayerPlayFilled size={26} />
            </div>
          </div>
        )}
        {preview !== null && (
          <div className={classes.preview} role="status">
            {t.swipePreview(`${preview >= 0 ? '+' : '−'}${Math.abs(preview).toFixed(1)} s`, formatTime(clamp(currentTime + preview)))}
          </div>
        )}
      </Box>
      {touch && (
        <Text size="xs" c="dimmed">
          {t.gestureHint}
        </Text>
      )}
    </>
  );
}
