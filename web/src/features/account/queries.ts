import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../lib/api';
import { toasts } from '../../lib/messages';
import { changePassword, updateName } from '../auth/api';
import { userKey } from '../auth/queries';
import { accountToasts } from '../athletes/strings';

/** PUT /api/user; the answer replaces the cached user so the header and forms show the new name. */
export function useUpdateNameMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: (user) => {
      client.setQueryData(userKey, user);
      notifications.show({ title: toasts.profileUpdated.title, message: toasts.profileUpdated.message, color: 'green' });
    },
    onError: (err) => {
      notifications.show({
        title: accountToasts.updateFailed.title,
        message: serverMessage(err) ?? accountToasts.updateFailed.fallback,
        color: 'red',
      });
    },
  });
}

/** PUT /api/user/password (204). Field errors come back on currentPassword and newPassword. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      notifications.show({ title: toasts.passwordChanged.title, message: toasts.passwordChanged.message, color: 'green' });
    },
    onError: (err) => {
      notifications.show({
        title: accountToasts.passwordFailed.title,
        message: serverMessage(err) ?? accountToasts.passwordFailed.fallback,
        color: 'red',
      });
    },
  });
}
