import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, notificationsStore } from '@mantine/notifications';
import { applyToastRules, ERROR_READ_MS, installToastRules, showError, showSuccess } from './toast';

const titles = () => notificationsStore.getState().notifications.map((n) => n.title);
const waiting = () => notificationsStore.getState().queue.map((n) => n.title);

describe('applyToastRules', () => {
  it('keeps only the newest toast of each kind and puts errors first', () => {
    const toasts = [
      { id: 'a', title: 'Saved', message: 'one', color: 'green', __sequence: 1 },
      { id: 'b', title: 'Invalid time range', message: 'x', color: 'red', __sequence: 2 },
      { id: 'c', title: 'Saved', message: 'two', color: 'green', __sequence: 3 },
    ];
    expect(applyToastRules(toasts).map((t) => [t.id, t.priority])).toEqual([
      ['b', 1],
      ['c', undefined],
    ]);
  });

  it('ends an error that has been read when a success comes after it, and only then', () => {
    const error = { id: 'e', title: 'Error', message: 'Please enter a valid email address', color: 'red', __sequence: 1 };
    const saved = { id: 's', title: 'Contact updated', message: 'Your changes are saved.', color: 'green', __sequence: 2 };
    const read = (toast: { id?: string }) => (toast.id === 'e' ? ERROR_READ_MS : undefined);
    const justShown = (toast: { id?: string }) => (toast.id === 'e' ? ERROR_READ_MS - 1 : undefined);
    expect(applyToastRules([error, saved], read).map((t) => t.id)).toEqual(['s']);
    expect(applyToastRules([error, saved], justShown).map((t) => t.id)).toEqual(['e', 's']);
    // An error after the success is news, however long the success showed.
    const later = { ...error, __sequence: 3 };
    expect(applyToastRules([saved, later], () => ERROR_READ_MS * 2).map((t) => t.id)).toEqual(['s', 'e']);
  });

  it('answers the same list when there is nothing to change', () => {
    const toasts = [{ id: 'a', title: 'Saved', message: 'one', color: 'green', __sequence: 1 }];
    expect(applyToastRules(toasts)).toBe(toasts);
  });
});

describe('the toast store with the rules installed (one at a time, as the app shows them)', () => {
  beforeAll(() => {
    installToastRules();
  });
  afterEach(() => {
    notifications.clean();
    notificationsStore.setState({ ...notificationsStore.getState(), limit: 5 });
  });
  const oneAtATime = () => notificationsStore.setState({ ...notificationsStore.getState(), limit: 1 });

  it('replaces a toast with a new one of the same kind instead of queueing it', () => {
    oneAtATime();
    showError({ title: 'Invalid time range', fallback: 'first' }, undefined);
    const first = notificationsStore.getState().notifications[0]!.id;
    showError({ title: 'Invalid time range', fallback: 'second' }, undefined);
    const state = notificationsStore.getState();
    expect(state.notifications.map((n) => n.message)).toEqual(['second']);
    expect(state.notifications[0]!.id).not.toBe(first); // a new toast: its 5 s start now
    expect(state.queue).toEqual([]);
  });

  it('shows an error at once, ahead of a success already showing, which then waits its turn', () => {
    oneAtATime();
    showSuccess({ title: 'Upload successful', message: 'Saved.' });
    showSuccess({ title: 'Entry saved', message: 'Saved.' });
    showError({ title: 'Upload failed', fallback: 'Too big.' }, undefined);
    expect(titles()).toEqual(['Upload failed']);
    expect(waiting()).toEqual(['Upload successful', 'Entry saved']);
  });

  it('shows the success at once when the error before it has been read: the family fixed what failed', () => {
    oneAtATime();
    vi.useFakeTimers();
    try {
      showError({ title: 'Error', fallback: 'Please enter a valid email address' }, undefined);
      vi.advanceTimersByTime(ERROR_READ_MS + 500);
      showSuccess({ title: 'Contact updated', message: 'Your changes are saved.' });
      expect(titles()).toEqual(['Contact updated']);
      expect(waiting()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps an error just shown in front of a success that comes right after it', () => {
    oneAtATime();
    showError({ title: 'Upload failed', fallback: 'Too big.' }, undefined);
    showSuccess({ title: 'Entry saved', message: 'Saved.' });
    expect(titles()).toEqual(['Upload failed']);
    expect(waiting()).toEqual(['Entry saved']);
  });

  it('applies to toasts shown directly with notifications.show', () => {
    oneAtATime();
    notifications.show({ title: 'Highlights generated!', message: 'one', color: 'green' });
    notifications.show({ title: 'Highlights generated!', message: 'two', color: 'green' });
    expect(notificationsStore.getState().notifications.map((n) => n.message)).toEqual(['two']);
    expect(waiting()).toEqual([]);
  });
});
