import { describe, expect, it } from 'vitest';
import { MEDIA_POLL_INTERVAL_MS, mediaKeys, mediaListRefetchInterval } from './queries';

describe('mediaListRefetchInterval', () => {
  it('polls every 2 s only while an item is processing', () => {
    expect(MEDIA_POLL_INTERVAL_MS).toBe(2000);
    expect(mediaListRefetchInterval([{ status: 'ready' }, { status: 'processing' }])).toBe(2000);
    expect(mediaListRefetchInterval([{ status: 'ready' }, { status: 'failed' }])).toBe(false);
    expect(mediaListRefetchInterval([])).toBe(false);
    expect(mediaListRefetchInterval(undefined)).toBe(false);
  });
});

describe('mediaKeys', () => {
  it('puts the URL first', () => {
    expect(mediaKeys.list(7)).toEqual(['/api/athletes/7/media']);
    expect(mediaKeys.item(3)).toEqual(['/api/media/3']);
  });
});
