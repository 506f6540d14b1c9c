import { describe, expect, it } from 'vitest';
import { isViewOnly, pickCurrentAthlete } from './access';
import { aFamilyAthlete, anAthlete } from './test-utils';

describe('isViewOnly', () => {
  it.each([
    ['owner', false],
    ['admin', false],
    ['editor', false],
    ['viewer', true],
    ['limited', true],
    [undefined, false],
  ] as const)('%s → %s', (role, expected) => {
    expect(isViewOnly(role)).toBe(expected);
  });
});

describe('pickCurrentAthlete', () => {
  const athletes = [anAthlete({ id: 7 }), aFamilyAthlete('viewer', { id: 9 })];

  it('picks the stored athlete when it is in the list', () => {
    expect(pickCurrentAthlete(athletes, 9)?.id).toBe(9);
  });

  it('falls back to the first without a stored id, or with one no longer in the list', () => {
    expect(pickCurrentAthlete(athletes, undefined)?.id).toBe(7);
    expect(pickCurrentAthlete(athletes, 42)?.id).toBe(7);
  });

  it('answers null without athletes', () => {
    expect(pickCurrentAthlete([], 9)).toBeNull();
  });
});
