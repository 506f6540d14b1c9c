// Public share links' front door: the shared-media page (/share/:code), and the social share URLs and
// their text for the video editor.
export { SharedMediaView } from './components/SharedMediaView';
export { emailShareUrl, facebookShareUrl, twitterShareUrl } from './shareLinks';
export { shareText } from './strings';
