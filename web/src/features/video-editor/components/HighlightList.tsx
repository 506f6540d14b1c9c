import { Button, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconFlame, IconMovie, IconSparkles, IconVolume } from '@tabler/icons-react';
import type { HighlightSegment, Highlights } from '../api';
import { formatTime, type TrimRange } from '../playback';
import { editorText as t, reasonLabels } from '../strings';
import classes from './VideoEditor.module.css';

interface HighlightListProps {
  highlights: Highlights | undefined;
  loading: boolean;
  detecting: boolean;
  /** Detection needs a processed video. */
  canDetect: boolean;
  trim: TrimRange | null;
  onDetect: () => void;
  onSelect: (segment: HighlightSegment) => void;
}

const reasonIcon = (reason: string) =>
  reason === 'scene change' ? IconMovie : reason === 'crowd/audio peak' ? IconVolume : IconFlame;

/** Within a hundredth of a second: a trim set from a segment, or slid onto it, selects it. */
const near = (a: number, b: number) => Math.abs(a - b) < 0.01;

/** Detect Highlights, and the detected moments as buttons that trim to a moment and jump to it. */
export function HighlightList({ highlights, loading, detecting, canDetect, trim, onDetect, onSelect }: HighlightListProps) {
  const segments = highlights?.segments ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" align="flex-start">
        <Stack gap={0} flex={1} miw={180}>
          <Text fw={600} size="sm">
            {t.highlights}
          </Text>
          <Text size="xs" c="dimmed">
            {t.highlightsHint}
          </Text>
        </Stack>
        <Button
          variant="light"
          leftSection={<IconSparkles size={16} />}
          onClick={onDetect}
          loading={detecting}
          disabled={!canDetect}
        >
          {t.detect}
        </Button>
      </Group>
      {detecting && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t.detecting}
          </Text>
        </Group>
      )}
      {highlights?.status === 'failed' && (
        <Text size="xs" c="red">
          {[t.detectionFailed, highlights.statusReason].filter(Boolean).join(' ')}
        </Text>
      )}
      {segments.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" data-testid="highlight-list">
          {segments.map((segment) => {
            const range = `${formatTime(segment.start)} – ${formatTime(segment.end)}`;
            const reason = reasonLabels[segment.reason] ?? segment.reason;
            const selected = trim !== null && near(trim.start, segment.start) && near(trim.end, segment.end);
            const Icon = reasonIcon(segment.reason);
            return (
              <UnstyledButton
                key={`${segment.start}-${segment.end}`}
                className={classes.segment}
                data-selected={selected || undefined}
                aria-pressed={selected}
                aria-label={t.segment(range, reason)}
                onClick={() => onSelect(segment)}
              >
                <ThemeIcon variant={selected ? 'filled' : 'light'} radius="xl" size="md">
                  <Icon size={16} />
                </ThemeIcon>
                <Stack gap={0}>
                  <Text size="sm" fw={600} className={classes.time}>
                    {range}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {reason}
                  </Text>
                </Stack>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      ) : (
        !detecting &&
        !loading && (
          <Text size="sm" c="dimmed">
            {highlights?.status === 'ready' ? t.noneFound : t.noHighlights}
          </Text>
        )
      )}
    </Stack>
  );
}
