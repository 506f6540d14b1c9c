import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { myAthletesKey } from '../../lib/currentAthlete';
import { useWatchedJob } from '../../lib/jobStatus';
import { showError, showSuccess } from '../../lib/toast';
import { userKey } from '../auth';
import { createAccountExports, createExport, deleteAccount, deleteAthlete, exportsUrl, listExports, type LegacyExport } from './api';
import { legacyToasts } from './strings';

/** The archive being made is polled every 2 s; a ready or failed one is not polled at all. */
const EXPORT_POLL_MS = 2000;

/** The athlete's newest archive (null when none), polled while it is being made. */
export function useLatestExport(athleteId: number) {
  const { query, started } = useWatchedJob<LegacyExport | null>({
    queryKey: [exportsUrl(athleteId)],
    queryFn: async () => (await listExports(athleteId))[0] ?? null,
    intervalMs: EXPORT_POLL_MS,
    statusOf: (latest) => latest?.status,
    onOutcome: (latest) => {
      if (latest?.status === 'ready') showSuccess(legacyToasts.exportReady);
    },
  });
  const start = useMutation({
    mutationFn: () => createExport(athleteId),
    onSuccess: (created) => {
      started(created);
      showSuccess(legacyToasts.exportStarted);
    },
    onError: (err) => showError(legacyToasts.exportFailed, err),
  });
  return { latest: query.data, loading: query.isPending, start };
}

/** Every athlete's archive at once; each athlete's card then follows its own. */
export function useAccountExportsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAccountExports,
    onSuccess: (created) => {
      for (const exp of created) client.setQueryData([exportsUrl(exp.athleteId)], exp);
      showSuccess(legacyToasts.exportsStarted);
    },
    onError: (err) => showError(legacyToasts.exportFailed, err),
  });
}

/** Deleting an athlete: every cached athlete view is stale, and the dashboard offers to start anew. */
export function useDeleteAthleteMutation() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAthlete,
    onSuccess: () => {
      showSuccess(legacyToasts.athleteDeleted);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== userKey[0] && q.queryKey[0] !== myAthletesKey[0] });
      void client.invalidateQueries({ queryKey: myAthletesKey });
      navigate('/dashboard');
    },
  });
}

/** Deleting the account signs out everywhere: back to the landing page with nothing cached. */
export function useDeleteAccountMutation() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      showSuccess(legacyToasts.accountDeleted);
      navigate('/');
      client.setQueryData(userKey, null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== userKey[0] });
    },
  });
}
