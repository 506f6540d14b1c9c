import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { serverMessage } from './api';

// The two toasts every mutation shows (STYLE.md: mutations show the notification the spec names). The
// wording comes from each area's catalogue of toasts; these only decide how they look.

/** A toast whose text the catalogue fixes. */
export interface SuccessToast {
  title: string;
  message: string;
}

/** A failure toast: the server's own message when it sent one, else the catalogue's fallback. */
export interface ErrorToast {
  title: string;
  fallback: string;
}

export function showSuccess({ title, message }: SuccessToast, options: { autoClose?: number } = {}) {
  notifications.show({ title, message, color: 'green', ...options });
}

export function showError({ title, fallback }: ErrorToast, err: unknown) {
  notifications.show({ title, message: serverMessage(err) ?? fallback, color: 'red' });
}

// How toasts share the one place the spec gives them (one at a time, 5 s each), so feedback keeps up
// with clicks (issue 11): before these rules every toast waited its turn, and three quick clicks on Save
// Clip showed "Invalid time range" for 15 s, the last one 10 s late.
//
// - A toast of the kind already showing or waiting (same title and colour) takes its place, and shows
//   for its full time from now, instead of queueing behind it.
// - An error goes first: it shows at once, and the toast it displaces waits behind it.
// - A success ends an error that has been showing for ERROR_READ_MS: the family corrected what failed
//   and saved, and the old error, still on screen for its 5 s, said the opposite of what just happened
//   while "Contact updated" waited behind it. An error younger than that stays, so a failure beside a
//   success (two requests at once) is still read.
// The rules hold for every toast, however it is shown (notifications.show is called directly in places).

type Toast = NotificationData & { __sequence?: number };

const ERROR_PRIORITY = 1;

/** How long an error shows before a later success may end it. */
export const ERROR_READ_MS = 2000;

function kindOf(toast: Toast): string {
  return `${toast.color ?? ''}|${typeof toast.title === 'string' ? toast.title : ''}|${typeof toast.title === 'string' ? '' : String(toast.message)}`;
}

/**
 * The toasts to keep, given every toast showing or waiting (in the order they were shown): only the
 * newest of each kind, errors marked to go first, and no error that a later success ends (shownFor: how
 * long a toast has been on screen, in ms; undefined while it waits). Answers the same array when nothing
 * changes.
 */
export function applyToastRules(toasts: Toast[], shownFor: (toast: Toast) => number | undefined = () => undefined): Toast[] {
  const newest = new Map<string, Toast>();
  let lastSuccess = -Infinity;
  for (const toast of toasts) {
    const seen = newest.get(kindOf(toast));
    if (!seen || (toast.__sequence ?? Infinity) >= (seen.__sequence ?? Infinity)) newest.set(kindOf(toast), toast);
    if (toast.color === 'green') lastSuccess = Math.max(lastSuccess, toast.__sequence ?? Infinity);
  }
  const endedBySuccess = (toast: Toast) =>
    toast.color === 'red' && (toast.__sequence ?? Infinity) < lastSuccess && (shownFor(toast) ?? 0) >= ERROR_READ_MS;
  const kept = toasts.filter((toast) => newest.get(kindOf(toast)) === toast && !endedBySuccess(toast));
  let changed = kept.length !== toasts.length;
  const ranked = kept.map((toast) => {
    if (toast.color !== 'red' || toast.priority !== undefined) return toast;
    changed = true;
    return { ...toast, priority: ERROR_PRIORITY };
  });
  return changed ? ranked : toasts;
}

let installed = false;

/** Applies applyToastRules to the toast store whenever it changes; once per page. */
export function installToastRules() {
  if (installed) return;
  installed = true;
  const shownSince = new Map<string, number>();
  notificationsStore.subscribe((state) => {
    const now = Date.now();
    const showing = new Set(state.notifications.map((toast) => toast.id));
    for (const id of showing) if (id && !shownSince.has(id)) shownSince.set(id, now);
    for (const id of shownSince.keys()) if (!showing.has(id)) shownSince.delete(id);
    const all = [...state.notifications, ...state.queue] as Toast[];
    const next = applyToastRules(all, (toast) => {
      const from = toast.id === undefined ? undefined : shownSince.get(toast.id);
      return from === undefined ? undefined : now - from;
    });
    if (next !== all) notifications.updateState(notificationsStore, () => next);
  });
}
