import { validation } from '../../lib/messages';

// The same rules the server applies (cmd/api/validate.go); kept side by side so they agree.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const validEmail = (value: string) => (EMAIL.test(value.trim()) ? null : validation.email);

export function passwordRule(value: string): string | null {
  if (value.length < 8) return validation.passwordMin;
  if (!/[A-Z]/.test(value)) return validation.passwordUpper;
  if (!/[a-z]/.test(value)) return validation.passwordLower;
  if (!/[0-9]/.test(value)) return validation.passwordNumber;
  return null;
}

export const loginRules = {
  email: validEmail,
  password: (value: string) => (value ? null : validation.passwordRequired),
};

export const registerRules = {
  firstName: (value: string) => (value.trim() ? null : validation.firstName),
  lastName: (value: string) => (value.trim() ? null : validation.lastName),
  email: validEmail,
  password: passwordRule,
  confirmPassword: (value: string, values: { password: string }) =>
    !value ? validation.confirmPassword : value !== values.password ? validation.passwordsMatch : null,
};
