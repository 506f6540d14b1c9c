// User-visible text of the video editor. Strings quoted by the spec (or by the issue that specifies
// the editor) are marked "spec"; keep those exactly as written. The share and copy toasts are the
// media library's (mediaToasts in features/media/strings.ts) and the social targets' labels are the
// share page's (features/share/strings.ts): each is written once.

export const editorText = {
  dialogTitle: 'Edit Video', // spec (the tile menu's wording)
  close: 'Close',
  play: 'Play',
  pause: 'Pause',
  seek: 'Seek',
  videoLabel: (title: string) => `${title}: swipe sideways to seek, double-tap to play or pause`,
  gestureHint: 'Swipe sideways on the video to seek; double-tap to play or pause.',
  timeOf: (current: string, total: string) => `${current} / ${total}`,
  swipePreview: (delta: string, target: string) => `${delta} → ${target}`,
  trim: 'Trim',
  trimStart: 'Trim start',
  trimEnd: 'Trim end',
  startSeconds: 'Start (s)',
  endSeconds: 'End (s)',
  clipLength: (length: string) => `Clip length ${length}`,
  // No AI finds them: crowd and audio peaks and scene changes (issue 33).
  highlights: 'Find highlights',
  highlightsHint: 'Finds crowd and audio peaks and scene changes. Pick one to trim to it.',
  detect: 'Detect Highlights', // spec
  detecting: 'Detecting highlights…',
  noHighlights: 'No highlights yet.',
  noneFound: 'No exciting moments were found in this video.',
  detectionFailed: 'The last detection failed.',
  segment: (range: string, reason: string) => `${range}, ${reason}`,
  shareToSocial: 'Share to Social', // spec
  saveClip: 'Save Clip', // spec
  stillProcessing: 'This video is still being processed. Trimming and highlights open up when it is ready.',
  processingFailed: 'This video could not be processed, so it cannot be edited.',
  shareLinkLabel: 'Share link',
  shareDescription: 'Anyone with this link can watch this video, without signing in.',
} as const;

/** Toasts: title and message. The spec's wording is the title (and message where it gives one). */
export const editorToasts = {
  highlightsReady: {
    title: 'Highlights generated!', // spec
    // spec: 'Found N exciting moments in your video.' — one moment is written in the singular, since
    // "Found 1 exciting moments" reads as a mistake; every other count is the spec's text exactly.
    message: (n: number) => (n === 1 ? 'Found 1 exciting moment in your video.' : `Found ${n} exciting moments in your video.`),
  },
  highlightsFailed: {
    title: 'Highlight generation failed', // spec
    message: 'There was an error detecting highlights. Please try again.', // spec
  },
  clipSaved: { title: 'Clip saved successfully!', message: 'It shows in your library as processing until it is ready.' }, // spec title
  clipFailed: { title: 'Failed to save clip', message: 'There was an error saving your clip. Please try again.' }, // spec
  invalidRange: { title: 'Invalid time range', message: 'Please make sure the start time is before the end time.' }, // spec
  clipTooShort: { title: 'Invalid time range', message: 'A clip must be at least half a second long.' }, // spec title
} as const;

/** How each detector reason reads in the list (docs/API.md names the three). */
export const reasonLabels: Record<string, string> = {
  'crowd/audio peak': 'Crowd/audio peak',
  'scene change': 'Scene change',
  'crowd/audio peak and scene change': 'Crowd/audio peak and scene change',
};
