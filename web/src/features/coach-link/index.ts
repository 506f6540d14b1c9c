// The coach's page of a recruiting link (/r/:code): public, showing only what the family chose.
export { CoachLinkView } from './components/CoachLinkView';
