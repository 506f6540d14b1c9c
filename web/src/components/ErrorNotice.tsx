import type { ReactNode } from 'react';
import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { shellText as t } from '../lib/messages';
import { useOnline } from '../lib/network';
import { ErrorBoundary, type CaughtError } from './ErrorBoundary';

interface ErrorNoticeProps extends Pick<CaughtError, 'chunk'> {
  /** A page fills the space between header and footer; a dialog's notice is compact. */
  place: 'page' | 'dialog';
}

/**
 * What shows where a route or a dialog failed: for code that did not download, that it could not be loaded
 * (and, offline, that the connection is gone); for anything else, "Something went wrong". Either way the
 * way out is Reload, which fetches the app afresh.
 */
export function ErrorNotice({ chunk, place }: ErrorNoticeProps) {
  const online = useOnline();
  const title = chunk ? t.chunkTitle[place] : t.crashTitle;
  const detail = !chunk ? t.crashDetail : online ? t.chunkDetail : t.chunkDetailOffline;
  const body = (
    <Stack align="center" ta="center" gap="sm" role="alert">
      <ThemeIcon size={place === 'page' ? 56 : 44} radius="xl" variant="light" color={chunk ? 'navy' : 'orange'}>
        {chunk && !online ? <IconWifiOff size={26} aria-hidden /> : <IconAlertTriangle size={26} aria-hidden />}
      </ThemeIcon>
      <Title order={place === 'page' ? 1 : 2} fz={place === 'page' ? { base: 24, sm: 28 } : 'lg'}>
        {title}
      </Title>
      <Text c="dimmed" maw={440}>
        {detail}
      </Text>
      <Button mt="xs" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
        {t.reload}
      </Button>
    </Stack>
  );
  if (place === 'dialog') return <Stack py="md">{body}</Stack>;
  return (
    <Container size="sm" py={{ base: 48, sm: 80 }}>
      {body}
    </Container>
  );
}

/** A route's page inside its boundary: a new path (resetKey) tries the page again. */
export function PageErrorBoundary({ resetKey, children }: { resetKey: unknown; children: ReactNode }) {
  return (
    <ErrorBoundary resetKey={resetKey} fallback={({ chunk }) => <ErrorNotice chunk={chunk} place="page" />}>
      {children}
    </ErrorBoundary>
  );
}
