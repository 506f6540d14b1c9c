import { useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { toasts } from '../../lib/messages';
import * as api from './api';
import { showSuccess } from '../../lib/toast';

// Query keys: the first element is the URL (spec convention).
export const shareKeys = {
  shared: (code: string) => [api.shareUrls.shared(code)] as const,
};

/** The item behind a share code; data is null for an unknown or turned-off link. */
export function useSharedMediaQuery(code: string) {
  return useQuery({ queryKey: shareKeys.shared(code), queryFn: () => api.fetchSharedMedia(code) });
}

/** Copy Link: the page's URL to the clipboard, with the spec's toasts either way. */
export async function copyShareLink(url: string) {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    showSuccess(toasts.linkCopied);
  } catch {
    notifications.show({ title: toasts.copyFailed.title, message: toasts.copyFailed.message, color: 'red' });
  }
}
