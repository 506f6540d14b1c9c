// Uploads' front door: the media page's Upload button (the dialog, form and resumable uploads behind it).
export { UploadButton } from './components/UploadButton';
export { UnfinishedUploads } from './components/UnfinishedUploads';
