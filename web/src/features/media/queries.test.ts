import { describe, expect, it } from 'vitest';
import { mediaKeys } from './queries';

describe('mediaKeys', () => {
  it('puts the URL first, with the filters: each filter is its own list from its first page', () => {
    expect(mediaKeys.pages(7)).toEqual(['/api/athletes/7/media', 'pages']);
    expect(mediaKeys.pages(7, { type: 'video', favorite: true, q: ' swing ' })).toEqual(['/api/athletes/7/media?type=video&favorite=true&q=swing', 'pages']);
    expect(mediaKeys.pages(7, { date: '2025-04-12' })).toEqual(['/api/athletes/7/media?date=2025-04-12', 'pages']);
    expect(mediaKeys.firstPage(7, 4)).toEqual(['/api/athletes/7/media?limit=4']);
    expect(mediaKeys.summary(7)).toEqual(['/api/athletes/7/media/summary']);
    expect(mediaKeys.item(3)).toEqual(['/api/media/3']);
  });
});
