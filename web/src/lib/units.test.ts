import { describe, expect, it } from 'vitest';
import { fileSizeLabel, wholeSeconds } from './units';

describe('fileSizeLabel', () => {
  it.each([
    [0, '0 B'],
    [671, '671 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [300_000, '293 KB'],
    [1024 * 1024 - 1, '1023 KB'],
    [1024 * 1024, '1 MB'],
    [2.4 * 1024 * 1024, '2 MB'],
    [50 * 1024 * 1024, '50 MB'],
    [1024 * 1024 * 1024 - 1, '1023 MB'],
    [1024 * 1024 * 1024, '1 GB'],
    [1.55 * 1024 * 1024 * 1024, '1.6 GB'],
    [250 * 1024 * 1024 * 1024, '250 GB'],
  ])('%s bytes read %s', (bytes, label) => {
    expect(fileSizeLabel(bytes)).toBe(label);
  });
});

describe('wholeSeconds', () => {
  it('rounds down as the browser player does', () => {
    expect(wholeSeconds(3.5)).toBe(3);
    expect(wholeSeconds(3.999)).toBe(3);
    expect(wholeSeconds(-1)).toBe(0);
  });
});
