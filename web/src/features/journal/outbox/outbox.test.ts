import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubRoutes } from '../../../test/fetch';
import { createEntry, type JournalEntry, type JournalEntryInput } from '../api';
import type { DraftStore, QueuedEntry } from './draftStore';
import { createOutbox, type SenderLock } from './outbox';

// The outbox's rules, with the real createEntry over a stubbed network. The device's store is kept in
// memory here (jsdom has no IndexedDB); the IndexedDB store itself is exercised in the browser test
// (e2e/offline-journal.test.mjs).

function memoryStore(): DraftStore & { entries: Map<string, QueuedEntry> } {
  const entries = new Map<string, QueuedEntry>();
  return {
    entries,
    list: async (accountId) =>
      [...entries.values()].filter((e) => e.accountId === accountId).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt)),
    put: async (entry) => void entries.set(entry.key, structuredClone(entry)),
    remove: async (key) => void entries.delete(key),
  };
}

const ATHLETE = 7;
const url = `POST /api/athletes/${ATHLETE}/journal`;
const input = (title: string): JournalEntryInput => ({ title, content: 'We won 3-2.', date: '2026-05-01', tags: [], enhanceWithAI: false });

/**
 * The api's journal POST as far as the outbox sees it: one entry per Idempotency-Key, the first answer
 * given again to the same key. `lose` drops the next answers on the way back (the entry is made).
 */
function fakeServer() {
  const made = new Map<string, JournalEntry>();
  const state = { lose: 0, status: 0 };
  const routes: StubRoutes = {
    [url]: (body, headers) => {
      if (state.status) return { status: state.status, body: { message: 'Try again later' } };
      const { title } = body as JournalEntryInput;
      if (!title) return { status: 422, body: { message: 'Validation failed', errors: { title: 'Title is required' } } };
      const key = headers.get('Idempotency-Key') ?? '';
      if (!made.has(key)) {
        made.set(key, { id: made.size + 1, athleteId: ATHLETE, title } as JournalEntry);
      }
      if (state.lose > 0) {
        state.lose--;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return { status: 201, body: made.get(key) };
    },
  };
  const { calls } = stubFetch(routes);
  return { made, state, calls };
}

const freeLock: SenderLock = (send) => send();
const send = (entry: QueuedEntry) => createEntry(entry.athleteId, entry.input, entry.key);

function outboxWith(store = memoryStore(), lock = freeLock) {
  let tick = 0;
  const outbox = createOutbox({ store, send, lock, now: () => new Date(Date.UTC(2026, 4, 1, 12, 0, tick++)) });
  return { outbox, store };
}

afterEach(() => vi.unstubAllGlobals());

describe('journal outbox', () => {
  it('sends a queued entry once, with its key, oldest first, and forgets it', async () => {
    const server = fakeServer();
    const { outbox, store } = outboxWith();
    await outbox.queue({ key: 'k-first', accountId: 1, athleteId: ATHLETE, input: input('Opening day') });
    await outbox.queue({ key: 'k-second', accountId: 1, athleteId: ATHLETE, input: input('Second game') });

    const sent = await outbox.sendAll(1);
    expect(sent.map((e) => e.title)).toEqual(['Opening day', 'Second game']);
    expect(store.entries.size).toBe(0);
    expect(server.made.size).toBe(2);

    expect(await outbox.sendAll(1)).toEqual([]);
    expect(server.calls).toHaveLength(2);
  });

  it('keeps an entry whose answer was lost, and its next send under the same key makes no second entry', async () => {
    const server = fakeServer();
    const { outbox, store } = outboxWith();
    await outbox.queue({ key: 'k-lost', accountId: 1, athleteId: ATHLETE, input: input('Rain delay') });
    server.state.lose = 1;

    expect(await outbox.sendAll(1)).toEqual([]);
    expect([...store.entries.keys()]).toEqual(['k-lost']);
    expect(server.made.size).toBe(1);

    const sent = await outbox.sendAll(1);
    expect(sent.map((e) => e.id)).toEqual([1]);
    expect(server.made.size).toBe(1);
    expect(store.entries.size).toBe(0);
  });

  it('keeps waiting on a server error or an ended session, and stops at the first entry that cannot go', async () => {
    for (const status of [500, 503, 401, 429]) {
      const server = fakeServer();
      const { outbox, store } = outboxWith();
      await outbox.queue({ key: 'a', accountId: 1, athleteId: ATHLETE, input: input('One') });
      await outbox.queue({ key: 'b', accountId: 1, athleteId: ATHLETE, input: input('Two') });
      server.state.status = status;
      expect(await outbox.sendAll(1)).toEqual([]);
      expect(server.calls, `status ${status}`).toHaveLength(1);
      expect([...store.entries.values()].map((e) => e.refusal)).toEqual([null, null]);
    }
  });

  it('marks an entry the server refuses with its message, sends the others, and does not send it again until edited', async () => {
    const server = fakeServer();
    const { outbox, store } = outboxWith();
    await outbox.queue({ key: 'bad', accountId: 1, athleteId: ATHLETE, input: input('') });
    await outbox.queue({ key: 'good', accountId: 1, athleteId: ATHLETE, input: input('Good one') });

    const sent = await outbox.sendAll(1);
    expect(server.calls).toHaveLength(2);
    expect(sent.map((e) => e.title)).toEqual(['Good one']);
    const [refused] = await outbox.list(1);
    expect(refused.key).toBe('bad');
    expect(refused.refusal).toEqual({ status: 422, message: 'Validation failed Title is required' });

    const callsBefore = server.calls.length;
    await outbox.sendAll(1);
    expect(server.calls.length).toBe(callsBefore);

    await outbox.edit(refused, input('Fixed title'));
    const [edited] = await outbox.list(1);
    expect(edited.refusal).toBeNull();
    expect(edited.key).not.toBe('bad');
    expect(edited.queuedAt).toBe(refused.queuedAt);
    expect((await outbox.sendAll(1)).map((e) => e.title)).toEqual(['Fixed title']);
    expect(store.entries.size).toBe(0);
  });

  it('never lists or sends another account’s entries, and forgets only the account signing out', async () => {
    const server = fakeServer();
    const { outbox } = outboxWith();
    await outbox.queue({ key: 'mine', accountId: 1, athleteId: ATHLETE, input: input('Mine') });
    await outbox.queue({ key: 'theirs', accountId: 2, athleteId: ATHLETE, input: input('Theirs') });
    expect((await outbox.list(1)).map((e) => e.key)).toEqual(['mine']);

    await outbox.sendAll(1);
    expect(server.calls.map((c) => (c.body as JournalEntryInput).title)).toEqual(['Mine']);

    await outbox.queue({ key: 'mine-2', accountId: 1, athleteId: ATHLETE, input: input('Mine again') });
    await outbox.forgetAccount(1);
    expect(await outbox.list(1)).toEqual([]);
    expect((await outbox.list(2)).map((e) => e.key)).toEqual(['theirs']);
  });

  it('sends nothing while another sender holds the lock, and one run at a time in a tab', async () => {
    const server = fakeServer();
    const busy: SenderLock = async () => {};
    const { outbox, store } = outboxWith(memoryStore(), busy);
    await outbox.queue({ key: 'k', accountId: 1, athleteId: ATHLETE, input: input('Held') });
    expect(await outbox.sendAll(1)).toEqual([]);
    expect(server.calls).toHaveLength(0);

    const free = outboxWith(store).outbox;
    const [a, b] = await Promise.all([free.sendAll(1), free.sendAll(1)]);
    expect(a).toBe(b);
    expect(server.calls).toHaveLength(1);
  });

  it('tells its listeners of every change', async () => {
    fakeServer();
    const { outbox } = outboxWith();
    const heard = vi.fn();
    const stop = outbox.subscribe(heard);
    await outbox.queue({ key: 'k', accountId: 1, athleteId: ATHLETE, input: input('Heard') });
    await outbox.sendAll(1);
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    await outbox.queue({ key: 'k2', accountId: 1, athleteId: ATHLETE, input: input('Unheard') });
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
