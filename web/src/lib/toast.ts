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
// The rules hold for every toast, however it is shown (notifications.show is called directly in places).

type Toast = NotificationData & { __sequence?: number };

const ERROR_PRIORITY = 1;

function kindOf(toast: Toast): string {
  return `${toast.color ?? ''}|${typeof toast.title === 'string' ? toast.title : ''}|${typeof toast.title === 'string' ? '' : String(toast.message)}`;
}

/**
 * The toasts to keep, given every toast showing or waiting (in the order they were shown): only the
 * newest of each kind, errors marked to go first. Answers the same array when nothing changes.
 */
export function applyToastRules(toasts: Toast[]): Toast[] {
  const newest = new Map<string, Toast>();
  for (const toast of toasts) {
    const seen = newest.get(kindOf(toast));
    if (!seen || (toast.__sequence ?? Infinity) >= (seen.__sequence ?? Infinity)) newest.set(kindOf(toast), toast);
  }
  let changed = newest.size !== toasts.length;
  const kept = toasts.filter((toast) => newest.get(kindOf(toast)) === toast);
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
  notificationsStore.subscribe((state) => {
    const all = [...state.notifications, ...state.queue] as Toast[];
    const next = applyToastRules(all);
    if (next !== all) notifications.updateState(notificationsStore, () => next);
  });
}
