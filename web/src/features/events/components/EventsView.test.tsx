import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { EventsView } from './EventsView';
import { aFamilyAthlete, anAthlete } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const now = new Date('2026-11-24T12:00:00Z');
const game = { id: 1, title: 'Regional Showcase', eventType: 'game', startDate: '2026-12-03T23:30:00Z', location: 'Field 2' };
const old = { id: 2, title: 'Fall League Final', eventType: 'game', startDate: '2026-10-01T18:00:00Z', location: '' };

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
    expect(new Date(post.startDate).toISOString()).toBe(new Date('2027-01-10T09:00').toISOString());
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
