// Events' front door: the /events page.
export { EventsView } from './components/EventsView';
