import type { Athlete } from '../../lib/currentAthlete';
import dayjs from 'dayjs';
import { ACCESS_LEVELS, type FamilyMember } from './api';
import { accessLevelLabels } from './strings';

// Small rules of the family circle, kept apart from the components so they can be tested alone.

/** The access levels as a select offers them (inviting a member, changing one's access). */
export const accessLevelOptions = ACCESS_LEVELS.map((value) => ({ value, label: accessLevelLabels[value] }));

/** How many members the dashboard card lists before "+N more". */
export const DASHBOARD_MEMBER_COUNT = 5;

/** Whether the server lets the caller manage the circle (owner and admin); no athlete: no. */
export function canManageCircle(athlete: Pick<Athlete, 'permissions'> | null | undefined): boolean {
  return athlete?.permissions.manageCircle === true;
}

/** Pending invitations (isActive false), oldest invitation first as the server lists them. */
export function pendingMembers(members: readonly FamilyMember[]): FamilyMember[] {
  return members.filter((m) => !m.isActive);
}

/** 'MMM D, YYYY' of when the invitation was (last) sent, falling back to when the member was added. */
export function invitedOnLabel(member: Pick<FamilyMember, 'invitedAt' | 'createdAt'>): string {
  const sent = dayjs(member.invitedAt);
  return (sent.isValid() ? sent : dayjs(member.createdAt)).format('MMM D, YYYY');
}
