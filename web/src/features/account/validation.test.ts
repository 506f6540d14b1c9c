import { describe, expect, it } from 'vitest';
import { emptyPasswordValues, nameRules, passwordRules } from './validation';

describe('nameRules', () => {
  it('requires first and last name', () => {
    expect(nameRules.firstName(' ')).toBe('First name is required');
    expect(nameRules.lastName('')).toBe('Last name is required');
    expect(nameRules.firstName('Sam')).toBeNull();
  });
});

describe('passwordRules', () => {
  const values = { ...emptyPasswordValues, newPassword: 'Secret123' };

  it('requires the current password', () => {
    expect(passwordRules.currentPassword('')).toBe('Current password is required');
    expect(passwordRules.currentPassword('old')).toBeNull();
  });

  it('applies the registration password rule to the new password', () => {
    expect(passwordRules.newPassword('short')).toBe('Password must be at least 8 characters');
    expect(passwordRules.newPassword('secret123')).toBe('Password must contain at least one uppercase letter');
    expect(passwordRules.newPassword('Secret123')).toBeNull();
  });

  it('needs the confirmation to match', () => {
    expect(passwordRules.confirmNewPassword('', values)).toBe('Please confirm your password');
    expect(passwordRules.confirmNewPassword('Secret124', values)).toBe("Passwords don't match");
    expect(passwordRules.confirmNewPassword('Secret123', values)).toBeNull();
  });
});
