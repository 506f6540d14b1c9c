import { notifications } from '@mantine/notifications';
import { mediaToasts } from '../strings';
import { showSuccess } from '../../../lib/toast';

/** Copies a share link, with the spec's toast either way. */
export async function copyLink(url: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('clipboard unavailable');
    await navigator.clipboard.writeText(url);
    showSuccess(mediaToasts.linkCopied);
  } catch {
    notifications.show({ title: mediaToasts.copyFailed.title, message: mediaToasts.copyFailed.message, color: 'red' });
  }
}

/** Whether the browser has a share sheet of its own (phones, some desktops): navigator.share. */
export function canSendLink(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** Opens the phone's share sheet with the link; closing the sheet without choosing is not a failure. */
export async function sendLink(url: string, title: string): Promise<void> {
  try {
    await navigator.share({ title, url });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') return;
    notifications.show({ title: mediaToasts.sendFailed.title, message: mediaToasts.sendFailed.message, color: 'red' });
  }
}
