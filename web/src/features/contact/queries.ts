import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../lib/api';
import { toasts } from '../../lib/messages';
import * as api from './api';

/** Spec section 9: sending shows for 1000 ms. The message is really sent now, so this is the minimum. */
export const CONTACT_MIN_SENDING_MS = 1000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends the message, but never settles sooner than the spec's sending time, on success or failure. */
export async function sendWithMinimumDelay(input: api.ContactInput, minMs = CONTACT_MIN_SENDING_MS) {
  const [sent] = await Promise.allSettled([api.sendContactMessage(input), delay(minMs)]);
  if (sent.status === 'rejected') throw sent.reason;
  return sent.value;
}

export function useSendContactMutation() {
  return useMutation({
    mutationFn: (input: api.ContactInput) => sendWithMinimumDelay(input),
    onSuccess: () => {
      notifications.show({ color: 'green', title: toasts.contactSent.title, message: toasts.contactSent.message });
    },
    onError: (err) => {
      notifications.show({ color: 'red', message: serverMessage(err) ?? toasts.contactFailed });
    },
  });
}
