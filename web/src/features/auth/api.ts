import { apiRequest } from '../../lib/api';

export interface User {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  profileImageUrl: string | null;
  /** Operators see the Operations page; it gives them nothing on any athlete. */
  isOperator?: boolean;
  /** A link mailed to the address was opened; inviting by e-mail, publishing and paid plans wait for it. */
  emailVerified?: boolean;
}

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

// The session, not GET /api/user: signed out is a 200 with user null there, so a visitor's page logs
// no failed request (GET /api/user answers 401, as the spec has it for API clients).
export const fetchUser = async () => (await apiRequest<{ user: User | null }>('GET', '/api/session')).user;
export const login = (input: LoginInput) => apiRequest<User>('POST', '/api/login', input);
export const register = (input: RegisterInput) => apiRequest<User>('POST', '/api/register', input);
export const logout = () => apiRequest<void>('POST', '/api/logout', {});
export const updateName = (input: { firstName: string; lastName: string }) =>
  apiRequest<User>('PUT', '/api/user', input);
export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  apiRequest<void>('PUT', '/api/user/password', input);

/** A link to choose a new password goes to the address if it has an account; the answer is the same either way. */
export const requestPasswordReset = (email: string) =>
  apiRequest<{ message: string }>('POST', '/api/password-resets', { email });
/** Resolves when the link can still be used; rejects with the 404/410 that says why not. */
export const checkPasswordReset = (token: string) =>
  apiRequest<void>('GET', `/api/password-resets/${encodeURIComponent(token)}`);
export const resetPassword = (token: string, password: string) =>
  apiRequest<User>('POST', `/api/password-resets/${encodeURIComponent(token)}`, { password });

/** The banner's "Resend": a new confirmation link to the account's address. */
export const resendVerification = () => apiRequest<{ message: string }>('POST', '/api/email-verifications');
/** Opens a confirmation link; needs no session. Answers the account as it now is. */
export const verifyEmail = (token: string) => apiRequest<User>('POST', `/api/email-verifications/${encodeURIComponent(token)}`);
/** Mails a link to the new address; the account keeps its address until that link is opened. */
export const changeEmail = (input: { email: string; currentPassword: string }) =>
  apiRequest<{ message: string }>('PUT', '/api/user/email', input);
