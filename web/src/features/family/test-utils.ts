import type { Athlete } from '../../lib/currentAthlete';
import type { FamilyMember, Invitation, PrivacySettings } from './api';
import { anAthlete } from '../../test/fixtures';

// Test helpers for the family circle; fetch is stubbed with test/fetch's stubFetch, other records come from test/fixtures.

export function aMember(overrides: Partial<FamilyMember> = {}): FamilyMember {
  return {
    id: 1,
    athleteId: 7,
    name: 'Maria Rivera',
    email: 'maria@example.com',
    relationship: 'parent',
    accessLevel: 'admin',
    isActive: true,
    profileImageUrl: null,
    createdAt: '2026-02-01T12:00:00Z',
    invitedAt: '2026-02-01T12:00:00Z',
    userId: 2,
    ...overrides,
  };
}

/** Two active members and two pending invitations (one without an e-mail). */
export function aCircle(): FamilyMember[] {
  return [
    aMember({ id: 1 }),
    aMember({ id: 2, name: 'Coach Ruiz', email: 'ruiz@example.com', relationship: 'coach', accessLevel: 'limited', userId: 3 }),
    aMember({
      id: 3,
      name: 'Grandma Rose',
      email: 'rose@example.com',
      relationship: 'grandparent',
      accessLevel: 'viewer',
      isActive: false,
      userId: null,
      invitedAt: '2026-03-04T09:00:00Z',
    }),
    aMember({ id: 4, name: 'Uncle Leo', email: null, relationship: 'relative', accessLevel: 'viewer', isActive: false, userId: null }),
  ];
}

/** The athlete as its owner sees it (may manage the circle); pass permissions to see it as a member. */
export function anOwnedAthlete(overrides: Partial<Athlete> = {}): Athlete {
  return { ...anAthlete(), role: 'owner', permissions: { edit: true, manageCircle: true }, ...overrides };
}

export function aViewerAthlete(): Athlete {
  return anOwnedAthlete({ role: 'viewer', permissions: { edit: false, manageCircle: false } });
}

export function somePrivacySettings(overrides: Partial<PrivacySettings> = {}): PrivacySettings {
  return { journal: 'family', media: 'family', stats: 'family', milestones: 'family', recruiting: 'family', ...overrides };
}

export function anInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    athleteName: 'Jordan Rivera',
    invitedBy: 'Ana Rivera',
    name: 'Rose',
    email: 'a•••@example.com', // testUser's, masked as the server sends it: the signed-in account is the one invited
    relationship: 'grandparent',
    accessLevel: 'viewer',
    ...overrides,
  };
}
