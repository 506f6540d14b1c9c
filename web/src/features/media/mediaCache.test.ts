import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../lib/pages';
import { aMediaItem } from '../../test/fixtures';
import type { MediaItem } from './api';
import { compareMedia, placeItem, putMediaItem, removeMediaItems } from './mediaCache';
import { mediaKeys } from './queries';

const item = (id: number, date: string, extra: Partial<MediaItem> = {}) => aMediaItem({ id, date, ...extra });
const ids = (pages: Page<MediaItem>[]) => pages.map((p) => p.items.map((i) => i.id));

describe('compareMedia', () => {
  it("is the list's order: newest date first, then the larger id", () => {
    const sorted = [item(1, '2025-01-01'), item(3, '2025-02-01'), item(2, '2025-02-01')].sort(compareMedia);
    expect(sorted.map((i) => i.id)).toEqual([3, 2, 1]);
  });
});

describe('placeItem', () => {
  const pages: Page<MediaItem>[] = [
    { items: [item(9, '2025-05-01'), item(8, '2025-04-01')], next: 'a' },
    { items: [item(7, '2025-03-01'), item(6, '2025-02-01')], next: 'b' },
  ];

  it('puts an item on the page whose range holds it, in order', () => {
    expect(ids(placeItem(pages, item(10, '2025-06-01')))).toEqual([[10, 9, 8], [7, 6]]);
    expect(ids(placeItem(pages, item(11, '2025-02-15')))).toEqual([[9, 8], [7, 11, 6]]);
  });

  it('leaves an item older than every row loaded to the pages still to come, or puts it last on the last page', () => {
    expect(ids(placeItem(pages, item(12, '2020-01-01')))).toEqual([[9, 8], [7, 6]]);
    const whole = [pages[0]!, { ...pages[1]!, next: null }];
    expect(ids(placeItem(whole, item(12, '2020-01-01')))).toEqual([[9, 8], [7, 6, 12]]);
  });
});

describe('putMediaItem and removeMediaItems', () => {
  function seeded() {
    const client = new QueryClient();
    const page = (items: MediaItem[], next: string | null = null): InfiniteData<Page<MediaItem>> => ({
      pages: [{ items, next }],
      pageParams: [{ cursor: null }],
    });
    client.setQueryData(mediaKeys.pages(7), page([item(3, '2025-04-03', { isFavorite: true }), item(2, '2025-04-02'), item(1, '2025-04-01')]));
    client.setQueryData(mediaKeys.pages(7, { favorite: true }), page([item(3, '2025-04-03', { isFavorite: true })]));
    client.setQueryData(mediaKeys.pages(7, { type: 'video' }), page([]));
    client.setQueryData(mediaKeys.firstPage(7, 2), { items: [item(3, '2025-04-03'), item(2, '2025-04-02')], next: 'x' });
    const list = (key: readonly unknown[]) => {
      const data = client.getQueryData<InfiniteData<Page<MediaItem>> | Page<MediaItem>>(key)!;
      return ('pages' in data ? data.pages : [data]).flatMap((p) => p.items.map((i) => i.id));
    };
    return { client, list };
  }

  it('replaces an item in place, and takes it out of the lists it no longer belongs to', async () => {
    const { client, list } = seeded();
    await putMediaItem(client, item(3, '2025-04-03', { isFavorite: false, title: 'Renamed' }));
    expect(list(mediaKeys.pages(7))).toEqual([3, 2, 1]);
    expect(list(mediaKeys.pages(7, { favorite: true }))).toEqual([]);
    expect(client.getQueryData<MediaItem>(mediaKeys.item(3))?.title).toBe('Renamed');
  });

  it('moves an item whose date changed, and adds a new one where its date puts it', async () => {
    const { client, list } = seeded();
    await putMediaItem(client, item(1, '2025-05-01'));
    expect(list(mediaKeys.pages(7))).toEqual([1, 3, 2]);
    await putMediaItem(client, item(4, '2025-04-02', { mediaType: 'video' }));
    expect(list(mediaKeys.pages(7))).toEqual([1, 3, 4, 2]);
    expect(list(mediaKeys.pages(7, { type: 'video' }))).toEqual([4]);
    expect(list(mediaKeys.firstPage(7, 2))).toEqual([1, 3, 4, 2]);
  });

  it('removes deleted items from every list', async () => {
    const { client, list } = seeded();
    await removeMediaItems(client, 7, [3, 1]);
    expect(list(mediaKeys.pages(7))).toEqual([2]);
    expect(list(mediaKeys.pages(7, { favorite: true }))).toEqual([]);
    expect(list(mediaKeys.firstPage(7, 2))).toEqual([2]);
  });
});
