import { useEffect, useRef, useState } from 'react';
import { Card, Divider, Stack } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { AthleteContent } from '../../../components/AthleteContent';
import { AthletePageHeader } from '../../../components/AthletePageHeader';
import { EmptyNote } from '../../../components/EmptyNote';
import { ShowMore } from '../../../components/ShowMore';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { shownUnread, unreadOnOpening } from '../activityRules';
import type { UnreadActivity } from '../api';
import { useActivityFeedQuery, useMarkActivitySeenMutation } from '../feedQueries';
import { activityKeys } from '../queries';
import { activityText as t } from '../strings';
import { ActivityRow } from './ActivityRow';

/**
 * The /activity page: the current athlete's feed, newest first, a page at a time. Once the first page is
 * in, the member has looked: the server is told (PUT …/seen) once per athlete, and the navigation's
 * count goes to 0, while the rows that were new stay marked until the page is left.
 */
export function ActivityFeed() {
  const current = useCurrentAthlete();
  const athleteId = current.athlete?.id;
  const list = useActivityFeedQuery(athleteId);
  const { mutate: markSeen } = useMarkActivitySeenMutation();
  const client = useQueryClient();
  const marked = useRef<number | null>(null);
  // How many of the newest rows were new when this athlete's feed opened (activityRules).
  const [opened, setOpened] = useState<{ athleteId: number; unread: number } | null>(null);

  useEffect(() => {
    // The ref, not the state, says whether this athlete's feed was marked: it holds across StrictMode's
    // second run of the effect, so the server is told once.
    if (athleteId === undefined || !list.isSuccess || marked.current === athleteId) return;
    marked.current = athleteId;
    const counted = client.getQueryData<UnreadActivity>(activityKeys.unread(athleteId))?.unread;
    setOpened({ athleteId, unread: unreadOnOpening(list.items, list.hasNextPage, counted) });
    markSeen(athleteId);
  }, [athleteId, list.isSuccess, list.items, list.hasNextPage, client, markSeen]);
  const unread = shownUnread(list.items, opened && opened.athleteId === athleteId ? opened.unread : 0);

  return (
    <Stack gap="lg">
      <AthletePageHeader title={t.pageTitle} subtitle={t.pageSubtitle} familySubtitle={t.familySubtitle} athlete={current.athlete} />
      <AthleteContent
        current={current}
        noProfile={{ title: t.noProfileTitle, text: t.noProfileText }}
        loading={list.isLoading}
        failed={list.isError && { message: t.loadFailed, onRetry: () => void list.refetch() }}
      >
        {(athlete) => (
          <Card withBorder radius="md" padding="xs">
            {list.items.length > 0 ? (
              <Stack gap="sm">
                <Stack component="ul" aria-label={t.pageTitle} gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
                  {list.items.map((activity, i) => (
                    <li key={`${activity.kind}-${activity.id}`}>
                      {i > 0 && <Divider mx="sm" />}
                      <ActivityRow activity={activity} athleteId={athlete.id} unread={unread[i] ?? false} />
                    </li>
                  ))}
                </Stack>
                <ShowMore list={list} />
              </Stack>
            ) : (
              <EmptyNote icon={<IconBell size={22} />} title={t.empty} description={t.emptyHint} />
            )}
          </Card>
        )}
      </AthleteContent>
    </Stack>
  );
}
