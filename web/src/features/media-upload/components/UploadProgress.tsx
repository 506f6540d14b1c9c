import { Group, Progress, Stack, Text } from '@mantine/core';
import { useOnline } from '../../../lib/network';
import { uploadText as t } from '../strings';

/**
 * One upload's bar: the real percent of bytes sent, then "Finishing…" while the server stores the file;
 * reconnecting says the upload lost its connection and will go on: from where it stopped (a resumable upload
 * retrying), or, while the browser is offline, once the connection is back (offline.ts).
 */
export function UploadProgress({ percent, label, reconnecting = false }: { percent: number; label: string; reconnecting?: boolean }) {
  const online = useOnline();
  const finishing = percent >= 100 && !reconnecting;
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="nowrap">
        <Progress
          value={percent}
          aria-label={label}
          size="md"
          radius="xl"
          animated={finishing}
          color={reconnecting ? 'yellow' : undefined}
          style={{ flex: 1 }}
        />
        <Text size="xs" c="dimmed" w={64} ta="right" aria-live="polite">
          {finishing ? t.finishing : `${percent}%`}
        </Text>
      </Group>
      {reconnecting && (
        <Text size="xs" c="dimmed" role="status">
          {online ? t.reconnecting : t.reconnectingOffline}
        </Text>
      )}
    </Stack>
  );
}
