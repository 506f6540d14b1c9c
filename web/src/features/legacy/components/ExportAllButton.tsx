import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useAccountExportsMutation } from '../queries';
import { legacyText as t } from '../strings';

/** For an account of several athletes: every athlete's archive started at once (each card below follows its own). */
export function ExportAllButton() {
  const start = useAccountExportsMutation();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.exportAll}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 16rem' }}>
          <Text fw={600}>{t.exportAll}</Text>
          <Text size="sm" c="dimmed">
            {t.exportAllHint}
          </Text>
        </Stack>
        <Button variant="light" leftSection={<IconDownload size={18} aria-hidden />} loading={start.isPending} onClick={() => start.mutate()}>
          {t.exportAll}
        </Button>
      </Group>
    </Card>
  );
}
