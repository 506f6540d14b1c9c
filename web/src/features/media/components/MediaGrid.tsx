import { memo, useEffect, useMemo, type ReactNode } from 'react';
import { useMatches } from '@mantine/core';
import type { MediaItem } from '../api';
import { groupByMonth } from '../mediaRules';
import type { MediaActions } from './mediaActions';
import { MediaTile } from './MediaTile';
import { headerHeight, useWindowRows } from './useWindowRows';

export interface MediaCollectionProps {
  items: MediaItem[];
  actions: MediaActions;
  selected: ReadonlySet<number>;
  selectable: boolean;
  onToggleSelect: (item: MediaItem) => void;
  /** The next page, when the rows shown come near the last one loaded. */
  onNearEnd: () => void;
}

interface MediaGridProps extends MediaCollectionProps {
  /** Timeline: a heading before each month's tiles (what `heading` renders for "2025-04"). */
  heading?: (month: string) => ReactNode;
  /** A month to bring to the top of the screen once its heading is loaded; `onShown` says it was. */
  scrollTo?: { month: string; onShown: () => void } | null;
}

type Row = { kind: 'tiles'; key: string; items: MediaItem[] } | { kind: 'month'; key: string; month: string };

/** A heading's height before it is measured: a title line and its margin. */
const HEADING_ESTIMATE_PX = 56;

/** A row of square tiles `width` wide in `cols` columns, with the gap below it. */
function tileRowHeight(width: number, cols: number, gap: number): number {
  return Math.max(1, (width - gap * (cols - 1)) / cols) + gap;
}

/** Tiles in rows: two on a phone, up to five on a wide screen. */
function rowsOf(items: readonly MediaItem[], cols: number, prefix: string): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < items.length; i += cols) {
    rows.push({ kind: 'tiles', key: `${prefix}${items[i]!.id}`, items: items.slice(i, i + cols) });
  }
  return rows;
}

/**
 * The grid (and, with `heading`, the timeline: the grid one month after another), virtualised against
 * the window: only the rows on the screen are in the DOM.
 */
export function MediaGrid({ items, actions, selected, selectable, onToggleSelect, onNearEnd, heading, scrollTo }: MediaGridProps) {
  const cols = useMatches({ base: 2, sm: 3, md: 4, lg: 5 });
  const gap = useMatches({ base: 10, sm: 16 });
  const timeline = heading !== undefined;
  const rows = useMemo(
    () =>
      timeline
        ? groupByMonth(items).flatMap((group): Row[] => [{ kind: 'month', key: `m${group.key}`, month: group.key }, ...rowsOf(group.items, cols, `${group.key}:`)])
        : rowsOf(items, cols, ''),
    [items, cols, timeline],
  );
  const { ref, virtualizer, rows: shown, margin } = useWindowRows({
    count: rows.length,
    // Square tiles: a row is as tall as a tile is wide, and the gap below it. Rows of tiles are given that
    // height rather than measured: a measured row a fraction of a pixel off its estimate made the
    // virtualizer lay out every row again, for each row scrolled into view.
    estimateSize: (i, width) => (rows[i]?.kind === 'month' ? HEADING_ESTIMATE_PX : tileRowHeight(width, cols, gap)),
    getItemKey: (i) => rows[i]?.key ?? i,
    onNearEnd,
  });

  const target = scrollTo ? rows.findIndex((row) => row.kind === 'month' && row.month <= scrollTo.month) : -1;
  useEffect(() => {
    if (!scrollTo || target < 0) return;
    window.scrollTo(0, (virtualizer.getOffsetForIndex(target, 'start')?.[0] ?? 0) - headerHeight());
    scrollTo.onShown();
  }, [scrollTo, target, virtualizer]);

  return (
    <div ref={ref} data-testid={heading ? 'media-timeline' : 'media-grid'} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {shown.map((v) => {
        const row = rows[v.index]!;
        return (
          <div
            key={v.key}
            data-index={v.index}
            // Only a month's heading is measured (its button may wrap on a phone).
            ref={row.kind === 'month' ? virtualizer.measureElement : undefined}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: row.kind === 'month' ? undefined : v.size, transform: `translateY(${v.start - margin}px)` }}
          >
            {row.kind === 'month' ? (
              heading!(row.month)
            ) : (
              <TileRow items={row.items} cols={cols} gap={gap} actions={actions} selected={selected} selectable={selectable} onToggleSelect={onToggleSelect} />
            )}
          </div>
        );
      })}
    </div>
  );
}

type TileRowProps = Pick<MediaCollectionProps, 'actions' | 'selected' | 'selectable' | 'onToggleSelect'> & { items: MediaItem[]; cols: number; gap: number };

/**
 * One row of tiles. Memoised: the grid renders on every scroll event (the virtualizer's offset), and a row
 * already on the screen only moves (its wrapper's transform), so it is not drawn again.
 */
const TileRow = memo(function TileRow({ items, cols, gap, actions, selected, selectable, onToggleSelect }: TileRowProps) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, gap }}>
      {items.map((item) => (
        <MediaTile key={item.id} item={item} actions={actions} selected={selected.has(item.id)} selectable={selectable} onToggleSelect={onToggleSelect} />
      ))}
    </div>
  );
});
