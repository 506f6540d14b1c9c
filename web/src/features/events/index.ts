// Events' front door: the /events page.
export { EventsView } from './components/EventsView';
export type { AthleteEvent, EventType } from './api';
export { eventTypeLabels } from './strings';
export { browserTimeZone, isUpcoming, knownTimeZones, nextStartTime, occurrenceLabel, whenLabel } from './when';
