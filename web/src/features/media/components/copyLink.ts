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
