// Highlight reels' front door: the media page's Make a reel and One-minute film buttons (the dialogs behind
// them), and its list of the athlete's reels and films.
export { MakeReelButton } from './components/MakeReelButton';
export { ReelsSection } from './components/ReelsSection';
export { SeasonFilmButton } from './components/SeasonFilmButton';
