import { AspectRatio, Badge, Box, Center, Group, Loader, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconFile,
  IconFileTypePdf,
  IconMusic,
  IconPhoto,
  IconPlayerPlayFilled,
  IconUpload,
  IconVideo,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { type MediaItem, PAGE_BACKGROUND, pictureFit, summaryParts, useMediaSummary, useRecentMedia } from '../../media';
import { recentMediaText } from '../strings';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { dashboardText as t } from '../strings';
import { EmptyNote } from '../../../components/EmptyNote';
import { LinkButton } from './LinkButton';
import { LoadError } from '../../../components/LoadError';
import { PanelLink } from '../../../components/PanelLink';
import { SectionCard } from '../../../components/SectionCard';
import { isWorking } from '../../../lib/jobStatus';

/** Spec: media items on the dashboard. */
export const RECENT_MEDIA_COUNT = 4;

const typeIcons = { image: IconPhoto, video: IconVideo, audio: IconMusic, pdf: IconFileTypePdf, other: IconFile };

/** What a tile shows: a spinner while processing, the thumbnail when there is one, else the type's icon. */
function TileFace({ item }: { item: MediaItem }) {
  if (isWorking(item.status)) {
    return (
      <Stack align="center" gap={4}>
        <Loader size="sm" />
        <Text size="xs" c="dimmed">
          {recentMediaText.processing}
        </Text>
      </Stack>
    );
  }
  if (item.status === 'failed') {
    return (
      <Stack align="center" gap={4} px="xs" ta="center">
        <IconAlertTriangle size={22} color="var(--mantine-color-red-6)" aria-hidden />
        <Text size="xs" c="dimmed">
          {recentMediaText.failed}
        </Text>
      </Stack>
    );
  }
  const src = item.thumbnailUrl ?? (item.mediaType === 'image' ? item.mediaUrl : null);
  if (src) {
    return (
      <>
        <img
          src={src}
          alt=""
          loading="lazy"
          style={{
            width: '100%',
            height: '100%',
            objectFit: pictureFit(item).objectFit,
            ...(pictureFit(item).page && { background: PAGE_BACKGROUND, padding: 6 }),
          }}
        />
        {pictureFit(item).page && (
          <Badge pos="absolute" bottom={6} right={6} size="xs" color="red" variant="filled" tt="none">
            {recentMediaText.pdfBadge}
          </Badge>
        )}
        {item.mediaType === 'video' && (
          <ThemeIcon pos="absolute" size="lg" radius="xl" color="dark" style={{ opacity: 0.75 }} aria-hidden>
            <IconPlayerPlayFilled size={16} />
          </ThemeIcon>
        )}
      </>
    );
  }
  const Icon = typeIcons[item.mediaType];
  return (
    <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
      <Icon size={22} />
    </ThemeIcon>
  );
}

function RecentMediaTile({ item }: { item: MediaItem }) {
  return (
    <Box
      component={Link}
      to="/media"
      aria-label={item.title}
      style={{ textDecoration: 'none', color: 'inherit', minWidth: 0 }}
    >
      <AspectRatio ratio={1}>
        <Center
          bg="var(--mantine-color-default-hover)"
          pos="relative"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        >
          <TileFace item={item} />
        </Center>
      </AspectRatio>
      <Text size="xs" mt={6} truncate="end" title={item.title}>
        {item.title}
      </Text>
    </Box>
  );
}

/** Recent Media on the dashboard: the current athlete's latest four items, and the way to upload more. */
export function RecentMediaSection() {
  const current = useCurrentAthlete();
  const athleteId = current.athlete?.id;
  const canUpload = current.athlete?.permissions.edit ?? true;
  // The first page's newest few, and the library's counts without its rows.
  const media = useRecentMedia(athleteId, RECENT_MEDIA_COUNT);
  const summary = useMediaSummary(athleteId).data;

  let body;
  if (current.isLoading || (athleteId !== undefined && media.isPending)) {
    body = (
      <SimpleGrid cols={{ base: 2, sm: RECENT_MEDIA_COUNT }} spacing="sm" aria-busy="true">
        {Array.from({ length: RECENT_MEDIA_COUNT }, (_, i) => (
          <AspectRatio key={i} ratio={1}>
            <Skeleton radius="md" />
          </AspectRatio>
        ))}
      </SimpleGrid>
    );
  } else if (athleteId === undefined) {
    body = <EmptyNote icon={<IconPhoto size={22} />} title={t.noMedia} description={recentMediaText.noProfileHint} />;
  } else if (media.isError) {
    body = <LoadError message={recentMediaText.loadFailed} onRetry={() => void media.refetch()} />;
  } else if (!media.data?.length) {
    body = canUpload ? (
      <EmptyNote icon={<IconPhoto size={22} />} title={t.noMedia} description={t.mediaEmptyHint} />
    ) : (
      <EmptyNote icon={<IconPhoto size={22} />} title={t.noMediaShared} description={t.mediaSharedHint} />
    );
  } else {
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: RECENT_MEDIA_COUNT }} spacing="sm">
          {media.data.map((item) => (
            <RecentMediaTile key={item.id} item={item} />
          ))}
        </SimpleGrid>
        {summary && summary.total > 0 && (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" data-testid="media-counts">
              {summaryParts(summary).join(' · ')}
            </Text>
            {summary.total > RECENT_MEDIA_COUNT && <PanelLink to="/media">{recentMediaText.viewAll}</PanelLink>}
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <SectionCard
      title={t.mediaTitle}
      icon={<IconPhoto size={20} />}
      action={
        canUpload ? (
          <LinkButton to="/media" icon={<IconUpload size={14} />} hasProfile={current.isLoading || athleteId !== undefined}>
            {t.upload}
          </LinkButton>
        ) : undefined
      }
    >
      {body}
    </SectionCard>
  );
}
