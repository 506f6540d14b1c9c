import { apiRequest } from '../../lib/api';
import type { JobState } from '../../lib/jobStatus';
import type { Athlete } from '../../lib/currentAthlete';
import type { User } from '../auth';

// Types and calls for the family circle ("In the Loop"), its invitations and the athlete's privacy
// settings, as written in docs/API.md ("Family circle ("In the Loop") and access levels").

export const RELATIONSHIPS = ['parent', 'sibling', 'grandparent', 'relative', 'coach', 'friend', 'other'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const ACCESS_LEVELS = ['admin', 'editor', 'viewer', 'limited'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export interface FamilyMember {
  id: number;
  athleteId: number;
  name: string;
  /** Only answered to the owner and admins. */
  email: string | null;
  relationship: Relationship;
  accessLevel: AccessLevel;
  /** false: a pending invitation. */
  isActive: boolean;
  profileImageUrl: string | null;
  createdAt: string;
  invitedAt: string;
  userId: number | null;
  /** How a pending invitation's e-mail fared (owner and admins only; absent without an e-mail). */
  invitationEmail?: JobState;
}

/** Body of POST /api/athletes/{id}/family-circle. */
export interface InviteInput {
  name: string;
  /** Omitted when empty: the member is listed as pending and no e-mail is sent. */
  email?: string;
  relationship: Relationship;
  accessLevel: AccessLevel;
}

/** family: members see it by their level; private: owner only; coaches: owner and coach members. */
export type PrivacyChoice = 'family' | 'private';
export type RecruitingPrivacyChoice = PrivacyChoice | 'coaches';

export interface PrivacySettings {
  journal: PrivacyChoice;
  media: PrivacyChoice;
  stats: PrivacyChoice;
  milestones: PrivacyChoice;
  recruiting: RecruitingPrivacyChoice;
}

/** The journal entry and media ids shared with a limited member, and which whole sections are. */
export interface MemberShares {
  journal: number[];
  media: number[];
  stats: boolean;
  /** The milestones section (the Legacy Timeline). */
  milestones?: boolean;
  /** The recruiting section: events, college interests, the checklist and the NCAA calendar. */
  recruiting?: boolean;
}

/** The public preview of an invitation link. */
export interface Invitation {
  athleteName: string;
  invitedBy: string;
  name: string;
  /** The address the invitation was sent to, masked ("g•••@example.com"); null when it was added without one. */
  email: string | null;
  relationship: Relationship;
  accessLevel: AccessLevel;
}

/** How many journal entries the shared-items picker reads a page (the journal's largest page); 'Show more' reads on. */
export const SHAREABLE_ENTRY_PAGE = 100;

export const familyUrls = {
  circle: (athleteId: number) => `/api/athletes/${athleteId}/family-circle`,
  member: (id: number) => `/api/family-circle/${id}`,
  resend: (id: number) => `/api/family-circle/${id}/resend`,
  inviteLink: (id: number) => `/api/family-circle/${id}/invite-link`,
  cancel: (id: number) => `/api/family-circle/${id}/cancel`,
  shares: (id: number) => `/api/family-circle/${id}/shares`,
  privacy: (athleteId: number) => `/api/athletes/${athleteId}/privacy-settings`,
  invitation: (token: string) => `/api/invitations/${encodeURIComponent(token)}`,
  accept: (token: string) => `/api/invitations/${encodeURIComponent(token)}/accept`,
  register: (token: string) => `/api/invitations/${encodeURIComponent(token)}/register`,
} as const;

/** Creating the account of an e-mailed invitation's address and joining in one call (the server takes the address). */
export interface InvitedAccountInput {
  firstName: string;
  lastName: string;
  password: string;
}

export const fetchCircle = (athleteId: number) => apiRequest<FamilyMember[]>('GET', familyUrls.circle(athleteId));
export const inviteMember = (athleteId: number, input: InviteInput) =>
  apiRequest<FamilyMember>('POST', familyUrls.circle(athleteId), input);
export const updateAccessLevel = (id: number, accessLevel: AccessLevel) =>
  apiRequest<FamilyMember>('PUT', familyUrls.member(id), { accessLevel });
export const removeMember = (id: number) => apiRequest<void>('DELETE', familyUrls.member(id));
export const resendInvitation = (id: number) => apiRequest<FamilyMember>('POST', familyUrls.resend(id));

/** A fresh single-use link (older ones stop working), valid 7 days, with its QR code as a data URL. */
export interface InviteLink {
  url: string;
  expiresAt: string;
  qrCode: string;
}
export const createInviteLink = (id: number) => apiRequest<InviteLink>('POST', familyUrls.inviteLink(id));
export const cancelInvitation = (id: number) => apiRequest<void>('POST', familyUrls.cancel(id));
export const fetchShares = (id: number) => apiRequest<MemberShares>('GET', familyUrls.shares(id));
export const updateShares = (id: number, shares: MemberShares) =>
  apiRequest<MemberShares>('PUT', familyUrls.shares(id), shares);
export const fetchPrivacySettings = (athleteId: number) =>
  apiRequest<PrivacySettings>('GET', familyUrls.privacy(athleteId));
export const updatePrivacySettings = (athleteId: number, settings: PrivacySettings) =>
  apiRequest<PrivacySettings>('PUT', familyUrls.privacy(athleteId), settings);
export const fetchInvitation = (token: string) => apiRequest<Invitation>('GET', familyUrls.invitation(token));
/** Answers the athlete the caller now follows, with their member role. */
export const acceptInvitation = (token: string) => apiRequest<Athlete>('POST', familyUrls.accept(token));
export const registerFromInvitation = (token: string, input: InvitedAccountInput) =>
  apiRequest<User>('POST', familyUrls.register(token), input);

