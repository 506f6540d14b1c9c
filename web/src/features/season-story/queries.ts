import { useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { combinedStatus, isWorking, pollWhileWorking, useWatchedJob } from '../../lib/jobStatus';
import { pageItems, useInfiniteList } from '../../lib/pages';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { seasonBookToasts } from './strings';

/** The longest wait between polls of a book while it is drawn (lib/jobStatus backs off to it). */
const BOOK_POLL_MS = 2000;

const bookKey = (id: number) => [api.seasonBookUrls.book(id)] as const;
const booksKey = (athleteId: number) => [api.seasonBookUrls.books(athleteId), 'pages'] as const;

/** A book made, finished or deleted: the list of books and the library it is filed in. */
function refreshBooks(client: QueryClient, athleteId: number) {
  void client.invalidateQueries({ queryKey: booksKey(athleteId) });
  void client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(`/api/athletes/${athleteId}/media`) });
}

/**
 * 'Make the book': starts the job and follows the book it answers; once ready the media library shows it.
 * `book` is the one made last in this dialog.
 */
export function useSeasonBook(athleteId: number) {
  const client = useQueryClient();
  const [bookId, setBookId] = useState<number | null>(null);
  const { query, startedAt } = useWatchedJob({
    queryKey: bookKey(bookId ?? 0),
    queryFn: () => api.fetchSeasonBook(bookId!),
    enabled: bookId !== null,
    intervalMs: BOOK_POLL_MS,
    statusOf: (book) => book.status,
    onOutcome: () => refreshBooks(client, athleteId),
  });
  const start = useMutation({
    mutationFn: (input: api.SeasonBookInput) => api.createSeasonBook(athleteId, input),
    onSuccess: (book) => {
      startedAt(bookKey(book.id), book);
      setBookId(book.id);
      void client.invalidateQueries({ queryKey: booksKey(athleteId) });
    },
  });
  const book = bookId === null ? undefined : query.data;
  return {
    book,
    working: isWorking(book?.status),
    start,
    /** Back to the form, for another book. */
    reset: () => {
      setBookId(null);
      start.reset();
    },
  };
}

/** The athlete's books, newest first, page by page; the pages loaded are polled while one is drawn. */
export function useSeasonBooks(athleteId: number) {
  return useInfiniteList<api.SeasonBook>({
    queryKey: booksKey(athleteId),
    url: api.seasonBookUrls.books(athleteId),
    refetchInterval: pollWhileWorking((data) => combinedStatus(pageItems(data).map((b) => b.status)), BOOK_POLL_MS),
  });
}

export function useDeleteSeasonBook(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (book: api.SeasonBook) => api.deleteSeasonBook(book.id),
    onSuccess: (_, book) => {
      client.removeQueries({ queryKey: bookKey(book.id) });
      showSuccess(seasonBookToasts.deleted);
      refreshBooks(client, athleteId);
    },
    onError: (err) => showError(seasonBookToasts.deleteFailed, err),
  });
}
