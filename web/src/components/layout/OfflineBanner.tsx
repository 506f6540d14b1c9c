import { Container, Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { shellText as t } from '../../lib/messages';
import { dateLabel } from '../../lib/format';
import { useOnline, useSavedCopyAt } from '../../lib/network';
import classes from './layout.module.css';

/**
 * "You are offline", in words, while the browser has no connection (issue 33) or the page shows what the
 * installed app saved on the device because the server cannot be reached (issue 34), with when that was:
 * the header's foot, on every page, signed in or not. Nothing while online.
 */
export function OfflineBanner() {
  const online = useOnline();
  const savedAt = useSavedCopyAt();
  if (online && !savedAt) return null;
  return (
    <div className={classes.offlineBar} role="status">
      <Container size="xl" py={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconWifiOff size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm">
            <Text span fw={700} inherit>
              {t.offlineTitle}.
            </Text>{' '}
            {savedAt && `${t.offlineSavedCopy(dateLabel(savedAt))} `}
            {t.offlineDetail}
          </Text>
        </Group>
      </Container>
    </div>
  );
}
