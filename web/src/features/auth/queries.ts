import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import * as api from './api';
import { toasts } from '../../lib/messages';
import { forgetOfflineCopies } from '../../lib/serviceWorker';
import { showError, showSuccess } from '../../lib/toast';

export const userKey = ['/api/session'] as const;

/** The signed-in state: a user when the session is valid, null when signed out. */
export function useUser() {
  const query = useQuery({ queryKey: userKey, queryFn: api.fetchUser });
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: !!query.data };
}

/** The session check into the cache before the app's first render (main.tsx): whether someone is signed in. */
export async function prefetchUser(client: QueryClient): Promise<boolean> {
  await client.prefetchQuery({ queryKey: userKey, queryFn: api.fetchUser });
  return !!client.getQueryData(userKey);
}

export function useLoginMutation() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: api.login,
    onSuccess: (user) => {
      client.setQueryData(userKey, user);
      showSuccess(toasts.loginSuccess);
      navigate('/dashboard');
    },
    onError: (err) => {
      showError(toasts.loginFailed, err);
    },
  });
}

export function useRegisterMutation() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: api.register,
    onSuccess: (user) => {
      client.setQueryData(userKey, user);
      showSuccess(toasts.registerSuccess);
      navigate('/dashboard');
    },
    onError: (err) => {
      showError(toasts.registerFailed, err);
    },
  });
}

/**
 * Logout clears every cached query, and the answers the service worker saved for offline use, and returns
 * to / even when the call fails (the failure is only logged).
 */
export function useLogoutMutation() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: api.logout,
    onSuccess: () => {
      notifications.show({ title: toasts.logoutSuccess.title, message: toasts.logoutSuccess.message });
    },
    onError: (err) => console.error('logout failed', err),
    onSettled: () => {
      // Leave the protected page first: clearing the user while still on it would make its guard
      // send the browser to /api/login instead of /. React batches both updates into one render.
      navigate('/');
      forgetOfflineCopies();
      client.setQueryData(userKey, null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== userKey[0] });
    },
  });
}
