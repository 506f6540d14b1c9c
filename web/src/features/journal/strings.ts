import { toasts } from '../../lib/messages';

// User-visible text of the journal, its entry dialog and the AI Journaling Assistant. Strings quoted by
// the spec (or by the issue that specifies this page) are marked "spec"; keep those exactly as written.

export const journalText = {
  pageTitle: 'Journal',
  pageSubtitle: 'Reflections, games and milestones, in your own words.',
  /** For a family member: whose journal it is, as "in your own words" is not theirs. */
  familySubtitle: (name: string) => `${name}'s reflections, games and milestones.`,
  newEntry: 'New Entry', // spec
  searchLabel: 'Search entries',
  favoritesOnly: 'Favorites Only', // as the media library's (spec)
  searchPlaceholder: 'Search title or content',
  categoryLabel: 'Category',
  allCategories: 'All Categories', // spec
  tabAll: 'All Entries', // spec
  tabRecent: 'Recent', // spec
  tabAiEnhanced: 'AI Enhanced', // spec
  /** The same tab where no AI service is configured: it lists what the offline cleanup changed. */
  tabCleanedOffline: 'Cleaned Up Offline',
  loadMore: 'Load more',
  loadFailed: "We couldn't load your journal. Please try again.",
  noEntries: 'No journal entries yet',
  noEntriesHint: 'Capture a game, a practice or a proud moment while it is fresh.',
  // For family members who may only look.
  noEntriesShared: 'No journal entries shared with you yet',
  noEntriesSharedHint: 'Entries the family shares with you will appear here.',
  noMatches: 'No entries match',
  noMatchesHint: 'Try another search or category.',
  noAiEntries: 'No AI-enhanced entries yet',
  noAiEntriesHint: "Turn on 'Enhance with AI' when you write an entry.",
  noCleanedEntries: 'No entries cleaned up offline yet',
  noCleanedEntriesHint:
    "AI is not set up here. With 'Enhance with AI' on, an offline cleanup fixes capitals, spacing and doubled little words like “the the”.",
  categoriesTitle: 'Recent Journal Categories', // spec
  noCategories: 'Tags you add to entries will show here.',
  noCategoriesShared: 'The tags of entries shared with you will show here.',
  statsTitle: 'Journal Statistics', // spec
  statTotal: 'Total Entries', // spec
  statAi: 'AI Enhanced', // spec
  statCleanedOffline: 'Cleaned Up Offline',
  statMonth: 'This Month', // spec
  statCategories: 'Categories', // spec
  noProfileTitle: 'Create an athlete profile to start the journal',
  noProfileText: 'Journal entries belong to an athlete. Create the profile on your dashboard, then come back to write.',
} as const;

export const entryText = {
  readMore: 'Read more', // spec
  showLess: 'Show less', // spec
  showOriginal: 'Show original', // spec (issue)
  showEnhanced: 'Show enhanced', // spec (issue)
  enhancedWithAi: 'Enhanced with AI', // spec (issue)
  // Issue 11: offline work is labelled as what it is, never as AI.
  cleanedOffline: 'Cleaned up offline — no AI used',
  noChangesNeeded: 'Offline cleanup — no changes needed',
  summary: 'Summary',
  /** The offline cleanup's summary: sentences picked from the entry, not written. */
  keySentences: 'Key sentences',
  enhancing: 'Enhancing…', // spec (issue)
  enhanceFailed: 'AI enhancement failed',
  retry: 'Retry', // spec (issue)
  addTag: 'Add tag', // spec (issue)
  addTagLabel: (tag: string) => `Add tag ${tag}`,
  addFavorite: 'Add to favorites',
  favorite: 'Favorite',
  removeFavorite: 'Remove from favorites',
  privateTip: 'Private: only its writer and the account owner can see it',
  publicTip: 'Visible to your family circle',
  privateLabel: 'Only you',
  publicLabel: 'Shared with family', // issue 33
  actions: 'Entry actions',
  edit: 'Edit', // spec
  makePrivate: 'Make private', // spec
  makePublic: 'Make visible to family', // spec
  copyContent: 'Copy content', // spec
  revert: 'Revert to original', // spec (issue)
  delete: 'Delete', // spec
  confirmDelete: 'Are you sure you want to delete this journal entry?', // spec
  pendingBadge: 'Enhancing',
  enhancedBadge: 'AI enhanced',
  cleanedBadge: 'Cleaned up offline',
} as const;

export const entryFormText = {
  createTitle: 'New Journal Entry',
  editTitle: 'Edit Journal Entry',
  title: 'Title',
  titlePlaceholder: "Today's game against Central",
  content: 'Content',
  contentPlaceholder: 'What happened, how did it feel, what did you learn?',
  promptHint: (prompt: string) => `Prompt: ${prompt}`,
  date: 'Date',
  tags: 'Tags',
  tagsPlaceholder: 'Type a tag, then comma or Enter',
  tagsDescription: 'For example: game reflection, training, leadership',
  enhance: 'Enhance with AI', // spec
  // Without an AI service the switch names what runs instead (issue 33: "AI" where no AI ran).
  enhanceOffline: 'Clean up offline',
  enhanceDescription: 'Polish the text and suggest a summary and tags. Your original is kept.',
  aiNotSetUp: 'AI is not set up',
  offlineDescription: 'An offline cleanup fixes capitals, spacing and doubled little words like “the the” instead. Your original is kept.', // it leaves a meant “very very” (issue 33)
  /** What happens to a new entry's privacy, for its owner and for a family member who writes. */
  privateForOwner: 'Private until you share it: only you will see this entry. Choose "Make visible to family" on it to share it.',
  privateForMember:
    "Private until shared: only you and the athlete's account owner will see this entry until it is made visible to family.",
  visibleToFamily: 'Your family circle will see this entry once it is saved.',
  cancel: 'Cancel',
  submitCreate: 'Save Entry',
  submitEdit: 'Save Changes',
} as const;

export const entryValidation = {
  title: 'Title is required', // spec
  content: 'Content is required', // spec
  dashboardContent: 'Please write content for your journal entry', // spec
  date: 'Date is required',
} as const;

export const promptText = {
  cardTitle: 'AI Journaling Assistant',
  cardSubtitle: 'Prompts to get the words flowing',
  deletePrompt: (title: string) => `Delete prompt ${title}`,
  createCustom: 'Create custom prompt', // spec
  generate: 'Generate new AI prompts', // spec
  generateFromBank: 'New prompts', // without an AI service (issue 33)
  cardTitleNoAi: 'Journaling Assistant', // without an AI service (issue 33)
  generating: 'Generating prompts…',
  fromBank: 'AI is not set up: new prompts come from a curated bank.',
  reminders: 'Weekly prompt reminders',
  remindersDescription: 'A fresh prompt by e-mail each week',
  noPrompts: 'No prompts yet',
  needProfile: 'Create an athlete profile to add or generate prompts.',
  dialogTitle: 'Create a Custom Prompt', // spec
  promptTitle: 'Title',
  promptTitlePlaceholder: 'Pressure moments',
  prompt: 'Prompt',
  promptPlaceholder: 'Describe a moment this week when you felt pressure. What did you do?',
  category: 'Category',
  categoryPlaceholder: 'Optional, e.g. mental preparation',
  required: 'Title and prompt content are required', // spec
  save: 'Save Prompt',
  cancel: 'Cancel',
} as const;

/** Toasts: title and message. The spec's wording is the title; the message adds what it leaves out. */
export const journalToasts = {
  profileRequired: {
    title: 'Athlete Profile Required', // spec
    message: 'Please create an athlete profile before creating journal entries.', // spec
  },
  created: { title: 'Entry Created', message: 'Your journal entry has been saved.' }, // spec title
  createFailed: { title: 'Failed to create journal entry', fallback: 'Please try again.' }, // spec title
  updated: { title: 'Entry Updated', message: 'Your changes have been saved.' }, // spec title
  updateFailed: { title: 'Failed to update journal entry', fallback: 'Please try again.' }, // spec title
  deleted: { title: 'Entry deleted', message: 'The journal entry has been removed.' }, // spec title
  deleteFailed: { title: 'Failed to delete journal entry.', fallback: 'Please try again.' }, // spec title
  privacyUpdated: {
    title: 'Privacy updated', // spec
    message: (isPrivate: boolean) => (isPrivate ? 'Entry is now private' : 'Entry is now public'), // spec
  },
  privacyFailed: { title: 'Failed to update entry privacy.', fallback: 'Please try again.' }, // spec title
  favoriteAdded: { title: 'Added to favorites', message: 'You can find it again with the star.' }, // spec title
  favoriteRemoved: { title: 'Removed from favorites', message: 'The star has been taken off.' }, // spec title
  favoriteFailed: toasts.favoriteFailed,
  copied: { title: 'Content copied', message: 'The entry text is on your clipboard.' },
  copyFailed: { title: 'Failed to copy content', message: 'Please select the text and copy it yourself.' },
  enhanceFailed: { title: 'Failed to start AI enhancement', fallback: 'Please try again.' },
  revertFailed: { title: 'Failed to restore the original text', fallback: 'Please try again.' },
  promptsGenerated: { title: 'New prompts generated', message: 'Fresh prompts are ready in the assistant.' }, // spec title
  promptsFailed: { title: 'Failed to generate prompts', fallback: 'Please try again later.' }, // spec title
  promptCreated: { title: 'Prompt created', message: 'Your custom prompt is in the assistant.' },
  promptDeleteFailed: { title: 'Failed to delete prompt', fallback: 'Please try again.' },
  settingsFailed: { title: 'Failed to save reminder setting', fallback: 'Please try again.' },
  // Issue 34: an entry written without signal.
  queued: { title: 'Saved on this device', message: 'No signal: the entry will be sent when the connection is back.' },
  queuedSent: (count: number) => ({
    title: count === 1 ? 'Entry sent' : `${count} entries sent`,
    message: count === 1 ? 'The entry written without signal is in your journal now.' : 'The entries written without signal are in your journal now.',
  }),
  queueFailed: { title: 'Failed to create journal entry', fallback: 'No signal, and this browser cannot keep the entry. Please try again later.' },
} as const;

/** An entry waiting on the device (issue 34). */
export const queuedEntryText = {
  waiting: 'Waiting for signal', // issue 34
  waitingHint: 'Saved on this device. It will be sent when the connection is back.',
  refused: (status: number) => `Not saved: the server refused this entry (${status})`,
  edit: 'Edit',
  discard: 'Discard',
  confirmDiscard: 'Discard this entry? It was never saved, so it will be gone for good.',
  region: 'Entries waiting to be sent',
} as const;

/** Signing out with entries still on the device (issue 34). */
export const signOutText = {
  title: 'Unsent journal entries',
  message: (count: number) =>
    count === 1
      ? 'One journal entry written on this device has not been sent yet. If you log out now, it will be lost.'
      : `${count} journal entries written on this device have not been sent yet. If you log out now, they will be lost.`,
  stay: 'Stay signed in',
  confirm: 'Log out and discard',
} as const;
