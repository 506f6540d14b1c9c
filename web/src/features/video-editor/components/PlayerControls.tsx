import { ActionIcon, Group, Slider, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { TRIM_STEP_SECONDS } from '../constants';
import { formatTime } from '../playback';
import { editorText as t } from '../strings';
import classes from './VideoEditor.module.css';

interface PlayerControlsProps {
  playing: boolean;
  currentTime: number;
  duration: number;
  onTogglePlay: () => void;
  onSeek: (seconds: number) => void;
}

/** Play/pause, the seek slider over the whole video, and "m:ss.s / m:ss.s". */
export function PlayerControls({ playing, currentTime, duration, onTogglePlay, onSeek }: PlayerControlsProps) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ActionIcon size="lg" radius="xl" variant="filled" aria-label={playing ? t.pause : t.play} onClick={onTogglePlay}>
        {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
      </ActionIcon>
      <Slider
        flex={1}
        min={0}
        max={duration || 1}
        step={TRIM_STEP_SECONDS}
        value={Math.min(currentTime, duration || 0)}
        onChange={onSeek}
        disabled={!duration}
        label={formatTime}
        thumbLabel={t.seek}
        thumbValueText={formatTime}
      />
      <Text size="sm" c="dimmed" className={classes.time}>
        {t.timeOf(formatTime(currentTime), formatTime(duration))}
      </Text>
    </Group>
  );
}
