import { Center, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import type { SharedMedia } from '../api';
import { shareText as t } from '../strings';

const frame = { width: '100%', maxHeight: '70vh', display: 'block', background: 'black' } as const;

/** Spec: a video plays with its thumbnail as poster and controls; an image shows inline; else no preview. */
export function SharedMediaPreview({ item }: { item: SharedMedia }) {
  if (item.mediaType === 'video') {
    return (
      <video
        src={item.mediaUrl}
        poster={item.thumbnailUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={item.title}
        style={frame}
      />
    );
  }
  if (item.mediaType === 'image') {
    return <Image src={item.mediaUrl} alt={item.title} fit="contain" mah="70vh" bg="var(--mantine-color-default-hover)" />;
  }
  return (
    <Center py={56} bg="var(--mantine-color-default-hover)">
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconFileOff size={28} aria-hidden />
        </ThemeIcon>
        <Text c="dimmed">{t.previewUnavailable}</Text>
      </Stack>
    </Center>
  );
}
