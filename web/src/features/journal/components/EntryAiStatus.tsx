import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { NeedsSignal } from '../../../components/NeedsSignal';
import { isWorking } from '../../../lib/jobStatus';
import type { JournalEntry } from '../api';
import { useEnhanceMutation } from '../queries';
import { entryText as t } from '../strings';

/**
 * The enhancement in progress (its list polls meanwhile), or its failure with a Retry. A reader who may not
 * edit sees no failure: there is nothing they could do about it.
 */
export function EntryAiStatus({ entry, readOnly = false }: { entry: JournalEntry; readOnly?: boolean }) {
  const enhance = useEnhanceMutation();
  if (isWorking(entry.aiStatus)) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" color="violet" aria-hidden />
        <Text size="sm" c="dimmed">
          {t.enhancing}
        </Text>
      </Group>
    );
  }
  if (entry.aiStatus !== 'failed' || readOnly) return null;
  return (
    <Alert color="red" variant="light" p="xs" radius="md" icon={<IconAlertTriangle size={16} />} title={t.enhanceFailed}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        {entry.aiStatusReason && (
          <Text size="sm" c="red.8" style={{ flex: 1, minWidth: 160 }}>
            {entry.aiStatusReason}
          </Text>
        )}
        <NeedsSignal>
        <Button
          size="compact-sm"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={14} />}
          loading={enhance.isPending}
          onClick={() => enhance.mutate(entry)}
        >
          {t.retry}
        </Button>
        </NeedsSignal>
      </Group>
    </Alert>
  );
}
