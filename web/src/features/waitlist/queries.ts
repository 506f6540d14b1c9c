import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { ApiError, serverMessage } from '../../lib/api';
import { toasts } from '../../lib/messages';
import * as api from './api';

/** "added" for a new sign-up; "already" when the address was on the list before (still a success). */
export type WaitlistOutcome = 'added' | 'already';

/** A repeat sign-up answers 409 "Email already in waitlist"; the spec treats it as a success, not an error. */
export async function joinOrAlready(email: string): Promise<WaitlistOutcome> {
  try {
    await api.joinWaitlist({ email });
    return 'added';
  } catch (err) {
    if (err instanceof ApiError && (err.status === 409 || err.serverMessage === toasts.waitlistAlreadyServer)) {
      return 'already';
    }
    throw err;
  }
}

/** Page-level failure text: the server's message, else "Failed to join waitlist" for a refused call,
 * else (the call never got an answer) "Something went wrong. Please try again." */
export function waitlistErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? toasts.waitlistFailed;
  return toasts.waitlistUnknown;
}

/** The footer's alerts word things differently from the page toasts (spec section 8). */
export function footerWaitlistMessage(outcome: WaitlistOutcome): string {
  return outcome === 'already' ? toasts.waitlistAlready : toasts.footerWaitlistSuccess;
}

export function footerWaitlistErrorMessage(err: unknown): string {
  return serverMessage(err) ?? toasts.footerWaitlistFailed;
}

/**
 * Joins the waitlist. With `notify` (the landing and Coming Soon pages) the outcome is shown as a toast;
 * without it (the footer) the caller shows the outcome inline from the mutation's state.
 */
export function useJoinWaitlistMutation({ notify }: { notify: boolean }) {
  return useMutation({
    mutationFn: joinOrAlready,
    onSuccess: (outcome) => {
      if (!notify) return;
      notifications.show({
        color: 'green',
        message: outcome === 'already' ? toasts.waitlistAlready : toasts.waitlistSuccess,
      });
    },
    onError: (err) => {
      if (!notify) return;
      notifications.show({ color: 'red', message: waitlistErrorMessage(err) });
    },
  });
}
