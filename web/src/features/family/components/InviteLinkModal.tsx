import { useEffect } from 'react';
import { Alert, Button, Center, CopyButton, Group, Image, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import { serverMessage } from '../../../lib/api';
import { createInviteLink, type FamilyMember } from '../api';
import { pendingText as t } from '../strings';

/**
 * 'Copy invitation link': a fresh single-use link for the member (the only way in for someone without
 * e-mail, or when this server sends no e-mail: note says why), with its QR code. Opening the dialog
 * makes the link, so an older one stops working.
 */
export function InviteLinkModal({ member, onClose, note }: { member: FamilyMember; onClose: () => void; note?: string }) {
  const link = useMutation({ mutationFn: () => createInviteLink(member.id) });
  const { mutate } = link;
  useEffect(() => mutate(), [mutate]);

  return (
    <Dialog opened onClose={onClose} title={t.linkTitle(member.name)} centered>
      {link.isPending || link.isIdle ? (
        <Center py="xl">
          <Loader aria-label={t.linkMaking} />
        </Center>
      ) : link.isError ? (
        <Alert color="red" title={t.linkFailed} role="alert">
          {serverMessage(link.error) ?? link.error.message}
        </Alert>
      ) : (
        <Stack gap="md">
          {note && (
            <Alert color="orange" variant="light" role="status">
              {note}
            </Alert>
          )}
          <Text size="sm">{t.linkHelp(member.name)}</Text>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput label={t.copyLink} value={link.data.url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={link.data.url}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
                  {copied ? t.copied : t.copy}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Center>
            <Image src={link.data.qrCode} alt={t.qrAlt(member.name)} w={200} h={200} />
          </Center>
          <Text size="xs" c="dimmed">
            {t.linkExpires(new Date(link.data.expiresAt).toLocaleDateString(undefined, { dateStyle: 'medium' }))}
          </Text>
        </Stack>
      )}
    </Dialog>
  );
}
