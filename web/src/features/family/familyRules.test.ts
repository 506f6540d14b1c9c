import { describe, expect, it } from 'vitest';
import { canManageCircle, invitedOnLabel, pendingMembers } from './familyRules';
import { aMember } from './test-utils';

describe('canManageCircle', () => {
  it('is true only when the athlete says so', () => {
    expect(canManageCircle({ permissions: { edit: true, manageCircle: true } })).toBe(true);
    expect(canManageCircle({ permissions: { edit: true, manageCircle: false } })).toBe(false);
    expect(canManageCircle(null)).toBe(false);
  });
});

describe('pendingMembers', () => {
  it('keeps the invitations not yet accepted', () => {
    const members = [aMember({ id: 1 }), aMember({ id: 2, isActive: false }), aMember({ id: 3, isActive: false })];
    expect(pendingMembers(members).map((m) => m.id)).toEqual([2, 3]);
  });
});

describe('invitedOnLabel', () => {
  it('shows the day the invitation was sent', () => {
    expect(invitedOnLabel({ invitedAt: '2026-03-04T09:00:00Z', createdAt: '2026-02-01T12:00:00Z' })).toBe('Mar 4, 2026');
    expect(invitedOnLabel({ invitedAt: '', createdAt: '2026-02-01T12:00:00Z' })).toBe('Feb 1, 2026');
  });
});
