import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';

// The library's views scroll with the page (the app's header stays on top), so their rows are
// virtualised against the window: only the rows on the screen, and a few either side, are in the DOM.
// A library of 20,000 items is then a few dozen tiles for the browser to lay out and paint, whatever
// has been loaded.

/** Rows rendered beyond each edge of the screen: a fast fling shows rows, not blank space. */
const OVERSCAN_ROWS = 4;

/** How close to the last row loaded the next page is asked for. */
const NEAR_END_ROWS = 6;

interface WindowRowsOptions {
  count: number;
  /** A row's height before it is measured, given the container's width. */
  estimateSize: (index: number, width: number) => number;
  getItemKey?: (index: number) => string | number;
  /** Called when the rows shown come near the last one: the next page, while there is one. */
  onNearEnd?: () => void;
}

/** The app's sticky header: what a row scrolled to must sit below. */
export function headerHeight(): number {
  return document.querySelector('header')?.getBoundingClientRect().height ?? 0;
}

/**
 * A window-scrolled virtual list: `ref` goes on the rows' container, `virtualizer.measureElement` on each
 * row (with `data-index`), and each row at `translateY(start - margin)`. `width` is the container's, for
 * rows whose height follows it (the grid's square tiles).
 */
export function useWindowRows<E extends HTMLElement = HTMLDivElement>({ count, estimateSize, getItemKey, onNearEnd }: WindowRowsOptions) {
  const ref = useRef<E>(null);
  // Where the rows start on the page: anything above them (the toolbar, a selection bar) moves them.
  const [margin, setMargin] = useState(0);
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Read where a resize observer calls back, after layout: reading the rows' place after every render
    // forced a layout of the page in the middle of each scroll. The page's body changes size whenever
    // something above the rows does (a selection bar appears, a note goes), and the container's width
    // is the grid's (fractions included: its rows are sized from it).
    const read = () => {
      const rect = el.getBoundingClientRect();
      setMargin(rect.top + window.scrollY);
      setWidth(rect.width);
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: (index) => estimateSize(index, width),
    getItemKey,
    overscan: OVERSCAN_ROWS,
    scrollMargin: margin,
    // Rows that scroll into view are rendered in a task of their own after the scroll event, not inside
    // it (flushSync): the event stays short, and mounting a row is not added to the browser's own work
    // for the same scroll in one long task. The rows either side of the screen (overscan) are mounted
    // a screen ahead, so nothing blank shows meanwhile.
    useFlushSync: false,
  });
  // Sizes measured at another width (a phone turned, a window resized) no longer hold.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, width]);

  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.length > 0 ? rows[rows.length - 1]!.index : -1;
  const nearEnd = count === 0 || lastShown >= count - 1 - NEAR_END_ROWS;
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, count, onNearEnd]);

  return { ref, virtualizer, rows, margin, width };
}
