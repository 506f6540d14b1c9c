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
