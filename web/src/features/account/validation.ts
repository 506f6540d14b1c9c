import { validation } from '../../lib/messages';
import { passwordRule } from '../auth';

// Rules for the /profile forms; the server checks the same (PUT /api/user, PUT /api/user/password).

export interface NameValues {
  firstName: string;
  lastName: string;
}

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

export const nameRules = {
  firstName: (value: string) => (value.trim() ? null : validation.firstName),
  lastName: (value: string) => (value.trim() ? null : validation.lastName),
};

export const passwordRules = {
  currentPassword: (value: string) => (value ? null : validation.currentPassword),
  newPassword: passwordRule,
  confirmNewPassword: (value: string, values: PasswordValues) =>
    !value ? validation.confirmPassword : value !== values.newPassword ? validation.passwordsMatch : null,
};

export const emptyPasswordValues: PasswordValues = { currentPassword: '', newPassword: '', confirmNewPassword: '' };
