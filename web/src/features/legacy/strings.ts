// User-visible text of the profile's "Your legacy" section: the archive and deletion.

export const legacyText = {
  exportTitle: 'Download everything',
  exportAll: 'Download every athlete\'s legacy',
  exportAllHint: 'One archive for each of your athletes, made side by side; each is e-mailed to you when it is ready.',
  exportIntro:
    "One ZIP file with {name}'s whole legacy: every journal entry (with the AI version beside your own words), every photo, video and clip as uploaded, milestones, events, stats, achievements with their cards, recruiting notes and the family circle.",
  start: 'Download everything',
  preparing: 'Preparing your archive…',
  preparingHint: 'You can leave this page: we will e-mail you a link when it is ready.',
  ready: 'Your archive is ready',
  download: 'Download archive',
  availableUntil: 'Available until {date}, then deleted.',
  again: 'Make a new archive',
  failed: 'The archive could not be made.',
  retry: 'Try again',
  deleteTitle: 'Delete',
  deleteIntro: 'Deleting cannot be undone. Download everything first if you want to keep a copy.',
  deleteAthlete: "Delete {name}'s legacy",
  deleteAthleteHint: 'Removes the athlete and everything of theirs. Your account stays.',
  deleteAccount: 'Delete my account',
  deleteAccountHint: 'Removes your account and every athlete you own. Family members lose access at once.',
  confirmAthleteTitle: "Delete {name}'s legacy?",
  confirmAccountTitle: 'Delete your account?',
  confirmAthleteBody:
    'Every journal entry, photo, video, clip, stat, milestone, achievement and recruiting note of {name} will be deleted, and the family circle loses access at once. This cannot be undone.',
  confirmAccountBody:
    'Your account, every athlete you own and everything of theirs will be deleted, and every family member loses access at once. Any paid plan ends now. This cannot be undone.',
  password: 'Your password',
  passwordHint: 'Enter your password to confirm.',
  cancel: 'Cancel',
  confirmDelete: 'Delete forever',
} as const;

export const legacyToasts = {
  exportStarted: { title: 'Archive started', message: 'We will e-mail you when it is ready to download.' },
  exportsStarted: { title: 'Archives started', message: 'One for each athlete. We will e-mail you as each is ready to download.' },
  exportReady: { title: 'Archive ready', message: 'Your archive is ready to download.' },
  exportFailed: { title: 'Error', fallback: 'Failed to start the archive' },
  athleteDeleted: { title: 'Deleted', message: 'The legacy has been deleted. An e-mail lists what was removed.' },
  accountDeleted: { title: 'Account deleted', message: 'Your account has been deleted. An e-mail lists what was removed.' },
  deleteFailed: { title: 'Error', fallback: 'Failed to delete' },
} as const;

/** Fills {placeholders}. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}
