import { Container, Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { shellText as t } from '../../lib/messages';
import { useOnline } from '../../lib/network';
import classes from './layout.module.css';

/**
 * "You are offline", in words, while the browser has no connection (issue 33): the header's foot, on every
 * page, signed in or not. Nothing while online.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className={classes.offlineBar} role="status">
      <Container size="xl" py={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconWifiOff size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm">
            <Text span fw={700} inherit>
              {t.offlineTitle}.
            </Text>{' '}
            {t.offlineDetail}
          </Text>
        </Group>
      </Container>
    </div>
  );
}
