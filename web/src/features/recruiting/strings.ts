import type { CollegeStatus, OutreachKind, PeriodType } from './api';

// User-visible text of the recruiting center. Strings quoted by the spec are marked "spec".

export const recruitingText = {
  pageTitle: 'Recruiting Center',
  pageSubtitle: 'The NCAA calendar for your sports, your target schools and your checklist.',
  familySubtitle: (name: string) => `${name}'s NCAA calendar, target schools and checklist.`,
  tabTimeline: 'NCAA Timeline', // spec
  tabColleges: 'College Interests', // spec
  tabChecklist: 'Recruiting Checklist', // spec
  today: 'Today',
  noPeriod: 'This part of the calendar has not been transcribed yet. Check the NCAA calendar for your sport.',
  coachesMay: 'Coaches may',
  coachesMayNot: 'Coaches may not',
  nextChanges: 'Coming up',
  keyDates: 'Your key dates',
  keyDatesFor: (classOf: number) => `Computed for the class of ${classOf}`,
  ncaaOfficial: 'NCAA Official', // spec
  unverified: 'Unverified',
  unverifiedHint: 'Transcribed second-hand and not yet checked against the NCAA document.',
  source: 'Source',
  divisionNotes: 'Division II, Division III and the NAIA',
  divisionNotesHint: 'Rules that apply beyond the Division I calendars above.',
  addToTimeline: 'Add to My Timeline', // spec
  onTimeline: 'On your timeline',
  exportCalendar: 'Export Calendar', // spec
  past: 'Past',
  through: (end: string) => `through ${end}`,
  noSports: 'Add your sports to the athlete profile to see their NCAA calendars.',
  loadFailed: "We couldn't load the recruiting center. Please try again.",
  noProfileTitle: 'Create an athlete profile first',
  noProfileText: 'The recruiting center follows an athlete’s sports and class. Create the profile on the dashboard, then come back.',
  // College interests
  addCollege: 'Add College Interest', // spec
  editCollege: 'Edit College Interest',
  targetAdvice: 'Identify 10 to 15 target schools', // spec (advice)
  targetProgress: (n: number) => `${n} of 10 to 15 target schools`,
  noColleges: 'No college interests yet',
  noCollegesHint: 'Add the schools you are considering; aim for 10 to 15.',
  collegeName: 'College name',
  division: 'Division',
  location: 'Location',
  interest: 'Interest',
  status: 'Status',
  notes: 'Notes',
  coachContact: 'Coach contact',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  confirmDeleteCollege: 'Are you sure you want to remove this college?',
  nameRequired: 'College name is required',
  // Checklist
  addItem: 'Add item',
  itemTitle: 'Checklist item',
  itemDue: 'Due date',
  titleRequired: 'Title is required',
  newItemPlaceholder: 'Add your own step',
  due: (date: string) => `Due ${date}`,
  overdue: (date: string) => `Overdue: was due ${date}`,
  confirmDeleteItem: 'Are you sure you want to remove this checklist item?',
  // Sidebar
  progressTitle: 'Progress',
  checklistProgress: 'Checklist',
  schoolsProgress: 'Target schools',
  deadlinesTitle: 'Deadlines',
  noDeadlines: 'Nothing due soon.',
  statsTitle: 'Statistics',
  statColleges: 'Colleges',
  statContacted: 'Contacted or further',
  statOffers: 'Offers',
  statStepsDone: 'Steps done',
  // Calendar subscription
  subscribeTitle: 'Subscribe on your phone',
  subscribeHint: 'A private link your phone’s calendar follows: your events, key dates and NCAA periods stay up to date.',
  subscribeCreate: 'Create subscription link',
  subscribeOpen: 'Open in Calendar',
  subscribeCopy: 'Copy link',
  subscribeCopied: 'Copied',
  subscribeNew: 'New link',
  subscribeRevoke: 'Revoke',
  subscribeRevokeConfirm: 'Revoke this link? Calendars subscribed to it stop updating.',
  subscribeLink: 'Subscription link',
  // Dashboard card
  shortDisclaimer: 'NCAA dates as published; confirm with the NCAA before acting on them.',
  showMore: 'Show more',
  showLess: 'Show less',
} as const;

export const periodColors: Record<PeriodType, string> = {
  contact: 'green',
  evaluation: 'blue',
  quiet: 'yellow',
  dead: 'red',
  recruiting_shutdown: 'grape',
};

export const collegeStatusLabels: Record<CollegeStatus, string> = {
  researching: 'Researching',
  contacted: 'Contacted',
  visited: 'Visited',
  offer: 'Offer',
  committed: 'Committed',
};

export const collegeDivisions = ['D1', 'D2', 'D3', 'NAIA', 'JUCO'] as const;

/** The advice's range: identify 10 to 15 target schools. */
export const TARGET_SCHOOLS = { min: 10, max: 15 } as const;

export const recruitingToasts = {
  collegeAdded: { title: 'College Added', message: 'The college is on your list.' },
  collegeUpdated: { title: 'College Updated', message: 'Your changes are saved.' },
  collegeRemoved: { title: 'College removed', message: 'It is no longer on your list.' },
  collegeFailed: { title: 'Error', fallback: 'Failed to save college interest' },
  checklistFailed: { title: 'Error', fallback: 'Failed to update the checklist' },
  addedToTimeline: { title: 'Added to your timeline', message: 'The date is on your calendar of events.' },
  timelineFailed: { title: 'Error', fallback: 'Failed to add the date to your timeline' },
  coachLinkMade: { title: 'Coach link made', message: 'Copy it and send it to the coach.' },
  coachLinkSaved: { title: 'Coach link updated', message: 'The coach sees your changes the next time they open it.' },
  coachLinkRevoked: { title: 'Coach link revoked', message: 'It no longer opens.' },
  coachLinkFailed: { title: 'Error', fallback: 'Failed to save the coach link' },
  feedFailed: { title: 'Error', fallback: 'Failed to change the calendar subscription' },
} as const;

/** The coach links of a college (issue 31). */
export const coachLinkText = {
  section: 'Coach links',
  newLink: 'New coach link',
  noLinks: 'Make a link for a coach: it shows them only what you choose, and tells you what they watched.',
  dialogNew: 'New coach link',
  dialogEdit: 'Edit coach link',
  coachName: 'Coach name',
  coachNameRequired: 'Coach name is required',
  coachEmail: 'Coach e-mail (optional)',
  show: 'What the coach sees',
  profile: 'Photo, position, class and school',
  academics: 'Academics (GPA, test scores, transcript)',
  measurables: 'Measurables (height, weight, combine numbers)',
  stats: 'Season stats',
  events: 'Upcoming games and events',
  clips: 'Clips and photos',
  noClips: 'No videos or photos in the library yet.',
  familyOnly: 'Family only: made shareable when you save',
  expires: 'Expires on (optional)',
  expiresHint: "Empty: the end of the athlete's signing period for this division, or 180 days.",
  save: 'Save',
  cancel: 'Cancel',
  copy: 'Copy link',
  edit: 'Edit',
  revoke: 'Revoke',
  confirmRevoke: 'Revoke this link? The coach will no longer be able to open it.',
  notOpened: 'Not opened yet',
  revoked: 'Revoked',
  expired: 'Expired',
  expiresOn: (date: string) => `Expires ${date}`,
};

/** The conversation with each school: contacts, the outreach log and the next follow-up (issue 31). */
export const outreachText = {
  contacts: 'Contacts',
  noContacts: 'No contacts yet. Add the coaches you talk to.',
  addContact: 'Add contact',
  editContact: 'Edit contact',
  contactName: 'Name',
  contactNameRequired: 'Name is required',
  contactRole: 'Role',
  contactRolePlaceholder: 'Head coach, recruiting coordinator…',
  contactEmail: 'E-mail',
  contactPhone: 'Phone',
  confirmRemoveContact: 'Remove this contact? The log keeps its entries.',
  emailCoach: 'E-mail this coach',
  emailCoachHint: 'Opens your own mail app with a short message to edit and send.',
  logThisEmail: 'Log this e-mail',
  logged: 'Logged',
  log: 'Outreach log',
  noLog: 'Nothing logged yet: e-mails, calls, visits and offers go here.',
  logEntry: 'Log',
  kind: 'What happened',
  date: 'Date',
  note: 'Note',
  with: 'With',
  nobody: 'No one in particular',
  showMore: 'Show more',
  removeEntry: 'Remove',
  confirmRemoveEntry: 'Remove this entry from the log?',
  followUp: 'Next follow-up',
  noFollowUp: 'No follow-up set',
  setFollowUp: 'Set',
  clearFollowUp: 'Clear',
  followUpOn: (date: string) => `Follow up ${date}`,
  followUpOverdue: (date: string) => `Follow-up overdue: ${date}`,
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  remove: 'Remove',
  // The dashboard's card
  dashboardTitle: 'Follow-ups',
  dashboardNone: 'No follow-ups due',
  dashboardNoneHint: 'Set a next follow-up on a college and it shows here when it is due.',
  dueToday: 'Due today',
  overdueBy: (days: number) => (days === 1 ? '1 day overdue' : `${days} days overdue`),
  andMore: (n: number) => `and ${n} more`,
  openColleges: 'Open College Interests',
} as const;

export const outreachKindLabels: Record<OutreachKind, string> = {
  email_sent: 'E-mail sent',
  email_received: 'E-mail received',
  call: 'Call',
  text: 'Text',
  visit: 'Visit',
  camp: 'Camp',
  offer: 'Offer',
};

export const outreachToasts = {
  contactAdded: { title: 'Contact added', message: 'They are on the college’s contacts.' },
  contactSaved: { title: 'Contact updated', message: 'Your changes are saved.' },
  contactRemoved: { title: 'Contact removed', message: 'The log keeps its entries.' },
  contactFailed: { title: 'Error', fallback: 'Failed to save the contact' },
  logged: { title: 'Logged', message: 'It is in the college’s outreach log.' },
  entryRemoved: { title: 'Entry removed', message: 'It is no longer in the log.' },
  logFailed: { title: 'Error', fallback: 'Failed to save the outreach log' },
  followUpSet: { title: 'Follow-up set', message: 'It shows on the dashboard when it is due, and in your calendar.' },
  followUpCleared: { title: 'Follow-up cleared', message: 'It no longer shows on the dashboard or in your calendar.' },
  followUpFailed: { title: 'Error', fallback: 'Failed to save the follow-up' },
} as const;
