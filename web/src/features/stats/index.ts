// Stats' front door: the Sports Statistics page. Its charts stay behind a lazy import inside it.
export { StatsPageContent } from './components/StatsPageContent';
