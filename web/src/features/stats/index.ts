// Stats' front door: the Sports Statistics page. Its charts stay behind a lazy import inside it.
export { StatsPageContent } from './components/StatsPageContent';
// What other areas read of a sport's catalogue: the names of its stats.
export { useStatsSports } from './queries';
export { statSuggestions } from './catalogue';
// The dashboard's Sports Stats card: the newest games in a line each.
export { LatestGames } from './components/LatestGames';
