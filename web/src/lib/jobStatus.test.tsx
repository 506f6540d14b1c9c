import { useState, type ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  combinedStatus,
  FIRST_POLL_MS,
  isFinished,
  isWorking,
  pollDelay,
  pollWhileWorking,
  useJobOutcome,
  useWatchedJob,
  type JobState,
  type JobStatus,
} from './jobStatus';

const INTERVAL_MS = 10;

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const run = (status: JobStatus, statusReason = ''): JobState => ({ status, statusReason });

/** A queryFn answering the given states in turn, then the last one for ever. */
function answers(...states: JobState[]) {
  let i = 0;
  return vi.fn(async () => states[Math.min(i++, states.length - 1)]!);
}

describe('isWorking / isFinished', () => {
  it.each([
    ['none', false, false],
    ['pending', true, false],
    ['processing', true, false],
    ['ready', false, true],
    ['failed', false, true],
    [undefined, false, false],
  ] as const)('%s: working %s, finished %s', (status, working, finished) => {
    expect(isWorking(status)).toBe(working);
    expect(isFinished(status)).toBe(finished);
  });
});

describe('combinedStatus', () => {
  it('is working while any record is, else ready', () => {
    expect(combinedStatus(['ready', 'pending', 'failed'])).toBe('processing');
    expect(combinedStatus(['ready', 'failed', 'none'])).toBe('ready');
    expect(combinedStatus([])).toBe('ready');
  });
});

describe('pollWhileWorking', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['pending', FIRST_POLL_MS],
    ['processing', FIRST_POLL_MS],
    ['ready', false],
    ['failed', false],
    ['none', false],
  ] as const)('%s → %s', (status, expected) => {
    const interval = pollWhileWorking((r: JobState) => r.status, 1500);
    expect(interval({ state: { data: run(status) } })).toBe(expected);
  });

  it('does not poll before the first answer', () => {
    const interval = pollWhileWorking((r: JobState) => r.status, 1500);
    expect(interval({ state: { data: undefined } })).toBe(false);
  });

  it('polls soon after the work starts, then backs off to the interval, and starts over for new work', () => {
    vi.useFakeTimers();
    const interval = pollWhileWorking((r: JobState) => r.status, 2000);
    const query: { state: { data: JobState | undefined } } = { state: { data: run('pending') } };
    expect(interval(query)).toBe(250);
    vi.advanceTimersByTime(260);
    expect(interval(query)).toBe(260);
    vi.advanceTimersByTime(600);
    expect(interval(query)).toBe(860);
    vi.advanceTimersByTime(5000);
    expect(interval(query)).toBe(2000);
    query.state.data = run('ready');
    expect(interval(query)).toBe(false);
    query.state.data = run('pending');
    expect(interval(query)).toBe(250);
  });
});

describe('pollDelay', () => {
  it.each([
    [0, 250],
    [100, 250],
    [250, 250],
    [700, 700],
    [1999, 1999],
    [2000, 2000],
    [60_000, 2000],
  ])('after %s ms of work the next poll is in %s ms (at most 2000)', (elapsed, delay) => {
    expect(pollDelay(elapsed, 2000)).toBe(delay);
  });
});

function renderWatchedJob(queryFn: () => Promise<JobState>, onOutcome: (r: JobState) => void) {
  return renderHook(
    () => useWatchedJob({ queryKey: ['/job'], queryFn, intervalMs: INTERVAL_MS, statusOf: (r) => r.status, onOutcome }),
    { wrapper: wrapper() },
  );
}

/** Proving that nothing more happens takes a wait: several polling intervals. */
const severalIntervals = () => new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 5));

describe('useWatchedJob', () => {
  it('polls while the record is working, stops when it finishes, and announces once', async () => {
    const queryFn = answers(run('pending'), run('processing'), run('ready'));
    const onOutcome = vi.fn();
    const { result } = renderWatchedJob(queryFn, onOutcome);

    await waitFor(() => expect(onOutcome).toHaveBeenCalledTimes(1));
    expect(onOutcome).toHaveBeenCalledWith(run('ready'));
    expect(result.current.query.data?.status).toBe('ready');
    const calls = queryFn.mock.calls.length;
    expect(calls).toBe(3);
    await severalIntervals();
    expect(queryFn).toHaveBeenCalledTimes(calls);
    expect(onOutcome).toHaveBeenCalledTimes(1);
  });

  it('announces a failure with its reason', async () => {
    const onOutcome = vi.fn();
    renderWatchedJob(answers(run('pending'), run('failed', 'no audio track')), onOutcome);
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith(run('failed', 'no audio track')));
  });

  it.each(['ready', 'failed', 'none'] as const)('neither polls nor announces a record already %s on first load', async (status) => {
    const queryFn = answers(run(status));
    const onOutcome = vi.fn();
    const { result } = renderWatchedJob(queryFn, onOutcome);
    await waitFor(() => expect(result.current.query.data?.status).toBe(status));
    await severalIntervals();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(onOutcome).not.toHaveBeenCalled();
  });

  it('started: a run that comes back working is polled and announced once it finishes', async () => {
    const queryFn = answers(run('none'), run('ready'));
    const onOutcome = vi.fn();
    const { result } = renderWatchedJob(queryFn, onOutcome);
    await waitFor(() => expect(result.current.query.data?.status).toBe('none'));
    act(() => result.current.started(run('pending')));
    await waitFor(() => expect(onOutcome).toHaveBeenCalledTimes(1));
    expect(onOutcome).toHaveBeenCalledWith(run('ready'));
  });

  it('started: a run that comes back finished is announced at once, and only once', async () => {
    const queryFn = answers(run('none'));
    const onOutcome = vi.fn();
    const { result } = renderWatchedJob(queryFn, onOutcome);
    await waitFor(() => expect(result.current.query.data?.status).toBe('none'));
    act(() => result.current.started(run('failed', 'quota')));
    expect(onOutcome).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.query.data).toEqual(run('failed', 'quota')));
    await severalIntervals();
    expect(onOutcome).toHaveBeenCalledTimes(1);
  });

  it('started under a new key: the record whose id the start told is polled there and announced once', async () => {
    const queryFn = vi.fn(async () => run('ready'));
    const onOutcome = vi.fn();
    const { result } = renderHook(
      () => {
        const [id, setId] = useState<number | null>(null);
        const watched = useWatchedJob({
          queryKey: ['/jobs', id],
          queryFn,
          enabled: id !== null,
          intervalMs: INTERVAL_MS,
          statusOf: (r: JobState) => r.status,
          onOutcome,
        });
        return { ...watched, follow: (record: JobState, newId: number) => { watched.startedAt(['/jobs', newId], record); setId(newId); } };
      },
      { wrapper: wrapper() },
    );
    act(() => result.current.follow(run('pending'), 3));
    expect(onOutcome).not.toHaveBeenCalled();
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith(run('ready')));
    await severalIntervals();
    expect(onOutcome).toHaveBeenCalledTimes(1);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});

describe('useJobOutcome', () => {
  const watch = (onOutcome: (r: JobState) => void) => ({ statusOf: (r: JobState) => r.status, onOutcome });

  it('announces a move from working to finished once, however often the finished record rerenders', () => {
    const onOutcome = vi.fn();
    const { rerender } = renderHook(({ record }) => useJobOutcome(record, watch(onOutcome)), {
      initialProps: { record: run('pending') as JobState | undefined },
    });
    rerender({ record: run('processing') });
    expect(onOutcome).not.toHaveBeenCalled();
    rerender({ record: run('ready') });
    rerender({ record: { ...run('ready') } });
    expect(onOutcome).toHaveBeenCalledTimes(1);
  });

  it('says nothing when the scope changes to a finished record (another athlete, another video)', () => {
    const onOutcome = vi.fn();
    const { rerender } = renderHook(({ record, scope }) => useJobOutcome(record, watch(onOutcome), scope), {
      initialProps: { record: run('pending') as JobState | undefined, scope: 'athlete 7' },
    });
    rerender({ record: run('ready'), scope: 'athlete 9' });
    expect(onOutcome).not.toHaveBeenCalled();
  });
});
