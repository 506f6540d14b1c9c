import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconShare } from '@tabler/icons-react';
import { confirmSharing, type MediaItem } from '../../media';
import { clipRangeProblem, type TrimRange } from '../playback';
import { useSaveClipMutation, useSocialShareMutation } from '../queries';
import { editorText as t, editorToasts } from '../strings';
import classes from './VideoEditor.module.css';

interface ClipActionsProps {
  item: MediaItem;
  trim: TrimRange | null;
  /** After a clip is saved: the dialog closes. */
  onSaved: () => void;
  onShared: (shareCode: string) => void;
}

/**
 * Share to Social and Save Clip, kept in view at the bottom of the dialog. Save checks the range first
 * (spec section 5: start must be a number before end) and sends nothing when it is wrong.
 */
export function ClipActions({ item, trim, onSaved, onShared }: ClipActionsProps) {
  const saveClip = useSaveClipMutation(item, onSaved);
  const share = useSocialShareMutation(item);

  const save = () => {
    if (!trim) return;
    const problem = clipRangeProblem(trim);
    if (problem) {
      const toast = problem === 'tooShort' ? editorToasts.clipTooShort : editorToasts.invalidRange;
      notifications.show({ title: toast.title, message: toast.message, color: 'red' });
      return;
    }
    saveClip.mutate({ startTime: trim.start, endTime: trim.end });
  };

  return (
    <Group justify="flex-end" gap="sm" className={classes.footer}>
      <Button
        variant="default"
        flex={{ base: 1, xs: 'none' }}
        leftSection={<IconShare size={16} />}
        loading={share.isPending}
        onClick={() => {
          if (!confirmSharing([item])) return;
          share.mutate(undefined, { onSuccess: ({ shareCode }) => onShared(shareCode) });
        }}
      >
        {t.shareToSocial}
      </Button>
      <Button
        flex={{ base: 1, xs: 'none' }}
        leftSection={<IconDeviceFloppy size={16} />}
        loading={saveClip.isPending}
        disabled={item.status !== 'ready' || !trim}
        onClick={save}
      >
        {t.saveClip}
      </Button>
    </Group>
  );
}
