import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { AthleteContent } from '../../../components/AthleteContent';
import { AthletePageHeader } from '../../../components/AthletePageHeader';
import { DateFilterNote, useDateParam } from '../../../components/DateFilterNote';
import { useCurrentAthlete, type Athlete } from '../../../lib/currentAthlete';
import type { MediaItem } from '../api';
import { summaryParts } from '../mediaRules';
import { invalidateMedia, useMediaSummary } from '../queries';
import { mediaText as t } from '../strings';
import { LibrarySkeleton } from './LibrarySkeleton';
import { MediaCollection } from './MediaCollection';
import { PullToRefresh } from './PullToRefresh';
import { StorageBar } from './StorageBar';

interface MediaLibraryProps {
  /** The page's Upload button, for the athlete's id (the upload dialog belongs to features/media-upload). */
  renderUpload?: (athleteId: number) => ReactNode;
  /** Opens the video editor; without it tiles offer no Edit Video. */
  onEditVideo?: (item: MediaItem) => void;
  /** Shown above the items, to everyone who sees them: what was made from the library (the reels of features/reels). */
  renderAboveItems?: (athlete: Athlete) => ReactNode;
}

/**
 * The Media page: the current athlete's library, or a prompt to create the profile first. Family members
 * who may not edit see it without Upload and the controls that change it. The header's counts come from
 * the summary, so they are whole before the rows are loaded.
 */
export function MediaLibrary({ renderUpload, onEditVideo, renderAboveItems }: MediaLibraryProps) {
  const client = useQueryClient();
  const current = useCurrentAthlete();
  const athleteId = current.athlete?.id;
  const readOnly = current.athlete !== null && !current.athlete.permissions.edit;
  const summary = useMediaSummary(athleteId);
  // A milestone's 'View media' opens the library on the media of its day.
  const [date, clearDate] = useDateParam();
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
        loading={athleteId !== undefined && summary.isPending}
        failed={summary.isError && { message: t.loadFailed, onRetry: () => void summary.refetch() }}
        skeleton={<LibrarySkeleton />}
      >
        {(athlete) => (
          <>
            {renderAboveItems?.(athlete)}
            <PullToRefresh onRefresh={() => void invalidateMedia(client, athlete.id)}>
              {summary.data && summary.data.total > 0 && (
                <Text size="sm" c="dimmed" mb="sm" data-testid="media-counts">
                  {summaryParts(summary.data).join(' · ')}
                </Text>
              )}
              {date && <DateFilterNote date={date} what="media" onClear={clearDate} />}
              {/* Keyed by athlete: switching athletes starts with fresh filters and no selection. */}
              <MediaCollection
                key={athlete.id}
                athleteId={athlete.id}
                summary={summary.data}
                date={date}
                upload={upload}
                onEditVideo={onEditVideo}
                readOnly={readOnly}
              />
            </PullToRefresh>
          </>
        )}
      </AthleteContent>
    </Stack>
  );
}
