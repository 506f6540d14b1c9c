import { describe, expect, it } from 'vitest';
import { FIRST_POLL_MS } from '../../lib/jobStatus';
import { MEDIA_POLL_INTERVAL_MS, mediaKeys, mediaListRefetchInterval } from './queries';

describe('mediaListRefetchInterval', () => {
  const interval = (items: { status: 'ready' | 'processing' | 'failed' }[] | undefined) =>
    mediaListRefetchInterval({ state: { data: items } });

  it('polls only while an item is processing: soon at first, backing off to every 2 s (lib/jobStatus)', () => {
    expect(MEDIA_POLL_INTERVAL_MS).toBe(2000);
    expect(interval([{ status: 'ready' }, { status: 'processing' }])).toBe(FIRST_POLL_MS);
    expect(interval([{ status: 'ready' }, { status: 'failed' }])).toBe(false);
    expect(interval([])).toBe(false);
    expect(interval(undefined)).toBe(false);
  });
});

describe('mediaKeys', () => {
  it('puts the URL first', () => {
    expect(mediaKeys.list(7)).toEqual(['/api/athletes/7/media']);
    expect(mediaKeys.item(3)).toEqual(['/api/media/3']);
  });
});
