import { useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { myAthletesKey } from '../../lib/currentAthlete';
import { useInfiniteList, type Page } from '../../lib/pages';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { outreachToasts, recruitingToasts } from './strings';

// Query keys: the first element is the URL (spec convention), so prefix invalidation works from it.
export const recruitingKeys = {
  calendar: (athleteId: number) => [api.recruitingUrls.calendar(athleteId)] as const,
  events: (sport: string) => [api.recruitingUrls.events(sport)] as const,
  colleges: (athleteId: number) => [api.recruitingUrls.colleges(athleteId), 'pages'] as const,
  checklist: (athleteId: number) => [api.recruitingUrls.checklist(athleteId)] as const,
};

const outreachKey = (collegeId: number) => [api.outreachUrls.log(collegeId), 'pages'];

export function useRecruitingCalendarQuery(athleteId: number | undefined) {
  return useQuery({
    queryKey: recruitingKeys.calendar(athleteId ?? 0),
    queryFn: () => api.fetchRecruitingCalendar(athleteId!),
    enabled: athleteId !== undefined,
  });
}

/** The NCAA periods and signing dates for a sport (or an athlete's sports, "Baseball, Softball"). */
export function useRecruitingEventsQuery(sport: string | undefined) {
  return useQuery({
    queryKey: recruitingKeys.events(sport ?? ''),
    queryFn: () => api.fetchRecruitingEvents(sport!),
    enabled: !!sport,
  });
}

/** A family follows tens of colleges, a few hundred at most: after the first page, the largest pages the list gives. */
const COLLEGE_PAGE_MAX = 200;

/**
 * Keeps what a college's row of the list carries for its card (api.CollegeCard) as the card's own queries'
 * answers, where they have none yet (a card's query already loaded stays: its own changes refresh it), and
 * answers the college alone, as the list keeps it and its forms send it back.
 */
export function keepCollegeCard(client: QueryClient, { contacts, outreach, links, ...college }: api.CollegeCard): api.CollegeInterest {
  const absent = (key: readonly unknown[]) => client.getQueryData(key) === undefined;
  const contactsKey = [api.outreachUrls.contacts(college.id)];
  if (contacts && absent(contactsKey)) client.setQueryData(contactsKey, contacts);
  const logKey = outreachKey(college.id);
  if (outreach && absent(logKey)) {
    client.setQueryData<InfiniteData<Page<api.Outreach>>>(logKey, {
      pages: [{ items: outreach.items, next: outreach.nextCursor }],
      pageParams: [{ cursor: null, limit: api.OUTREACH_FIRST_PAGE }],
    });
  }
  const linksKey = [api.coachLinkUrls.list(college.id)];
  if (links && absent(linksKey)) client.setQueryData(linksKey, links);
  return college;
}

/** The athlete's college interests, highest interest first, page by page (lib/pages), each card's data with it. */
export function useCollegesQuery(athleteId: number | undefined) {
  const client = useQueryClient();
  return useInfiniteList<api.CollegeInterest>({
    queryKey: recruitingKeys.colleges(athleteId ?? 0),
    url: api.recruitingUrls.colleges(athleteId ?? 0),
    enabled: athleteId !== undefined,
    nextLimit: COLLEGE_PAGE_MAX,
    onPage: (page) => ({ ...page, items: page.items.map((college) => keepCollegeCard(client, college as api.CollegeCard)) }),
  });
}

export function useChecklistQuery(athleteId: number | undefined) {
  return useQuery({
    queryKey: recruitingKeys.checklist(athleteId ?? 0),
    queryFn: () => api.fetchChecklist(athleteId!),
    enabled: athleteId !== undefined,
  });
}

/** The profile completion counts colleges and checklist progress: refresh the athletes too. */
function refreshAfter(client: QueryClient, key: readonly unknown[]) {
  return Promise.all([
    client.invalidateQueries({ queryKey: key }),
    client.invalidateQueries({ queryKey: myAthletesKey }),
  ]);
}

export function useSaveCollegeMutation(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: api.CollegeInterestInput }) =>
      id === undefined ? api.createCollege(athleteId, input) : api.updateCollege(id, input),
    onSuccess: (_d, { id }) => {
      showSuccess(id === undefined ? recruitingToasts.collegeAdded : recruitingToasts.collegeUpdated);
      return Promise.all([
        refreshAfter(client, recruitingKeys.colleges(athleteId)),
        client.invalidateQueries({ queryKey: [api.outreachUrls.followUps(athleteId)] }),
      ]);
    },
    onError: (err) => showError(recruitingToasts.collegeFailed, err),
  });
}

export function useDeleteCollegeMutation(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.deleteCollege(id),
    onSuccess: () => {
      showSuccess(recruitingToasts.collegeRemoved);
      return Promise.all([
        refreshAfter(client, recruitingKeys.colleges(athleteId)),
        client.invalidateQueries({ queryKey: [api.outreachUrls.followUps(athleteId)] }),
      ]);
    },
    onError: (err) => showError(recruitingToasts.collegeFailed, err),
  });
}

/** Adds (no id), changes or (remove) deletes a checklist item. */
export function useChecklistMutation(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, remove }: { id?: number; input?: api.ChecklistInput; remove?: boolean }) => {
      if (id === undefined) await api.createChecklistItem(athleteId, input ?? {});
      else if (remove) await api.deleteChecklistItem(id);
      else await api.updateChecklistItem(id, input ?? {});
    },
    // Checking an item off shows at once; a failure puts it back (the refetch after settling).
    onMutate: async ({ id, input, remove }) => {
      if (id === undefined || remove || input?.done === undefined) return;
      const key = recruitingKeys.checklist(athleteId);
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<api.ChecklistItem[]>(key, (items) => items?.map((i) => (i.id === id ? { ...i, done: input.done! } : i)));
    },
    onSettled: () => refreshAfter(client, recruitingKeys.checklist(athleteId)),
    onError: (err) => showError(recruitingToasts.checklistFailed, err),
  });
}

/** 'Add to My Timeline': the key date becomes an event (the dashboard's Upcoming Events shows it). */
export function useAddKeyDateMutation(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api.addKeyDateToTimeline(athleteId, key),
    onSuccess: () => {
      showSuccess(recruitingToasts.addedToTimeline);
      return Promise.all([
        client.invalidateQueries({ queryKey: recruitingKeys.calendar(athleteId) }),
        client.invalidateQueries({
          predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(api.recruitingUrls.athleteEvents(athleteId)),
        }),
      ]);
    },
    onError: (err) => showError(recruitingToasts.timelineFailed, err),
  });
}

export function useCalendarFeedQuery(athleteId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [api.calendarFeedUrl(athleteId ?? 0)],
    queryFn: () => api.fetchCalendarFeed(athleteId!),
    enabled: enabled && athleteId !== undefined,
  });
}

/** Makes a new subscription URL (revoke: removes it); the old URL answers 404 from then on. */
export function useCalendarFeedMutation(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (revoke: boolean) => {
      if (revoke) await api.revokeCalendarFeed(athleteId);
      else await api.createCalendarFeed(athleteId);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [api.calendarFeedUrl(athleteId)] }),
    onError: (err) => showError(recruitingToasts.feedFailed, err),
  });
}

/** A college's coach links with their receipts (a few per college: one list). */
export function useCoachLinksQuery(collegeId: number) {
  return useQuery({ queryKey: [api.coachLinkUrls.list(collegeId)], queryFn: () => api.fetchCoachLinks(collegeId) });
}

export function useSaveCoachLinkMutation(collegeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: api.CoachLinkInput }) =>
      id === undefined ? api.createCoachLink(collegeId, input) : api.updateCoachLink(id, input),
    onSuccess: (_, { id }) => {
      showSuccess(id === undefined ? recruitingToasts.coachLinkMade : recruitingToasts.coachLinkSaved);
      return client.invalidateQueries({ queryKey: [api.coachLinkUrls.list(collegeId)] });
    },
    onError: (err) => showError(recruitingToasts.coachLinkFailed, err),
  });
}

export function useRevokeCoachLinkMutation(collegeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.revokeCoachLink(id),
    onSuccess: () => {
      showSuccess(recruitingToasts.coachLinkRevoked);
      return client.invalidateQueries({ queryKey: [api.coachLinkUrls.list(collegeId)] });
    },
    onError: (err) => showError(recruitingToasts.coachLinkFailed, err),
  });
}

/** A college's contacts (at most 50: one list). */
export function useContactsQuery(collegeId: number) {
  return useQuery({ queryKey: [api.outreachUrls.contacts(collegeId)], queryFn: () => api.fetchContacts(collegeId) });
}

/** Adds (no id), changes or (remove) deletes a contact; a removed one leaves its log entries naming no one. */
export function useContactMutation(collegeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, remove }: { id?: number; input?: api.CollegeContactInput; remove?: boolean }) => {
      if (id === undefined) await api.createContact(collegeId, input!);
      else if (remove) await api.deleteContact(id);
      else await api.updateContact(id, input!);
    },
    onSuccess: (_, { id, remove }) => {
      showSuccess(remove ? outreachToasts.contactRemoved : id === undefined ? outreachToasts.contactAdded : outreachToasts.contactSaved);
      return Promise.all([
        client.invalidateQueries({ queryKey: [api.outreachUrls.contacts(collegeId)] }),
        client.invalidateQueries({ queryKey: [api.outreachUrls.log(collegeId)] }),
      ]);
    },
    onError: (err) => showError(outreachToasts.contactFailed, err),
  });
}

/** A college's outreach log, newest first, page by page. */
export function useOutreachQuery(collegeId: number) {
  return useInfiniteList<api.Outreach>({ queryKey: outreachKey(collegeId), url: api.outreachUrls.log(collegeId), firstLimit: api.OUTREACH_FIRST_PAGE });
}

/** Logs an entry (or, with remove, deletes one). */
export function useOutreachMutation(collegeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, remove }: { input?: api.OutreachInput; remove?: number }) => {
      if (remove !== undefined) await api.deleteOutreach(remove);
      else await api.createOutreach(collegeId, input!);
    },
    onSuccess: (_, { remove }) => {
      showSuccess(remove !== undefined ? outreachToasts.entryRemoved : outreachToasts.logged);
      return client.invalidateQueries({ queryKey: [api.outreachUrls.log(collegeId)] });
    },
    onError: (err) => showError(outreachToasts.logFailed, err),
  });
}

/** Sets (a day) or clears (null) a college's next follow-up; the dashboard's list follows. */
export function useFollowUpMutation(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ college, on }: { college: api.CollegeInterest; on: string | null }) => {
      const { id, ...input } = college;
      return api.updateCollege(id, { ...input, nextFollowUpOn: on });
    },
    onSuccess: (_, { on }) => {
      showSuccess(on ? outreachToasts.followUpSet : outreachToasts.followUpCleared);
      return Promise.all([
        client.invalidateQueries({ queryKey: recruitingKeys.colleges(athleteId) }),
        client.invalidateQueries({ queryKey: [api.outreachUrls.followUps(athleteId)] }),
      ]);
    },
    onError: (err) => showError(outreachToasts.followUpFailed, err),
  });
}

/** The follow-ups due today or past, for the dashboard. */
export function useFollowUpsQuery(athleteId: number | undefined) {
  return useQuery({
    queryKey: [api.outreachUrls.followUps(athleteId ?? 0)],
    queryFn: () => api.fetchFollowUps(athleteId!),
    enabled: athleteId !== undefined,
  });
}
