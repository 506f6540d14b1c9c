import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { RecruitingCenter } from './RecruitingCenter';
import { aFamilyAthlete, anAthlete } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';
import type { ChecklistItem, CollegeInterest, RecruitingCalendar } from '../api';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const meaning = { label: 'Dead Period', short: 'No in-person recruiting anywhere.', may: ['Call'], mayNot: ['Meet you in person'] };

function aCalendar(eventId: number | null = null): RecruitingCalendar {
  return {
    today: '2026-11-10',
    classOf: 2029,
    disclaimer: 'Transcribed from NCAA publications.',
    sports: [
      {
        key: 'baseball',
        label: 'Baseball',
        divisions: [
          {
            division: 'D1',
            current: { type: 'dead', meaning, start: '2026-11-09', end: '2026-11-12', note: 'Signing week', sourceUrl: 'https://ncaa.example/mba.pdf', verified: true },
            next: [{ type: 'quiet', meaning: { ...meaning, label: 'Quiet Period' }, start: '2026-11-13', end: '2026-11-23', note: '', sourceUrl: '', verified: true }],
          },
          { division: 'D2', current: null, next: [] },
        ],
        notes: [],
      },
      {
        key: 'mens_wrestling',
        label: "Men's Wrestling",
        divisions: [{ division: 'D1', current: null, next: [] }],
        notes: [{ division: 'D1', text: 'The wrestling section is not transcribed.', sourceUrl: 'https://ncaa.example/other.pdf', verified: false }],
      },
    ],
    notes: [
      { division: 'D3', text: 'Division III publishes no recruiting calendar.', sourceUrl: 'https://ncaa.example/d3-manual', verified: true },
      { division: 'NAIA', text: 'The NAIA publishes no recruiting calendar.', sourceUrl: 'https://naia.example/bylaws', verified: true },
    ],
    keyDates: [
      {
        key: 'baseball-D1-calls_and_materials-2029',
        sport: 'baseball',
        sportLabel: 'Baseball',
        division: 'D1',
        event: 'calls_and_materials',
        title: 'Coaches may call and send recruiting materials',
        date: '2027-08-01',
        endDate: '2027-08-01',
        rule: 'August 1 of junior year',
        bylaw: '13.1.3.2.3',
        sourceUrl: 'https://ncaa.example/manual',
        verified: false,
        note: '',
        past: false,
        eventId,
      },
    ],
  };
}

const checklist: ChecklistItem[] = [
  { id: 1, title: 'Register with the NCAA Eligibility Center', dueDate: '2026-08-01', done: false, default: true, proof: null },
  { id: 2, title: 'Make a highlight video', dueDate: '2027-06-01', done: false, default: true, proof: null },
];

function routes(overrides: Record<string, unknown> = {}) {
  let colleges: CollegeInterest[] = [];
  let items = checklist;
  let calendar = aCalendar();
  let feed: { url: string | null; createdAt: string | null } = { url: null, createdAt: null };
  return stubFetch({
    'GET /api/athletes': { body: [anAthlete()] },
    'GET /api/athletes/7/recruiting-calendar': () => ({ body: calendar }),
    'GET /api/athletes/7/college-interests': () => ({ body: colleges }),
    'GET /api/athletes/7/checklist': () => ({ body: items }),
    'POST /api/athletes/7/college-interests': (body) => {
      colleges = [{ id: 5, ...(body as Omit<CollegeInterest, 'id'>) }];
      return { status: 201, body: colleges[0] };
    },
    'PUT /api/checklist/1': (body) => {
      items = items.map((i) => (i.id === 1 ? { ...i, ...(body as object) } : i));
      return { body: items[0] };
    },
    'GET /api/athletes/7/calendar-feed': () => ({ body: feed }),
    'POST /api/athletes/7/calendar-feed': () => {
      feed = { url: 'webcal://legacylocker.example/api/calendar/TOKEN.ics', createdAt: '2026-11-24T14:00:00Z' };
      return { status: 201, body: feed };
    },
    'POST /api/athletes/7/events': () => {
      calendar = aCalendar(40);
      return { status: 201, body: { id: 40 } };
    },
    ...overrides,
  });
}

describe('Recruiting center', () => {
  it("shows today's period with its meaning, its source and the athlete's key dates with an unverified badge", async () => {
    routes();
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting', user: testUser });

    const baseball = await screen.findByRole('region', { name: 'Baseball' });
    expect(within(baseball).getByText('Dead Period')).toBeTruthy();
    expect(within(baseball).getByText('No in-person recruiting anywhere.')).toBeTruthy();
    expect(within(baseball).getByText('Meet you in person')).toBeTruthy();
    expect(within(baseball).getByText('NCAA Official')).toBeTruthy();
    expect(within(baseball).getByRole('link', { name: 'Source' }).getAttribute('href')).toBe('https://ncaa.example/mba.pdf');
    expect(within(baseball).getByText('Quiet Period')).toBeTruthy();
    expect(screen.getByText('Transcribed from NCAA publications.')).toBeTruthy();
    const key = screen.getByRole('article', { name: 'Coaches may call and send recruiting materials (Baseball, D1)' });
    expect(within(key).getByText('Unverified')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export Calendar' }).getAttribute('href')).toBe('/api/athletes/7/calendar.ics');
  });

  it('shows what applies in Division III and the NAIA, and what a sport\'s calendar lacks, with their sources', async () => {
    routes();
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting', user: testUser });

    const divisions = await screen.findByRole('region', { name: 'Division II, Division III and the NAIA' });
    const d3 = within(divisions).getByRole('article', { name: 'D3 note' });
    expect(within(d3).getByText('Division III publishes no recruiting calendar.')).toBeTruthy();
    expect(within(d3).getByRole('link', { name: 'Source' }).getAttribute('href')).toBe('https://ncaa.example/d3-manual');
    const naia = within(divisions).getByRole('article', { name: 'NAIA note' });
    expect(within(naia).queryByText('NCAA Official')).toBeNull();
    expect(within(naia).queryByText('Unverified')).toBeNull();

    const wrestling = screen.getByRole('region', { name: "Men's Wrestling" });
    const gap = within(wrestling).getByRole('article', { name: 'D1 note' });
    expect(within(gap).getByText('The wrestling section is not transcribed.')).toBeTruthy();
    expect(within(gap).getByText('Unverified')).toBeTruthy();
  });

  it('marks a key date already gone as past, without Add to My Timeline', async () => {
    const calendar = aCalendar();
    calendar.keyDates[0] = { ...calendar.keyDates[0], past: true };
    routes({ 'GET /api/athletes/7/recruiting-calendar': { body: calendar } });
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting', user: testUser });

    const key = await screen.findByRole('article', { name: 'Coaches may call and send recruiting materials (Baseball, D1)' });
    expect(within(key).getByText('Past')).toBeTruthy();
    expect(within(key).queryByRole('button', { name: 'Add to My Timeline' })).toBeNull();
  });

  it('adds a key date to the timeline once', async () => {
    const { calls } = routes();
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting', user: testUser });

    fireEvent.click(await screen.findByRole('button', { name: 'Add to My Timeline' }));
    expect(await screen.findByText('On your timeline')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to My Timeline' })).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ keyDate: 'baseball-D1-calls_and_materials-2029' });
  });

  it('adds a college interest and counts it toward 10 to 15 target schools', async () => {
    const { calls } = routes();
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting', user: testUser });

    fireEvent.click(await screen.findByRole('tab', { name: 'College Interests' }));
    expect(await screen.findByText('0 of 10 to 15 target schools')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add College Interest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add College Interest' });
    fireEvent.change(within(dialog).getByLabelText(/^College name/), { target: { value: 'State University' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('College Added')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'State University' })).toBeTruthy();
    expect(screen.getByText('1 of 10 to 15 target schools')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'State University', interest: 3, status: 'researching' });
  });

  it('checks off a checklist item and the sidebar progress follows', async () => {
    const { calls } = routes();
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting', user: testUser });

    fireEvent.click(await screen.findByRole('tab', { name: 'Recruiting Checklist' }));
    const progress = screen.getByRole('region', { name: 'Progress' });
    expect(within(progress).getByText('0%')).toBeTruthy();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Register with the NCAA Eligibility Center' }));
    await waitFor(() => expect(within(progress).getByText('50%')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ done: true });
  });

  it('writes each due date with its year and flags a step past its date, unless it is done', async () => {
    const year = new Date().getFullYear();
    routes({
      'GET /api/athletes/7/checklist': {
        body: [
          { id: 1, title: 'Register with the NCAA Eligibility Center', dueDate: `${year - 1}-08-01`, done: false, default: true, proof: null },
          { id: 2, title: 'Make a highlight video', dueDate: `${year + 1}-06-01`, done: false, default: true, proof: null },
          { id: 3, title: 'Take the SAT', dueDate: `${year - 1}-03-01`, done: true, default: false, proof: null },
        ],
      },
    });
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting', user: testUser });

    fireEvent.click(await screen.findByRole('tab', { name: 'Recruiting Checklist' }));
    expect(await screen.findByText(`Overdue: was due Aug 1, ${year - 1}`)).toBeTruthy();
    expect(screen.getByText(`Due Jun 1, ${year + 1}`)).toBeTruthy();
    expect(screen.getByText(`Due Mar 1, ${year - 1}`)).toBeTruthy();
    expect(screen.getAllByText(/^Overdue/)).toHaveLength(1);
  });

  it('shows a step the records prove as done, says why, and lets the family untick it', async () => {
    const { calls } = routes({
      'GET /api/athletes/7/checklist': {
        body: [{ id: 2, title: 'Make a highlight video', dueDate: '2020-06-01', done: true, default: true, proof: 'You have 2 highlight videos' }],
      },
    });
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting', user: testUser });

    fireEvent.click(await screen.findByRole('tab', { name: 'Recruiting Checklist' }));
    const box = await screen.findByRole('checkbox', { name: 'Make a highlight video' });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('You have 2 highlight videos')).toBeTruthy();
    expect(screen.queryByText(/^Overdue/)).toBeNull();
    fireEvent.click(box);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ done: false }));
  });

  it('creates a private subscription link for the phone calendar', async () => {
    routes();
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting', user: testUser });

    const create = await screen.findByRole('button', { name: 'Create subscription link' });
    await waitFor(() => expect(create.hasAttribute('data-loading')).toBe(false));
    fireEvent.click(create);
    const open = await screen.findByRole('link', { name: 'Open in Calendar' });
    expect(open.getAttribute('href')).toBe('webcal://legacylocker.example/api/calendar/TOKEN.ics');
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy();
  });

  it('edits a checklist item in place', async () => {
    const { calls } = routes();
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting', user: testUser });

    fireEvent.click(await screen.findByRole('tab', { name: 'Recruiting Checklist' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Register with the NCAA Eligibility Center' }));
    fireEvent.change(screen.getByLabelText('Checklist item'), { target: { value: 'Register with the Eligibility Center' } });
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '2026-09-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ title: 'Register with the Eligibility Center', dueDate: '2026-09-01', done: false });
  });

  it('shows a viewer everything read-only', async () => {
    stubFetch({
      'GET /api/athletes': { body: [aFamilyAthlete('viewer')] },
      'GET /api/athletes/9/recruiting-calendar': { body: aCalendar() },
      'GET /api/athletes/9/college-interests': { body: [] },
      'GET /api/athletes/9/checklist': { body: checklist },
    });
    renderWithProviders(<RecruitingCenter />, { route: '/recruiting', user: testUser });

    await screen.findByRole('region', { name: 'Baseball' });
    expect(screen.queryByRole('button', { name: 'Add to My Timeline' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Subscribe on your phone' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Recruiting Checklist' }));
    expect((await screen.findByRole('checkbox', { name: 'Make a highlight video' })).hasAttribute('disabled')).toBe(true);
  });
});
