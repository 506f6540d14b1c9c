import { Alert, Anchor, Badge, Button, Card, Group, Spoiler, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconMail, IconRotate } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { EmptyNote } from '../../../components/EmptyNote';
import { ShowMore } from '../../../components/ShowMore';
import type { ContactMessage } from '../api';
import { useContactHandledMutation, useContactMessages } from '../queries';
import { opsText as t } from '../strings';

const when = (at: string) => dayjs(at).format('MMM D, YYYY, h:mm a');

/** The messages sent through the contact form, newest first, each with its "handled" mark. */
export function ContactMessages({ supportEmail }: { supportEmail: string }) {
  const messages = useContactMessages();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {supportEmail ? t.contactSentTo(supportEmail) : t.contactNotSent}
      </Text>
      {messages.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />}>
          {t.contactLoadFailed}
        </Alert>
      ) : messages.isPending ? null : messages.items.length === 0 ? (
        <EmptyNote icon={<IconMail size={22} />} title={t.noContactMessages} />
      ) : (
        <>
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {messages.items.map((m) => (
              <ContactMessageCard key={m.id} message={m} />
            ))}
          </Stack>
          <ShowMore list={messages} />
        </>
      )}
    </Stack>
  );
}

function ContactMessageCard({ message }: { message: ContactMessage }) {
  const mark = useContactHandledMutation();
  const handled = message.handledAt !== null;
  return (
    <Card component="li" withBorder radius="md" padding="sm" aria-label={`${message.subject}, from ${message.name}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {message.subject}
              </Text>
              <Badge color={handled ? 'green' : 'orange'} variant="light" size="sm">
                {handled ? t.contactHandled : t.contactOpen}
              </Badge>
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {message.name} ·{' '}
              <Anchor href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`} aria-label={t.replyTo(message.email)}>
                {message.email}
              </Anchor>
            </Text>
            <Text size="xs" c="dimmed">
              {when(message.createdAt)}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant={handled ? 'default' : 'filled'}
            leftSection={handled ? <IconRotate size={14} /> : <IconCheck size={14} />}
            loading={mark.isPending}
            onClick={() => mark.mutate({ message, handled: !handled })}
          >
            {handled ? t.markOpen : t.markHandled}
          </Button>
        </Group>
        <Spoiler maxHeight={96} showLabel={t.readWhole} hideLabel={t.readLess}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.message}
          </Text>
        </Spoiler>
        {handled && message.handledAt && (
          <Text size="xs" c="dimmed">
            {t.contactHandledBy(message.handledBy, when(message.handledAt))}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
