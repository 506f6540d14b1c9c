import { notifications } from '@mantine/notifications';
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
