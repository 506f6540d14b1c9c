import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { EventsView } from './EventsView';
import { aFamilyAthlete, anAthlete } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';

// The time zone Select scrolls the option a search selects into view, which jsdom does not implement.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
});

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const now = new Date('2026-11-24T12:00:00Z');
const timed = { endDate: null, allDay: false, timeZone: 'America/New_York', repeatWeeklyUntil: null, nextStartDate: null };
const game = { ...timed, id: 1, title: 'Regional Showcase', eventType: 'game', startDate: '2026-12-03T18:30:00-05:00', location: 'Field 2' };
const old = { ...timed, id: 2, title: 'Fall League Final', eventType: 'game', startDate: '2026-10-01T14:00:00-04:00', location: '' };
const practice = {
  ...timed,
  id: 4,
  title: 'Team practice',
  eventType: 'practice',
  startDate: '2026-09-01T16:00:00-05:00',
  endDate: '2026-09-01T18:00:00-05:00',
  timeZone: 'America/Chicago',
  repeatWeeklyUntil: '2027-05-18',
  nextStartDate: '2026-11-24T16:00:00-06:00',
  location: 'Main gym',
};
const visit = { ...timed, id: 5, title: 'State U visit', eventType: 'official_visit', startDate: '2027-01-15', endDate: '2027-01-17', allDay: true, location: '' };

/** Picks an option of a Mantine Select in the dialog. */
async function pick(dialog: HTMLElement, label: string, option: string, typed?: string) {
  const box = within(dialog).getByRole('combobox', { name: label });
  fireEvent.click(box);
  if (typed) fireEvent.change(box, { target: { value: typed } });
  fireEvent.click(await within(document.body).findByRole('option', { name: option }));
}

describe('Events page', () => {
  it('lists upcoming and past events and adds one', async () => {
    let list: unknown[] = [old, game];
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/events': () => ({ body: list }),
      'POST /api/athletes/7/events': (body) => {
        const created = { id: 3, ...(body as object) };
        list = [...list, created];
        return { status: 201, body: created };
      },
    });
    renderWithProviders(<EventsView now={now} />, { route: '/events', user: testUser });

    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    expect(within(upcoming).getByRole('article', { name: 'Regional Showcase' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Past' })).getByRole('article', { name: 'Fall League Final' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Event' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Start date is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Prospect Camp' } });
    fireEvent.change(within(dialog).getByLabelText(/^Starts/), { target: { value: '2027-01-10T09:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Event' }));
    expect(await screen.findByText('Event Added')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')?.body as { title: string; eventType: string; startDate: string };
    expect(post.title).toBe('Prospect Camp');
    expect(post.eventType).toBe('game');
    expect(post.startDate).toBe('2027-01-10T09:00');
  });

  it('shows each kind, all-day days, the time in its own zone and a weekly series once with its next date', async () => {
    stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/events': { body: [practice, old, game, visit] },
    });
    renderWithProviders(<EventsView now={now} />, { route: '/events', user: testUser });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const rows = within(upcoming).getAllByRole('article');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Team practice', 'Regional Showcase', 'State U visit']);
    const series = within(upcoming).getByRole('article', { name: 'Team practice' });
    expect(within(series).getByText('Practice')).toBeTruthy();
    expect(within(series).getByText('Every Tuesday until May 18, 2027 · Next: Tue, Nov 24, 2026 · 4:00 PM CST')).toBeTruthy();
    expect(within(series).getByText('Tue, Sep 1, 2026 · 4:00 PM CDT – 6:00 PM CDT · Main gym')).toBeTruthy();
    const trip = within(upcoming).getByRole('article', { name: 'State U visit' });
    expect(within(trip).getByText('Official visit')).toBeTruthy();
    expect(within(trip).getByText('Fri, Jan 15, 2027 – Sun, Jan 17, 2027 · All day')).toBeTruthy();
    expect(within(upcoming).getByText('Thu, Dec 3, 2026 · 6:30 PM EST · Field 2')).toBeTruthy();
  });

  it('adds a timed weekly event with a type, an end and a time zone, defaulting to the athlete\'s zone', async () => {
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [anAthlete({ timeZone: 'America/Denver' })] },
      'GET /api/athletes/7/events': { body: [] },
      'POST /api/athletes/7/events': (body) => ({ status: 201, body: { ...practice, ...(body as object), id: 9 } }),
    });
    renderWithProviders(<EventsView now={now} />, { route: '/events', user: testUser });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    expect((within(dialog).getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toBe('America/Denver');
    await pick(dialog, 'Type', 'Unofficial visit');
    await pick(dialog, 'Type', 'Practice');
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Practice' } });
    fireEvent.change(within(dialog).getByLabelText(/^Starts/), { target: { value: '2027-03-02T16:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Ends/), { target: { value: '2027-03-02T15:00' } });
    await pick(dialog, 'Time zone', 'America/Chicago', 'Chicago');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Repeats every week' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Event' }));
    expect(await within(dialog).findByText('The end must not be before the start')).toBeTruthy();
    expect(within(dialog).getByText('Choose the last day of the series')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Ends/), { target: { value: '2027-03-02T18:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Until/), { target: { value: '2027-05-18' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Event' }));
    expect(await screen.findByText('Event Added')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Practice',
      eventType: 'practice',
      allDay: false,
      startDate: '2027-03-02T16:00',
      endDate: '2027-03-02T18:00',
      timeZone: 'America/Chicago',
      repeatWeeklyUntil: '2027-05-18',
      location: '',
    });
  });

  it('adds an all-day event of several days, and shows the server\'s field errors', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { message: 'Invalid input', errors: { endDate: 'End date must not be before the start date' } },
    };
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/events': { body: [] },
      'POST /api/athletes/7/events': () => answer,
    });
    renderWithProviders(<EventsView now={now} />, { route: '/events', user: testUser });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    await pick(dialog, 'Type', 'Official visit');
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'State U visit' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'All day' }));
    expect((within(dialog).getByLabelText(/^First day/) as HTMLInputElement).type).toBe('date');
    fireEvent.change(within(dialog).getByLabelText(/^First day/), { target: { value: '2027-01-15' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last day/), { target: { value: '2027-01-17' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Event' }));
    expect(await within(dialog).findByText('End date must not be before the start date')).toBeTruthy();

    answer = { status: 201, body: { ...visit, id: 10 } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Event' }));
    expect(await screen.findByText('Event Added')).toBeTruthy();
    const post = calls.filter((c) => c.method === 'POST').at(-1)?.body as Record<string, unknown>;
    expect(post).toMatchObject({ eventType: 'official_visit', allDay: true, startDate: '2027-01-15', endDate: '2027-01-17', timeZone: 'America/New_York' });
    expect(post.repeatWeeklyUntil).toBeUndefined();
  });

  it('opens an event in its own zone and wall time to edit', async () => {
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/events': { body: [practice] },
      'PUT /api/events/4': (body) => ({ body: { ...practice, ...(body as object) } }),
    });
    renderWithProviders(<EventsView now={now} />, { route: '/events', user: testUser });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Team practice' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect((within(dialog).getByLabelText(/^Starts/) as HTMLInputElement).value).toBe('2026-09-01T16:00');
    expect((within(dialog).getByLabelText(/^Ends/) as HTMLInputElement).value).toBe('2026-09-01T18:00');
    expect((within(dialog).getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toBe('America/Chicago');
    expect((within(dialog).getByRole('combobox', { name: 'Type' }) as HTMLInputElement).value).toBe('Practice');
    expect((within(dialog).getByLabelText(/^Until/) as HTMLInputElement).value).toBe('2027-05-18');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Event' }));
    expect(await screen.findByText('Event Updated')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ startDate: '2026-09-01T16:00', timeZone: 'America/Chicago', repeatWeeklyUntil: '2027-05-18' });
  });

  it('shows a viewer the events without Add or actions', async () => {
    stubFetch({
      'GET /api/athletes': { body: [aFamilyAthlete('viewer')] },
      'GET /api/athletes/9/events': { body: [game] },
    });
    renderWithProviders(<EventsView now={now} />, { route: '/events', user: testUser });
    expect(await screen.findByRole('article', { name: 'Regional Showcase' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Event' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });

  it('says so when there are none', async () => {
    stubFetch({ 'GET /api/athletes': { body: [anAthlete()] }, 'GET /api/athletes/7/events': { body: [] } });
    renderWithProviders(<EventsView now={now} />, { route: '/events', user: testUser });
    expect(await screen.findByText('No events yet')).toBeTruthy();
  });
});
