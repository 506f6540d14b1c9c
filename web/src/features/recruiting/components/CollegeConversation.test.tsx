import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { RecruitingCenter } from './RecruitingCenter';
import { aFamilyAthlete, anAthlete } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';
import type { CoachLink, CollegeContact, CollegeInterest, Outreach, RecruitingCalendar } from '../api';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const calendar: RecruitingCalendar = { today: '2026-11-10', classOf: 2028, disclaimer: '', sports: [], keyDates: [], notes: [] };
const state: CollegeInterest = {
  id: 5, name: 'State University', division: 'D1', location: '', interest: 4, status: 'contacted', notes: '', coachContact: '', nextFollowUpOn: null,
};
const diaz: CollegeContact = { id: 11, collegeInterestId: 5, name: 'Coach Diaz', role: 'Head coach', email: 'diaz@state.example', phone: '+1 555 010 2233' };
const link = (id: number, state: CoachLink['state']) =>
  ({ id, collegeInterestId: 5, state, coachName: 'Coach Diaz', coachEmail: 'coach@state.example', url: `https://ll.example/r/code${id}`,
    include: { profile: true, academics: false, measurables: false, stats: false, events: false, mediaIds: [] },
    receipts: { opens: 0, firstOpenedAt: null, lastOpenedAt: null, clips: [] } }) as unknown as CoachLink;

function routes(athleteId: number, { contacts = [diaz], log = [] as Outreach[] } = {}) {
  let college = state;
  let entries = log;
  return stubFetch({
    'GET /api/athletes': { body: [athleteId === 7 ? anAthlete() : aFamilyAthlete('viewer')] },
    [`GET /api/athletes/${athleteId}/recruiting-calendar`]: { body: calendar },
    [`GET /api/athletes/${athleteId}/college-interests`]: () => ({ body: [college] }),
    [`GET /api/athletes/${athleteId}/checklist`]: { body: [] },
    [`GET /api/athletes/${athleteId}/calendar-feed`]: { body: { url: null, createdAt: null } },
    'GET /api/college-interests/5/contacts': { body: contacts },
    'GET /api/college-interests/5/outreach?limit=5': () => ({ body: entries }),
    'GET /api/college-interests/5/links': { body: [link(1, 'active'), link(2, 'active'), link(3, 'revoked')] },
    'POST /api/college-interests/5/outreach': (body) => {
      const entry = { id: 90, collegeInterestId: 5, contactId: 11, kind: 'email_sent', date: '2026-11-10', note: '', createdAt: '', ...(body as object) } as Outreach;
      entries = [entry, ...entries];
      return { status: 201, body: entry };
    },
    'PUT /api/college-interests/5': (body) => {
      college = { ...college, ...(body as object) };
      return { body: college };
    },
    [`GET /api/athletes/${athleteId}/follow-ups`]: { body: { today: '2026-11-10', due: [], more: 0 } },
  });
}

describe('The conversation with a college', () => {
  it('e-mails the coach from the family’s own mail app with the newest link, and logs it in one tap', async () => {
    const { calls } = routes(7);
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting?tab=colleges', user: testUser });

    const contact = await screen.findByRole('region', { name: 'Contact Coach Diaz' });
    const email = within(contact).getByRole('link', { name: 'E-mail this coach: Coach Diaz' });
    await waitFor(() => expect(email.getAttribute('href')).toContain(encodeURIComponent('https://ll.example/r/code2')));
    const href = new URL(email.getAttribute('href')!);
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe('diaz@state.example');
    expect(href.searchParams.get('body')).toContain('Here is a page made for you with my video and details: https://ll.example/r/code2');
    expect(within(contact).queryByRole('button', { name: 'Log this e-mail' })).toBeNull();

    // jsdom has no mail app to leave for: the click does everything but that.
    const stayHere = (e: MouseEvent) => e.preventDefault();
    document.addEventListener('click', stayHere, true);
    fireEvent.click(email);
    document.removeEventListener('click', stayHere, true);
    fireEvent.click(within(contact).getByRole('button', { name: 'Log this e-mail' }));
    expect(await within(contact).findByText('Logged')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'email_sent', contactId: 11 });
    const log = screen.getByRole('region', { name: 'Outreach log: State University' });
    expect(await within(log).findByText('E-mail sent')).toBeTruthy();
    expect(within(log).getByText(/Coach Diaz/)).toBeTruthy();
  });

  it('without contacts, writes to the coach the link names', async () => {
    routes(7, { contacts: [] });
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting?tab=colleges', user: testUser });

    const college = await screen.findByRole('article', { name: 'State University' });
    expect(await within(college).findByText('No contacts yet. Add the coaches you talk to.')).toBeTruthy();
    const email = within(college).getByRole('link', { name: 'E-mail this coach: State University' });
    await waitFor(() => expect(email.getAttribute('href')).toMatch(/^mailto:coach@state\.example\?/));
  });

  it('sets and clears the next follow-up on the college, sending the college as it is', async () => {
    const { calls } = routes(7);
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting?tab=colleges', user: testUser });

    const college = await screen.findByRole('article', { name: 'State University' });
    expect(within(college).getByText('No follow-up set')).toBeTruthy();
    fireEvent.change(within(college).getByLabelText('Next follow-up: State University'), { target: { value: '2099-01-08' } });
    fireEvent.click(within(college).getByRole('button', { name: 'Set' }));
    expect(await within(college).findByText('Follow up Thu, Jan 8, 2099')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...state, id: undefined, nextFollowUpOn: '2099-01-08' });
    fireEvent.click(within(college).getByRole('button', { name: 'Clear' }));
    expect(await within(college).findByText('No follow-up set')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toMatchObject({ nextFollowUpOn: null });
  });

  it('shows a viewer the contacts and the log, without ways to change them or e-mail', async () => {
    routes(9, { log: [{ id: 1, collegeInterestId: 5, contactId: 11, kind: 'call', date: '2026-10-02', note: 'Talked about camp', createdAt: '' }] });
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting?tab=colleges', user: testUser });

    const contact = await screen.findByRole('region', { name: 'Contact Coach Diaz' });
    expect(within(contact).getByText('diaz@state.example')).toBeTruthy();
    expect(within(contact).queryByRole('link', { name: /E-mail this coach/ })).toBeNull();
    expect(await screen.findByText('Talked about camp')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add contact' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log' })).toBeNull();
    expect(screen.queryByLabelText('Next follow-up: State University')).toBeNull();
  });
});
