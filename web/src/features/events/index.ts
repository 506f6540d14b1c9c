// Events' front door: the /events page.
export { EventsView } from './components/EventsView';
export type { AthleteEvent, EventType } from './api';
export { eventTypeLabels } from './strings';
export { isUpcoming, nextStartTime, occurrenceLabel, whenLabel } from './when';
