import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, serverMessage } from '../../lib/api';
import { notifications } from '@mantine/notifications';
import { digestText } from './strings';

/** How often a member hears what is new about an athlete they follow (GET /api/user/digests). */
export type DigestFrequency = 'daily' | 'weekly' | 'never';

export interface DigestSetting {
  athleteId: number;
  athleteName: string;
  frequency: DigestFrequency;
}

export const digestsKey = ['/api/user/digests'] as const;

export function useDigestSettings() {
  return useQuery({ queryKey: digestsKey, queryFn: () => apiRequest<DigestSetting[]>('GET', '/api/user/digests') });
}

/** PUT /api/user/digests/{athleteId}; the cached choice changes at once and goes back if refused. */
export function useSetDigest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ athleteId, frequency }: { athleteId: number; frequency: DigestFrequency }) =>
      apiRequest<{ athleteId: number; frequency: DigestFrequency }>('PUT', `/api/user/digests/${athleteId}`, { frequency }),
    onMutate: async ({ athleteId, frequency }) => {
      await client.cancelQueries({ queryKey: digestsKey });
      const before = client.getQueryData<DigestSetting[]>(digestsKey);
      client.setQueryData<DigestSetting[]>(digestsKey, (list) => list?.map((d) => (d.athleteId === athleteId ? { ...d, frequency } : d)));
      return { before };
    },
    onError: (err, _vars, context) => {
      client.setQueryData(digestsKey, context?.before);
      notifications.show({ title: digestText.failed, message: serverMessage(err) ?? digestText.tryAgain, color: 'red' });
    },
  });
}

/** The caller's e-mail choices (GET /api/user/settings); the journal's prompt switch reads the same answer. */
export interface EmailSettings {
  /** The weekly journal prompt e-mail: off until the account asks for it. */
  weeklyPromptReminders: boolean;
  /** The account chose about the weekly prompt at least once; until then the dashboard asks. */
  weeklyPromptChosen: boolean;
  commentNotices: boolean;
  coachLinkNotices: boolean;
  /** The owner's weekly recruiting brief e-mail (on Mondays, while the family has colleges on its list). */
  recruitingBrief: boolean;
}

export const settingsKey = ['/api/user/settings'] as const;

export function useEmailSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => apiRequest<EmailSettings>('GET', '/api/user/settings') });
}

/** PUT /api/user/settings {commentNotices}: the owner's notice of the family's comments. */
export function useSetCommentNotices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentNotices: boolean) => apiRequest<EmailSettings>('PUT', '/api/user/settings', { commentNotices }),
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
    onError: (err) => notifications.show({ title: digestText.failed, message: serverMessage(err) ?? digestText.tryAgain, color: 'red' }),
  });
}

/** PUT /api/user/settings {coachLinkNotices}: the owner's notice that a coach opened a coach link. */
export function useSetCoachLinkNotices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (coachLinkNotices: boolean) => apiRequest<EmailSettings>('PUT', '/api/user/settings', { coachLinkNotices }),
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
    onError: (err) => notifications.show({ title: digestText.failed, message: serverMessage(err) ?? digestText.tryAgain, color: 'red' }),
  });
}

/** PUT /api/user/settings {recruitingBrief}: the owner's weekly recruiting brief e-mail. */
export function useSetRecruitingBrief() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recruitingBrief: boolean) => apiRequest<EmailSettings>('PUT', '/api/user/settings', { recruitingBrief }),
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
    onError: (err) => notifications.show({ title: digestText.failed, message: serverMessage(err) ?? digestText.tryAgain, color: 'red' }),
  });
}

/** PUT /api/user/settings {weeklyPromptReminders}: the weekly journal prompt e-mail, asked for or stopped. */
export function useSetWeeklyPrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (weeklyPromptReminders: boolean) => apiRequest<EmailSettings>('PUT', '/api/user/settings', { weeklyPromptReminders }),
    onSuccess: (settings) => client.setQueryData(settingsKey, settings),
    onError: (err) => notifications.show({ title: digestText.failed, message: serverMessage(err) ?? digestText.tryAgain, color: 'red' }),
  });
}
