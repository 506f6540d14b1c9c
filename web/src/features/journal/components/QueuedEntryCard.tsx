import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { entryDateLabel, truncateContent } from '../entryRules';
import type { QueuedEntry } from '../outbox/draftStore';
import { journalOutbox } from '../outbox/journalOutbox';
import { queuedEntryText as t } from '../strings';

interface QueuedEntryCardProps {
  queued: QueuedEntry;
  onEdit: (queued: QueuedEntry) => void;
  /** The dashboard's short form: title, date and state. */
  compact?: boolean;
}

/**
 * An entry written on this device and not yet on the server: "Waiting for signal" until it is sent, or the
 * server's refusal with Edit and Discard, so nothing written is lost without the writer knowing.
 */
export function QueuedEntryCard({ queued, onEdit, compact = false }: QueuedEntryCardProps) {
  const { input, refusal } = queued;
  const discard = () => {
    if (window.confirm(t.confirmDiscard)) void journalOutbox.discard(queued.key);
  };
  const state = refusal ? null : (
    <Badge variant="light" color="orange" tt="none" fw={500} leftSection={<IconCloudUpload size={12} aria-hidden />} style={{ flexShrink: 0 }}>
      {t.waiting}
    </Badge>
  );
  const body = (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Title order={3} fz={compact ? 'md' : 'lg'} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            {input.title}
          </Title>
          <Text size="sm" c="dimmed">
            {entryDateLabel({ date: input.date, createdAt: queued.queuedAt })}
          </Text>
        </Stack>
        {state}
      </Group>
      {!refusal && !compact && (
        <Text size="xs" c="dimmed">
          {t.waitingHint}
        </Text>
      )}
      {!compact && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {truncateContent(input.content).text}
        </Text>
      )}
      {refusal && (
        <Alert variant="light" color="red" icon={<IconAlertTriangle size={16} />} title={t.refused(refusal.status)} p="sm">
          <Stack gap="xs">
            <Text size="sm">{refusal.message}</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => onEdit(queued)}>
                {t.edit}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={discard}>
                {t.discard}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
  if (compact) {
    return (
      <Stack component="article" aria-label={input.title}>
        {body}
      </Stack>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={input.title} style={{ borderStyle: 'dashed' }}>
      {body}
    </Card>
  );
}
