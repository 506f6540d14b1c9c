import type { ReactNode } from 'react';
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { AthleteContent } from '../../../components/AthleteContent';
import { AthletePageHeader } from '../../../components/AthletePageHeader';
import { StorageBar } from './StorageBar';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import type { MediaItem } from '../api';
import { useMediaList } from '../queries';
import { mediaText as t } from '../strings';
import { MediaCollection } from './MediaCollection';
import { PullToRefresh } from './PullToRefresh';
import { DateFilterNote, useDateParam } from '../../../components/DateFilterNote';

interface MediaLibraryProps {
  /** The page's Upload button, for the athlete's id (the upload dialog belongs to features/media-upload). */
  renderUpload?: (athleteId: number) => ReactNode;
  /** Opens the video editor; without it tiles offer no Edit Video. */
  onEditVideo?: (item: MediaItem) => void;
}

/**
 * The Media page: the current athlete's library, or a prompt to create the profile first. Family members
 * who may not edit see it without Upload and the controls that change it.
 */
export function MediaLibrary({ renderUpload, onEditVideo }: MediaLibraryProps) {
  const current = useCurrentAthlete();
  const athleteId = current.athlete?.id;
  const readOnly = current.athlete !== null && !current.athlete.permissions.edit;
  const list = useMediaList(athleteId);
  // A milestone's 'View media' opens the library on the media of its day.
  const [date, clearDate] = useDateParam();
  const items = (list.data ?? []).filter((item) => !date || item.date.slice(0, 10) === date);
  const upload = athleteId !== undefined && !readOnly ? renderUpload?.(athleteId) : null;

  return (
    <Stack gap="lg">
      <AthletePageHeader
        title={t.pageTitle}
        subtitle={t.pageSubtitle}
        familySubtitle={t.familySubtitle}
        athlete={current.athlete}
        action={upload}
      />
      {athleteId !== undefined && !readOnly && <StorageBar athleteId={athleteId} />}
      <AthleteContent
        current={current}
        noProfile={{ title: t.noProfileTitle, text: t.noProfileText }}
        loading={athleteId !== undefined && list.isPending}
        failed={list.isError && { message: t.loadFailed, onRetry: () => void list.refetch() }}
        skeleton={<LibrarySkeleton />}
      >
        {(athlete) => (
          <PullToRefresh onRefresh={() => void list.refetch()}>
            {date && <DateFilterNote date={date} what="media" onClear={clearDate} />}
            {/* Keyed by athlete: switching athletes starts with fresh filters and no selection. */}
            <MediaCollection key={athlete.id} items={items} upload={upload} onEditVideo={onEditVideo} readOnly={readOnly} />
          </PullToRefresh>
        )}
      </AthleteContent>
    </Stack>
  );
}

function LibrarySkeleton() {
  return (
    <Stack gap="md" data-testid="media-loading">
      <Skeleton height={36} radius="md" />
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing={{ base: 'xs', sm: 'md' }}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} radius="md" style={{ aspectRatio: '1 / 1', height: 'auto' }} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
