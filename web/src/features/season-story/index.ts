// The Season Story's front door: the button and dialog that make a season's printable book, and the
// season a book (or a season's film) defaults to.
export { SeasonStoryButton } from './components/SeasonStoryButton';
export type { SeasonStoryAthlete } from './components/SeasonStoryDialog';
export { defaultSeason } from './season';
