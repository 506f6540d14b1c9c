// Photos of the athlete and of the account: the upload control for the profile dialog and /profile.
// Anything not exported here is the feature's own.
export { photoUrls } from './api';
export { PhotoUpload } from './components/PhotoUpload';
export { photoText } from './strings';
