import { useQuery } from '@tanstack/react-query';
import { useCurrentAthlete } from '../../lib/currentAthlete';
import * as api from './api';

// The navigation reads the unread count on every signed-in page, so this module is in the app's first
// script (docs/PERFORMANCE.md, "Web bundle"): what only the page uses, the feed's paged query (which
// brings TanStack's infinite query and lib/pages) and marking the feed seen, is in feedQueries.ts.

// Query keys: the first element is the URL (spec convention). The feed is paged ('pages' marks the
// infinite query's data); the unread count has a URL of its own, so neither key is a prefix of the other.
export const activityKeys = {
  feed: (athleteId: number) => [api.activityUrls.feed(athleteId), 'pages'] as const,
  unread: (athleteId: number) => [api.activityUrls.unread(athleteId)] as const,
};

/** How often the navigation asks again how much is new, while the tab is in front. */
export const UNREAD_REFETCH_MS = 60_000;

/**
 * How many rows of the athlete's feed are new to the caller. The app's queries never refetch on their own
 * (lib/queryClient); this count is the exception, since it is how news reaches a member who is elsewhere
 * in the app: every minute while the tab is in front, and whenever the window comes back to it.
 */
export function useUnreadActivityQuery(athleteId: number | undefined) {
  return useQuery({
    queryKey: activityKeys.unread(athleteId ?? 0),
    queryFn: () => api.fetchUnreadActivity(athleteId ?? 0),
    enabled: athleteId !== undefined,
    refetchInterval: UNREAD_REFETCH_MS,
    // 'always': the app's data is never stale (staleTime Infinity), which would make a plain true do nothing.
    refetchOnWindowFocus: 'always',
  });
}

/** The current athlete's unread count for the navigation; 0 while unknown, or when there is no athlete. */
export function useUnreadActivity(): number {
  const { athlete } = useCurrentAthlete();
  return useUnreadActivityQuery(athlete?.id).data?.unread ?? 0;
}
