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
