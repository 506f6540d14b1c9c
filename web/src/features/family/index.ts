// The family circle's front door: the /family page, the invitation a member accepts (/invite/:token) and
// the dashboard's "In the Loop" card. Anything not exported here is the feature's own.
export { FamilyCircleCard } from './components/FamilyCircleCard';
export { FamilyCircleView } from './components/FamilyCircleView';
export { InvitationView } from './components/InvitationView';
