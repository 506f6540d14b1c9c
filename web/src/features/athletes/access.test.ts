import { describe, expect, it } from 'vitest';
import { isViewOnly, pickCurrentAthlete, withAccess } from './access';
import { aFamilyAthlete, anAthlete } from './test-utils';

describe('withAccess', () => {
  it('treats an answer without a role as the owner (servers from before the family circle)', () => {
    const { role: _role, permissions: _permissions, ...old } = anAthlete();
    expect(withAccess(old)).toMatchObject({ role: 'owner', permissions: { edit: true, manageCircle: true } });
  });

  it.each([
    ['admin', { edit: true, manageCircle: true }],
    ['editor', { edit: true, manageCircle: false }],
    ['viewer', { edit: false, manageCircle: false }],
    ['limited', { edit: false, manageCircle: false }],
  ] as const)('derives missing permissions of a %s from the role', (role, permissions) => {
    expect(withAccess(aFamilyAthlete(role, { permissions: undefined })).permissions).toEqual(permissions);
  });

  it("keeps the server's permissions when it sends them", () => {
    const athlete = aFamilyAthlete('viewer', { permissions: { edit: true, manageCircle: false } });
    expect(withAccess(athlete).permissions.edit).toBe(true);
  });
});

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
