// Highlight reels' front door: the media page's Make a reel button (the builder dialog behind it).
export { MakeReelButton } from './components/MakeReelButton';
