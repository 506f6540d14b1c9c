import dayjs from 'dayjs';
import type { MediaItem, MediaQuery, MediaSummary, MediaType } from './api';
import { fullDateLabel } from '../../lib/format';
import { fileSizeLabel, wholeSeconds } from '../../lib/units';
import { summaryText } from './strings';

// The media library's small rules (spec sections 2, 4 and 9), kept apart from the components so they
// can be tested on their own.

/** Spec section 9: long-press, the tap-hold overlay's fade, pull-to-refresh, the swipe threshold. */
export const LONG_PRESS_MS = 500;
export const LONG_PRESS_VIBRATION_MS = 50;
export const OVERLAY_FADE_MS = 2000;
export const PULL_THRESHOLD_PX = 80;
export const REFRESH_INDICATOR_MS = 800;
export const SCROLL_TOP_TOLERANCE_PX = 10;
export const SWIPE_THRESHOLD_PX = 30;
/** A finger that moves this far is scrolling, not holding. */
export const LONG_PRESS_MOVE_TOLERANCE_PX = 10;

/** The type filter's values: everything, or one media type (Documents are PDFs). */
export type TypeFilter = 'all' | Exclude<MediaType, 'other'>;
export const TYPE_FILTERS: readonly TypeFilter[] = ['all', 'image', 'video', 'pdf', 'audio'];

export type MediaView = 'grid' | 'list' | 'timeline';
export const MEDIA_VIEWS: readonly MediaView[] = ['grid', 'list', 'timeline'];

export interface MediaFilters {
  search: string;
  type: TypeFilter;
  favoritesOnly: boolean;
}

/**
 * Whole megabytes (spec: "Sizes are shown in whole MB"): decimal MB (10^6 bytes, as file managers
 * and the 50MB upload limit count them), rounded to the nearest whole number, but never 0 for a
 * file that has any bytes at all — 0.3 MB shows as 1 MB. An empty file is 0 MB.
 */
/** A file's size: lib/units' one rule (KB under 1 MB). */
export const sizeLabel = fileSizeLabel;

/** The day an item belongs to: its own date, or when it was uploaded if it has none. */
export function mediaDay(item: Pick<MediaItem, 'date' | 'createdAt'>): dayjs.Dayjs {
  const date = dayjs(item.date);
  return item.date && date.isValid() ? date : dayjs(item.createdAt);
}

/** 'MMM d, yyyy' (the spec's date labels are the journal's; media shows the plain date). */
export function mediaDateLabel(item: Pick<MediaItem, 'date' | 'createdAt'>): string {
  return fullDateLabel(mediaDay(item).toDate());
}

/** What the list is asked for: the server filters inside each page, a day (a milestone's link) alone. */
export function mediaQuery({ search, type, favoritesOnly }: MediaFilters, date?: string | null): MediaQuery {
  if (date) return { date };
  return { type: type === 'all' ? undefined : type, favorite: favoritesOnly || undefined, q: search.trim() || undefined };
}

/** The library's counts in words: "1,204 items", then each type there is, then the favorites. */
export function summaryParts(summary: MediaSummary): string[] {
  const types = (['image', 'video', 'pdf', 'audio'] as const).filter((type) => summary.byType[type] > 0);
  return [
    summaryText.items(summary.total),
    ...types.map((type) => summaryText.byType[type](summary.byType[type])),
    ...(summary.favorites > 0 ? [summaryText.favorites(summary.favorites)] : []),
  ];
}

/**
 * How many items a month holds under the filters, from the summary; null when the summary cannot say
 * (a search, or favorites: it counts those only for the whole library).
 */
export function monthCount(summary: MediaSummary | undefined, month: string, { search, type, favoritesOnly }: MediaFilters): number | null {
  if (!summary || search.trim() || favoritesOnly) return null;
  const counts = summary.months.find((m) => m.month === month);
  if (!counts) return 0;
  return type === 'all' ? counts.total : counts.byType[type];
}

export interface MonthGroup {
  /** YYYY-MM, a stable key. */
  key: string;
  /** "April 2025". */
  label: string;
  items: MediaItem[];
}

/** "April 2025" for "2025-04". */
export function monthLabel(month: string): string {
  return dayjs(`${month}-01`).format('MMMM YYYY');
}

/** The month an item belongs to, "2025-04": of its date (or, without one, of when it was uploaded). */
export function mediaMonth(item: Pick<MediaItem, 'date' | 'createdAt'>): string {
  // The list's dates are YYYY-MM-DD: read as text, 20,000 of them group in a few milliseconds.
  return /^\d{4}-\d{2}/.test(item.date) ? item.date.slice(0, 7) : mediaDay(item).format('YYYY-MM');
}

/**
 * Timeline: consecutive items of one month together, in the list's order (the server's: newest first,
 * by date then id), so a page appended below only adds to the last month or starts new ones.
 */
export function groupByMonth(items: readonly MediaItem[]): MonthGroup[] {
  const groups: MonthGroup[] = [];
  for (const item of items) {
    const key = mediaMonth(item);
    const last = groups[groups.length - 1];
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, label: monthLabel(key), items: [item] });
  }
  return groups;
}

/** The public link of a share code (spec: {origin}/share/{code}). */
export function shareLink(shareCode: string, origin: string = window.location.origin): string {
  return `${origin}/share/${shareCode}`;
}

/** "1:05" or "1:02:03" for a duration in seconds. */
export function durationLabel(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = wholeSeconds(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The picture a tile shows: the thumbnail, or for a still image the image itself; null for an icon. */
export function tileImageUrl(item: Pick<MediaItem, 'mediaType' | 'thumbnailUrl' | 'mediaUrl' | 'status'>): string | null {
  if (item.thumbnailUrl) return item.thumbnailUrl;
  if (item.mediaType === 'image' && item.status !== 'failed') return item.mediaUrl;
  return null;
}

/**
 * How a picture fills its tile: a photo or a video poster is cropped to fill it; a PDF's first page
 * is shown whole on a neutral background (cropped, a mostly white page looked like a broken image).
 */
export function pictureFit(item: Pick<MediaItem, 'mediaType'>): { objectFit: 'cover' | 'contain'; page: boolean } {
  const page = item.mediaType === 'pdf';
  return { objectFit: page ? 'contain' : 'cover', page };
}

/** The neutral background a PDF page sits on, in light and dark themes. */
export const PAGE_BACKGROUND = 'light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-5))';
