import { Group, Progress, Text } from '@mantine/core';
import { uploadText as t } from '../strings';

/** One upload's bar: the real percent of bytes sent, then "Finishing…" while the server stores the file. */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  const finishing = percent >= 100;
  return (
    <Group gap="sm" wrap="nowrap">
      <Progress
        value={percent}
        aria-label={label}
        size="md"
        radius="xl"
        animated={finishing}
        style={{ flex: 1 }}
      />
      <Text size="xs" c="dimmed" w={64} ta="right" aria-live="polite">
        {finishing ? t.finishing : `${percent}%`}
      </Text>
    </Group>
  );
}
