import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../lib/api';
import { toasts } from '../../lib/messages';
import { changePassword, updateName, userKey } from '../auth';
import { accountToasts } from './strings';
import { showSuccess } from '../../lib/toast';

/** Lets a success take down this form's earlier failure toast instead of queueing behind it. */
const NAME_ERROR_TOAST = 'account-name-error';
const PASSWORD_ERROR_TOAST = 'account-password-error';

/** PUT /api/user; the answer replaces the cached user so the header and forms show the new name. */
export function useUpdateNameMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: (user) => {
      client.setQueryData(userKey, user);
      notifications.hide(NAME_ERROR_TOAST);
      showSuccess(toasts.profileUpdated);
    },
    onError: (err) => {
      notifications.show({
        id: NAME_ERROR_TOAST,
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
      notifications.hide(PASSWORD_ERROR_TOAST);
      showSuccess(toasts.passwordChanged);
    },
    onError: (err) => {
      notifications.show({
        id: PASSWORD_ERROR_TOAST,
        title: accountToasts.passwordFailed.title,
        message: serverMessage(err) ?? accountToasts.passwordFailed.fallback,
        color: 'red',
      });
    },
  });
}
