import { Box, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { MediaItem } from '../../media';
import type { ReelSpotlight } from '../api';
import { reelText as t } from '../strings';

interface SpotlightPickerProps {
  item: MediaItem;
  value: ReelSpotlight | undefined;
  onChange: (spotlight: ReelSpotlight | undefined) => void;
}

/**
 * Where the spotlight's ring goes in one clip: a tap on its poster frame places it (x, y as fractions
 * of the picture, as the api takes them), then when it starts and how long it stays.
 */
export function SpotlightPicker({ item, value, onChange }: SpotlightPickerProps) {
  const place = (event: React.MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const x = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    const y = Math.min(1, Math.max(0, (event.clientY - box.top) / box.height));
    onChange({ clipId: item.id, at: value?.at ?? 0, seconds: value?.seconds ?? 3, x: round(x), y: round(y) });
  };
  const duration = item.duration ?? 0;
  const aspect = item.width && item.height ? `${item.width} / ${item.height}` : '16 / 9';
  return (
    <Stack gap={6} pl={32} data-testid={`spotlight-${item.id}`}>
      <Text size="xs" c="dimmed">
        {t.spotlightHint}
      </Text>
      <Box
        role="button"
        aria-label={t.spotlightPlace(item.title)}
        onClick={place}
        style={{
          position: 'relative',
          width: '100%',
          maxWidth: 320,
          aspectRatio: aspect,
          backgroundImage: item.thumbnailUrl ? `url(${item.thumbnailUrl})` : undefined,
          backgroundColor: 'black',
          backgroundSize: 'cover',
          borderRadius: 6,
          cursor: 'crosshair',
        }}
      >
        {value && (
          <Box
            style={{
              position: 'absolute',
              left: `${value.x * 100}%`,
              top: `${value.y * 100}%`,
              width: 36,
              height: 36,
              transform: 'translate(-50%, -50%)',
              border: '4px solid #ffd60a',
              borderRadius: '50%',
              boxShadow: '0 0 0 3px rgba(0,0,0,0.55)',
            }}
          />
        )}
      </Box>
      {value && (
        <Group gap="sm" grow>
          <NumberInput
            label={t.spotlightAt}
            min={0}
            max={Math.max(0, duration - 0.1)}
            step={0.5}
            decimalScale={1}
            value={value.at}
            onChange={(at) => onChange({ ...value, at: Number(at) || 0 })}
          />
          <NumberInput
            label={t.spotlightSeconds}
            min={0.5}
            max={10}
            step={0.5}
            decimalScale={1}
            value={value.seconds}
            onChange={(seconds) => onChange({ ...value, seconds: Number(seconds) || 3 })}
          />
        </Group>
      )}
    </Stack>
  );
}

const round = (n: number) => Math.round(n * 1000) / 1000;
