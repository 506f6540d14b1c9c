import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { combinedStatus, pollWhileWorking } from '../../lib/jobStatus';
import { pageItems, useInfiniteList } from '../../lib/pages';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { achievementToasts, qrToasts, settingsText } from './strings';

/** The longest wait between polls of a list while a QR code or a card is drawn (lib/jobStatus backs off to it). */
const SHOWCASE_POLL_MS = 2000;

export const showcaseKeys = {
  qrCodes: (athleteId: number) => [api.showcaseUrls.qrCodes(athleteId), 'pages'] as const,
  achievements: (athleteId: number) => [api.showcaseUrls.achievements(athleteId), 'pages'] as const,
  settings: (athleteId: number) => [api.showcaseUrls.settings(athleteId)] as const,
};

/** The athlete's QR codes, newest first, page by page (lib/pages); the pages loaded are polled while a code is drawn. */
export function useQRCodes(athleteId: number | undefined) {
  return useInfiniteList<api.QRCode>({
    queryKey: showcaseKeys.qrCodes(athleteId ?? 0),
    url: api.showcaseUrls.qrCodes(athleteId ?? 0),
    enabled: athleteId !== undefined,
    refetchInterval: pollWhileWorking((data) => combinedStatus(pageItems(data).map((c) => c.status)), SHOWCASE_POLL_MS),
  });
}

export function useCreateQRCode(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: api.QRCodeBody) => api.createQRCode(athleteId, body),
    onSuccess: () => {
      showSuccess(qrToasts.generated);
      return client.invalidateQueries({ queryKey: showcaseKeys.qrCodes(athleteId) });
    },
    onError: (err) => showError(qrToasts.failed, err),
  });
}

export function useDeleteQRCode(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.deleteQRCode(id),
    onSuccess: () => {
      showSuccess(qrToasts.deleted);
      return client.invalidateQueries({ queryKey: showcaseKeys.qrCodes(athleteId) });
    },
    onError: (err) => showError(qrToasts.failed, err),
  });
}

/** The athlete's achievements, newest first, page by page (lib/pages); the pages loaded are polled while a card is drawn. */
export function useAchievements(athleteId: number | undefined) {
  return useInfiniteList<api.Achievement>({
    queryKey: showcaseKeys.achievements(athleteId ?? 0),
    url: api.showcaseUrls.achievements(athleteId ?? 0),
    enabled: athleteId !== undefined,
    refetchInterval: pollWhileWorking((data) => combinedStatus(pageItems(data).map((a) => a.card.status)), SHOWCASE_POLL_MS),
  });
}

export function useSaveAchievement(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: api.AchievementBody }) =>
      id === null ? api.createAchievement(athleteId, body) : api.updateAchievement(id, body),
    onSuccess: (_saved, { id }) => {
      showSuccess(id === null ? achievementToasts.added : achievementToasts.updated);
      return client.invalidateQueries({ queryKey: showcaseKeys.achievements(athleteId) });
    },
    onError: (err) => showError(achievementToasts.saveFailed, err),
  });
}

export function useDeleteAchievement(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.deleteAchievement(id),
    onSuccess: () => {
      showSuccess(achievementToasts.deleted);
      return client.invalidateQueries({ queryKey: showcaseKeys.achievements(athleteId) });
    },
    onError: (err) => showError(achievementToasts.deleteFailed, err),
  });
}

export function useShowcaseSettings(athleteId: number | undefined) {
  return useQuery({ queryKey: showcaseKeys.settings(athleteId ?? 0), queryFn: () => api.fetchSettings(athleteId!), enabled: athleteId !== undefined });
}

export function useSaveShowcaseSettings(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<api.ShowcaseSettings, 'url'>) => api.saveSettings(athleteId, body),
    onSuccess: (saved) => {
      showSuccess(settingsText.saved);
      client.setQueryData(showcaseKeys.settings(athleteId), saved);
      // Achievements' public links depend on the page being published.
      return client.invalidateQueries({ queryKey: showcaseKeys.achievements(athleteId) });
    },
    onError: (err) => showError(settingsText.saveFailed, err),
  });
}

export function usePublicAthlete(slug: string) {
  return useQuery({ queryKey: [api.showcaseUrls.publicAthlete(slug)], queryFn: () => api.fetchPublicAthlete(slug), retry: false });
}

export function usePublicAchievement(slug: string, id: string) {
  return useQuery({ queryKey: [api.showcaseUrls.publicAchievement(slug, id)], queryFn: () => api.fetchPublicAchievement(slug, id), retry: false });
}
