import { useEffect, useLayoutEffect, useRef } from 'react';

// The library keeps its place: the page's scroll offset is written to sessionStorage as the family
// scrolls, per list (athlete, view, filters), and put back when they come back to the page. The pages
// they had loaded are still in the query cache, so the rows are there to scroll to; when the cache has
// been emptied meanwhile, pages are loaded until the page is long enough again.

const storageKey = (key: string) => `media-scroll:${key}`;

/** How long after a scroll its offset is written. */
const SAVE_DELAY_MS = 200;

interface ScrollMemoryOptions {
  /** The list's rows are on the page (its first page has arrived). */
  ready: boolean;
  /** The rows loaded so far: a restore waits for each new page. */
  rows: number;
  hasMore: boolean;
  loadMore: () => void;
}

function saved(key: string): number {
  const value = Number(sessionStorage.getItem(storageKey(key)));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Keeps and restores the window's scroll offset for the list named `key`. */
export function useScrollMemory(key: string, { ready, rows, hasMore, loadMore }: ScrollMemoryOptions) {
  // The key whose offset has been put back: until then, scroll events (a short page being laid out)
  // must not overwrite what was saved.
  const restored = useRef<string | null>(null);

  useLayoutEffect(() => {
    if (!ready || restored.current === key) return;
    const target = saved(key);
    const room = document.documentElement.scrollHeight - window.innerHeight;
    if (target > room && hasMore) {
      loadMore();
      return;
    }
    if (target > 0) window.scrollTo(0, Math.min(target, room));
    restored.current = key;
  }, [key, ready, rows, hasMore, loadMore]);

  useEffect(() => {
    // Written a little after the scroll, not on every frame of it: sessionStorage writes are synchronous.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      timer = undefined;
      if (restored.current === key) sessionStorage.setItem(storageKey(key), String(Math.round(window.scrollY)));
    };
    const onScroll = () => {
      timer ??= setTimeout(save, SAVE_DELAY_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (timer !== undefined) save();
      clearTimeout(timer);
    };
  }, [key]);
}
