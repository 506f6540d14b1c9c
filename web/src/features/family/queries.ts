import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { journalUrls } from '../journal';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { useStoredAthleteId } from '../../lib/currentAthlete';
import { accessLevelLabels, familyToasts } from './strings';
import { combinedStatus, pollWhileWorking } from '../../lib/jobStatus';

/** How often the circle is re-read while an invitation e-mail is being sent. */
const INVITATION_EMAIL_POLL_MS = 2000;

export type { FamilyMember, PrivacySettings } from './api';

// Query keys: the first element is the URL (spec convention), so the default query function and
// prefix invalidation both work from it. The shared-items picker's entries sit under the journal's
// list URL with their own { limit } (the Journal page always spells out every filter, so the keys
// never meet), which means any journal change refreshes the picker too.
export const familyKeys = {
  circle: (athleteId: number) => [api.familyUrls.circle(athleteId)] as const,
  privacy: (athleteId: number) => [api.familyUrls.privacy(athleteId)] as const,
  shares: (memberId: number) => [api.familyUrls.shares(memberId)] as const,
  invitation: (token: string) => [api.familyUrls.invitation(token)] as const,
  shareableEntries: (athleteId: number) =>
    [journalUrls.list(athleteId), { limit: api.SHAREABLE_ENTRY_LIMIT }] as const,
};

function invalidateCircle(client: QueryClient, athleteId: number) {
  return client.invalidateQueries({ queryKey: familyKeys.circle(athleteId) });
}

/** The athlete's circle, active members and pending invitations alike; waits for an athlete id. */
export function useFamilyCircleQuery(athleteId: number | undefined) {
  return useQuery({
    queryKey: familyKeys.circle(athleteId ?? 0),
    queryFn: () => api.fetchCircle(athleteId!),
    enabled: athleteId !== undefined,
    // A new or resent invitation's e-mail is on its way: follow it until it is sent or fails.
    refetchInterval: pollWhileWorking(
      (members: api.FamilyMember[]) => combinedStatus(members.map((m) => m.invitationEmail?.status)),
      INVITATION_EMAIL_POLL_MS,
    ),
  });
}

export function useInviteMemberMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ athleteId, input }: { athleteId: number; input: api.InviteInput }) =>
      api.inviteMember(athleteId, input),
    onSuccess: async (member, { athleteId }) => {
      showSuccess({ title: familyToasts.added.title, message: familyToasts.added.message(member.name) });
      await invalidateCircle(client, athleteId);
    },
    onError: (err) => showError(familyToasts.addFailed, err),
  });
}

export function useChangeAccessMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ member, accessLevel }: { member: api.FamilyMember; accessLevel: api.AccessLevel }) =>
      api.updateAccessLevel(member.id, accessLevel),
    onSuccess: async (updated, { member }) => {
      const level = accessLevelLabels[updated.accessLevel] ?? updated.accessLevel;
      showSuccess({ title: familyToasts.accessUpdated.title, message: familyToasts.accessUpdated.message(member.name, level) });
      await invalidateCircle(client, member.athleteId);
    },
    onError: (err) => showError(familyToasts.accessFailed, err),
  });
}

/** DELETE: the member's access ends at once. The caller asks for confirmation first. */
export function useRemoveMemberMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (member: api.FamilyMember) => api.removeMember(member.id),
    onSuccess: async (_, member) => {
      showSuccess({ title: familyToasts.removed.title, message: familyToasts.removed.message(member.name) });
      await invalidateCircle(client, member.athleteId);
    },
    onError: (err) => showError(familyToasts.removeFailed, err),
  });
}

/** A new link is mailed and the old one stops working. */
export function useResendInvitationMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (member: api.FamilyMember) => api.resendInvitation(member.id),
    onSuccess: async (_, member) => {
      showSuccess({ title: familyToasts.resent.title, message: familyToasts.resent.message(member.name) });
      await invalidateCircle(client, member.athleteId);
    },
    onError: (err) => showError(familyToasts.resendFailed, err),
  });
}

/** The pending invitation's link stops working and it leaves the list. */
export function useCancelInvitationMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (member: api.FamilyMember) => api.cancelInvitation(member.id),
    onSuccess: async (_, member) => {
      showSuccess({ title: familyToasts.cancelled.title, message: familyToasts.cancelled.message(member.name, !!member.email) });
      await invalidateCircle(client, member.athleteId);
    },
    onError: (err) => showError(familyToasts.cancelFailed, err),
  });
}

export function usePrivacySettingsQuery(athleteId: number | undefined) {
  return useQuery({
    queryKey: familyKeys.privacy(athleteId ?? 0),
    queryFn: () => api.fetchPrivacySettings(athleteId!),
    enabled: athleteId !== undefined,
  });
}

export function useSavePrivacySettingsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ athleteId, settings }: { athleteId: number; settings: api.PrivacySettings }) =>
      api.updatePrivacySettings(athleteId, settings),
    onSuccess: async (settings, { athleteId }) => {
      client.setQueryData(familyKeys.privacy(athleteId), settings);
      showSuccess({ title: familyToasts.privacySaved.title, message: familyToasts.privacySaved.message });
      // What members see changes with these settings: refresh everything cached for the athlete.
      await client.invalidateQueries({
        predicate: (q) => {
          const url = q.queryKey[0];
          return typeof url === 'string' && url.startsWith(`/api/athletes/${athleteId}/`) && url !== api.familyUrls.privacy(athleteId);
        },
      });
    },
    onError: (err) => showError(familyToasts.privacyFailed, err),
  });
}

/** What a limited member was given; only fetched while the picker is open. */
export function useSharesQuery(memberId: number | undefined) {
  return useQuery({
    queryKey: familyKeys.shares(memberId ?? 0),
    queryFn: () => api.fetchShares(memberId!),
    enabled: memberId !== undefined,
  });
}

/** The athlete's latest 100 journal entries, for the shared-items picker. */
export function useShareableEntriesQuery(athleteId: number | undefined) {
  return useQuery({
    queryKey: familyKeys.shareableEntries(athleteId ?? 0),
    queryFn: ({ signal }) => api.fetchShareableEntries(athleteId!, signal),
    enabled: athleteId !== undefined,
  });
}

export function useSaveSharesMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ member, shares }: { member: api.FamilyMember; shares: api.MemberShares }) =>
      api.updateShares(member.id, shares),
    onSuccess: (shares, { member }) => {
      client.setQueryData(familyKeys.shares(member.id), shares);
      showSuccess({ title: familyToasts.sharesSaved.title, message: familyToasts.sharesSaved.message(member.name) });
    },
    onError: (err) => showError(familyToasts.sharesFailed, err),
  });
}

/** The public preview of an invitation link; 404 and 410 come back as an ApiError with the server's message. */
export function useInvitationQuery(token: string) {
  return useQuery({
    queryKey: familyKeys.invitation(token),
    queryFn: () => api.fetchInvitation(token),
    enabled: token !== '',
  });
}

/** Statuses of accepting that the invitation page shows in place rather than as a toast. */
const SHOWN_IN_PLACE = [403, 404, 409, 410];

/**
 * Accepts for the signed-in user, then makes the followed athlete the current one (lib/currentAthlete),
 * refreshes the athlete lists and opens the dashboard.
 */
export function useAcceptInvitationMutation(token: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  // Through the switcher's own storage hook: a mounted switcher hears of the change at once (a plain
  // localStorage write would only reach components mounted later). Blocked storage is ignored.
  const [, setCurrentAthleteId] = useStoredAthleteId();
  return useMutation({
    mutationFn: () => api.acceptInvitation(token),
    onSuccess: (athlete) => {
      setCurrentAthleteId(athlete.id);
      showSuccess({ title: familyToasts.welcome.title, message: familyToasts.welcome.message(athlete.name) });
      // Not awaited: the dashboard refetches what is marked stale as it mounts.
      void client.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/athletes'),
      });
      navigate('/dashboard');
    },
    onError: (err) => {
      if (err instanceof ApiError && SHOWN_IN_PLACE.includes(err.status)) return;
      showError(familyToasts.acceptFailed, err);
    },
  });
}
