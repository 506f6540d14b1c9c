// User-visible text of the upload dialog, the recorder and the dashboard's Recent Media. Strings quoted
// by the spec (or by the issue that specifies this dialog) are marked "spec"; keep those exactly as written.

export const uploadText = {
  open: 'Upload',
  dialogTitle: 'Upload Media',
  tabFiles: 'Upload Files', // spec
  tabRecord: 'Record Video/Audio', // spec
  dropTitle: 'Drag files here or click to choose',
  dropHint: 'Photos, videos, audio and PDF documents',
  chooseFiles: 'Choose files to upload',
  maxFileSize: (mb: number) => `Maximum file size ${mb}MB`, // spec (50MB)
  usage: (usedMb: number, quotaMb: number) => `${usedMb} MB of ${quotaMb} MB used`, // spec (issue)
  fileTitle: 'Title',
  removeFile: (name: string) => `Remove ${name}`,
  description: 'Description',
  descriptionPlaceholder: 'What happened, who was there',
  date: 'Date',
  dateFromFile: 'From the file',
  tags: 'Tags',
  tagsPlaceholder: 'Type a tag, then comma or Enter',
  keepPrivate: 'Keep private', // spec (issue)
  keepPrivateDescription: 'Visible to you and your family circle only; never on public share pages until you share it.',
  cancel: 'Cancel', // spec (issue)
  submit: (count: number) => (count > 1 ? `Upload ${count} files` : 'Upload'),
  uploading: 'Uploading…',
  finishing: 'Finishing…',
  reconnecting: 'Connection lost. The upload will go on from where it stopped…',
  reconnectingOffline: 'Waiting for the connection. The upload will resume when it is back…',
  offlineTitle: 'You are offline',
  offline: 'Uploads resume by themselves when your connection is back. Keep this dialog open until they finish.',
  shareNeedsApp: 'Sharing needs the installed app. Choose the files here instead.',
  uploaded: 'Uploaded',
  keepBoth: 'Keep both',
  skip: 'Skip',
  skipped: 'Skipped',
  duplicateOf: (name: string) => `${name} is already in the library`,
  summaryUploaded: (count: number) => (count === 1 ? '1 file uploaded' : `${count} files uploaded`),
  summaryNothingUploaded: 'Nothing new was uploaded',
  summarySkipped: (count: number) => (count === 1 ? '1 skipped: already in the library' : `${count} skipped: already in the library`),
  uploadMore: 'Upload more',
  done: 'Done',
  waiting: 'Waiting',
  progressLabel: (name: string) => `Upload progress for ${name}`,
  fileTooLarge: (mb: number) => `File is too large (the limit is ${mb} MB)`, // the server's 413 wording
  unsupportedType: 'Unsupported file type', // the server's 415 wording
  rejected: (name: string, reason: string) => `${name}: ${reason}`,
  tooLargeForPlan: (size: string, planWords: string) => `it is ${size}. ${planWords}`,
} as const;

export const recordText = {
  recordVideo: 'Record Video', // spec
  recordAudio: 'Record Audio', // spec
  intro: 'Record a clip straight from this device. Nothing is saved until you upload it.',
  checking: 'Looking for a camera and microphone…',
  noCamera: 'No camera found on this device', // spec (issue)
  noMicrophone: 'No microphone found on this device', // spec (issue)
  blocked: 'Camera or microphone access was blocked. Allow it in your browser settings to record.', // spec (issue)
  unsupported: "This browser can't record here. Try a recent Chrome, Edge, Firefox or Safari over https.",
  startFailed: "Recording couldn't start. Please try again.",
  starting: 'Starting…',
  recording: 'Recording',
  stop: 'Stop',
  livePreview: 'Live camera preview',
  recordingPreview: 'Recording preview',
  defaultTitle: (stamp: string) => `Recording ${stamp}`, // spec (issue)
  upload: 'Upload recording', // spec (issue)
  discard: 'Discard',
} as const;

/** Unfinished uploads of this device, listed when the app opens (issue 34). */
export const unfinishedText = {
  title: 'Unfinished uploads',
  progress: (name: string, percent: number) => `${name}: ${percent}% sent — choose the file again to continue`, // issue 34
  choose: 'Choose the file again',
  chooseLabel: (name: string) => `Choose the file again for ${name}`,
  forget: 'Forget',
  forgetLabel: (name: string) => `Forget ${name}`,
  confirmForget: (name: string) => `Forget the unfinished upload of ${name}? The part already sent is deleted.`,
  notSameFile: (fileName: string) => `That is not the same file. Choose ${fileName} as it was when the upload started.`,
  resuming: (name: string) => `Continuing ${name}`,
  forgetFailed: { title: 'Could not forget the upload', fallback: 'Please try again.' },
} as const;

/** Toasts: title and message. */
export const uploadToasts = {
  success: { title: 'Upload Successful', message: 'Media file has been uploaded successfully' }, // spec
  failed: { title: 'Upload Failed', fallback: 'Failed to upload media file' }, // spec
} as const;

export const uploadValidation = {
  file: 'Please select a file to upload', // spec
  title: 'Please provide a title for the media', // spec
  date: 'Please choose a date',
} as const;

/** The errors an upload itself can end in (spec section 7: POST /api/athletes/{id}/media). */
export const uploadErrors = {
  http: (status: number) => `HTTP error ${status}`, // spec
  network: 'Network error', // spec
  aborted: 'Upload canceled',
} as const;
