import { useEffect, useEffectEvent, useRef } from 'react';
import { hashKey, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';

// The one way the app follows a record whose work a job does (DESIGN.md, "Patterns every area
// uses"): poll it only while it is working, and announce its outcome once, when it is seen to move
// from working to ready or failed. A record that is already finished when it first loads announces
// nothing: the user saw (or did not wait for) that outcome before.

/** The job status every such record carries, as the server spells it. */
export type JobStatus = 'none' | 'pending' | 'processing' | 'ready' | 'failed';

/**
 * A record's job state, the one shape every job-backed record carries (docs/API.md; a few records prefix
 * the names, e.g. aiStatus).
 */
export interface JobState {
  status: JobStatus;
  /** Why it failed, in plain words; always a string, empty when there is nothing to say. */
  statusReason: string;
  /** How far the work got, as a fraction from 0 to 1, when the job reports it. */
  progress?: number;
}

/** Queued or running: the record is worth polling. */
export function isWorking(status: JobStatus | null | undefined): status is 'pending' | 'processing' {
  return status === 'pending' || status === 'processing';
}

/** Done, one way or the other: what an announcement is about. */
export function isFinished(status: JobStatus | null | undefined): status is 'ready' | 'failed' {
  return status === 'ready' || status === 'failed';
}

/**
 * The status of a list of records as one: working while any of them is, else ready. Lets a list
 * (a journal page, a media library) be followed like one record.
 */
export function combinedStatus(statuses: Iterable<JobStatus | null | undefined>): JobStatus {
  for (const status of statuses) if (isWorking(status)) return 'processing';
  return 'ready';
}

/**
 * The first poll after a record is seen working. Work done without a model (the offline prompt bank, a
 * small thumbnail) is finished 30–100 ms after the job is queued, and a fixed 2 s interval showed it
 * 2 s later; polls start this soon and back off (pollDelay), so a long job costs only a few more.
 */
export const FIRST_POLL_MS = 250;

/**
 * How long to wait before the next poll of a record that has been working for `elapsedMs`: never less
 * than FIRST_POLL_MS, then as long as it has worked so far (polls at about 0.25, 0.5, 1 and 2 s), and
 * never more than `intervalMs`. A long job costs three requests more than polling every `intervalMs`
 * from the start; a quick one is answered within a quarter of a second of finishing.
 */
export function pollDelay(elapsedMs: number, intervalMs: number): number {
  return Math.min(intervalMs, Math.max(FIRST_POLL_MS, elapsedMs));
}

/** When each query (TanStack's Query object, stable per key) was first seen working. */
const workingSince = new WeakMap<object, number>();

/**
 * A query's refetchInterval: while the data's status is working, pollDelay since it was first seen
 * working (backing off to `intervalMs`); otherwise no polling. TanStack recomputes it after every fetch.
 */
export function pollWhileWorking<T>(statusOf: (data: T) => JobStatus | null | undefined, intervalMs: number) {
  return (query: { state: { data: T | undefined } }): number | false => {
    const data = query.state.data;
    if (data === undefined || !isWorking(statusOf(data))) {
      workingSince.delete(query);
      return false;
    }
    const now = Date.now();
    const since = workingSince.get(query);
    if (since === undefined) workingSince.set(query, now);
    return pollDelay(now - (since ?? now), intervalMs);
  };
}

/** How one watched record is read and announced. */
export interface JobWatch<T> {
  /** The record's status (for a list, its combinedStatus). */
  statusOf: (record: T) => JobStatus | null | undefined;
  /** Called once per outcome: when the record is seen to move from working to ready or failed. */
  onOutcome: (record: T) => void;
}

/**
 * Announces `record`'s outcome once, when it moves from working to ready or failed (including the
 * first load after `started`). `scope` names what is watched (the query key's hash): a change of
 * scope (another athlete, another video) starts over, so switching to a finished record says nothing.
 *
 * Answers `started(record, startedScope)`, for a mutation that (re)started the job and got the record
 * back: a record that came back already finished is announced at once; one still working is announced
 * when it finishes, including under `startedScope` when the caller is about to watch it there (a record
 * whose id only the start told).
 */
export function useJobOutcome<T>(record: T | undefined, watch: JobWatch<T>, scope = ''): (started: T, startedScope?: string) => void {
  const status = record === undefined ? undefined : watch.statusOf(record);
  const previous = useRef({ scope, status });
  const announce = useEffectEvent((finished: T) => watch.onOutcome(finished));

  useEffect(() => {
    const before = previous.current;
    previous.current = { scope, status };
    if (record !== undefined && before.scope === scope && isWorking(before.status) && isFinished(status)) {
      announce(record);
    }
  }, [record, status, scope]);

  return (started: T, startedScope = scope) => {
    const startedStatus = watch.statusOf(started);
    previous.current = { scope: startedScope, status: startedStatus };
    if (isFinished(startedStatus)) watch.onOutcome(started);
  };
}

/** What useWatchedJob needs: the record's query, its polling interval and how to watch it. */
export interface WatchedJobOptions<T> extends JobWatch<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  enabled?: boolean;
  /** How often a working record is polled. */
  intervalMs: number;
}

/**
 * One record a job works on, fetched with TanStack Query, polled only while it is working, and
 * announced once when it finishes (see useJobOutcome). `started(record)` takes the answer of the
 * request that started the job: it is announced when already finished and becomes the cached record,
 * so polling starts when it is still working. A record whose key holds an id the start only now told
 * (a stats import, a report) goes to `startedAt(key, record)` instead, and the caller then watches that
 * key: the record is followed there as if it had been started in place.
 */
export function useWatchedJob<T>({ queryKey, queryFn, enabled, intervalMs, statusOf, onOutcome }: WatchedJobOptions<T>) {
  const client = useQueryClient();
  const query = useQuery({ queryKey, queryFn, enabled, refetchInterval: pollWhileWorking(statusOf, intervalMs) });
  const markStarted = useJobOutcome(query.data, { statusOf, onOutcome }, hashKey(queryKey));
  const startedAt = (key: QueryKey, record: T) => {
    markStarted(record, hashKey(key));
    client.setQueryData(key, record);
  };
  // One parameter, so it can be a mutation's onSuccess as it is (TanStack passes the variables second).
  const started = (record: T) => startedAt(queryKey, record);
  return { query, started, startedAt };
}
