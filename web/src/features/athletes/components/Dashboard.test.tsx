import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { anAthlete, aStat, aUser, renderWithProviders, stubFetch } from '../test-utils';
import { Dashboard } from './Dashboard';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const noProfile = {
  'GET /api/user': { body: aUser() },
  'GET /api/athletes/me': { status: 404, body: { message: 'No athlete profile yet' } },
};

describe('Dashboard without an athlete profile', () => {
  it('welcomes the user, offers Create Athlete Profile and disables New Entry', async () => {
    stubFetch(noProfile);
    renderWithProviders(<Dashboard />);

    expect(await screen.findByText('Welcome to Legacy Locker, Sam!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Athlete Profile' })).toBeTruthy();
    const newEntry = screen.getByRole('button', { name: 'New Entry' });
    expect(newEntry.getAttribute('aria-disabled')).toBe('true');
    expect(newEntry.hasAttribute('data-disabled')).toBe(true);
    expect(screen.getByText('No journal entries yet')).toBeTruthy();
    expect(screen.queryByText('Sports Stats')).toBeNull();
    expect(screen.queryByText('Achievement Showcase')).toBeNull();
  });

  it('creates the profile from the dialog and shows the card without a reload', async () => {
    let created = false;
    const athlete = anAthlete({ name: 'Sam Rivera', school: 'Lincoln High' });
    const { calls } = stubFetch({
      ...noProfile,
      'GET /api/athletes/me': () =>
        created ? { body: athlete } : { status: 404, body: { message: 'No athlete profile yet' } },
      'POST /api/athletes': () => {
        created = true;
        return { status: 201, body: athlete };
      },
      'GET /api/athletes/7/stats': { body: [] },
      'GET /api/athletes/7/events?upcoming=true': { body: [] },
    });
    renderWithProviders(<Dashboard />);

    fireEvent.click(await screen.findByRole('button', { name: 'Create Athlete Profile' }));
    const name = (await screen.findByLabelText(/Full Name/)) as HTMLInputElement;
    expect(name.value).toBe('Sam Rivera');
    fireEvent.change(screen.getByLabelText(/^Sports/), { target: { value: 'Baseball' } });
    fireEvent.change(screen.getByLabelText(/^School/), { target: { value: 'Lincoln High' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Profile' }));

    expect(await screen.findByText('Profile Created')).toBeTruthy();
    expect(await screen.findByText('Class of 2028')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ name: 'Sam Rivera', sports: 'Baseball', school: 'Lincoln High', gpa: null });
    expect(post?.body).toHaveProperty('graduationYear', new Date().getFullYear() + 4);
  });

  it('validates before sending and shows the server field errors and message', async () => {
    const { calls } = stubFetch({
      ...noProfile,
      'POST /api/athletes': {
        status: 400,
        body: { message: 'Please fix the highlighted fields', errors: { school: 'School is required' } },
      },
    });
    renderWithProviders(<Dashboard />);

    fireEvent.click(await screen.findByRole('button', { name: 'Create Athlete Profile' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('Sports is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Sports/), { target: { value: 'Baseball' } });
    fireEvent.change(screen.getByLabelText(/^School/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('School is required')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByText('Please fix the highlighted fields')).toBeTruthy();
  });
});

describe('Dashboard with an athlete profile', () => {
  it('shows the athlete card, the side stats and an enabled New Entry button', async () => {
    stubFetch({
      'GET /api/user': { body: aUser() },
      'GET /api/athletes/me': { body: anAthlete() },
      'GET /api/athletes/7/stats': { body: [aStat(1, 'ERA', '2.14')] },
      'GET /api/athletes/7/events?upcoming=true': { body: [] },
      'GET /api/athletes/7/journal?limit=2': { body: [] },
    });
    renderWithProviders(<Dashboard />);

    expect(await screen.findByText('Class of 2028')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Entry' }).getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByText('Sports Stats')).toBeTruthy();
    expect(screen.getByText('Achievement Showcase')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('2.14')).toHaveLength(2));
  });

  it('opens the dialog prefilled to edit and saves with PUT', async () => {
    let athlete = anAthlete();
    const { calls } = stubFetch({
      'GET /api/user': { body: aUser() },
      'GET /api/athletes/me': () => ({ body: athlete }),
      'GET /api/athletes/7/stats': { body: [] },
      'GET /api/athletes/7/events?upcoming=true': { body: [] },
      'PUT /api/athletes/7': (body) => {
        athlete = { ...athlete, ...(body as object) };
        return { body: athlete };
      },
    });
    renderWithProviders(<Dashboard />);

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(await screen.findByText('Edit Athlete Profile')).toBeTruthy();
    const position = screen.getByLabelText(/^Position/) as HTMLInputElement;
    expect(position.value).toBe('Pitcher');
    fireEvent.change(position, { target: { value: 'Catcher' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Baseball | Catcher')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ position: 'Catcher', gpa: 3.85 });
  });
});
