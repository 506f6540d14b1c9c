// User-visible text of highlight reels, written once.

export const reelText = {
  open: 'Make a reel',
  dialogTitle: 'Make a highlight reel',
  title: 'Reel title',
  defaultTitle: (name: string) => `${name} highlights`,
  clips: 'Clips',
  clipsHint: 'Tick the videos in the order they should play (up to 60).',
  noVideos: 'Upload or trim a video first: a reel is made of the library’s ready videos.',
  chosen: (n: number) => `${n} chosen`,
  moveUp: (title: string) => `Move ${title} earlier`,
  moveDown: (title: string) => `Move ${title} later`,
  remove: (title: string) => `Remove ${title}`,
  spotlight: (title: string) => `Spotlight the athlete in ${title}`,
  spotlightHint: 'Tap the athlete on the picture: a ring shows them for a few seconds.',
  spotlightPlace: (title: string) => `Place the spotlight on ${title}`,
  spotlightAt: 'Starts at (s)',
  spotlightSeconds: 'For (s)',
  titleSlide: 'Start with a title slide',
  titleSlideHint: 'Drawn from these lines and the profile photo.',
  titleSlideLines: 'Title slide lines',
  endSlide: 'End with a contact slide',
  endSlideHint: 'The last thing a coach sees: who the athlete is and how to reach them.',
  endSlideLines: 'Contact slide lines',
  slide: {
    name: 'Name',
    number: 'Jersey number',
    position: 'Position',
    classYear: 'Class year',
    school: 'School',
    contact: 'Contact (e-mail or phone)',
  },
  formats: 'Formats',
  landscape: 'Landscape (for coaches and links)',
  vertical: 'Vertical 9:16 (for phones)',
  make: 'Make reel',
  chooseClip: 'Choose at least one clip.',
  chooseFormat: 'Choose a format.',
  rendering: 'Making your reel…',
  queued: 'Waiting for its turn…',
  percent: (p: number) => `${Math.round(p * 100)}%`,
  ready: 'Your reel is ready. It is in the media library, where you can share it.',
  failed: 'The reel could not be made.',
  landscapeLabel: 'Landscape',
  verticalLabel: 'Vertical',
  done: 'Done',
  close: 'Close',
  editTitle: 'Edit highlight reel',
  editFilmTitle: 'Edit film',
  save: 'Save and make again',
} as const;

/** The media page's list of the athlete's reels and films. */
export const reelListText = {
  heading: 'Reels and films',
  kind: { reel: 'Reel', film: 'Film' },
  status: { none: '', pending: 'Waiting for its turn', processing: 'Rendering', ready: 'Ready', failed: 'Not made' },
  rendering: (title: string) => `Rendering ${title}`,
  finding: 'Finding highlights',
  open: (format: string, title: string) => `Open the ${format.toLowerCase()} video of ${title}`,
  edit: 'Edit',
  editLabel: (title: string) => `Edit ${title}`,
  delete: 'Delete',
  deleteLabel: (title: string) => `Delete ${title}`,
  confirmDelete: (title: string) =>
    `Delete “${title}”? Its rendered videos are deleted from the media library too. The clips it was made from stay.`,
} as const;

/** The one-minute film: a season's highlights cut to about 60 s by the reel renderer. */
export const filmText = {
  open: 'One-minute film',
  dialogTitle: 'Make a one-minute film',
  intro: 'The season’s highlights, cut to about a minute with title cards, from the videos filmed in these dates.',
  title: 'Film title',
  defaultTitle: (firstName: string, season: string) => `${firstName}'s ${season} film`,
  from: 'From',
  to: 'To',
  titleRequired: 'Title is required',
  dateRequired: 'Date is required',
  toBeforeFrom: 'The end date must not be before the start date',
  make: 'Make film',
  cancel: 'Cancel',
  rendering: 'Making your film…',
  finding: 'Finding the season’s highlights in its videos…',
  ready: 'Your film is ready. It is in the media library, where you can share it.',
  failed: 'The film could not be made.',
} as const;

export const reelToasts = {
  started: { title: 'Making your reel', message: 'You can keep using the app while it renders.' },
  ready: { title: 'Reel ready', message: 'Your highlight reel is in the media library.' },
  failed: { title: 'Reel not made', fallback: 'The reel could not be made. Try again.' },
  deleted: { title: 'Reel deleted', message: 'Its videos left the media library; the clips stay.' },
  deleteFailed: { title: 'Reel not deleted', fallback: 'The reel could not be deleted. Try again.' },
} as const;

export const filmToasts = {
  started: { title: 'Making your film', message: 'You can keep using the app while it renders.' },
  ready: { title: 'Film ready', message: 'Your one-minute film is in the media library.' },
  failed: { title: 'Film not made', fallback: 'The film could not be made. Try again.' },
} as const;
