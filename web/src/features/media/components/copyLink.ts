import { notifications } from '@mantine/notifications';
import { mediaToasts } from '../strings';

/** Copies a share link, with the spec's toast either way. */
export async function copyLink(url: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('clipboard unavailable');
    await navigator.clipboard.writeText(url);
    notifications.show({ title: mediaToasts.linkCopied.title, message: mediaToasts.linkCopied.message, color: 'green' });
  } catch {
    notifications.show({ title: mediaToasts.copyFailed.title, message: mediaToasts.copyFailed.message, color: 'red' });
  }
}
