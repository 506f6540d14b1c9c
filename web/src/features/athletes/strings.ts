import { PRODUCT_NAME } from '../../lib/messages';

// User-visible text for the dashboard, athlete card, profile and demo pages that lib/messages.ts does not
// already hold. Strings quoted by the spec are marked "spec"; keep those exactly as written.

export const dashboardText = {
  journalTitle: 'Journal Entries',
  newEntry: 'New Entry',
  createProfileFirst: 'Create an athlete profile first', // spec
  noJournalEntries: 'No journal entries yet',
  journalEmptyHint: 'Capture a game, a practice or a proud moment while it is fresh.',
  journalNoProfileHint: 'Create an athlete profile to start the journal.',
  viewAllEntries: 'View all entries',
  mediaTitle: 'Recent Media',
  upload: 'Upload',
  noMedia: 'No media yet',
  mediaEmptyHint: 'Photos, videos and documents you upload will appear here.',
  timelineTitle: 'Legacy Timeline',
  addMilestone: 'Add Milestone',
  viewMilestones: 'View milestones',
  noMilestones: 'No milestones yet', // spec (Milestones empty state)
  timelineEmptyHint: 'Mark the firsts, records and turning points of the journey.',
  loopTitle: 'In the Loop',
  noFamily: 'No family members yet',
  loopEmptyHint: 'Invite family, coaches and friends to follow along.',
  addToLoop: 'Add to The Loop', // spec
  recruitingEventsTitle: 'Recruiting Events',
  noRecruitingEvents: 'No recruiting events yet',
  recruitingEventsHint: 'Camps, showcases and NCAA dates for your sports will show here.',
  openRecruiting: 'Open Recruiting Center',
  sportsStatsTitle: 'Sports Stats',
  achievementsTitle: 'Achievement Showcase', // spec
  achievementsSubtitle: 'Create and share your athletic achievements', // spec
  noAchievements: 'No achievements yet',
  achievementsEmptyHint: 'Awards, records and big games you add will be showcased here.',
} as const;

export const athleteCardText = {
  welcome: (firstName: string) =>
    firstName ? `Welcome to ${PRODUCT_NAME}, ${firstName}!` : `Welcome to ${PRODUCT_NAME}!`,
  createPrompt:
    "Create your athlete's profile to start their legacy: journal entries, media, milestones and recruiting, kept private for your family.",
  createProfile: 'Create Athlete Profile', // spec
  editProfile: 'Edit Profile',
  classOf: (year: number) => `Class of ${year}`, // spec
  gpa: (gpa: number) => `GPA ${gpa.toFixed(2)}`,
  upcomingEvents: 'Upcoming Events',
  noUpcomingEvents: 'No upcoming events', // spec
  viewAllEvents: 'View all events', // spec
  seasonStats: 'Season Stats',
  noStats: 'No stats available', // spec
  viewDetailedStats: 'View detailed stats', // spec
  recruitingStatus: 'Recruiting Status',
  profileCompletion: 'Profile Completion',
  bioHint: 'Complete your bio to help coaches get to know you',
  keepCurrentHint: 'Keep your bio and stats current so coaches see the latest.',
  collegeInterests: 'College Interests',
  noCollegeInterests: 'No college interests yet',
  openRecruiting: 'Go to Recruiting Center',
  game: 'Game',
  event: 'Event',
} as const;

export const athleteFormText = {
  createTitle: 'Create Athlete Profile', // spec
  editTitle: 'Edit Athlete Profile',
  name: 'Full Name',
  sports: 'Sports',
  sportsPlaceholder: 'Baseball, Softball',
  sportsDescription: 'Separate several sports with commas',
  position: 'Position',
  positionPlaceholder: 'Pitcher',
  positionDescription: 'Optional',
  graduationYearDescription: (min: number, max: number) => `From ${min} to ${max}`,
  graduationYear: 'Graduation Year',
  gpa: 'GPA',
  gpaDescription: 'Optional, 0 to 5.0',
  school: 'School',
  bio: 'Bio',
  bioPlaceholder: 'A few sentences coaches and family should know',
  submitCreate: 'Create Profile',
  submitEdit: 'Save Changes',
  cancel: 'Cancel',
} as const;

export const athleteToasts = {
  updated: { title: 'Profile Saved', message: 'Your athlete profile has been updated' },
  updateFailed: { title: 'Error', fallback: 'Failed to update athlete profile' },
} as const;

export const accountText = {
  title: 'Your Profile',
  subtitle: 'Manage your name and password.',
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

export const demoText = {
  banner: "You're viewing a demo athlete — sign up for early access to create your own",
  cta: 'Get Early Access',
  loadFailedTitle: 'Demo unavailable',
  loadFailed: "We couldn't load the demo athlete. Please try again in a moment.",
  retry: 'Try again',
} as const;
