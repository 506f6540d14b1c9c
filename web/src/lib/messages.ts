// Every user-visible toast and validation message from the spec, written once.
export const PRODUCT_NAME = 'Legacy Locker';

export const validation = {
  email: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordUpper: 'Password must contain at least one uppercase letter',
  passwordLower: 'Password must contain at least one lowercase letter',
  passwordNumber: 'Password must contain at least one number',
  confirmPassword: 'Please confirm your password',
  passwordsMatch: "Passwords don't match",
  currentPassword: 'Current password is required',
  athleteName: 'Full Name is required',
  athleteSports: 'Sports is required',
  athleteSchool: 'School is required',
  graduationYear: (min: number, max: number) => `Graduation year must be between ${min} and ${max}`,
  gpa: 'GPA must be between 0 and 5.0',
} as const;

export const toasts = {
  loginFailed: { title: 'Sign in failed', fallback: 'Please check your email and password.' },
  loginSuccess: { title: 'Welcome back!', message: 'You have successfully signed in.' },
  registerFailed: { title: 'Registration failed', fallback: 'There was an error creating your account.' },
  registerSuccess: { title: `Welcome to ${PRODUCT_NAME}`, message: 'Your account has been created successfully.' },
  logoutSuccess: { title: 'Logged out', message: 'You have been successfully logged out.' },
  waitlistAlready: "You're already on our waitlist. We'll notify you when we launch.",
  waitlistAlreadyServer: 'Email already in waitlist',
  waitlistSuccess: "You've been added to our waitlist. We'll notify you when we launch.",
  waitlistFailed: 'Failed to join waitlist',
  waitlistUnknown: 'Something went wrong. Please try again.',
  footerWaitlistSuccess: 'Thank you for joining our waitlist!',
  footerWaitlistFailed: 'An error occurred. Please try again.',
  contactSent: { title: 'Message Sent', message: "Thank you for contacting us. We'll respond as soon as possible." },
  linkCopied: { title: 'Link copied', message: 'Share link has been copied to your clipboard.' },
  copyFailed: { title: 'Failed to copy link', message: 'Please try again or manually copy the URL from your browser.' },
  profileCreated: { title: 'Profile Created', message: 'Your athlete profile has been created successfully' },
  profileCreateFailed: { title: 'Error', fallback: 'Failed to create athlete profile' },
  profileUpdated: { title: 'Profile updated', message: 'Your name has been saved.' },
  passwordChanged: { title: 'Password changed', message: 'Your password has been updated.' },
  unauthorized: 'Unauthorized: Please login to continue',
  unknownQueryError: 'Unknown query error',
  contactFailed: 'Failed to send message',
  favoriteFailed: { title: 'Failed to update favorite status', fallback: 'Please try again.' }, // spec title
} as const;

/** Contact form: every field is required (spec section 5); the wording names the field. */
export const contactValidation = {
  name: 'Name is required',
  email: 'Email is required',
  subject: 'Subject is required',
  message: 'Message is required',
} as const;

/** Labels and fixed copy the spec names, used by the shell and the public pages. */
export const labels = {
  notFoundTitle: '404 Page Not Found',
  accountMenu: 'My Account',
  loggingOut: 'Logging out...',
  sending: 'Sending...',
  supportEmail: 'support@legacylocker.app',
  supportHours: 'Support hours: Monday to Friday, 9AM to 5PM EST',
  privacyEffective: 'May 18, 2025',
  goToDashboard: 'Go to Dashboard',
} as const;

/** The early-access benefits listed on the portal (spec section 1). */
export const earlyAccessBenefits = [
  'First access to all premium features',
  'A dedicated support channel',
  'Influence over product development',
  'A lifetime discount on premium plans',
] as const;

/** Family members' access (docs/API.md, "Family circle and access levels"): the switcher and read-only screens. */
export const accessText = {
  switcherLabel: 'Athlete',
  roles: { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer', limited: 'Limited' },
  viewOnly: 'View only',
  limitedNote: 'Limited access — you see what the family shared with you',
  createOwnProfile: 'Create your own athlete profile',
  notYourAthleteTitle: 'This page is about an athlete who is not in your account',
  notYourAthlete:
    'The link names an athlete you do not own or belong to. Ask the family to invite you, or sign in with the account they invited.',
  toDashboard: 'Go to my dashboard',
} as const;

/** A failed load, with a way to try again (components/LoadError). */
export const loadErrorText = {
  title: 'Something went wrong',
  athlete: "We couldn't load the athlete profile. Please try again.",
  retry: 'Try again',
} as const;

/** A paged list's next page (components/ShowMore). */
export const pageText = {
  showMore: 'Show more',
} as const;

/**
 * What the shell says when the connection is gone or a part of the app failed to load or render (issue 33:
 * a dropped signal used to leave a blank page). Said in words, with the one way out: reload.
 */
export const shellText = {
  offlineTitle: 'You are offline',
  offlineDetail: 'Saving and opening pages will work again once your connection is back.',
  /** The installed app shows a page from the copy the device saved (issue 34); `when` as "Today, 9:05 AM". */
  offlineSavedCopy: (when: string) => `Showing what this device saved (${when}).`,
  chunkTitle: {
    page: 'This page could not be loaded',
    dialog: 'This could not be loaded',
  },
  chunkDetail: 'Part of Legacy Locker did not download, perhaps because the connection dropped or the app was just updated.',
  chunkDetailOffline: 'You are offline. Reload once your connection is back.',
  crashTitle: 'Something went wrong',
  crashDetail: 'An unexpected error stopped this part of the page. What you already saved is safe.',
  reload: 'Reload',
} as const;

/** Offline, what was last seen stays readable, and what would change it says why it waits (issue 34). */
export const offlineText = {
  notAvailable: 'Not available offline',
} as const;
