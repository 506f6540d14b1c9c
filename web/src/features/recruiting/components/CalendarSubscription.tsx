import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarShare } from '@tabler/icons-react';
import { useCalendarFeedMutation, useCalendarFeedQuery } from '../queries';
import { recruitingText as t } from '../strings';

/** The private webcal:// subscription, for those who may edit: create, copy, open, renew or revoke. */
export function CalendarSubscription({ athleteId }: { athleteId: number }) {
  const feed = useCalendarFeedQuery(athleteId, true);
  const change = useCalendarFeedMutation(athleteId);
  const url = feed.data?.url ?? null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.subscribeTitle}>
      <Title order={3} fz="h5" mb={4}>
        {t.subscribeTitle}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t.subscribeHint}
      </Text>
      {url ? (
        <Stack gap="xs">
          <TextInput readOnly value={url} aria-label={t.subscribeLink} size="xs" onFocus={(e) => e.currentTarget.select()} />
          <Group gap="xs">
            <Button component="a" href={url} size="xs" leftSection={<IconCalendarShare size={14} />}>
              {t.subscribeOpen}
            </Button>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? t.subscribeCopied : t.subscribeCopy}
                </Button>
              )}
            </CopyButton>
            <Button size="xs" variant="subtle" onClick={() => change.mutate(false)} loading={change.isPending}>
              {t.subscribeNew}
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => window.confirm(t.subscribeRevokeConfirm) && change.mutate(true)}>
              {t.subscribeRevoke}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Button size="xs" variant="light" leftSection={<IconCalendarShare size={14} />} onClick={() => change.mutate(false)} loading={change.isPending || feed.isLoading}>
          {t.subscribeCreate}
        </Button>
      )}
    </Card>
  );
}
