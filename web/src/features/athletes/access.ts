import type { Athlete, AthleteRole } from './api';

// What a signed-in user may do with an athlete: the role and permissions the server sends with every
// athlete (docs/API.md, "Family circle and access levels"), read as they are. The server's rule table is
// the only one; screens hide what the caller may not use, and the server refuses it anyway.

/** Viewers and limited members only look: their screens show a "View only" badge. */
export function isViewOnly(role: AthleteRole | undefined): boolean {
  return role === 'viewer' || role === 'limited';
}

/** The stored choice when it is still one of the caller's athletes, else the first (their own, per the server). */
export function pickCurrentAthlete<T extends Pick<Athlete, 'id'>>(athletes: readonly T[], storedId: number | undefined): T | null {
  return athletes.find((a) => a.id === storedId) ?? athletes[0] ?? null;
}
