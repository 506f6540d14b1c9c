import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { combinedStatus, isWorking, pollWhileWorking, useJobOutcome, useWatchedJob } from '../../lib/jobStatus';
import { newRequestKey } from '../../lib/api';
import { isOnline } from '../../lib/network';
import { useUser } from '../auth';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { DASHBOARD_ENTRY_COUNT, POLL_INTERVAL_MS } from './entryRules';
import { journalToasts } from './strings';
import type { QueuedEntry } from './outbox/draftStore';
import { journalOutbox } from './outbox/journalOutbox';

// Query keys: the first element is the URL (spec convention), so prefix invalidation works from it.
// Every list of an athlete, the Journal page's pages and the dashboard's latest two alike, sits under
// [list URL], each with its own filters object; the page always spells out every filter, so its keys
// never meet the dashboard's { limit: 2 }.
export const journalKeys = {
  all: (athleteId: number) => [api.journalUrls.list(athleteId)] as const,
  list: (athleteId: number, filters: api.JournalFilters) => [api.journalUrls.list(athleteId), filters] as const,
  latest: (athleteId: number) => [api.journalUrls.list(athleteId), { limit: DASHBOARD_ENTRY_COUNT }] as const,
  stats: (athleteId: number) => [api.journalUrls.stats(athleteId)] as const,
  prompts: (athleteId: number | undefined) => [api.journalUrls.promptsFor(athleteId)] as const,
  generation: (athleteId: number) => [api.journalUrls.generate(athleteId)] as const,
  settings: () => [api.journalUrls.settings] as const,
  options: () => [api.journalUrls.options] as const,
};

/** The filters of the Journal page, every one spelled out (see journalKeys). */
export interface PageFilters {
  q: string;
  tag: string;
  favorite: boolean;
  aiEnhanced: boolean;
  cleanedOffline: boolean;
  limit: number;
  /** One day's entries (YYYY-MM-DD), or '' for all: a milestone's 'View associated journal entries'. */
  date: string;
}

/** After any change: the athlete's lists (Journal page and dashboard) and the stats. */
function invalidateJournal(client: QueryClient, athleteId: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: journalKeys.all(athleteId) }),
    client.invalidateQueries({ queryKey: journalKeys.stats(athleteId) }),
  ]);
}

function invalidatePrompts(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(api.journalUrls.prompts),
  });
}

/** The enhancement state of a page of entries: working while any entry is being enhanced. */
function pageStatus(page: api.JournalPage) {
  return combinedStatus(page.entries.map((entry) => entry.aiStatus));
}

function pagesStatus(data: InfiniteData<api.JournalPage>) {
  return combinedStatus(data.pages.map(pageStatus));
}

/**
 * The Journal page's list, page by page through X-Next-Cursor; polls while an entry is being enhanced.
 * The polling refetches the list, but not the stats (the AI Enhanced count): they are refreshed when
 * the enhancements in the list are seen to finish.
 */
export function useJournalListQuery(athleteId: number | undefined, filters: PageFilters) {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: journalKeys.list(athleteId ?? 0, filters),
    queryFn: ({ pageParam, signal }) => api.fetchJournalPage(athleteId!, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: athleteId !== undefined,
    refetchInterval: pollWhileWorking(pagesStatus, POLL_INTERVAL_MS),
  });
  useJobOutcome(
    query.data,
    {
      statusOf: pagesStatus,
      onOutcome: () => void client.invalidateQueries({ queryKey: journalKeys.stats(athleteId ?? 0) }),
    },
    String(athleteId),
  );
  return query;
}

/** The dashboard's latest entries (GET …/journal?limit=2); polls while one is being enhanced. */
export function useLatestEntriesQuery(athleteId: number | undefined) {
  return useQuery({
    queryKey: journalKeys.latest(athleteId ?? 0),
    queryFn: ({ signal }) => api.fetchJournalPage(athleteId!, { limit: DASHBOARD_ENTRY_COUNT }, null, signal),
    enabled: athleteId !== undefined,
    select: (page) => page.entries,
    refetchInterval: pollWhileWorking(pageStatus, POLL_INTERVAL_MS),
  });
}

/** Whether AI is set up and whether new entries start private: the installation's, fixed while it runs. */
export function useJournalOptionsQuery() {
  return useQuery({ queryKey: journalKeys.options(), queryFn: api.fetchJournalOptions, staleTime: Infinity });
}

export function useJournalStatsQuery(athleteId: number | undefined) {
  return useQuery({
    queryKey: journalKeys.stats(athleteId ?? 0),
    queryFn: () => api.fetchJournalStats(athleteId!),
    enabled: athleteId !== undefined,
  });
}

/** A new entry the server has, or one kept on the device until the signal is back (issue 34). */
export type CreateOutcome = { entry: api.JournalEntry } | { queued: QueuedEntry };

/** fetch rejects (rather than answering) when no answer came back: no signal, or it dropped on the way. */
const noAnswer = (err: unknown) => err instanceof TypeError;

/** No signal, and the device could not keep the entry either (no IndexedDB, storage full). */
class NotKeptError extends Error {}

export function useCreateEntryMutation() {
  const client = useQueryClient();
  const accountId = useUser().user?.id;
  // One key per entry: Save pressed again after an answer that never came (the signal dropped)
  // sends the same entry with the same key, and the server keeps it once. Another entry, or this one
  // changed, is a new request with a new key. An entry that cannot go now waits on the device under
  // the same key: if its first try did reach the server, the later send is answered with that entry.
  const lastSent = useRef<{ request: string; key: string } | null>(null);
  return useMutation({
    // TanStack Query would hold the mutation until the browser is online; this one keeps the entry instead.
    networkMode: 'always',
    mutationFn: async ({ athleteId, input }: { athleteId: number; input: api.JournalEntryInput }): Promise<CreateOutcome> => {
      const request = JSON.stringify([athleteId, input]);
      if (lastSent.current?.request !== request) lastSent.current = { request, key: newRequestKey() };
      const key = lastSent.current.key;
      const keep = async () => {
        if (accountId === undefined) throw new NotKeptError('not signed in');
        try {
          return { queued: await journalOutbox.queue({ key, accountId, athleteId, input }) };
        } catch (err) {
          throw new NotKeptError('the entry could not be kept on this device', { cause: err });
        }
      };
      if (!isOnline()) return keep();
      try {
        return { entry: await api.createEntry(athleteId, input, key) };
      } catch (err) {
        if (noAnswer(err)) return keep();
        throw err;
      }
    },
    onSuccess: async (outcome) => {
      lastSent.current = null;
      if ('queued' in outcome) {
        showSuccess(journalToasts.queued);
        return;
      }
      showSuccess(journalToasts.created);
      await invalidateJournal(client, outcome.entry.athleteId);
    },
    onError: (err) => showError(err instanceof NotKeptError ? journalToasts.queueFailed : journalToasts.createFailed, err),
  });
}

export function useUpdateEntryMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, input }: { entry: api.JournalEntry; input: api.JournalEntryInput }) =>
      api.updateEntry(entry.id, input),
    onSuccess: async (entry) => {
      showSuccess(journalToasts.updated);
      await invalidateJournal(client, entry.athleteId);
    },
    onError: (err) => showError(journalToasts.updateFailed, err),
  });
}

/** Adds one suggested tag: a full PUT of the entry as it is, plus the tag, without a new enhancement. */
export function useAddTagMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, tag }: { entry: api.JournalEntry; tag: string }) =>
      api.updateEntry(entry.id, {
        title: entry.title,
        content: entry.content,
        date: entry.date,
        tags: [...entry.tags, tag],
        enhanceWithAI: false,
      }),
    onSuccess: (entry) => invalidateJournal(client, entry.athleteId),
    onError: (err) => showError(journalToasts.updateFailed, err),
  });
}

export function usePrivacyMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, isPrivate }: { entry: api.JournalEntry; isPrivate: boolean }) =>
      api.setEntryPrivacy(entry.id, isPrivate),
    onSuccess: async (entry, { isPrivate }) => {
      notifications.show({
        title: journalToasts.privacyUpdated.title,
        message: journalToasts.privacyUpdated.message(isPrivate),
        color: 'green',
      });
      await invalidateJournal(client, entry.athleteId);
    },
    onError: (err) => showError(journalToasts.privacyFailed, err),
  });
}

export function useFavoriteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entry: api.JournalEntry) => api.toggleFavorite(entry.id),
    onSuccess: async (entry) => {
      const toast = entry.isFavorite ? journalToasts.favoriteAdded : journalToasts.favoriteRemoved;
      showSuccess(toast);
      await invalidateJournal(client, entry.athleteId);
    },
    onError: (err) => showError(journalToasts.favoriteFailed, err),
  });
}

export function useDeleteEntryMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entry: api.JournalEntry) => api.deleteEntry(entry.id),
    onSuccess: async (_, entry) => {
      showSuccess(journalToasts.deleted);
      await invalidateJournal(client, entry.athleteId);
    },
    onError: (err) => showError(journalToasts.deleteFailed, err),
  });
}

/** Starts (or retries) the enhancement; the entry comes back pending and its list starts polling. */
export function useEnhanceMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entry: api.JournalEntry) => api.enhanceEntry(entry.id),
    onSuccess: (entry) => invalidateJournal(client, entry.athleteId),
    onError: (err) => showError(journalToasts.enhanceFailed, err),
  });
}

export function useRevertEnhancementMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entry: api.JournalEntry) => api.revertEnhancement(entry.id),
    onSuccess: (entry) => invalidateJournal(client, entry.athleteId),
    onError: (err) => showError(journalToasts.revertFailed, err),
  });
}

/** Generated, then custom, then the built-in prompts; without an athlete, the caller's own (or the built-ins). */
export function usePromptsQuery(athleteId: number | undefined) {
  return useQuery({ queryKey: journalKeys.prompts(athleteId), queryFn: () => api.fetchPrompts(athleteId) });
}

export function useCreatePromptMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ athleteId, input }: { athleteId: number; input: api.JournalPromptInput }) =>
      api.createPrompt(athleteId, input),
    onSuccess: async () => {
      showSuccess(journalToasts.promptCreated);
      await invalidatePrompts(client);
    },
  });
}

export function useDeletePromptMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.deletePrompt(id),
    onSuccess: () => invalidatePrompts(client),
    onError: (err) => showError(journalToasts.promptDeleteFailed, err),
  });
}

/** The toast for a finished run, and its prompts fetched when it worked. */
function announceRun(client: QueryClient, run: api.PromptGeneration) {
  if (run.status === 'ready') {
    notifications.show({
      title: journalToasts.promptsGenerated.title,
      message: journalToasts.promptsGenerated.message,
      color: 'green',
    });
    void invalidatePrompts(client);
  } else if (run.status === 'failed') {
    notifications.show({
      title: journalToasts.promptsFailed.title,
      message: run.statusReason || journalToasts.promptsFailed.fallback,
      color: 'red',
    });
  }
}

/**
 * The latest prompt generation run, polled while it is working. A run seen to finish announces itself
 * once (lib/jobStatus): a toast, and the new prompts fetched.
 */
export function usePromptGeneration(athleteId: number | undefined) {
  const client = useQueryClient();
  const { query, started } = useWatchedJob({
    queryKey: journalKeys.generation(athleteId ?? 0),
    queryFn: () => api.fetchPromptGeneration(athleteId!),
    enabled: athleteId !== undefined,
    intervalMs: POLL_INTERVAL_MS,
    statusOf: (run) => run.status,
    onOutcome: (run) => announceRun(client, run),
  });

  const start = useMutation({
    mutationFn: () => api.startPromptGeneration(athleteId!),
    onSuccess: started,
    onError: (err) => showError(journalToasts.promptsFailed, err),
  });

  const status = query.data?.status;
  return {
    status,
    isGenerating: isWorking(status) || start.isPending,
    generate: () => start.mutate(),
  };
}

export function useUserSettingsQuery() {
  return useQuery({ queryKey: journalKeys.settings(), queryFn: api.fetchUserSettings });
}

export function useUpdateSettingsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: api.updateUserSettings,
    onSuccess: (settings) => client.setQueryData(journalKeys.settings(), settings),
    onError: (err) => showError(journalToasts.settingsFailed, err),
  });
}
