// The auth feature's front door: what other areas may use (the session user, sign-in and registration,
// a forgotten password, signing out, and the shared field rules). Anything not exported here is the feature's own.
export { changeEmail, changePassword, login, logout, register, updateName, type User } from './api';
export { prefetchUser, useLoginMutation, useLogoutMutation, useRegisterMutation, userKey, useUser } from './queries';
export { ForgotPasswordForm } from './components/ForgotPasswordForm';
export { ResetPasswordForm } from './components/ResetPasswordForm';
export { VerifyEmailBanner } from './components/VerifyEmailBanner';
export { VerifyEmailView } from './components/VerifyEmailView';
export { resetStrings, verifyStrings } from './strings';
export { loginRules, passwordRule, registerRules, validEmail } from './validation';
