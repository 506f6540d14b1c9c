import { describe, expect, it } from 'vitest';
import { durationLabel, groupByMonth, mediaDateLabel, mediaQuery, monthCount, pictureFit, shareLink, sizeLabel, summaryParts, tileImageUrl } from './mediaRules';
import { aLibrary, aMediaItem, aMediaSummary } from '../../test/fixtures';

describe('sizeLabel', () => {
  it('is the one size rule: KB under 1 MB, whole MB above, the same as the upload dialog', () => {
    expect(sizeLabel(671)).toBe('671 B');
    expect(sizeLabel(300_000)).toBe('293 KB');
    expect(sizeLabel(5.6 * 1024 * 1024)).toBe('6 MB');
  });
});

describe('mediaQuery', () => {
  const none = { search: '', type: 'all', favoritesOnly: false } as const;

  it('asks the server for what the toolbar filters, and nothing for what is off', () => {
    expect(mediaQuery(none)).toEqual({ type: undefined, favorite: undefined, q: undefined });
    expect(mediaQuery({ search: ' swing ', type: 'video', favoritesOnly: true })).toEqual({ type: 'video', favorite: true, q: 'swing' });
  });

  it("asks for one day alone, as a milestone's link does", () => {
    expect(mediaQuery({ ...none, type: 'video' }, '2025-04-12')).toEqual({ date: '2025-04-12' });
  });
});

describe('summaryParts and monthCount', () => {
  const summary = aMediaSummary(aLibrary());

  it('counts the library by type and favorites, leaving out the types it has none of', () => {
    expect(summaryParts(summary)).toEqual(['4 items', '1 photo', '1 video', '1 document', '1 audio', '1 favorite']);
    expect(summaryParts({ ...summary, total: 20000, byType: { image: 19000, video: 1000, audio: 0, pdf: 0 }, favorites: 0 })).toEqual([
      '20,000 items',
      '19,000 photos',
      '1,000 videos',
    ]);
  });

  it("gives a month's count under a type, and none where the summary cannot count (a search, favorites)", () => {
    const none = { search: '', type: 'all', favoritesOnly: false } as const;
    expect(monthCount(summary, '2025-04', none)).toBe(2);
    expect(monthCount(summary, '2025-04', { ...none, type: 'video' })).toBe(1);
    expect(monthCount(summary, '2025-04', { ...none, type: 'audio' })).toBe(0);
    expect(monthCount(summary, '1999-01', none)).toBe(0);
    expect(monthCount(summary, '2025-04', { ...none, search: 'swing' })).toBeNull();
    expect(monthCount(summary, '2025-04', { ...none, favoritesOnly: true })).toBeNull();
  });
});

describe('groupByMonth', () => {
  it("groups the list's items (newest first) by month-year of the date, else of createdAt", () => {
    const groups = groupByMonth([
      aMediaItem({ id: 2, date: '2025-04-30' }),
      aMediaItem({ id: 4, date: '2025-04-01' }),
      aMediaItem({ id: 1, date: '2025-03-02' }),
      aMediaItem({ id: 3, date: '', createdAt: '2024-12-24T10:00:00Z' }),
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

describe('pictureFit', () => {
  it('shows a PDF page whole on a neutral background, and crops photos and posters to fill', () => {
    expect(pictureFit({ mediaType: 'pdf' })).toEqual({ objectFit: 'contain', page: true });
    expect(pictureFit({ mediaType: 'image' })).toEqual({ objectFit: 'cover', page: false });
    expect(pictureFit({ mediaType: 'video' })).toEqual({ objectFit: 'cover', page: false });
  });
});
