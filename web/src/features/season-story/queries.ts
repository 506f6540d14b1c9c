import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isWorking, useWatchedJob } from '../../lib/jobStatus';
import * as api from './api';

/** The longest wait between polls of a book while it is drawn (lib/jobStatus backs off to it). */
const BOOK_POLL_MS = 2000;

const bookKey = (id: number) => [api.seasonBookUrls.book(id)] as const;

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
    onOutcome: (book) => {
      if (book.status === 'ready') {
        void client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(`/api/athletes/${athleteId}/media`) });
      }
    },
  });
  const start = useMutation({
    mutationFn: (input: api.SeasonBookInput) => api.createSeasonBook(athleteId, input),
    onSuccess: (book) => {
      startedAt(bookKey(book.id), book);
      setBookId(book.id);
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
