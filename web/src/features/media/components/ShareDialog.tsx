import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconLinkOff } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import type { MediaItem } from '../api';
import { shareLink } from '../mediaRules';
import { useDeleteShareMutation } from '../queries';
import { shareText as t } from '../strings';
import { copyLink } from './copyLink';

export interface ShareTarget {
  item: MediaItem;
  shareCode: string;
}

interface ShareDialogProps {
  share: ShareTarget | null;
  onClose: () => void;
}

/** One item's link ({origin}/share/{code}), Copy Link, and Turn off link (DELETE …/share). */
export function ShareDialog({ share, onClose }: ShareDialogProps) {
  const turnOff = useDeleteShareMutation();
  const url = share ? shareLink(share.shareCode) : '';
  return (
    <Dialog
      opened={share !== null}
      onClose={onClose}
      title={share ? `${t.dialogTitle}: ${share.item.title}` : t.dialogTitle}
      radius="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', overflowWrap: 'anywhere' } }}
    >
      {share && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t.description}
          </Text>
          <TextInput label={t.linkLabel} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconLinkOff size={16} />}
              loading={turnOff.isPending}
              onClick={() => turnOff.mutate(share.item, { onSuccess: onClose })}
            >
              {t.turnOff}
            </Button>
            <Button leftSection={<IconCopy size={16} />} onClick={() => void copyLink(url)}>
              {t.copyLink}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
