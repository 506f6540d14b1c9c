import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useInfiniteList } from '../../lib/pages';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { opsText as t } from './strings';

/** How often the page re-reads the queues while it is open. */
export const OPS_REFRESH_MS = 10_000;

export const summaryKey = ['ops', 'summary'] as const;
const failuresKey = [api.opsUrls.failures, 'pages'] as const;

/** The page shows the newest failures first, as many as the summary had; the rest a page at a time. */
export const FAILURES_FIRST_PAGE = 20;

export function useOpsSummary() {
  return useQuery({ queryKey: summaryKey, queryFn: api.fetchOpsSummary, refetchInterval: OPS_REFRESH_MS });
}

/** Every failed job, newest first, page by page (lib/pages); the pages loaded are re-read with the summary. */
export function useOpsFailures() {
  return useInfiniteList<api.JobFailure>({
    queryKey: failuresKey,
    url: api.opsUrls.failures,
    firstLimit: FAILURES_FIRST_PAGE,
    refetchInterval: () => OPS_REFRESH_MS,
  });
}

const contactMessagesKey = [api.opsUrls.contactMessages, 'pages'] as const;

/** The contact messages, newest first, page by page; the pages loaded are re-read with the summary. */
export function useContactMessages() {
  return useInfiniteList<api.ContactMessage>({
    queryKey: contactMessagesKey,
    url: api.opsUrls.contactMessages,
    firstLimit: CONTACT_FIRST_PAGE,
    refetchInterval: () => OPS_REFRESH_MS,
  });
}

/** The page shows this many of the newest contact messages first; the rest a page at a time. */
export const CONTACT_FIRST_PAGE = 10;

export function useContactHandledMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ message, handled }: { message: api.ContactMessage; handled: boolean }) => api.setContactHandled(message.id, handled),
    onSuccess: async (_, { handled }) => {
      showSuccess(handled ? t.contactMarked : t.contactReopened);
      await Promise.all([client.invalidateQueries({ queryKey: contactMessagesKey }), client.invalidateQueries({ queryKey: summaryKey })]);
    },
    onError: (err) => showError(t.contactMarkFailed, err),
  });
}

export function useRetryJobMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (failure: api.JobFailure) => api.retryJob(failure.id),
    onSuccess: async (_, failure) => {
      showSuccess({ title: t.retried.title, message: t.retried.message(failure.kind) });
      await Promise.all([client.invalidateQueries({ queryKey: summaryKey }), client.invalidateQueries({ queryKey: failuresKey })]);
    },
    onError: (err) => showError(t.retryFailed, err),
  });
}
