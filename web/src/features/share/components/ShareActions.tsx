import { Button, Flex } from '@mantine/core';
import { IconBrandFacebook, IconBrandTwitter, IconLink, IconMail, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useUser } from '../../auth';
import type { SharedMedia } from '../api';
import { copyShareLink } from '../queries';
import { emailShareUrl, facebookShareUrl, twitterShareUrl } from '../shareLinks';
import { shareText as t } from '../strings';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * The share targets, each carrying this page's URL. Share with Family Circle leads a signed-in visitor
 * to their circle and anyone else to early access, since a circle needs an account.
 */
export function ShareActions({ item, pageUrl }: { item: SharedMedia; pageUrl: string }) {
  const { isAuthenticated } = useUser();
  return (
    // A column of full-width buttons on a phone, a wrapping row from sm up.
    <Flex gap="xs" direction={{ base: 'column', sm: 'row' }} wrap="wrap">
      <Button
        component="a"
        href={twitterShareUrl(pageUrl, item)}
        {...external}
        variant="default"
        leftSection={<IconBrandTwitter size={16} aria-hidden />}
      >
        {t.twitter}
      </Button>
      <Button
        component="a"
        href={facebookShareUrl(pageUrl)}
        {...external}
        variant="default"
        leftSection={<IconBrandFacebook size={16} aria-hidden />}
      >
        {t.facebook}
      </Button>
      <Button
        component="a"
        href={emailShareUrl(pageUrl, item)}
        variant="default"
        leftSection={<IconMail size={16} aria-hidden />}
      >
        {t.email}
      </Button>
      <Button
        variant="default"
        leftSection={<IconLink size={16} aria-hidden />}
        onClick={() => void copyShareLink(pageUrl)}
      >
        {t.copyLink}
      </Button>
      <Button
        component={Link}
        to={isAuthenticated ? '/family' : '/early-access'}
        variant="light"
        leftSection={<IconUsersGroup size={16} aria-hidden />}
      >
        {t.familyCircle}
      </Button>
    </Flex>
  );
}
