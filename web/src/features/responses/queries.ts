import { useState } from 'react';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { ApiError, fieldErrors, serverMessage } from '../../lib/api';
import { useInfiniteList, type Page } from '../../lib/pages';
import { showError } from '../../lib/toast';
import * as api from './api';
import { countComment, putReactions } from './itemCache';
import { nextReaction, sameSummary, withReaction } from './reactionRules';
import { responsesToasts } from './strings';

// Query keys: the first element is the URL (spec convention), so prefix invalidation works from it.
// The comments are paged ('pages' marks the infinite query's data).
export const responsesKeys = {
  comments: (item: api.ItemRef) => [api.responseUrls.comments(item), 'pages'] as const,
};

/** An item's comments, oldest first, page by page (lib/pages); read only once `enabled` (the list is opened). */
export function useComments(item: api.ItemRef, enabled: boolean) {
  return useInfiniteList<api.Comment>({ queryKey: responsesKeys.comments(item), url: api.responseUrls.comments(item), enabled });
}

type CommentPages = InfiniteData<Page<api.Comment>>;

/** Applies `change` to the item's loaded comments, page by page. */
function editComments(client: QueryClient, item: api.ItemRef, change: (pages: Page<api.Comment>[]) => Page<api.Comment>[]) {
  client.setQueryData<CommentPages>(responsesKeys.comments(item), (data) => (data ? { ...data, pages: change(data.pages) } : data));
}

/**
 * The message a comment's field shows for a refused body (400: "Write a comment first", "A comment is at
 * most 2,000 characters"); undefined for any other failure, which a toast reports.
 */
export function commentFieldError(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status !== 400) return undefined;
  return fieldErrors(err).body ?? serverMessage(err) ?? responsesToasts.postFailed.fallback;
}

function toastUnlessFieldError(toast: { title: string; fallback: string }) {
  return (err: unknown) => {
    if (commentFieldError(err) === undefined) showError(toast, err);
  };
}

/**
 * Posts a comment. It joins the end of the list when the last page is loaded (oldest first: it is the
 * newest); with pages still to load it arrives with the last of them. `onCounted` hears the +1.
 */
export function usePostCommentMutation(item: api.ItemRef, onCounted: (delta: 1) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.postComment(item, body),
    onSuccess: (comment) => {
      editComments(client, item, (pages) =>
        pages.map((page, i) => (i === pages.length - 1 && page.next === null ? { ...page, items: [...page.items, comment] } : page)),
      );
      onCounted(1);
      return countComment(client, item, 1);
    },
    onError: toastUnlessFieldError(responsesToasts.postFailed),
  });
}

/** Changes the caller's own comment's body; the answer takes its place in the list. */
export function useEditCommentMutation(item: api.ItemRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => api.updateComment(id, body),
    onSuccess: (comment) =>
      editComments(client, item, (pages) => pages.map((page) => ({ ...page, items: page.items.map((c) => (c.id === comment.id ? comment : c)) }))),
    onError: toastUnlessFieldError(responsesToasts.editFailed),
  });
}

/** Deletes a comment (its author, the owner or an admin); `onCounted` hears the -1. */
export function useDeleteCommentMutation(item: api.ItemRef, onCounted: (delta: -1) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: api.Comment) => api.deleteComment(comment.id),
    onSuccess: (_, comment) => {
      editComments(client, item, (pages) => pages.map((page) => ({ ...page, items: page.items.filter((c) => c.id !== comment.id) })));
      onCounted(-1);
      return countComment(client, item, -1);
    },
    onError: (err) => showError(responsesToasts.deleteFailed, err),
  });
}

/**
 * What the item's responses show: the host's summary (from the item's answer), or this component's own
 * newer one after a change here, until the host's summary changes (read again, or patched by
 * itemCache). A card rendered from data no cache holds (a test, a one-off answer) still counts right.
 */
export function useResponseSummary(given: api.ResponseSummary) {
  const [local, setLocal] = useState<{ over: api.ResponseSummary; shown: api.ResponseSummary } | null>(null);
  const shown = local && sameSummary(local.over, given) ? local.shown : given;
  const update = (change: (summary: api.ResponseSummary) => api.ResponseSummary) =>
    setLocal((prev) => {
      const base = prev && sameSummary(prev.over, given) ? prev.shown : given;
      return { over: given, shown: change(base) };
    });
  return { shown, update };
}

/**
 * Sets, changes or takes back the caller's reaction, optimistically: the bar changes at once, and goes
 * back with an error toast when the server refuses. Clicks on one item are sent one after another
 * (a mutation scope), so the last click is the reaction that stays.
 */
export function useReactionMutation(item: api.ItemRef, summary: ReturnType<typeof useResponseSummary>) {
  const client = useQueryClient();
  const { shown, update } = summary;
  const mutation = useMutation({
    scope: { id: api.responseUrls.reaction(item) },
    mutationFn: (emoji: string | null) => (emoji === null ? api.removeReaction(item) : api.setReaction(item, emoji)),
    onMutate: (emoji) => {
      const before = shown.reactions;
      update((s) => ({ ...s, reactions: withReaction(s.reactions, emoji) }));
      return { before };
    },
    onSuccess: (reactions) => {
      update((s) => ({ ...s, reactions }));
      putReactions(client, item, reactions);
    },
    onError: (err, _emoji, context) => {
      if (context) update((s) => ({ ...s, reactions: context.before }));
      showError(responsesToasts.reactionFailed, err);
    },
  });
  return { react: (emoji: string) => mutation.mutate(nextReaction(shown.reactions, emoji)) };
}
