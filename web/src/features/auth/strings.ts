// User-visible text of signing in again after a forgotten password. The server's own messages (the
// 202's and the 410's) are shown as it sends them; these are the app's.

export const resetStrings = {
  forgotLink: 'Forgot password?',
  forgotTitle: 'Choose a new password',
  forgotHelp: "Enter the e-mail address of your account and we'll send you a link to choose a new password.",
  sendLink: 'Send the link',
  backToSignIn: 'Back to sign in',
  sentTitle: 'Check your e-mail',
  sentFallback: 'If an account uses that e-mail address, we have sent it a link to choose a new password.',
  pageTitle: 'Choose a new password',
  pageHelp: 'Your new password signs you out of Legacy Locker everywhere else.',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  save: 'Save and sign in',
  checking: 'Checking your link',
  linkUnusable: 'This link cannot be used',
  askAgain: 'Ask for a new link',
  saved: 'Your new password is saved, and you are signed in.',
};

export const verifyStrings = {
  bannerTitle: 'Please confirm your e-mail address',
  banner: (email: string) =>
    `We sent a link to ${email}. Inviting family by e-mail, publishing the public page and paid plans wait until you open it.`,
  resend: 'Resend',
  pageTitle: 'Confirm your e-mail address',
  confirming: 'Confirming your address',
  confirmed: (email: string) => `${email} is confirmed. Thank you!`,
  failed: 'This link cannot be used',
  toDashboard: 'Go to the dashboard',
  toSignIn: 'Sign in',
};
