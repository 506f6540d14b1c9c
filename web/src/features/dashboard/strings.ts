import { journalText } from '../journal';

// User-visible text of the dashboard's own cards. Strings quoted by the spec are marked "spec"; keep
// those exactly as written.

export const dashboardText = {
  journalTitle: 'Journal Entries',
  newEntry: journalText.newEntry, // spec
  createProfileFirst: 'Create an athlete profile first', // spec
  noJournalEntries: journalText.noEntries,
  journalEmptyHint: journalText.noEntriesHint,
  journalNoProfileHint: 'Create an athlete profile to start the journal.',
  viewAllEntries: 'View all entries',
  mediaTitle: 'Recent Media',
  upload: 'Upload',
  noMedia: 'No media yet',
  mediaEmptyHint: 'Photos, videos and documents you upload will appear here.',
  noJournalShared: journalText.noEntriesShared,
  journalSharedHint: journalText.noEntriesSharedHint,
  noMediaShared: 'Nothing shared with you yet',
  mediaSharedHint: 'Photos, videos and documents the family shares with you will appear here.',
  timelineTitle: 'Legacy Timeline',
  addMilestone: 'Add Milestone',
  viewMilestones: 'View milestones',
  noMilestones: 'No milestones yet', // spec (Milestones empty state)
  timelineEmptyHint: 'Mark the firsts, records and turning points of the journey.',
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

/** The Recent Media card. */
export const recentMediaText = {
  processing: 'Processing',
  failed: 'Processing failed',
  noProfileHint: 'Create an athlete profile to add photos and videos.',
  loadFailed: "We couldn't load your media. Please try again.",
  viewAll: 'View all media',
  pdfBadge: 'PDF',
} as const;

/** /demo: the dashboard of a sample athlete, for visitors who are not signed in. */
export const demoText = {
  banner: "You're viewing a demo athlete — sign up for early access to create your own",
  cta: 'Get Early Access',
  loadFailedTitle: 'Demo unavailable',
  loadFailed: "We couldn't load the demo athlete. Please try again in a moment.",
  retry: 'Try again',
  journalTitle: 'Journal Entries', // spec (the dashboard's)
  timelineTitle: 'Legacy Timeline', // spec (the dashboard's)
  journalSubtitle: 'What the family wrote, in their own words',
  ownTitle: 'Make it yours',
  ownText: 'Keep your athlete\u2019s journal, game film and milestones in one private place, shared only with the family you invite.',
  createOwn: 'Create your own',
  mediaTitle: 'Recent Media', // spec (the dashboard's)
  familyTitle: 'In the Loop', // spec (the dashboard's family card)
  familySubtitle: 'Who follows along, and what each may see',
  achievementsTitle: 'Achievement Showcase', // spec
  achievementsSubtitle: 'Create and share your athletic achievements', // spec
  accessLevels: { admin: 'Admin', editor: 'Editor', viewer: 'Viewer', limited: 'Limited' } as Record<string, string>,
} as const;

/** The Recruiting Brief card: the weekly recruiting brief e-mail's content, for the athlete's owner. */
export const briefText = {
  title: 'Recruiting Brief',
  subtitle: 'Your schools this week',
  schools: 'Your schools today',
  noPeriod: 'No period',
  periods: { contact: 'Contact', evaluation: 'Evaluation', quiet: 'Quiet', dead: 'Dead', recruiting_shutdown: 'Shutdown' } as Record<string, string>,
  moreSchools: (n: number) => `…and ${n} more on your list`,
  keyDates: 'Key dates in the next 30 days',
  openedLinks: 'Coach links opened this week',
  emailed: 'Also e-mailed to you each Monday.',
  notEmailed: 'Get it by e-mail each Monday',
} as const;
