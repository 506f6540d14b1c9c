import { Group, NumberInput, RangeSlider, SimpleGrid, Stack, Text } from '@mantine/core';
import { MIN_CLIP_SECONDS, TRIM_STEP_SECONDS } from '../constants';
import { formatTime, type TrimRange } from '../playback';
import { editorText as t } from '../strings';
import classes from './VideoEditor.module.css';

interface TrimControlsProps {
  trim: TrimRange;
  duration: number;
  /** A new trim; `moved` says which end changed, so the picture can follow it. */
  onChange: (trim: TrimRange, moved: 'start' | 'end' | null) => void;
}

/** NumberInput answers '' for an empty field: kept as NaN, which Save Clip refuses ("start must be a number"). */
const toSeconds = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);
const toField = (seconds: number) => (Number.isFinite(seconds) ? seconds : '');

/**
 * The trim range slider (step 0.1 s, the whole video by default) and the same range as two number
 * fields, for exact times and for phones where a thumb is hard to place to a tenth.
 */
export function TrimControls({ trim, duration, onChange }: TrimControlsProps) {
  // The slider needs an ordered pair of numbers; the fields may hold anything while being typed.
  const low = Number.isFinite(trim.start) ? trim.start : 0;
  const high = Number.isFinite(trim.end) ? trim.end : duration;
  const length = trim.end - trim.start;
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          {t.trim}
        </Text>
        <Text size="sm" c="dimmed" className={classes.time} data-testid="trim-summary">
          {`${formatTime(trim.start)} – ${formatTime(trim.end)} · ${t.clipLength(formatTime(length))}`}
        </Text>
      </Group>
      <RangeSlider
        min={0}
        max={duration}
        step={TRIM_STEP_SECONDS}
        minRange={Math.min(MIN_CLIP_SECONDS, duration)}
        value={[Math.min(low, high), Math.max(low, high)]}
        onChange={([start, end]) => onChange({ start, end }, start !== trim.start ? 'start' : end !== trim.end ? 'end' : null)}
        label={formatTime}
        thumbFromLabel={t.trimStart}
        thumbToLabel={t.trimEnd}
        thumbValueText={formatTime}
        size="lg"
        py={6}
      />
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label={t.startSeconds}
          value={toField(trim.start)}
          onChange={(value) => onChange({ ...trim, start: toSeconds(value) }, 'start')}
          min={0}
          max={duration}
          step={TRIM_STEP_SECONDS}
          decimalScale={2}
          allowNegative={false}
        />
        <NumberInput
          label={t.endSeconds}
          value={toField(trim.end)}
          onChange={(value) => onChange({ ...trim, end: toSeconds(value) }, 'end')}
          min={0}
          max={duration}
          step={TRIM_STEP_SECONDS}
          decimalScale={2}
          allowNegative={false}
        />
      </SimpleGrid>
    </Stack>
  );
}
