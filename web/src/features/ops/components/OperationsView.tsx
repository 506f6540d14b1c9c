import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconExternalLink, IconListCheck, IconRefresh, IconStack2 } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { EmptyNote } from '../../../components/EmptyNote';
import { ShowMore } from '../../../components/ShowMore';
import { opsUrls, type JobFailure, type OpsSummary } from '../api';
import { secondsLabel } from '../opsRules';
import { useOpsFailures, useOpsSummary, useRetryJobMutation } from '../queries';
import { opsText as t } from '../strings';
import { BackupsPanel } from './BackupsPanel';
import { ContactMessages } from './ContactMessages';
import { GrantPlanForm } from './GrantPlanForm';

/**
 * /ops, for operators: backups first (a failed one is the thing never to miss), the contact messages
 * with their "handled" mark, each queue now, each job kind over the last hour, the newest failures
 * with a Retry and a link into River's UI, and the operators' own actions. Refreshed every 10 seconds.
 */
export function OperationsView() {
  const summary = useOpsSummary();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t.title}</Title>
          <Text c="dimmed">{t.subtitle}</Text>
        </div>
        {/* River's UI is its own app: a full page load, not a route of ours. */}
        <Button component="a" href={opsUrls.riverUI} variant="default" rightSection={<IconExternalLink size={16} />}>
          {t.openRiverUI}
        </Button>
      </Group>
      {summary.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />}>
          {t.loadFailed}
        </Alert>
      )}
      {summary.data && <Sections summary={summary.data} />}
    </Stack>
  );
}

function Sections({ summary }: { summary: OpsSummary }) {
  return (
    <>
      <BackupsPanel backups={summary.backups} now={new Date()} />
      <Section title={t.contactTitle}>
        <ContactMessages supportEmail={summary.supportEmail} />
      </Section>
      <GrantPlanForm />
      <Section title={t.queues}>
        {summary.queues.length === 0 ? (
          <EmptyNote icon={<IconStack2 size={22} />} title={t.noQueues} />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {[t.queue, t.available, t.running, t.retryable, t.failedLastDay, t.oldestWaiting].map((h) => (
                    <Table.Th key={h}>{h}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.queues.map((q) => (
                  <Table.Tr key={q.queue} aria-label={q.queue}>
                    <Table.Td>
                      <Group gap="xs">
                        <Text fw={600}>{q.queue}</Text>
                        {q.paused && (
                          <Badge color="orange" variant="light" size="sm">
                            {t.paused}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{q.available}</Table.Td>
                    <Table.Td>{q.running}</Table.Td>
                    <Table.Td>{q.retryable}</Table.Td>
                    <Table.Td c={q.failedLastDay > 0 ? 'red' : undefined}>{q.failedLastDay}</Table.Td>
                    <Table.Td>{secondsLabel(q.oldestWaitingSeconds)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <Section title={t.lastHour}>
        {summary.kinds.length === 0 ? (
          <EmptyNote icon={<IconListCheck size={22} />} title={t.noKinds} />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {[t.kind, t.completed, t.failed, t.p50, t.p95].map((h) => (
                    <Table.Th key={h}>{h}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.kinds.map((k) => (
                  <Table.Tr key={k.kind} aria-label={k.kind}>
                    <Table.Td fw={600}>{k.kind}</Table.Td>
                    <Table.Td>{k.capped ? t.capped(k.completed) : k.completed}</Table.Td>
                    <Table.Td c={k.failed > 0 ? 'red' : undefined}>{k.failed}</Table.Td>
                    <Table.Td>{secondsLabel(k.p50Seconds)}</Table.Td>
                    <Table.Td>{secondsLabel(k.p95Seconds)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <Section title={t.failures}>
        <Failures />
      </Section>

      <Section title={t.audit}>
        {summary.audit.length === 0 ? (
          <EmptyNote icon={<IconListCheck size={22} />} title={t.noAudit} />
        ) : (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {summary.audit.map((a, i) => (
              <Text key={i} component="li" size="sm">
                <Text span c="dimmed">
                  {dayjs(a.at).format('MMM D, h:mm a')}
                </Text>{' '}
                {a.operator}: {a.action} {a.target}
              </Text>
            ))}
          </Stack>
        )}
      </Section>
    </>
  );
}

/** The failures list, newest first, reaching every one through its pages. */
function Failures() {
  const failures = useOpsFailures();
  if (failures.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />}>
        {t.loadFailed}
      </Alert>
    );
  }
  if (failures.isPending) return null;
  if (failures.items.length === 0) return <EmptyNote icon={<IconCircleCheck size={22} />} title={t.noFailures} />;
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {failures.items.map((f) => (
          <FailureRow key={f.id} failure={f} />
        ))}
      </Stack>
      <ShowMore list={failures} />
    </Stack>
  );
}

function FailureRow({ failure }: { failure: JobFailure }) {
  const retry = useRetryJobMutation();
  return (
    <Card component="li" withBorder radius="md" padding="sm" aria-label={`${failure.kind} ${failure.record}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs">
            <Text fw={600}>{failure.kind}</Text>
            {failure.record && <Text c="dimmed">{failure.record}</Text>}
            <Badge color={failure.state === 'discarded' ? 'red' : 'orange'} variant="light" size="sm">
              {failure.state === 'discarded' ? t.givenUp : t.willRetry}
            </Badge>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {failure.error}
          </Text>
          <Text size="xs" c="dimmed">
            {dayjs(failure.failedAt).format('MMM D, h:mm a')} · {failure.queue} · {t.attempt(failure.attempt)}
          </Text>
        </Stack>
        <Group gap="xs">
          <Anchor href={opsUrls.riverJob(failure.id)} size="sm">
            {t.openInRiver}
          </Anchor>
          <Button size="xs" leftSection={<IconRefresh size={14} />} loading={retry.isPending} onClick={() => retry.mutate(failure)}>
            {t.retry}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
