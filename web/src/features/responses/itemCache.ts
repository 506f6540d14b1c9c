import type { Query, QueryClient } from '@tanstack/react-query';
import { responseUrls, type ItemRef, type ItemType, type Reactions } from './api';

// How a response reaches the cards that show the item. The item sits in the caches of the feature it
// belongs to (its lists, the dashboard's few, the media library's one item), each under a key whose first
// element is its URL (the app's convention). This feature imports none of them (they import it), so it
// finds them by those URLs, kept in step with journalKeys, mediaKeys, milestoneKeys and showcaseKeys
// (each feature's queries.ts); the hosts' tests fail when one of them moves.

/** The URLs of the lists that hold items of each type: the list's URL, with its filters when it has any. */
const listUrls: Record<ItemType, RegExp> = {
  journal: /^\/api\/athletes\/\d+\/journal(\?.*)?$/,
  media: /^\/api\/athletes\/\d+\/media(\?.*)?$/,
  milestones: /^\/api\/athletes\/\d+\/milestones(\?.*)?$/,
  achievements: /^\/api\/athletes\/\d+\/achievements(\?.*)?$/,
};

/** Whether a cached query holds the item: a list of its type, or the item's own query. */
function holdsItem(item: ItemRef) {
  const own = responseUrls.item(item);
  return (query: Query) => {
    const url = query.queryKey[0];
    return typeof url === 'string' && (url === own || listUrls[item.itemType].test(url));
  };
}

/** The fields of an item this feature changes. */
interface Responded {
  commentCount?: number;
  reactions?: Reactions;
}

/**
 * `data` with `change` applied to every object in it whose id is `id`, whatever the cache's shape (an
 * item, an array, a page of items or entries, TanStack's pages); the same reference where nothing changed.
 */
function patched(data: unknown, id: number, change: (item: Responded) => Responded): unknown {
  if (Array.isArray(data)) {
    const next = data.map((v: unknown) => patched(v, id, change));
    return next.some((v, i) => v !== data[i]) ? next : data;
  }
  if (data === null || typeof data !== 'object') return data;
  const record = data as Record<string, unknown>;
  if (record.id === id) return change(record);
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    next[key] = patched(value, id, change);
    if (next[key] !== value) changed = true;
  }
  return changed ? next : data;
}

function patchItem(client: QueryClient, item: ItemRef, change: (item: Responded) => Responded) {
  client.setQueriesData({ predicate: holdsItem(item) }, (data: unknown) => (data === undefined ? data : patched(data, item.itemId, change)));
}

/** The item's reactions as the server answered them, in every cached copy of it: they are the truth, nothing is read again. */
export function putReactions(client: QueryClient, item: ItemRef, reactions: Reactions) {
  patchItem(client, item, (cached) => ({ ...cached, reactions }));
}

/**
 * A comment posted (+1) or deleted (-1): the count changed in every cached copy of the item at once, then
 * the lists read again for the server's count (others may have commented meanwhile). The media library is
 * only marked stale, read again when next shown: it may hold dozens of pages, read one after another,
 * which the library itself avoids for any change to one item (features/media/mediaCache.ts).
 */
export function countComment(client: QueryClient, item: ItemRef, delta: 1 | -1) {
  patchItem(client, item, (cached) => ({ ...cached, commentCount: Math.max(0, (cached.commentCount ?? 0) + delta) }));
  return client.invalidateQueries({ predicate: holdsItem(item), refetchType: item.itemType === 'media' ? 'none' : 'active' });
}
