// Every string of the showcase screens. "spec" marks text the product spec fixes; keep it exactly.

export const achievementText = {
  title: 'Achievement Showcase', // spec
  subtitle: 'Create and share your athletic achievements', // spec
  tabAchievements: 'Achievements', // spec
  tabTemplates: 'Card Templates', // spec
  add: 'Add Achievement', // spec
  edit: 'Edit Achievement',
  previewTitle: 'Achievement Preview', // spec
  close: 'Close', // spec
  share: 'Share Achievement', // spec
  shareTitle: 'Share Achievement Card', // spec
  caption: 'Caption',
  captionPlaceholder: 'Say something about it',
  cancel: 'Cancel',
  save: 'Save',
  delete: 'Delete',
  deleteConfirm: (title: string) => `Delete "${title}" and its cards?`,
  empty: 'No achievements yet',
  emptyHint: 'Awards, records and big games you add will be showcased here.',
  emptyShared: 'No achievements shared yet',
  fieldTitle: 'Title',
  fieldDescription: 'Description',
  fieldDate: 'Date',
  fieldCategory: 'Category',
  fieldStats: 'Stats',
  statName: 'Stat',
  statNamePlaceholder: 'Stat name',
  statValue: 'Value',
  addStat: 'Add a stat',
  onShowcase: 'Show on the public page',
  photo: 'Photo',
  photoHelp: "A picture from the athlete's media library, at the top of the card",
  noPhoto: 'No photo',
  noImages: 'No photos in the media library yet',
  drawing: 'Drawing the card…',
  cardFailed: 'The card could not be drawn.',
  chooseTemplate: 'Choose the look of the selected achievement’s card',
  selectFirst: 'Select an achievement on the Achievements tab first.',
  publicNeeded: 'To share a link on Twitter or Facebook, publish the public page (Profile) and show this achievement on it.',
  instagramHint: 'Instagram has no web sharing: the story image is downloaded. Open Instagram and post it from your photos.',
  viewAll: 'View all achievements',
  athleteDefault: 'Athlete', // spec
  sportsDefault: 'Sports', // spec
} as const;

export const categoryLabels: Record<string, string> = {
  game: 'Game',
  tournament: 'Tournament',
  personal: 'Personal',
  academic: 'Academic',
  award: 'Award',
};

export const templateLabels: Record<string, { name: string; description: string }> = {
  standard: { name: 'Standard', description: 'Navy and blue, for every day' },
  victory: { name: 'Victory', description: 'Gold, for wins and titles' },
  milestone: { name: 'Milestone', description: 'Green, for firsts and records' },
  elite: { name: 'Elite', description: 'Black and gold, for the biggest moments' },
};

/** Spec: share targets. */
export const shareTargets = [
  { id: 'twitter', label: 'Twitter' },
  { id: 'instagram', label: 'Instagram' },
  { id: 'facebook', label: 'Facebook' },
  { id: 'download', label: 'Download Image' },
] as const;

export const achievementToasts = {
  added: { title: 'Achievement Added', message: 'Your new achievement has been added to your showcase.' }, // spec
  updated: { title: 'Achievement updated', message: 'Its card is being drawn again.' },
  deleted: { title: 'Achievement deleted', message: 'It and its cards are gone.' },
  saveFailed: { title: 'Failed to save achievement', fallback: 'Please try again.' },
  deleteFailed: { title: 'Failed to delete achievement', fallback: 'Please try again.' },
  shared: (target: string) => ({ title: `Shared to ${target}!`, message: 'Your achievement card has been shared successfully.' }), // spec
} as const;

export const qrText = {
  title: 'Athlete Showcase', // spec (default QR title)
  generate: 'Generate', // spec
  newQr: 'New QR', // spec
  download: 'Download', // spec
  dialogTitle: 'Generate QR Code', // spec
  fieldTitle: 'Title',
  fieldDescription: 'Description (optional)',
  fieldTarget: 'Target URL',
  targetHelp: 'Where the code leads. You can change it later without reprinting.',
  copyUrl: 'Copy URL',
  copyShortUrl: 'Copy link',
  cancel: 'Cancel',
  drawing: 'Drawing the code…',
  failed: 'The code could not be drawn.',
  scans: (n: number) => `${n} ${n === 1 ? 'scan' : 'scans'}`,
  visitors: (n: number) => `${n} unique ${n === 1 ? 'visitor' : 'visitors'}`,
  last30: 'Last 30 days',
  none: 'No QR code yet. Generate one for a flyer, a jersey tag or a showcase table.',
  older: 'Older codes (still working)',
  delete: 'Delete',
  deleteConfirm: 'Delete this QR code? Printed copies will stop working.',
  noProfile: 'Athlete profile is required to generate QR code', // spec
  targetRequired: 'Target URL is required', // spec
  downloadName: 'athlete-qrcode.png', // spec
} as const;

export const qrToasts = {
  generated: { title: 'QR Code Generated', message: 'It appears here as soon as it is drawn.' }, // spec title
  failed: { title: 'Failed to generate QR code', fallback: 'Please try again.' }, // spec
  copied: { title: 'Link Copied', message: 'The link is on your clipboard.' }, // spec title
  copyFailed: { title: 'Failed to copy URL', message: 'Copy it by hand from the field.' }, // spec title
  deleted: { title: 'QR code deleted', message: 'Printed copies no longer work.' },
} as const;

export const settingsText = {
  title: 'Public page',
  description: 'A page coaches can open without signing in, showing only what you choose.',
  published: 'Publish the public page',
  slug: 'Web address',
  slugHelp: '3 to 40 lowercase letters, digits or hyphens',
  showGpa: 'Show GPA',
  showStats: 'Show season stats',
  contact: 'Contact line',
  contactPlaceholder: 'Coach contact: coach@example.com',
  save: 'Save',
  saved: { title: 'Public page saved', message: 'Your choices are in effect now.' },
  saveFailed: { title: 'Failed to save public page', fallback: 'Please try again.' },
  view: 'Open the public page',
} as const;

export const publicText = {
  classOf: (year: number) => `Class of ${year}`,
  gpa: (gpa: number) => `GPA ${gpa.toFixed(2)}`,
  achievements: 'Achievements',
  media: 'Highlights',
  seasons: 'Season stats',
  poweredBy: 'Shared with Legacy Locker',
} as const;

/** The /showcase page around the cards. */
export const showcasePageText = {
  title: 'Showcase',
  subtitle: 'Achievements with share cards, a QR code for flyers, and a public page coaches can open',
  familySubtitle: (name: string) => `${name}'s achievements and public page`,
  noProfileTitle: 'Create an athlete profile first',
  noProfileText: 'Achievements, QR codes and the public page belong to an athlete. Create the profile on the dashboard.',
} as const;
