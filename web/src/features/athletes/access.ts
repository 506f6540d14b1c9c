import type { Athlete, AthletePermissions, AthleteRole } from './api';

// What a signed-in user may do with an athlete, from the role and permissions the server sends with it
// (docs/API.md, "Family circle and access levels"). Screens hide what the role may not use; the server
// refuses it anyway.

/** An athlete with the caller's role and permissions always filled in. */
export type AthleteWithAccess = Athlete & { role: AthleteRole; permissions: AthletePermissions };

const permissionsByRole: Record<AthleteRole, AthletePermissions> = {
  owner: { edit: true, manageCircle: true },
  admin: { edit: true, manageCircle: true },
  editor: { edit: true, manageCircle: false },
  viewer: { edit: false, manageCircle: false },
  limited: { edit: false, manageCircle: false },
};

/**
 * Fills in role and permissions. An answer without a role comes from a server from before the family
 * circle, where the only athlete anyone could see was their own: it is the owner's.
 */
export function withAccess(athlete: Athlete): AthleteWithAccess {
  const role = athlete.role ?? 'owner';
  return { ...athlete, role, permissions: athlete.permissions ?? permissionsByRole[role] };
}

/** Viewers and limited members only look: their screens show a "View only" badge. */
export function isViewOnly(role: AthleteRole | undefined): boolean {
  return role === 'viewer' || role === 'limited';
}

/** The stored choice when it is still one of the caller's athletes, else the first (their own, per the server). */
export function pickCurrentAthlete<T extends Pick<Athlete, 'id'>>(athletes: readonly T[], storedId: number | undefined): T | null {
  return athletes.find((a) => a.id === storedId) ?? athletes[0] ?? null;
}
