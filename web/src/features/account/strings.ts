// User-visible text of the account page (name and password).

export const accountText = {
  title: 'Your Profile',
  subtitle: 'Manage your name, your password and your legacy.',
  detailsTitle: 'Account details',
  email: 'Email',
  emailHint: 'Your sign-in e-mail cannot be changed here.',
  firstName: 'First Name',
  lastName: 'Last Name',
  saveName: 'Save Name',
  passwordTitle: 'Change password',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  passwordHint: 'At least 8 characters with an uppercase letter, a lowercase letter and a number.',
  changePassword: 'Change Password',
} as const;

export const accountToasts = {
  updateFailed: { title: 'Error', fallback: 'Failed to update your profile' },
  passwordFailed: { title: 'Error', fallback: 'Failed to change password' },
} as const;
