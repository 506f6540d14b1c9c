import { toasts } from '../../lib/messages';

// User-visible text of the media library, its tiles and dialogs. Strings quoted by the spec (or by
// the issue that specifies this page) are marked "spec"; keep those exactly as written.

export const mediaText = {
  pageTitle: 'Media Library',
  pageSubtitle: 'Photos, game film, audio and documents, all in one place.',
  /** For a family member: whose library it is. */
  familySubtitle: (name: string) => `${name}'s photos, game film, audio and documents.`,
  upload: 'Upload', // spec (issue)
  searchLabel: 'Search media',
  searchPlaceholder: 'Search title or description',
  typeLabel: 'Type',
  favoritesOnly: 'Favorites Only', // spec
  viewLabel: 'View',
  viewGrid: 'Grid', // spec
  viewList: 'List', // spec
  viewTimeline: 'Timeline', // spec
  select: 'Select',
  doneSelecting: 'Done',
  selectedCount: (n: number) => `${n} selected`,
  share: 'Share', // spec
  delete: 'Delete', // spec
  clearSelection: 'Clear selection',
  selectAll: 'Select all',
  loadFailed: "We couldn't load your media. Please try again.",
  noMedia: 'No media yet',
  noMediaHint: 'Photos, videos and documents you upload will appear here.',
  // For family members who may only look: nothing to upload, so nothing invites them to.
  noMediaShared: 'Nothing shared with you yet',
  noMediaSharedHint: 'Photos, videos and documents the family shares with you will appear here.',
  noMatches: 'No media matches',
  noMatchesHint: 'Try another search, type or the favorites filter.',
  noProfileTitle: 'Create an athlete profile to start the media library',
  noProfileText: 'Media belongs to an athlete. Create the profile on your dashboard, then come back to upload.',
  swipeHint: 'Swipe left or right to switch views',
  pullToRefresh: 'Pull to refresh',
  releaseToRefresh: 'Release to refresh',
  refreshing: 'Refreshing', // spec
} as const;

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** The library counted (GET …/media/summary): its header, the timeline's months, the dashboard's card. */
export const summaryText = {
  items: (n: number) => plural(n, 'item', 'items'),
  byType: {
    image: (n: number) => plural(n, 'photo', 'photos'),
    video: (n: number) => plural(n, 'video', 'videos'),
    pdf: (n: number) => plural(n, 'document', 'documents'),
    audio: (n: number) => `${count(n)} audio`,
  },
  favorites: (n: number) => plural(n, 'favorite', 'favorites'),
  monthJump: 'Jump to month',
  monthOption: (label: string, n: number) => `${label} (${count(n)})`,
  monthCount: (n: number) => count(n),
  selectMonth: (label: string) => `Select all in ${label}`, // spec (issue)
  loadingMore: 'Loading more media…',
} as const;

/** The type filter (spec: All, Images, Videos, Documents = pdf, Audio). */
export const typeFilterLabels = {
  all: 'All', // spec
  image: 'Images', // spec
  video: 'Videos', // spec
  pdf: 'Documents', // spec
  audio: 'Audio', // spec
} as const;

/** One item's type, as the List view's Type column and the tiles name it. */
export const mediaTypeLabels = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  pdf: 'PDF',
  other: 'File',
} as const;

export const listText = {
  listLabel: 'Media list',
  columnMedia: 'Media', // spec
  columnType: 'Type', // spec
  columnDate: 'Date', // spec
  columnSize: 'Size', // spec
  columnActions: 'Actions', // spec
  view: 'View', // spec
  delete: 'Delete', // spec
  selectItem: (title: string) => `Select ${title}`,
} as const;

export const tileText = {
  actions: 'Media actions',
  view: 'View', // spec
  download: 'Download', // spec
  share: 'Share', // spec
  editVideo: 'Edit Video', // spec
  edit: 'Edit', // spec
  delete: 'Delete', // spec
  confirmDelete: 'Are you sure you want to delete this media file?', // spec
  confirmDeleteMany: (n: number) => `Are you sure you want to delete these ${n} media files?`,
  addFavorite: 'Add to favorites',
  removeFavorite: 'Remove from favorites',
  openItem: (title: string) => `Open ${title}`,
  selectItem: (title: string) => `Select ${title}`,
  processing: 'Processing…', // spec (issue)
  failed: 'Processing failed',
  videoBadge: 'Video',
  pdfBadge: 'PDF',
} as const;

export const previewText = {
  notAvailable: 'Preview not available for this file type', // spec
  openInNewTab: 'Open in new tab',
  pdfFallback: "This browser can't show the PDF here.",
  download: 'Download',
  share: 'Share', // spec
  processing: 'This file is still being processed; the preview may change when it is ready.',
  failed: 'Processing failed',
  tryAgain: 'Try again',
  editVideo: 'Edit Video', // spec
} as const;

export const editText = {
  dialogTitle: 'Edit Media',
  title: 'Title',
  description: 'Description',
  date: 'Date',
  tags: 'Tags',
  tagsPlaceholder: 'Type a tag, then comma or Enter',
  // Not "Private": in the journal that means only you, and here the family still sees it (issue 33).
  isPrivate: 'Family only',
  isPrivateDescription: 'Your family circle still sees it; it is kept off public pages and share links.',
  onShowcase: 'On the public page',
  onShowcaseDescription: "Show it on the athlete's published page (Showcase); family-only media can't go there.",
  cancel: 'Cancel',
  save: 'Save Changes',
} as const;

export const mediaValidation = {
  title: 'Please provide a title for the media', // spec
  date: 'Date is required',
} as const;

/** Whose name a share link's page shows: the athlete's, with their sports when the profile has them. */
export interface SharedAthlete {
  name: string;
  sports: string;
}

function athleteShown(athlete: SharedAthlete | null): string {
  if (!athlete?.name) return "the athlete's name";
  return athlete.sports ? `${athlete.name}'s name and sports (${athlete.sports})` : `${athlete.name}'s name`;
}

export const shareText = {
  dialogTitle: 'Share link',
  description: 'Anyone with this link can view this file, without signing in.',
  // What the page behind a link shows (features/share, SharedMediaView): said before a link is made and beside it.
  pageShows: (athlete: SharedAthlete | null) => `Its page shows ${athleteShown(athlete)}, with the file's title, date and description.`,
  question: 'Anyone with the link will be able to view this file, without signing in.',
  questionMany: (n: number) => `Anyone with one of the ${n} links will be able to view that file, without signing in.`,
  pagesShow: (athlete: SharedAthlete | null) => `Each page shows ${athleteShown(athlete)}, with that file's title, date and description.`,
  // Not "Private": family-only media is still seen by the family circle (issue 33).
  familyOnly: 'It is marked Family only: creating the link takes that mark off.',
  familyOnlyMany: (n: number, total: number) =>
    n === total ? 'They are marked Family only: creating the links takes that mark off.' : `${n} of them are marked Family only: creating their links takes that mark off.`,
  turnOffLater: 'You can turn a link off at any time.',
  cancel: 'Cancel',
  create: 'Create link',
  createMany: (n: number) => `Create ${n} links`,
  linkLabel: 'Share link',
  copyLink: 'Copy Link', // spec (issue)
  // The phone's own share sheet (messages, mail, other apps), where the browser has one.
  sendWith: 'Share via…',
  turnOff: 'Turn off link', // spec (issue)
  bulkTitle: 'Share links',
  bulkDescription: 'One link per file. Anyone with a link can view that file, without signing in.',
  copyFor: (title: string) => `Copy link for ${title}`,
  failedFor: (title: string) => `${title}: no link could be created`,
  close: 'Close',
} as const;

/** Toasts: title and message. The spec's wording is the title; the message adds what it leaves out. */
export const mediaToasts = {
  deleted: { title: 'Media deleted', message: 'The file has been removed from the library.' }, // spec title
  deletedMany: { title: 'Media deleted', message: (n: number) => `${n} files have been removed from the library.` }, // spec title
  deleteFailed: { title: 'Failed to delete media file.', fallback: 'Please try again.' }, // spec title
  deleteSomeFailed: (failed: number, total: number) => `${failed} of ${total} files could not be deleted.`,
  shareCreated: { title: 'Share link created!', message: 'Anyone with the link can view this file.' }, // spec title
  sharesCreated: { title: 'Share link created!', message: (n: number) => `${n} links are ready to copy.` }, // spec title
  shareFailed: { title: 'Share creation failed', fallback: 'Please try again.' }, // spec title
  shareSomeFailed: (failed: number, total: number) => `${failed} of ${total} links could not be created.`,
  linkCopied: { title: 'Link copied to clipboard', message: 'Paste it anywhere to share.' }, // spec title
  copyFailed: { title: 'Failed to copy link', message: 'Please try again or manually share the page URL.' }, // spec
  sendFailed: { title: 'Could not open sharing', message: 'Copy the link and paste it where you want to share it.' },
  shareTurnedOff: { title: 'Share link turned off', message: 'The link no longer works.' },
  shareTurnOffFailed: { title: 'Failed to turn off link', fallback: 'Please try again.' },
  retrying: { title: 'Processing again', message: 'The file is being processed again.' },
  retryFailed: { title: 'Could not try again', fallback: 'Please try again.' },
  updated: { title: 'Media updated', message: 'Your changes have been saved.' },
  updateFailed: { title: 'Failed to update media', fallback: 'Please try again.' },
  showcaseFailed: { title: 'Not on the public page', fallback: 'It could not be put on the public page. Please try again.' },
  // The spec names no media favorite toast; its journal wording is the same failure, so it is reused.
  favoriteFailed: toasts.favoriteFailed,
} as const;
