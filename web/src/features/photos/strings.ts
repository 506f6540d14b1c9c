// User-visible text of the photos of the athlete and of the account.

export const photoText = {
  upload: 'Upload photo',
  change: 'Change photo',
  remove: 'Remove photo',
  processing: 'Preparing the photo…',
  hint: 'JPEG, PNG, WebP or HEIC. We crop it to a square around the subject and remove location and camera data.',
  athleteLabel: 'Athlete photo',
  accountLabel: 'Your photo',
} as const;

export const photoToasts = {
  uploadFailed: { title: 'Photo not uploaded', fallback: 'The photo could not be uploaded. Please try again.' },
  removed: { title: 'Photo removed', message: 'The initials show in its place.' },
  removeFailed: { title: 'Photo not removed', fallback: 'The photo could not be removed. Please try again.' },
} as const;
