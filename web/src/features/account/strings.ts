// User-visible text of the account page (name, e-mail and password).

export const accountText = {
  title: 'Your Profile',
  subtitle: 'Manage your name, your password and your legacy.',
  detailsTitle: 'Account details',
  email: 'Email',
  emailHint: 'To sign in with another address, change it below.',
  firstName: 'First Name',
  lastName: 'Last Name',
  saveName: 'Save Name',
  passwordTitle: 'Change password',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  passwordHint: 'At least 8 characters with an uppercase letter, a lowercase letter and a number.',
  changePassword: 'Change Password',
  emailTitle: 'Change e-mail',
  newEmail: 'New e-mail address',
  newEmailHint: 'We send a link to the new address; your address changes when you open it, and we tell the old one.',
  emailPassword: 'Confirm with your password',
  changeEmail: 'Send the link',
  emailSent: 'Check your new inbox',
} as const;

export const accountToasts = {
  updateFailed: { title: 'Error', fallback: 'Failed to update your profile' },
  passwordFailed: { title: 'Error', fallback: 'Failed to change password' },
} as const;

/** The digest e-mail's choices (the member's E-mail settings). */
export const digestText = {
  title: 'E-mail about the athletes you follow',
  hint: 'A short e-mail of what the family added that you may see: new entries, photos, milestones and comments. Every e-mail has a link to stop it.',
  daily: 'Daily',
  weekly: 'Weekly',
  never: 'Never',
  noticesTitle: 'E-mail about comments',
  noticesLabel: 'E-mail me when the family comments',
  noticesHint: 'At most one e-mail an hour, listing what your family said about what you shared.',
  coachLinkTitle: 'E-mail about coach links',
  coachLinkLabel: 'E-mail me when a coach opens a link',
  coachLinkHint: 'At most one e-mail a day for each link you made for a college coach.',
  recruitingBriefTitle: 'Weekly recruiting brief',
  recruitingBriefLabel: 'E-mail me a weekly recruiting brief',
  recruitingBriefHint:
    "Each Monday morning: where your colleges stand in the NCAA calendar, the next 30 days' key dates, follow-ups due and the coach links opened.",
  failed: 'Your e-mail choice was not saved',
  tryAgain: 'Please try again.',
} as const;

/** The weekly journal prompt e-mail: asked on the dashboard, changed on the profile page. */
export const weeklyPromptText = {
  title: 'Weekly journal prompt',
  label: 'Send me a weekly journal prompt by e-mail',
  hint: "Once a week, one question to write about in your athlete's journal, with a link straight to it. Every e-mail has a link to stop them.",
  save: 'Save my choice',
  savedOn: "Saved. We'll e-mail you a journal prompt once a week.",
  savedOff: 'Saved. We will not send you journal prompts.',
  changeLater: 'You can change this any time on',
  profileLink: 'your profile page',
} as const;
