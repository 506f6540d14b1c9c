import type { ReactNode } from 'react';
import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconTrophy, IconUser } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useLocation } from 'react-router';
import { useUser } from '../../auth';
import type { SharedMedia } from '../api';
import { useSharedMediaQuery } from '../queries';
import { sharePageUrl } from '../shareLinks';
import { shareText as t } from '../strings';
import { JoinCta } from './JoinCta';
import { ShareActions } from './ShareActions';
import { SharedMediaPreview } from './SharedMediaPreview';
import { ShareLoadError, ShareNotFound, ShareSkeleton } from './ShareStates';

function Meta({ icon, children }: { icon: ReactNode; children: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

function SharedMediaCard({ item }: { item: SharedMedia }) {
  const { pathname } = useLocation();
  const date = dayjs(item.date);
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-label={item.title}>
      <Card.Section>
        <SharedMediaPreview item={item} />
      </Card.Section>
      <Stack gap="sm" mt="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {item.title}
        </Title>
        <Group gap="lg" wrap="wrap">
          {item.athleteName && <Meta icon={<IconUser size={16} aria-hidden />}>{item.athleteName}</Meta>}
          {item.sportType && <Meta icon={<IconTrophy size={16} aria-hidden />}>{item.sportType}</Meta>}
          {date.isValid() && <Meta icon={<IconCalendar size={16} aria-hidden />}>{date.format('MMMM D, YYYY')}</Meta>}
        </Group>
        {item.description && <Text style={{ whiteSpace: 'pre-line' }}>{item.description}</Text>}
        <Divider my="xs" />
        <Text fw={600} size="sm">
          {t.shareHeading}
        </Text>
        <ShareActions item={item} pageUrl={sharePageUrl(window.location.origin, pathname)} />
      </Stack>
    </Card>
  );
}

/** The public page of one shared item: the lookup's four outcomes, and the invitation to join. */
export function SharedMediaView({ code }: { code: string }) {
  const query = useSharedMediaQuery(code);
  const { isAuthenticated, isLoading: sessionLoading } = useUser();

  if (query.data === null) return <ShareNotFound />;
  return (
    <Stack gap="xl">
      {query.isPending ? (
        <ShareSkeleton />
      ) : query.isError ? (
        <ShareLoadError onRetry={() => void query.refetch()} />
      ) : (
        <SharedMediaCard item={query.data} />
      )}
      {!isAuthenticated && !sessionLoading && <JoinCta />}
    </Stack>
  );
}
