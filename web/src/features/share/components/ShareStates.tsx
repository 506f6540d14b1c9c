import { Alert, Button, Card, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconHome, IconLinkOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { shareText as t } from '../strings';

/** The page's shape while the lookup runs. */
export function ShareSkeleton() {
  return (
    <Card withBorder radius="lg" padding="lg" aria-busy="true" aria-label={t.loading}>
      <Card.Section>
        <Skeleton height={320} radius={0} />
      </Card.Section>
      <Stack gap="sm" mt="lg">
        <Skeleton height={28} width="60%" />
        <Skeleton height={14} width="40%" />
        <Skeleton height={12} />
        <Skeleton height={12} width="80%" />
      </Stack>
    </Card>
  );
}

/** 404: the code is unknown or its owner turned sharing off. */
export function ShareNotFound() {
  return (
    <Stack align="center" ta="center" gap="md" py={{ base: 32, sm: 72 }}>
      <ThemeIcon size={72} radius="xl" variant="light" color="navy">
        <IconLinkOff size={36} stroke={1.5} aria-hidden />
      </ThemeIcon>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t.notFoundTitle}
      </Title>
      <Stack gap={4} maw={460}>
        <Text size="lg">{t.notFound}</Text>
        <Text c="dimmed">{t.notFoundHint}</Text>
      </Stack>
      <Button component={Link} to="/" size="md" leftSection={<IconHome size={18} aria-hidden />} mt="sm">
        {t.backHome}
      </Button>
    </Stack>
  );
}

/** Any other failure (network, 5xx), with a way to try again. */
export function ShareLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" radius="md" title={t.loadFailedTitle} icon={<IconAlertCircle />}>
      {t.loadFailed}
      <div>
        <Button mt="sm" size="xs" variant="white" color="red" onClick={onRetry}>
          {t.retry}
        </Button>
      </div>
    </Alert>
  );
}
