import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { measurablesToasts as toasts } from './strings';

// Query keys: the first element is the URL (spec convention), so prefix invalidation works from it.
export const measurablesKeys = {
  profile: (athleteId: number) => [api.measurablesUrls.profile(athleteId)] as const,
  list: (athleteId: number) => [api.measurablesUrls.list(athleteId)] as const,
  documents: (athleteId: number) => [api.measurablesUrls.documents(athleteId)] as const,
};

export function useRecruitingProfileQuery(athleteId: number) {
  return useQuery({ queryKey: measurablesKeys.profile(athleteId), queryFn: () => api.fetchRecruitingProfile(athleteId) });
}

export function useMeasurablesQuery(athleteId: number, enabled = true) {
  return useQuery({ queryKey: measurablesKeys.list(athleteId), queryFn: () => api.fetchMeasurables(athleteId), enabled });
}

export function useDocumentsQuery(athleteId: number, enabled: boolean) {
  return useQuery({ queryKey: measurablesKeys.documents(athleteId), queryFn: () => api.fetchDocuments(athleteId), enabled });
}

export function useSaveRecruitingProfileMutation(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: api.RecruitingProfileInput) => api.saveRecruitingProfile(athleteId, input),
    onSuccess: (profile) => {
      client.setQueryData(measurablesKeys.profile(athleteId), profile);
      showSuccess(toasts.profileSaved);
    },
    onError: (err) => showError(toasts.profileFailed, err),
  });
}

export function useSaveMeasurableMutation(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: api.MeasurableInput }) =>
      id === undefined ? api.createMeasurable(athleteId, input) : api.updateMeasurable(id, input),
    onSuccess: (_m, { id }) => {
      showSuccess(id === undefined ? toasts.added : toasts.updated);
      return client.invalidateQueries({ queryKey: measurablesKeys.list(athleteId) });
    },
    onError: (err) => showError(toasts.failed, err),
  });
}

export function useDeleteMeasurableMutation(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.deleteMeasurable(id),
    onSuccess: () => {
      showSuccess(toasts.removed);
      return client.invalidateQueries({ queryKey: measurablesKeys.list(athleteId) });
    },
    onError: (err) => showError(toasts.deleteFailed, err),
  });
}
