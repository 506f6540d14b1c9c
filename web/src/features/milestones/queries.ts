import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useInfiniteList } from '../../lib/pages';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { milestoneToasts } from './strings';

// Query keys: the first element is the URL (spec convention), so prefix invalidation works from it.
// The list is paged ('pages' marks the infinite query's data).
export const milestoneKeys = {
  list: (athleteId: number) => [api.milestoneUrls.list(athleteId), 'pages'] as const,
};

/** The athlete's milestones, newest first, page by page (lib/pages): `items` so far, `fetchNextPage` for more. */
export function useMilestonesQuery(athleteId: number | undefined) {
  return useInfiniteList<api.Milestone>({
    queryKey: milestoneKeys.list(athleteId ?? 0),
    url: api.milestoneUrls.list(athleteId ?? 0),
    enabled: athleteId !== undefined,
  });
}

/** Creates (no id) or updates a milestone, then refreshes the athlete's timeline. */
export function useSaveMilestoneMutation(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: api.MilestoneInput }) =>
      id === undefined ? api.createMilestone(athleteId, input) : api.updateMilestone(id, input),
    onSuccess: (_data, { id }) => {
      showSuccess(id === undefined ? milestoneToasts.created : milestoneToasts.updated);
      return client.invalidateQueries({ queryKey: milestoneKeys.list(athleteId) });
    },
    onError: (err) => showError(milestoneToasts.saveFailed, err),
  });
}

export function useDeleteMilestoneMutation(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.deleteMilestone(id),
    onSuccess: () => {
      showSuccess(milestoneToasts.deleted);
      return client.invalidateQueries({ queryKey: milestoneKeys.list(athleteId) });
    },
    onError: (err) => showError(milestoneToasts.deleteFailed, err),
  });
}
