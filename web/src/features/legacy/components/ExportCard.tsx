import { Alert, Anchor, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { isWorking } from '../../../lib/jobStatus';
import { fileSizeLabel } from '../../../lib/units';
import { useLatestExport } from '../queries';
import { fill, legacyText as t } from '../strings';

/** "Download everything": start the archive, follow it while it is made, download it when ready. */
export function ExportCard({ athleteId, athleteName }: { athleteId: number; athleteName: string }) {
  const { latest, start } = useLatestExport(athleteId);
  const working = isWorking(latest?.status);
  const percent = Math.round((latest?.progress ?? 0) * 100);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.exportTitle}>
      <Stack gap="sm">
        <Group gap="xs">
          <IconFileZip size={22} aria-hidden />
          <Title order={2} fz="h4">
            {t.exportTitle}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {fill(t.exportIntro, { name: athleteName })}
        </Text>
        {working && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm" fw={500}>
              {t.preparing} {percent}%
            </Text>
            <Progress value={Math.max(percent, 2)} animated aria-label={t.preparing} />
            <Text size="xs" c="dimmed">
              {t.preparingHint}
            </Text>
          </Stack>
        )}
        {latest?.status === 'ready' && latest.url && (
          <Alert color="green" variant="light" title={t.ready}>
            <Stack gap="xs">
              <Anchor href={latest.url} download fw={600}>
                <Group gap={6} component="span">
                  <IconDownload size={18} aria-hidden />
                  {t.download} ({fileSizeLabel(latest.fileSize ?? 0)})
                </Group>
              </Anchor>
              {latest.expiresAt && (
                <Text size="xs">{fill(t.availableUntil, { date: new Date(latest.expiresAt).toLocaleDateString() })}</Text>
              )}
            </Stack>
          </Alert>
        )}
        {latest?.status === 'failed' && (
          <Alert color="red" variant="light" title={t.failed}>
            {latest.statusReason}
          </Alert>
        )}
        {!working && (
          <Group justify="flex-end">
            <Button
              onClick={() => start.mutate()}
              loading={start.isPending}
              variant={latest?.status === 'ready' ? 'default' : 'filled'}
              leftSection={<IconDownload size={18} aria-hidden />}
            >
              {latest?.status === 'ready' ? t.again : latest?.status === 'failed' ? t.retry : t.start}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
