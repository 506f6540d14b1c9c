// The dashboard's front door: the signed-in dashboard, and the demo's read-only copy of it (/demo).
export { Dashboard } from './components/Dashboard';
export { DemoAthlete } from './components/DemoAthlete';
