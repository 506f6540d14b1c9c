import { useEffect, useRef } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandFacebook, IconBrandX, IconCopy, IconMail } from '@tabler/icons-react';
import { copyLink, shareLink } from '../../media';
import { emailShareUrl, facebookShareUrl, twitterShareUrl, shareText } from '../../share';
import { editorText as t } from '../strings';
import classes from './VideoEditor.module.css';

interface SocialSharePanelProps {
  title: string;
  shareCode: string;
}

/** The video's public link ({origin}/share/{code}) with Copy Link and the social targets. */
export function SocialSharePanel({ title, shareCode }: SocialSharePanelProps) {
  const url = shareLink(shareCode);
  const panel = useRef<HTMLDivElement>(null);
  // It opens below the highlights, often out of view on a phone: bring it in.
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);
  // The athlete's name is not on a media item; the targets then read "{title} on Legacy Locker".
  const shared = { title, athleteName: '' };
  const external = { component: 'a', target: '_blank', rel: 'noopener noreferrer', variant: 'default', size: 'sm' } as const;
  return (
    <Paper ref={panel} withBorder radius="md" p="sm" className={classes.sharePanel} data-testid="social-share">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t.shareDescription}
        </Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t.shareLinkLabel}
            value={url}
            readOnly
            flex={1}
            miw={0}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button leftSection={<IconCopy size={16} />} onClick={() => void copyLink(url)}>
            {shareText.copyLink}
          </Button>
        </Group>
        <Group gap="xs">
          <Button {...external} href={twitterShareUrl(url, shared)} leftSection={<IconBrandX size={16} />}>
            {shareText.twitter}
          </Button>
          <Button {...external} href={facebookShareUrl(url)} leftSection={<IconBrandFacebook size={16} />}>
            {shareText.facebook}
          </Button>
          <Button component="a" href={emailShareUrl(url, shared)} variant="default" size="sm" leftSection={<IconMail size={16} />}>
            {shareText.email}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
