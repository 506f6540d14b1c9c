import { useMemo } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchPage, pageItems, type Page, type PageRequest } from '../../lib/pages';
import * as api from './api';
import { activityKeys } from './queries';

// The page's queries, apart from queries.ts so they stay out of the app's first script (see there).

/**
 * The athlete's feed, newest first, page by page: `items` so far, `fetchNextPage` for more. Built from
 * lib/pages' fetchPage and pageItems as useInfiniteList is; that one keeps a list for five minutes after
 * its page is left (TanStack's gcTime), this one forgets it at once. A feed shown again from memory would
 * mark rows unread that were seen and miss what came since, and the page would then tell the server the
 * member saw what it never showed them.
 */
export function useActivityFeedQuery(athleteId: number | undefined) {
  const query = useInfiniteQuery({
    queryKey: activityKeys.feed(athleteId ?? 0),
    queryFn: ({ pageParam, signal }) => fetchPage<api.Activity>(api.activityUrls.feed(athleteId ?? 0), pageParam, signal),
    initialPageParam: { cursor: null } as PageRequest,
    getNextPageParam: (last: Page<api.Activity>): PageRequest | undefined => (last.next ? { cursor: last.next } : undefined),
    enabled: athleteId !== undefined,
    gcTime: 0,
  });
  const items = useMemo(() => pageItems(query.data), [query.data]);
  return { ...query, items };
}

/** Tells the server the member has looked at the athlete's feed; the navigation's count drops to 0. */
export function useMarkActivitySeenMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (athleteId: number) => api.markActivitySeen(athleteId),
    onSuccess: async (answer, athleteId) => {
      // A count asked for before the server heard this (the navigation's, on opening the app at this
      // page) would put the old number back when it arrives.
      await client.cancelQueries({ queryKey: activityKeys.unread(athleteId) });
      client.setQueryData(activityKeys.unread(athleteId), answer);
    },
  });
}
