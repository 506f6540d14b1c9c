import type { MilestoneType } from './api';

// User-visible text of milestones. Strings quoted by the spec are marked "spec"; keep those exactly.

export const milestoneText = {
  pageTitle: 'Milestones',
  pageSubtitle: 'The firsts, records and turning points of the journey.',
  familySubtitle: (name: string) => `${name}'s firsts, records and turning points.`,
  addMilestone: 'Add Milestone',
  editMilestone: 'Edit Milestone',
  empty: 'No milestones yet', // spec
  addFirst: 'Add Your First Milestone', // spec
  emptyHint: 'Mark the firsts, records and turning points of the journey.',
  viewJournal: 'View associated journal entries', // spec
  viewMedia: 'View media', // spec
  title: 'Title',
  date: 'Date',
  type: 'Type',
  description: 'Description',
  save: 'Save Milestone',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  confirmDelete: 'Are you sure you want to delete this milestone?',
  titleRequired: 'Title is required',
  dateRequired: 'Date is required',
  loadFailed: "We couldn't load the milestones. Please try again.",
  noProfileTitle: 'Create an athlete profile first',
  noProfileText: 'Milestones belong to an athlete. Create the profile on the dashboard, then come back.',
} as const;

export const milestoneTypeLabels: Record<MilestoneType, string> = {
  achievement: 'Achievement',
  recruiting: 'Recruiting',
  other: 'Other',
};

/** The dot and badge colour of each type. */
export const milestoneTypeColors: Record<MilestoneType, string> = {
  achievement: 'yellow',
  recruiting: 'blue',
  other: 'gray',
};

export const milestoneToasts = {
  created: { title: 'Milestone Added', message: 'The milestone is on the Legacy Timeline.' },
  updated: { title: 'Milestone Updated', message: 'Your changes are saved.' },
  deleted: { title: 'Milestone deleted', message: 'It is no longer on the Legacy Timeline.' },
  saveFailed: { title: 'Error', fallback: 'Failed to save milestone' },
  deleteFailed: { title: 'Error', fallback: 'Failed to delete milestone.' },
} as const;
