import { describe, expect, it } from 'vitest';
import { confirmSharing, durationLabel, pictureFit, filterMedia, groupByMonth, mediaDateLabel, shareLink, sizeLabel, tileImageUrl } from './mediaRules';
import type { MediaItem } from './api';
import { shareText } from './strings';
import { aLibrary, aMediaItem } from '../../test/fixtures';

describe('sizeLabel', () => {
  it('is the one size rule: KB under 1 MB, whole MB above, the same as the upload dialog', () => {
    expect(sizeLabel(671)).toBe('671 B');
    expect(sizeLabel(300_000)).toBe('293 KB');
    expect(sizeLabel(5.6 * 1024 * 1024)).toBe('6 MB');
  });
});

describe('filterMedia', () => {
  const items = aLibrary();
  const titles = (found: { title: string }[]) => found.map((i) => i.title);

  it('keeps one type; Documents are PDFs', () => {
    expect(titles(filterMedia(items, { search: '', type: 'video', favoritesOnly: false }))).toEqual(['Batting practice']);
    expect(titles(filterMedia(items, { search: '', type: 'pdf', favoritesOnly: false }))).toEqual(['Report card']);
    expect(filterMedia(items, { search: '', type: 'all', favoritesOnly: false })).toHaveLength(4);
  });

  it('searches title and description, ignoring case', () => {
    expect(titles(filterMedia(items, { search: 'COACH', type: 'all', favoritesOnly: false }))).toEqual(['Coach interview']);
    expect(titles(filterMedia(items, { search: 'semester', type: 'all', favoritesOnly: false }))).toEqual(['Report card']);
    expect(filterMedia(items, { search: 'semester', type: 'audio', favoritesOnly: false })).toEqual([]);
  });

  it('keeps favorites only', () => {
    expect(titles(filterMedia(items, { search: '', type: 'all', favoritesOnly: true }))).toEqual(['Walk-off double']);
  });
});

describe('groupByMonth', () => {
  it('groups by month-year of the date, else of createdAt, newest first', () => {
    const groups = groupByMonth([
      aMediaItem({ id: 1, date: '2025-03-02' }),
      aMediaItem({ id: 2, date: '2025-04-30' }),
      aMediaItem({ id: 3, date: '', createdAt: '2024-12-24T10:00:00Z' }),
      aMediaItem({ id: 4, date: '2025-04-01' }),
    ]);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['April 2025', [2, 4]],
      ['March 2025', [1]],
      ['December 2024', [3]],
    ]);
  });
});

describe('small helpers', () => {
  it('formats dates as MMM d, yyyy', () => {
    expect(mediaDateLabel(aMediaItem({ date: '2025-04-03' }))).toBe('Apr 3, 2025');
  });

  it('composes the share link from the origin and the code', () => {
    expect(shareLink('a1B2c3', 'https://legacylocker.app')).toBe('https://legacylocker.app/share/a1B2c3');
  });

  it('formats durations', () => {
    expect(durationLabel(65)).toBe('1:05');
    expect(durationLabel(3.5)).toBe('0:03'); // rounded down, as the browser's player shows it
    expect(durationLabel(3723)).toBe('1:02:03');
    expect(durationLabel(null)).toBeNull();
  });

  it('shows the thumbnail, or a still image itself, else an icon', () => {
    expect(tileImageUrl(aMediaItem({ thumbnailUrl: '/t.jpg' }))).toBe('/t.jpg');
    expect(tileImageUrl(aMediaItem({ thumbnailUrl: null, mediaUrl: '/a.jpg' }))).toBe('/a.jpg');
    expect(tileImageUrl(aMediaItem({ mediaType: 'audio', thumbnailUrl: null }))).toBeNull();
  });
});

describe('confirmSharing', () => {
  const item = (id: number, isPrivate: boolean) => ({ id, title: `File ${id}`, isPrivate }) as MediaItem;

  it('shares public items without asking', () => {
    const asked: string[] = [];
    expect(confirmSharing([item(1, false), item(2, false)], (q) => (asked.push(q), false))).toBe(true);
    expect(asked).toEqual([]);
  });

  it('asks before making one private item shareable, and respects no', () => {
    const asked: string[] = [];
    expect(confirmSharing([item(1, true)], (q) => (asked.push(q), false))).toBe(false);
    expect(asked).toEqual([shareText.confirmPrivate]);
    expect(confirmSharing([item(1, true)], () => true)).toBe(true);
  });

  it('asks once for all the private items of a bulk share, counting them', () => {
    const asked: string[] = [];
    confirmSharing([item(1, true), item(2, false), item(3, true)], (q) => (asked.push(q), true));
    expect(asked).toEqual([shareText.confirmPrivateMany(2)]);
    expect(asked[0]).toContain('2 of these files are private');
  });
});

describe('pictureFit', () => {
  it('shows a PDF page whole on a neutral background, and crops photos and posters to fill', () => {
    expect(pictureFit({ mediaType: 'pdf' })).toEqual({ objectFit: 'contain', page: true });
    expect(pictureFit({ mediaType: 'image' })).toEqual({ objectFit: 'cover', page: false });
    expect(pictureFit({ mediaType: 'video' })).toEqual({ objectFit: 'cover', page: false });
  });
});
