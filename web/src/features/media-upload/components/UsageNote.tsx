import { Group, Text } from '@mantine/core';
import { useMediaUsage } from '../../media';
import { uploadText as t } from '../strings';
import { DEFAULT_MAX_FILE_MB, wholeMb } from '../uploadRules';

/** The upload limit and storage used: the server's figures once loaded, the spec's 50MB until then. */
export function UsageNote({ athleteId }: { athleteId: number }) {
  const usage = useMediaUsage(athleteId).data;
  const maxMb = usage ? wholeMb(usage.maxFileBytes) : DEFAULT_MAX_FILE_MB;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="xs" c="dimmed">
        {t.maxFileSize(maxMb)}
      </Text>
      {usage && (
        <Text size="xs" c="dimmed">
          {t.usage(wholeMb(usage.usedBytes), wholeMb(usage.quotaBytes))}
        </Text>
      )}
    </Group>
  );
}
