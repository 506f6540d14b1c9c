// The waitlist's front door: its form, for the landing page, the footer and Coming Soon.
export { WaitlistForm } from './components/WaitlistForm';
