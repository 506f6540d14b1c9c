import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { fileSizeLabel } from '../../../lib/units';
import { useMediaUsage } from '../queries';

/** How full the account's storage is against its plan, with the way to more when it is nearly full. */
export function StorageBar({ athleteId }: { athleteId: number }) {
  const usage = useMediaUsage(athleteId).data;
  if (!usage || usage.quotaBytes <= 0) return null;
  const share = Math.min(100, (100 * usage.usedBytes) / usage.quotaBytes);
  return (
    <Stack gap={4} aria-label="Storage used">
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {fileSizeLabel(usage.usedBytes)} of {fileSizeLabel(usage.quotaBytes)} used
        </Text>
        {share >= 80 && (
          <Anchor component={Link} to="/subscription" size="xs">
            Get more space
          </Anchor>
        )}
      </Group>
      <Progress value={share} size="sm" color={share >= 90 ? 'red' : 'navy'} aria-label="Storage used" />
    </Stack>
  );
}
