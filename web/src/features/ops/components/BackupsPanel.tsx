import { Alert, Badge, Card, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { fileSizeLabel } from '../../../lib/units';
import type { BackupRun, BackupStatus } from '../api';
import { secondsLabel } from '../opsRules';
import { opsText as t } from '../strings';

/**
 * The backups at the top of /ops: a red alert naming every problem (a failed, overdue or
 * switched-off backup or drill) so it cannot be missed, then the last good backup (size, age) and
 * the last restore drill (its result).
 */
export function BackupsPanel({ backups, now }: { backups: BackupStatus; now: Date }) {
  return (
    <Stack gap="sm" component="section" aria-label={t.backups}>
      {backups.problems.length > 0 && (
        <Alert color="red" variant="filled" icon={<IconAlertTriangle />} title={t.backupProblems} role="alert">
          <List size="sm" c="inherit">
            {backups.problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <RunCard title={t.lastBackup} run={backups.lastGoodBackup} now={now}>
          {backups.lastGoodBackup && (
            <Text size="sm">
              {t.backupSize(
                fileSizeLabel(backups.lastGoodBackup.dumpBytes),
                backups.lastGoodBackup.files,
                fileSizeLabel(backups.lastGoodBackup.fileBytes),
              )}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t.backupTarget(backups.target, backups.schedule)}
          </Text>
        </RunCard>
        <RunCard title={t.lastDrill} run={backups.lastDrill} now={now}>
          {backups.lastDrill && (
            <Badge color={backups.lastDrill.status === 'failed' ? 'red' : 'green'} variant="light">
              {backups.lastDrill.status === 'failed' ? t.drillFailed : t.drillPassed}
            </Badge>
          )}
        </RunCard>
      </SimpleGrid>
    </Stack>
  );
}

function RunCard({ title, run, now, children }: { title: string; run: BackupRun | null; now: Date; children: React.ReactNode }) {
  const at = run?.finishedAt ?? run?.startedAt;
  return (
    <Card withBorder radius="md" padding="sm" aria-label={title}>
      <Stack gap={4}>
        <Group justify="space-between">
          <Text fw={600}>{title}</Text>
          {at && (
            <Text size="sm" c="dimmed">
              {dayjs(at).format('MMM D, h:mm a')} · {t.age(secondsLabel((now.getTime() - dayjs(at).valueOf()) / 1000))}
            </Text>
          )}
        </Group>
        {!run && <Text size="sm">{t.never}</Text>}
        {run && (run.statusReason || run.detail) && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {run.statusReason || run.detail}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}
