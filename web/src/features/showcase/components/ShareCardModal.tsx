import { useState } from 'react';
import { Alert, Button, Group, Image, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandX, IconDownload, IconShare } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { Dialog } from '../../../components/Dialog';
import { achievementText as t, achievementToasts } from '../strings';
import type { ShareCardModalProps } from './dialogs';

/** Starts a download of url as name (the browser's own download, no page change). */
export function download(url: string, name: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function withParam(url: string, param: string): string {
  return url + (url.includes('?') ? '&' : '?') + param;
}

/** Opens a share intent in a new tab; true when the browser opened it (a blocked pop-up is no share). */
function openIntent(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  opened.opener = null;
  return true;
}

const shared = (target: string) => {
  const toast = achievementToasts.shared(target);
  notifications.show({ title: toast.title, message: toast.message, color: 'green' });
};

/**
 * Spec: 'Share Achievement Card' with a caption, the card (at most 300 px high) and the targets.
 * 'Shared to {target}!' shows only once the share really happened.
 */
export function ShareCardModal({ achievement, onClose }: ShareCardModalProps) {
  const [caption, setCaption] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const a = achievement;
  const feed = a?.card.feedUrl ?? null;
  const story = a?.card.storyUrl ?? null;
  const link = a?.publicUrl ?? null;
  const canWebShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const done = (target: string) => {
    shared(target);
    setCaption('');
    setHint(null);
    onClose();
  };

  const webShare = async () => {
    if (!feed || !a) return;
    const blob = await (await fetch(feed, { credentials: 'include' })).blob();
    const file = new File([blob], 'achievement-card.png', { type: 'image/png' });
    const data: ShareData = { files: [file], title: a.title, text: caption || a.title };
    if (navigator.canShare && !navigator.canShare(data)) {
      await navigator.share({ title: a.title, text: caption || a.title, url: link ?? undefined });
    } else {
      await navigator.share(data);
    }
    done('your phone');
  };

  return (
    <Dialog opened={a !== null} onClose={onClose} title={t.shareTitle} radius="md">
      {a && (
        <Stack gap="sm">
          <TextInput label={t.caption} placeholder={t.captionPlaceholder} value={caption} onChange={(e) => setCaption(e.currentTarget.value)} />
          {feed && <Image src={feed} alt={a.title} mah={300} fit="contain" radius="sm" />}
          {!link && (
            <Alert color="gray" variant="light">
              {t.publicNeeded}
            </Alert>
          )}
          {hint && (
            <Alert color="blue" variant="light">
              {hint}
            </Alert>
          )}
          <SimpleGrid cols={2} spacing="xs">
            <Button
              variant="light"
              leftSection={<IconBrandX size={16} />}
              disabled={!link}
              onClick={() => link && openIntent(`https://twitter.com/intent/tweet?text=${encodeURIComponent(caption || a.title)}&url=${encodeURIComponent(link)}`) && done('Twitter')}
            >
              Twitter
            </Button>
            <Button
              variant="light"
              leftSection={<IconBrandInstagram size={16} />}
              disabled={!story}
              onClick={() => {
                if (!story) return;
                download(withParam(story, 'download=1'), 'achievement-story.png');
                setHint(t.instagramHint);
              }}
            >
              Instagram
            </Button>
            <Button
              variant="light"
              leftSection={<IconBrandFacebook size={16} />}
              disabled={!link}
              onClick={() => link && openIntent(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`) && done('Facebook')}
            >
              Facebook
            </Button>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              disabled={!feed}
              onClick={() => {
                if (!feed) return;
                download(withParam(feed, 'download=1'), 'achievement-card.png');
                done('Download Image');
              }}
            >
              Download Image
            </Button>
          </SimpleGrid>
          {canWebShare && feed && (
            <Button leftSection={<IconShare size={16} />} onClick={() => void webShare().catch(() => undefined)}>
              Share…
            </Button>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
