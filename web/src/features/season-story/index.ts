// The Season Story's front door: the button and dialog that make a season's printable book.
export { SeasonStoryButton } from './components/SeasonStoryButton';
export type { SeasonStoryAthlete } from './components/SeasonStoryDialog';
