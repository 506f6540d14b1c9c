// User-visible text of the Events page.

export const eventText = {
  pageTitle: 'Events',
  pageSubtitle: 'Games, camps, visits and the recruiting dates you added.',
  familySubtitle: (name: string) => `${name}'s games, camps, visits and recruiting dates.`,
  addEvent: 'Add Event',
  editEvent: 'Edit Event',
  upcoming: 'Upcoming',
  past: 'Past',
  noEvents: 'No events yet',
  noEventsHint: "Add games and camps, or use 'Add to My Timeline' in the Recruiting Center.",
  title: 'Title',
  type: 'Type',
  game: 'Game',
  other: 'Other',
  start: 'Starts',
  location: 'Location',
  save: 'Save Event',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  confirmDelete: 'Are you sure you want to delete this event?',
  titleRequired: 'Title is required',
  startRequired: 'Start date is required',
  loadFailed: "We couldn't load the events. Please try again.",
  noProfileTitle: 'Create an athlete profile first',
  noProfileText: 'Events belong to an athlete. Create the profile on the dashboard, then come back.',
} as const;

export const eventToasts = {
  created: { title: 'Event Added', message: 'The event is on your calendar.' },
  updated: { title: 'Event Updated', message: 'Your changes are saved.' },
  deleted: { title: 'Event deleted', message: 'It is no longer on your calendar.' },
  saveFailed: { title: 'Error', fallback: 'Failed to save event' },
  deleteFailed: { title: 'Error', fallback: 'Failed to delete event.' },
} as const;
