// The waitlist's public entry: its form, for the landing page.
export { WaitlistForm } from './components/WaitlistForm';
