import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { opsText as t } from './strings';

/** How often the page re-reads the queues while it is open. */
export const OPS_REFRESH_MS = 10_000;

const summaryKey = ['ops', 'summary'] as const;

export function useOpsSummary() {
  return useQuery({ queryKey: summaryKey, queryFn: api.fetchOpsSummary, refetchInterval: OPS_REFRESH_MS });
}

export function useRetryJobMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (failure: api.JobFailure) => api.retryJob(failure.id),
    onSuccess: async (_, failure) => {
      showSuccess({ title: t.retried.title, message: t.retried.message(failure.kind) });
      await client.invalidateQueries({ queryKey: summaryKey });
    },
    onError: (err) => showError(t.retryFailed, err),
  });
}
