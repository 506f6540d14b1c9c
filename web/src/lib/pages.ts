import { useEffect, useMemo } from 'react';
import { useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { throwIfNotOk } from './api';

// The one client of the server's paged lists (docs/API.md, "Lists and pages"): a JSON array body,
// ?limit= and ?cursor=, and the next page's cursor in the X-Next-Cursor header, absent on the last
// page. Every list that grows without bound is read through here, so no list stops at its first page.

/** One page of a list, and where the next one starts (null: this was the last). */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** What to ask for: a position from the previous page's X-Next-Cursor (null: the first page), and a size. */
export interface PageRequest {
  cursor: string | null;
  /** Rows per page; the list's own default when absent. */
  limit?: number;
}

/** `url` with the page's ?limit= and ?cursor= added to whatever query it already has. */
export function pageUrl(url: string, { cursor, limit }: PageRequest): string {
  const params = new URLSearchParams();
  if (limit !== undefined) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** GET of one page. apiRequest hands back only the body; a page needs the X-Next-Cursor header too. */
export async function fetchPage<T>(url: string, request: PageRequest = { cursor: null }, signal?: AbortSignal): Promise<Page<T>> {
  const res = await fetch(pageUrl(url, request), { credentials: 'include', signal });
  await throwIfNotOk(res);
  return { items: (await res.json()) as T[], next: res.headers.get('X-Next-Cursor') || null };
}

/**
 * Walks a list page by page from its start, handing each page to `visit`, until the last page or until
 * `visit` answers false. For work on every row of a list that is not on the screen (every item of a month).
 */
export async function walkPages<T>(url: string, visit: (items: T[]) => boolean | void, limit?: number, signal?: AbortSignal): Promise<void> {
  let cursor: string | null = null;
  do {
    const page: Page<T> = await fetchPage<T>(url, { cursor, limit }, signal);
    if (visit(page.items) === false) return;
    cursor = page.next;
  } while (cursor);
}

/** Every row of the pages loaded so far, in the list's order. */
export function pageItems<T>(data: InfiniteData<Page<T>> | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

export interface InfiniteListOptions<T> {
  /** The key's first element is the list's URL with its filters (the app's convention), so prefix invalidation reaches it. */
  queryKey: QueryKey;
  /** The list's URL with its filters, without limit or cursor. */
  url: string;
  enabled?: boolean;
  /** Rows on the first page (the list's default when absent): what the screen shows first. */
  firstLimit?: number;
  /** Rows on every later page (the list's default when absent): fewer, larger requests when scrolling far. */
  nextLimit?: number;
  /** TanStack's refetchInterval over the loaded pages (pollWhileWorking for a list of job-backed records). */
  refetchInterval?: (query: { state: { data: InfiniteData<Page<T>> | undefined } }) => number | false;
  /** Each page as it arrives, answering the page to keep: for a list whose rows carry what other queries show. */
  onPage?: (page: Page<T>) => Page<T>;
}

/**
 * A paged list as TanStack's infinite query: `items` are the rows loaded so far, `fetchNextPage` loads
 * the next page (for a "Show more" button or a scroll), `hasNextPage` says whether there is one. A
 * refetch (an invalidation) reloads the pages loaded so far, each after the fresh one before it.
 */
export function useInfiniteList<T>({ queryKey, url, enabled, firstLimit, nextLimit, refetchInterval, onPage }: InfiniteListOptions<T>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchPage<T>(url, pageParam, signal);
      return onPage ? onPage(page) : page;
    },
    initialPageParam: { cursor: null, limit: firstLimit } as PageRequest,
    getNextPageParam: (last: Page<T>): PageRequest | undefined => (last.next ? { cursor: last.next, limit: nextLimit } : undefined),
    enabled,
    refetchInterval,
  });
  const items = useMemo(() => pageItems(query.data), [query.data]);
  return { ...query, items };
}

export type InfiniteList<T> = ReturnType<typeof useInfiniteList<T>>;

/**
 * Loads the rest of a list, one page after another, for a screen that must order or split the whole of
 * it differently from the server (the events page: upcoming soonest first, then past newest first).
 * For lists of tens to hundreds of rows; a long list shows pages as it is scrolled instead.
 */
export function useEveryPage(list: Pick<InfiniteList<unknown>, 'hasNextPage' | 'isFetchingNextPage' | 'isError' | 'fetchNextPage'>) {
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
}
