import { PRODUCT_NAME } from '../../lib/messages';

// User-visible text for the dashboard, athlete card and profile that lib/messages.ts does not
// already hold. Strings quoted by the spec are marked "spec"; keep those exactly as written.

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
  namePlaceholder: "Your athlete's name",
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
  timeZone: 'Time zone',
  timeZoneDescription: 'New events start in this time zone',
  submitCreate: 'Create Profile',
  submitEdit: 'Save Changes',
  cancel: 'Cancel',
} as const;

export const athleteToasts = {
  updated: { title: 'Profile Saved', message: 'Your athlete profile has been updated' },
  updateFailed: { title: 'Error', fallback: 'Failed to update athlete profile' },
} as const;

/** The account page's list of the account's own athletes (OwnAthletesCard). */
export const athletesCardText = {
  title: 'Your athletes',
  add: 'Add an athlete',
  none: 'No athlete yet. Add the first to start their legacy.',
  line: (sports: string, year: number) => `${sports} · ${athleteCardText.classOf(year)}`,
  planNote: 'Brothers and sisters share the account and its storage, each with a family circle of their own. Your plan decides how many athletes it holds:',
  seePlans: 'see plans',
} as const;

/** The profile page's card for places on photos (PlacesCard). */
export const placesText = {
  title: 'Places on photos',
  label: 'Show where photos and videos were taken',
  labelFor: (name: string) => `Show where ${name}'s photos and videos were taken`,
  hint: 'Photos and videos with a location are named by the nearest town, such as "Austin, Texas": new uploads as they arrive, and the ones already in the library within a few minutes of turning this on. The exact position is never stored or shown to anyone, and your original files stay exactly as you uploaded them. Turning this off removes the names already shown.',
  failed: 'Could not save',
  tryAgain: 'Please try again.',
} as const;
