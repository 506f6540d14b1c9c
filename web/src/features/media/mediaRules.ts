import dayjs from 'dayjs';
import type { MediaItem, MediaType } from './api';
import { fileSizeLabel, wholeSeconds } from '../../lib/units';
import { shareText } from './strings';

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
  return mediaDay(item).format('MMM D, YYYY');
}

/** Search (title or description, ignoring case), type and favorites, all at once. */
export function filterMedia(items: readonly MediaItem[], { search, type, favoritesOnly }: MediaFilters): MediaItem[] {
  const needle = search.trim().toLowerCase();
  return items.filter(
    (item) =>
      (type === 'all' || item.mediaType === type) &&
      (!favoritesOnly || item.isFavorite) &&
      (!needle || item.title.toLowerCase().includes(needle) || (item.description ?? '').toLowerCase().includes(needle)),
  );
}

export interface MonthGroup {
  /** YYYY-MM, a stable key. */
  key: string;
  /** "April 2025". */
  label: string;
  items: MediaItem[];
}

/** Timeline: groups by month-year of date (or createdAt), newest month first, newest item first within. */
export function groupByMonth(items: readonly MediaItem[]): MonthGroup[] {
  const sorted = [...items].sort((a, b) => mediaDay(b).valueOf() - mediaDay(a).valueOf() || b.id - a.id);
  const groups: MonthGroup[] = [];
  for (const item of sorted) {
    const day = mediaDay(item);
    const key = day.format('YYYY-MM');
    const last = groups[groups.length - 1];
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, label: day.format('MMMM YYYY'), items: [item] });
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
 * A public link is made for a private item only when the person agrees to make it shareable (the
 * api refuses otherwise): asks once for all the private items among those to share.
 */
export function confirmSharing(items: readonly MediaItem[], confirm: (question: string) => boolean = window.confirm): boolean {
  const private_ = items.filter((item) => item.isPrivate).length;
  if (private_ === 0) return true;
  return confirm(items.length === 1 ? shareText.confirmPrivate : shareText.confirmPrivateMany(private_));
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
