import { apiRequest } from '../../lib/api';

// Types and calls for the recruiting center, as written in docs/API.md.

export type PeriodType = 'contact' | 'evaluation' | 'quiet' | 'dead' | 'recruiting_shutdown';

/** What a period lets a coach do, in plain English. */
export interface PeriodMeaning {
  label: string;
  short: string;
  may: string[] | null;
  mayNot: string[] | null;
}

export interface PeriodView {
  type: PeriodType;
  meaning: PeriodMeaning;
  start: string;
  end: string;
  note: string;
  sourceUrl: string;
  verified: boolean;
}

export interface DivisionView {
  division: string;
  /** Null when no calendar here covers today. */
  current: PeriodView | null;
  next: PeriodView[];
}

/** Text beside the calendars: what applies where there is no calendar, or what a calendar lacks. */
export interface CalendarNote {
  /** D1, D2, D3 or NAIA. */
  division: string;
  text: string;
  sourceUrl: string;
  verified: boolean;
}

export interface SportView {
  key: string;
  label: string;
  divisions: DivisionView[];
  /** What part of this sport's calendar is not transcribed, and why. */
  notes: CalendarNote[];
}

export interface KeyDate {
  key: string;
  sport: string;
  sportLabel: string;
  division: string;
  event: string;
  title: string;
  date: string;
  endDate: string;
  rule: string;
  bylaw: string;
  sourceUrl: string;
  verified: boolean;
  note: string;
  past: boolean;
  /** The timeline event made from this date, once added. */
  eventId: number | null;
}

export interface RecruitingCalendar {
  today: string;
  classOf: number;
  disclaimer: string;
  sports: SportView[];
  keyDates: KeyDate[];
  /** Division II, Division III and the NAIA: the rules that apply there. */
  notes: CalendarNote[];
}

/** The spec's recruiting (calendar) event, from GET /api/recruiting-events. */
export interface RecruitingEvent {
  id: number;
  uid: string;
  title: string;
  description: string;
  date: string;
  endDate: string;
  sportType: string;
  division: string;
  isNcaaEvent: boolean;
  periodType?: PeriodType;
  sourceUrl: string;
  verified: boolean;
}

export type CollegeStatus = 'researching' | 'contacted' | 'visited' | 'offer' | 'committed';

export interface CollegeInterest {
  id: number;
  name: string;
  division: string;
  location: string;
  /** 1 to 5 stars. */
  interest: number;
  status: CollegeStatus;
  notes: string;
  coachContact: string;
  /** The day the family means to follow up (YYYY-MM-DD), or null. */
  nextFollowUpOn: string | null;
}

/** A college sent without nextFollowUpOn keeps its follow-up; null clears it. */
export type CollegeInterestInput = Omit<CollegeInterest, 'id' | 'nextFollowUpOn'> & { nextFollowUpOn?: string | null };

export interface ChecklistItem {
  id: number;
  title: string;
  dueDate: string | null;
  done: boolean;
  /** An item of the default list for the class year. */
  default: boolean;
  /**
   * What the athlete's records show about the step ("You have 2 highlight videos"), null when they
   * show nothing. The server ticks a proven step until the family changes it after the proof came.
   */
  proof: string | null;
}

export interface ChecklistInput {
  title?: string;
  dueDate?: string | null;
  done?: boolean;
}

export const recruitingUrls = {
  calendar: (athleteId: number) => `/api/athletes/${athleteId}/recruiting-calendar`,
  events: (sport: string) => `/api/recruiting-events?sport=${encodeURIComponent(sport)}`,
  colleges: (athleteId: number) => `/api/athletes/${athleteId}/college-interests`,
  college: (id: number) => `/api/college-interests/${id}`,
  checklist: (athleteId: number) => `/api/athletes/${athleteId}/checklist`,
  checklistItem: (id: number) => `/api/checklist/${id}`,
  athleteEvents: (athleteId: number) => `/api/athletes/${athleteId}/events`,
} as const;

export const fetchRecruitingCalendar = (athleteId: number) =>
  apiRequest<RecruitingCalendar>('GET', recruitingUrls.calendar(athleteId));
export const fetchRecruitingEvents = (sport: string) => apiRequest<RecruitingEvent[]>('GET', recruitingUrls.events(sport));
export const createCollege = (athleteId: number, input: CollegeInterestInput) =>
  apiRequest<CollegeInterest>('POST', recruitingUrls.colleges(athleteId), input);
export const updateCollege = (id: number, input: CollegeInterestInput) =>
  apiRequest<CollegeInterest>('PUT', recruitingUrls.college(id), input);
export const deleteCollege = (id: number) => apiRequest<void>('DELETE', recruitingUrls.college(id));
export const fetchChecklist = (athleteId: number) => apiRequest<ChecklistItem[]>('GET', recruitingUrls.checklist(athleteId));
export const createChecklistItem = (athleteId: number, input: ChecklistInput) =>
  apiRequest<ChecklistItem>('POST', recruitingUrls.checklist(athleteId), input);
export const updateChecklistItem = (id: number, input: ChecklistInput) =>
  apiRequest<ChecklistItem>('PUT', recruitingUrls.checklistItem(id), input);
export const deleteChecklistItem = (id: number) => apiRequest<void>('DELETE', recruitingUrls.checklistItem(id));
/** 'Add to My Timeline': the server makes the event from the key date. */
export const addKeyDateToTimeline = (athleteId: number, key: string) =>
  apiRequest<unknown>('POST', recruitingUrls.athleteEvents(athleteId), { keyDate: key });

/** The athlete's calendar as an .ics download (events, key dates and NCAA periods). */
export const calendarExportUrl = (athleteId: number) => `/api/athletes/${athleteId}/calendar.ics`;

/** The private calendar subscription (webcal://); url is null when there is none. */
export interface CalendarFeed {
  url: string | null;
  createdAt: string | null;
}

export const calendarFeedUrl = (athleteId: number) => `/api/athletes/${athleteId}/calendar-feed`;
export const fetchCalendarFeed = (athleteId: number) => apiRequest<CalendarFeed>('GET', calendarFeedUrl(athleteId));
/** A new subscription URL; the one before stops working. */
export const createCalendarFeed = (athleteId: number) => apiRequest<CalendarFeed>('POST', calendarFeedUrl(athleteId));
export const revokeCalendarFeed = (athleteId: number) => apiRequest<void>('DELETE', calendarFeedUrl(athleteId));

/** What a coach link shows besides the athlete's name and sport. */
export interface CoachLinkInclude {
  profile: boolean;
  academics: boolean;
  measurables: boolean;
  stats: boolean;
  events: boolean;
  /** The clips and photos the coach may open, in this order. */
  mediaIds: number[];
}

/** What coaches watched of one clip: the most one visitor watched in a day, of the clip's length. */
export interface ClipReceipt {
  mediaId: number;
  title: string;
  seconds: number;
  duration: number | null;
  totalSeconds: number;
  views: number;
}

/** A link made for one college's coach, with its receipts. */
export interface CoachLink {
  id: number;
  collegeInterestId: number;
  code: string;
  url: string;
  coachName: string;
  coachEmail: string;
  include: CoachLinkInclude;
  expiresAt: string;
  revokedAt: string | null;
  state: 'active' | 'expired' | 'revoked';
  createdAt: string;
  receipts: { opens: number; firstOpenedAt: string | null; lastOpenedAt: string | null; clips: ClipReceipt[] };
}

export interface CoachLinkInput {
  coachName: string;
  coachEmail: string;
  include: CoachLinkInclude;
  /** YYYY-MM-DD; empty keeps the default (the signing period for the division, or 180 days). */
  expiresAt?: string;
  /** Clear "Family only" on the chosen items that have it. */
  makeShareable: boolean;
}

export const coachLinkUrls = {
  list: (collegeId: number) => `/api/college-interests/${collegeId}/links`,
  link: (id: number) => `/api/recruiting-links/${id}`,
} as const;

export const fetchCoachLinks = (collegeId: number) => apiRequest<CoachLink[]>('GET', coachLinkUrls.list(collegeId));
export const createCoachLink = (collegeId: number, input: CoachLinkInput) =>
  apiRequest<CoachLink>('POST', coachLinkUrls.list(collegeId), input);
export const updateCoachLink = (id: number, input: CoachLinkInput) => apiRequest<CoachLink>('PUT', coachLinkUrls.link(id), input);
export const revokeCoachLink = (id: number) => apiRequest<void>('DELETE', coachLinkUrls.link(id));

/** Someone the family deals with at a college. */
export interface CollegeContact {
  id: number;
  collegeInterestId: number;
  name: string;
  role: string;
  email: string;
  phone: string;
}

export type CollegeContactInput = Pick<CollegeContact, 'name' | 'role' | 'email' | 'phone'>;

export type OutreachKind = 'email_sent' | 'email_received' | 'call' | 'text' | 'visit' | 'camp' | 'offer';

/** One entry of a college's outreach log. */
export interface Outreach {
  id: number;
  collegeInterestId: number;
  contactId: number | null;
  kind: OutreachKind;
  date: string;
  note: string;
  createdAt: string;
}

/**
 * A college as the list answers it: with what its card shows, so the page asks once for all of them
 * (contacts and the first page of the log as their own routes answer them; links only for those who edit,
 * null for others). The list keeps the college itself; the rest goes to each card's queries.
 */
export interface CollegeCard extends CollegeInterest {
  contacts: CollegeContact[];
  outreach: { items: Outreach[]; nextCursor: string | null };
  links: CoachLink[] | null;
}

/** Entries of a college's log on its first page: what the card shows before "Show more" (the list carries as many). */
export const OUTREACH_FIRST_PAGE = 5;

export interface OutreachInput {
  kind: OutreachKind;
  /** YYYY-MM-DD; left out: today where the athlete lives. */
  date?: string;
  note?: string;
  contactId?: number | null;
}

/** A college whose follow-up is today or past. */
export interface FollowUp {
  collegeInterestId: number;
  name: string;
  division: string;
  on: string;
  /** 0: due today. */
  daysOverdue: number;
}

export interface FollowUps {
  today: string;
  due: FollowUp[];
  /** The due follow-ups beyond those listed. */
  more: number;
}

export const outreachUrls = {
  contacts: (collegeId: number) => `/api/college-interests/${collegeId}/contacts`,
  contact: (id: number) => `/api/college-contacts/${id}`,
  log: (collegeId: number) => `/api/college-interests/${collegeId}/outreach`,
  entry: (id: number) => `/api/college-outreach/${id}`,
  followUps: (athleteId: number) => `/api/athletes/${athleteId}/follow-ups`,
} as const;

export const fetchContacts = (collegeId: number) => apiRequest<CollegeContact[]>('GET', outreachUrls.contacts(collegeId));
export const createContact = (collegeId: number, input: CollegeContactInput) =>
  apiRequest<CollegeContact>('POST', outreachUrls.contacts(collegeId), input);
export const updateContact = (id: number, input: CollegeContactInput) => apiRequest<CollegeContact>('PUT', outreachUrls.contact(id), input);
export const deleteContact = (id: number) => apiRequest<void>('DELETE', outreachUrls.contact(id));
export const createOutreach = (collegeId: number, input: OutreachInput) => apiRequest<Outreach>('POST', outreachUrls.log(collegeId), input);
export const deleteOutreach = (id: number) => apiRequest<void>('DELETE', outreachUrls.entry(id));
export const fetchFollowUps = (athleteId: number) => apiRequest<FollowUps>('GET', outreachUrls.followUps(athleteId));
