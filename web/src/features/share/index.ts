// Public share links' public entry: the social share URLs and their text, for the video editor.
export { emailShareUrl, facebookShareUrl, twitterShareUrl } from './shareLinks';
export { shareText } from './strings';
