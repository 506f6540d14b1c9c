// The showcase's front door: the /showcase page, the public pages (/a/:slug and its achievements) with
// their queries (the 404 page is the page's), and the achievements the dashboard's side column shows.
export { AchievementShowcase } from './components/AchievementShowcase';
export { PublicAchievementView, PublicAthleteView } from './components/PublicAthleteView';
export { ShowcaseView } from './components/ShowcaseView';
export { usePublicAchievement, usePublicAthlete } from './queries';
export { achievementText } from './strings';
