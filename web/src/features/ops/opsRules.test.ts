import { describe, expect, it } from 'vitest';
import { secondsLabel } from './opsRules';

describe('secondsLabel', () => {
  it.each([
    [0, '—'],
    [-1, '—'],
    [0.25, '0.25 s'],
    [3, '3 s'],
    [9.96, '10 s'],
    [12.4, '12 s'],
    [60, '1 min'],
    [200, '3 min 20 s'],
    [3600, '1 h'],
    [7500, '2 h 5 min'],
  ])('%s s reads %s', (seconds, label) => {
    expect(secondsLabel(seconds)).toBe(label);
  });
});
