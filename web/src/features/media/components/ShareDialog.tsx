import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconLinkOff, IconShare } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import type { MediaItem } from '../api';
import { shareLink } from '../mediaRules';
import { useBulkShareMutation, useCreateShareMutation, useDeleteShareMutation, type BulkShareResult } from '../queries';
import { shareText as t, type SharedAthlete } from '../strings';
import { canSendLink, copyLink, sendLink } from './copyLink';
import { ShareLinkList } from './ShareLinkList';
import { ShareQuestion, dialogStyles, useSharedAthlete } from './ShareQuestion';

interface ShareDialogProps {
  /** What to share (one item, or a selection); null: closed. */
  items: readonly MediaItem[] | null;
  onClose: () => void;
}

/**
 * Sharing, in one dialog: the question (what a link shows, Create link), then the link with Copy Link, the
 * phone's share sheet and Turn off link; for a selection, one link per item. Items that have their links
 * already skip the question.
 */
export function ShareDialog({ items, onClose }: ShareDialogProps) {
  const single = items?.length === 1 ? items[0] : undefined;
  return (
    <Dialog
      opened={items !== null}
      onClose={onClose}
      title={single ? `${t.dialogTitle}: ${single.title}` : t.bulkTitle}
      size={single ? 'md' : 'lg'}
      radius="md"
      styles={dialogStyles}
    >
      {items && <ShareSteps items={items} onClose={onClose} />}
    </Dialog>
  );
}

/** The item as it is once it has a link: sharing takes the family-only mark off (docs/API.md, "Share links"). */
const withLink = (item: MediaItem, shareCode: string): MediaItem => ({ ...item, shareCode, isPrivate: false });

/** The links the items have already, when every one has one. */
function existingLinks(items: readonly MediaItem[]): BulkShareResult[] | null {
  if (!items.every((item) => item.shareCode && !item.isPrivate)) return null;
  return items.map((item) => ({ item, share: { shareCode: item.shareCode!, shareUrl: shareLink(item.shareCode!) } }));
}

function ShareSteps({ items, onClose }: { items: readonly MediaItem[]; onClose: () => void }) {
  const athlete = useSharedAthlete(items);
  const createOne = useCreateShareMutation();
  const createMany = useBulkShareMutation();
  const [results, setResults] = useState<BulkShareResult[] | null>(() => existingLinks(items));

  if (!results) {
    const create = () => {
      const [first] = items;
      if (items.length === 1 && first) {
        createOne.mutate(first, { onSuccess: (share) => setResults([{ item: withLink(first, share.shareCode), share }]) });
      } else {
        createMany.mutate([...items], { onSuccess: setResults });
      }
    };
    return <ShareQuestion items={items} athlete={athlete} pending={createOne.isPending || createMany.isPending} onConfirm={create} onCancel={onClose} />;
  }
  const [only] = results;
  if (results.length === 1 && only?.share) return <LinkPanel item={only.item} shareCode={only.share.shareCode} athlete={athlete} onTurnedOff={onClose} />;
  return <ShareLinkList results={results} athlete={athlete} onClose={onClose} />;
}

interface LinkPanelProps {
  item: MediaItem;
  shareCode: string;
  athlete: SharedAthlete | null;
  onTurnedOff: () => void;
}

/** One item's link ({origin}/share/{code}): Copy Link, the phone's share sheet, and Turn off link (DELETE …/share). */
function LinkPanel({ item, shareCode, athlete, onTurnedOff }: LinkPanelProps) {
  const turnOff = useDeleteShareMutation();
  const url = shareLink(shareCode);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.description} {t.pageShows(athlete)}
      </Text>
      <TextInput label={t.linkLabel} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
      <Group justify="space-between" gap="sm">
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconLinkOff size={16} />}
          loading={turnOff.isPending}
          onClick={() => turnOff.mutate(withLink(item, shareCode), { onSuccess: onTurnedOff })}
        >
          {t.turnOff}
        </Button>
        <Group gap="sm">
          {canSendLink() && (
            <Button variant="light" leftSection={<IconShare size={16} />} onClick={() => void sendLink(url, item.title)}>
              {t.sendWith}
            </Button>
          )}
          <Button leftSection={<IconCopy size={16} />} onClick={() => void copyLink(url)}>
            {t.copyLink}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
