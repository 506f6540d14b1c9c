// Tests for features/auth/validation.ts. They live here because features/auth is owned elsewhere; they can move
// next to validation.ts whenever its owner likes.
import { describe, expect, it } from 'vitest';
import { loginRules, passwordRule, registerRules, validEmail } from '../features/auth';
import { validation } from '../lib/messages';

describe('validEmail', () => {
  it.each([
    ['ana@example.com', null],
    ['  ana@example.com  ', null],
    ['', validation.email],
    ['ana', validation.email],
    ['ana@example', validation.email],
    ['a na@example.com', validation.email],
  ])('%j -> %j', (value, expected) => {
    expect(validEmail(value)).toBe(expected);
  });
});

describe('passwordRule', () => {
  it.each([
    ['Short1', validation.passwordMin],
    ['alllower1', validation.passwordUpper],
    ['ALLUPPER1', validation.passwordLower],
    ['NoDigitsHere', validation.passwordNumber],
    ['Str0ngPass', null],
  ])('%j -> %j', (value, expected) => {
    expect(passwordRule(value)).toBe(expected);
  });
});

describe('loginRules', () => {
  it('needs a valid e-mail and any password', () => {
    expect(loginRules.email('nope')).toBe('Please enter a valid email address');
    expect(loginRules.password('')).toBe('Password is required');
    expect(loginRules.password('x')).toBeNull();
  });
});

describe('registerRules', () => {
  it('requires names after trimming', () => {
    expect(registerRules.firstName('  ')).toBe('First name is required');
    expect(registerRules.lastName('')).toBe('Last name is required');
    expect(registerRules.firstName('Ana')).toBeNull();
  });

  it('asks for the confirmation, then for a match', () => {
    expect(registerRules.confirmPassword('', { password: 'Str0ngPass' })).toBe('Please confirm your password');
    expect(registerRules.confirmPassword('Str0ngPas', { password: 'Str0ngPass' })).toBe("Passwords don't match");
    expect(registerRules.confirmPassword('Str0ngPass', { password: 'Str0ngPass' })).toBeNull();
  });
});
