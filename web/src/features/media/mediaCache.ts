import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from '../../lib/pages';
import * as api from './api';

// How a change to one item reaches the library's cached pages without reading them again. A library
// scrolled far holds dozens of pages, and refetching them reads each after the one before it, so an
// upload, an edit, a favorite or a delete puts its answer into the pages loaded instead: the item is
// replaced, removed, or placed where the list's order (date, then id, newest first) puts it. Only the
// counts (the summary) and the storage use are read again.

type CachedList = InfiniteData<Page<api.MediaItem>> | Page<api.MediaItem>;

/** The URL of a cached media list of the athlete (the library's pages under any filter, the dashboard's first page). */
function listUrlOf(key: QueryKey, athleteId: number): URL | null {
  const url = key[0];
  const base = api.mediaUrls.list(athleteId);
  if (typeof url !== 'string' || (url !== base && !url.startsWith(`${base}?`))) return null;
  return new URL(url, 'http://list');
}

/** Whether a list with these filters holds the item; undefined when only the server can tell (a search). */
function listHolds(url: URL, item: api.MediaItem): boolean | undefined {
  const date = url.searchParams.get('date');
  if (date) return item.date.slice(0, 10) === date;
  const type = url.searchParams.get('type');
  if (type && item.mediaType !== type) return false;
  if (url.searchParams.get('favorite') === 'true' && !item.isFavorite) return false;
  return url.searchParams.get('q') ? undefined : true;
}

/** Newest first, by date then id: negative when `a` comes before `b` in the list. */
export function compareMedia(a: Pick<api.MediaItem, 'date' | 'id'>, b: Pick<api.MediaItem, 'date' | 'id'>): number {
  const da = a.date.slice(0, 10);
  const db = b.date.slice(0, 10);
  if (da !== db) return da > db ? -1 : 1;
  return b.id - a.id;
}

function pagesOf(data: CachedList): Page<api.MediaItem>[] {
  return 'pages' in data ? data.pages : [data];
}

function withPages(data: CachedList, pages: Page<api.MediaItem>[]): CachedList {
  return 'pages' in data ? { ...data, pages } : pages[0]!;
}

/**
 * The pages with `item` placed in order: on the first page whose last row comes after it. An item older
 * than every row loaded goes nowhere while more pages follow (it arrives with them), else at the end.
 */
export function placeItem(pages: Page<api.MediaItem>[], item: api.MediaItem): Page<api.MediaItem>[] {
  const at = pages.findIndex((page) => page.items.length > 0 && compareMedia(item, page.items[page.items.length - 1]!) < 0);
  const last = pages.length - 1;
  const target = at >= 0 ? at : pages[last]?.next === null ? last : -1;
  if (target < 0) return pages;
  return pages.map((page, i) =>
    i === target ? { ...page, items: [...page.items, item].sort(compareMedia) } : page,
  );
}

/** Applies `change` to every cached list of the athlete, given each list's URL (its filters). */
function editLists(client: QueryClient, athleteId: number, change: (pages: Page<api.MediaItem>[], url: URL) => Page<api.MediaItem>[] | 'refetch') {
  const stale: QueryKey[] = [];
  for (const [key, data] of client.getQueriesData<CachedList>({ predicate: (q) => listUrlOf(q.queryKey, athleteId) !== null })) {
    if (!data) continue;
    const next = change(pagesOf(data), listUrlOf(key, athleteId)!);
    if (next === 'refetch') stale.push(key);
    else client.setQueryData(key, withPages(data, next));
  }
  return Promise.all([
    ...stale.map((queryKey) => client.invalidateQueries({ queryKey, exact: true })),
    client.invalidateQueries({ queryKey: [api.mediaUrls.summary(athleteId)] }),
    client.invalidateQueries({ queryKey: [api.mediaUrls.usage(athleteId)] }),
  ]);
}

const without = (pages: Page<api.MediaItem>[], ids: ReadonlySet<number>) =>
  pages.map((page) => ({ ...page, items: page.items.filter((i) => !ids.has(i.id)) }));

/**
 * An item's new state, from the answer of a change to it: in place, moved when its date changed, out of
 * the lists it no longer belongs to (a favorite taken back), into those it now does. A searched list is
 * read again, since only the server knows whether the item still matches.
 */
export function putMediaItem(client: QueryClient, item: api.MediaItem) {
  client.setQueryData([api.mediaUrls.item(item.id)], item);
  return editLists(client, item.athleteId, (pages, url) => {
    const holds = listHolds(url, item);
    if (holds === undefined) return 'refetch';
    const before = pages.flatMap((p) => p.items).find((i) => i.id === item.id);
    if (before && holds && compareMedia(before, item) === 0) {
      return pages.map((page) => ({ ...page, items: page.items.map((i) => (i.id === item.id ? item : i)) }));
    }
    const rest = without(pages, new Set([item.id]));
    return holds ? placeItem(rest, item) : rest;
  });
}

/** Items deleted: out of every list, and the counts read again. */
export function removeMediaItems(client: QueryClient, athleteId: number, ids: readonly number[]) {
  const gone = new Set(ids);
  return editLists(client, athleteId, (pages) => without(pages, gone));
}
