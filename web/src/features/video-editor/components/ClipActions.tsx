import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconShare } from '@tabler/icons-react';
import { ShareQuestionDialog, type MediaItem } from '../../media';
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
 * (spec section 5: start must be a number before end) and sends nothing when it is wrong. Share asks first
 * (what the link's page shows) unless the video has its link already.
 */
export function ClipActions({ item, trim, onSaved, onShared }: ClipActionsProps) {
  const saveClip = useSaveClipMutation(item, onSaved);
  const share = useSocialShareMutation(item);
  const [asking, setAsking] = useState(false);
  const createLink = () =>
    share.mutate(undefined, {
      onSuccess: ({ shareCode }) => {
        setAsking(false);
        onShared(shareCode);
      },
    });

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
        onClick={() => (item.shareCode && !item.isPrivate ? createLink() : setAsking(true))}
      >
        {t.shareToSocial}
      </Button>
      <ShareQuestionDialog item={asking ? item : null} pending={share.isPending} onConfirm={createLink} onClose={() => setAsking(false)} />
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
