// The family circle's public entry: the dashboard's "In the Loop" card. Anything not exported here is
// the feature's own.
export { FamilyCircleCard } from './components/FamilyCircleCard';
