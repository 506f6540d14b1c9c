// The account's front door: the profile page (name, password, and the legacy's export and deletion).
export { AccountProfile } from './components/AccountProfile';
