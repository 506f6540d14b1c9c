import { Container, Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { shellText as t } from '../../lib/messages';
import { useOnline, useSavedCopyAt } from '../../lib/network';
import classes from './layout.module.css';

// The banner is in the first script, which has a budget (bundle-size.test.mjs): Intl, not dayjs (lib/format).
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** "Today, 9:05 AM" or "Nov 26, 9:05 AM", as lib/format's dateLabel writes it. */
function savedLabel(iso: string, now = new Date()): string {
  const saved = new Date(iso);
  // Newer ICU puts a narrow no-break space before AM/PM; the app's other times have a plain one.
  return `${saved.toDateString() === now.toDateString() ? 'Today' : day.format(saved)}, ${time.format(saved).replace(/\u202f/g, ' ')}`;
}

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
            {savedAt && `${t.offlineSavedCopy(savedLabel(savedAt))} `}
            {t.offlineDetail}
          </Text>
        </Group>
      </Container>
    </div>
  );
}
