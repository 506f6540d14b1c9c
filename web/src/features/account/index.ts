// The account's front door: the profile page (name, password, and the legacy's export and deletion).
export { AccountProfile } from './components/AccountProfile';
// The dashboard asks a family that has not chosen whether it wants the weekly journal prompt e-mail.
export { WeeklyPromptQuestion } from './components/WeeklyPromptCard';
