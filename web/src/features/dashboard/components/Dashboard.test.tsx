import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { Dashboard } from './Dashboard';
import { aFamilyAthlete, anAthlete, aStat, aUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { stubFetch, type StubRoutes } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  localStorage.clear();
  notifications.clean();
  vi.unstubAllGlobals();
});

const noProfile = {
  'GET /api/session': { body: { user: aUser() } },
  'GET /api/athletes': { body: [] },
};

describe('Dashboard without an athlete profile', () => {
  it('welcomes the user, offers Create Athlete Profile and disables New Entry, Upload and Add Milestone alike', async () => {
    stubFetch(noProfile);
    renderWithProviders(<Dashboard />);

    expect(await screen.findByText('Welcome to Legacy Locker, Sam!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Athlete Profile' })).toBeTruthy();
    // The cards below the athlete's card come a render later, with their own chunk.
    const newEntry = await screen.findByRole('button', { name: 'New Entry' });
    expect(newEntry.getAttribute('aria-disabled')).toBe('true');
    expect(newEntry.hasAttribute('data-disabled')).toBe(true);
    for (const name of ['Upload', 'Add Milestone']) {
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('aria-disabled'), name).toBe('true');
      expect(button.getAttribute('href'), name).toBeNull();
    }
    expect(screen.getByText('No journal entries yet')).toBeTruthy();
    expect(screen.queryByText('Sports Stats')).toBeNull();
    expect(screen.queryByText('Achievement Showcase')).toBeNull();
  });

  it('asks a new family whether it wants the weekly journal prompt e-mail, unticked', async () => {
    stubFetch({ ...noProfile, 'GET /api/user/settings': { body: { weeklyPromptReminders: false, weeklyPromptChosen: false, commentNotices: true } } });
    renderWithProviders(<Dashboard />);
    const question = await screen.findByRole('region', { name: 'Weekly journal prompt' });
    const box = within(question).getByRole('checkbox', { name: /Send me a weekly journal prompt by e-mail/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(within(question).getByRole('button', { name: 'Save my choice' })).toBeTruthy();
  });

  it('creates the profile from the dialog and shows the card without a reload', async () => {
    let created = false;
    const athlete = anAthlete({ name: 'Lucia Rivera', school: 'Lincoln High' });
    const { calls } = stubFetch({
      ...noProfile,
      'GET /api/athletes': () => ({ body: created ? [athlete] : [] }),
      'POST /api/athletes': () => {
        created = true;
        return { status: 201, body: athlete };
      },
      'GET /api/athletes/7/stats': { body: [] },
      'GET /api/athletes/7/events?upcoming=true': { body: [] },
      'GET /api/athletes/7/milestones': { body: [] },
      'GET /api/athletes/7/college-interests': { body: [] },
      'GET /api/recruiting-events?sport=Baseball': { body: [] },
    });
    renderWithProviders(<Dashboard />);

    fireEvent.click(await screen.findByRole('button', { name: 'Create Athlete Profile' }));
    // Empty, never the parent's own name (issue 33): the parent types the athlete's.
    const name = (await screen.findByLabelText(/Full Name/)) as HTMLInputElement;
    expect(name.value).toBe('');
    expect(name.placeholder).toBe("Your athlete's name");
    fireEvent.change(name, { target: { value: 'Lucia Rivera' } });
    fireEvent.change(screen.getByLabelText(/^Sports/), { target: { value: 'Baseball' } });
    fireEvent.change(screen.getByLabelText(/^School/), { target: { value: 'Lincoln High' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Profile' }));

    expect(await screen.findByText('Profile Created')).toBeTruthy();
    expect(await screen.findByText('Class of 2028')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ name: 'Lucia Rivera', sports: 'Baseball', school: 'Lincoln High', gpa: null });
    expect(post?.body).toHaveProperty('graduationYear', new Date().getFullYear() + 4);
    expect(post?.body).toHaveProperty('timeZone', Intl.DateTimeFormat().resolvedOptions().timeZone);
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
    expect(screen.getByText('Full Name is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Full Name/), { target: { value: 'Lucia Rivera' } });
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
      'GET /api/session': { body: { user: aUser() } },
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/stats': { body: [aStat(1, 'ERA', '2.14')] },
      'GET /api/athletes/7/events?upcoming=true': { body: [] },
      'GET /api/athletes/7/milestones': { body: [] },
      'GET /api/athletes/7/college-interests': { body: [] },
      'GET /api/recruiting-events?sport=Baseball': { body: [] },
      'GET /api/athletes/7/journal?limit=2': { body: [] },
      'GET /api/stats/games/7': {
        body: [
          { id: 3, sport: 'baseball', opponent: 'East High', gameDate: '2025-04-02', location: '', result: 'Win', score: '5-2', source: 'manual', stats: { strikeouts: 9, inningsPitched: 6 } },
        ],
      },
      'GET /api/athletes/7/stats/sports': { body: { plays: ['baseball'], catalogues: [], lead: { baseball: ['strikeouts'] } } },
      'GET /api/athletes/7/recruiting-brief': {
        body: {
          today: '2026-12-10',
          schools: [{ collegeInterestId: 1, name: 'State U', division: 'D1', periods: [{ sport: 'baseball', periodType: 'quiet', through: '2026-12-21', text: 'State U (D1 baseball) is in a quiet period through Dec 21.', sourceUrl: '', verified: true }] }],
          moreSchools: 0, keyDates: [], followUps: [], openedLinks: [], disclaimer: '', emailed: true,
        },
      },
    });
    renderWithProviders(<Dashboard />);

    expect(await screen.findByText('Class of 2028')).toBeTruthy();
    // The owner's weekly recruiting brief.
    expect(within(await screen.findByRole('region', { name: 'Recruiting Brief' })).getByText('State U (D1 baseball) is in a quiet period through Dec 21.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Entry' }).getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByText('Sports Stats')).toBeTruthy();
    expect(screen.getByText('Achievement Showcase')).toBeTruthy();
    // The season's numbers on the athlete card, the newest games beside it: not the same list twice.
    await waitFor(() => expect(screen.getAllByText('2.14')).toHaveLength(1));
    const game = await screen.findByRole('article', { name: 'vs East High' });
    expect(within(game).getByText('Win: 5-2')).toBeTruthy();
    expect(within(game).getByText(/Apr 2, 2025 · 9 Strikeouts · 6 Innings Pitched/)).toBeTruthy();
  });

  it('opens the dialog prefilled to edit and saves with PUT', async () => {
    let athlete = anAthlete();
    const { calls } = stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      'GET /api/athletes': () => ({ body: [athlete] }),
      'GET /api/athletes/7/stats': { body: [] },
      'GET /api/athletes/7/events?upcoming=true': { body: [] },
      'GET /api/athletes/7/milestones': { body: [] },
      'GET /api/athletes/7/college-interests': { body: [] },
      'GET /api/recruiting-events?sport=Baseball': { body: [] },
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
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toBe('America/New_York');
    fireEvent.change(position, { target: { value: 'Catcher' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Baseball | Catcher')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ position: 'Catcher', gpa: 3.85, timeZone: 'America/New_York' });
  });
});

describe('Dashboard for a family member', () => {
  /** The family's athlete (id 9) and its sections. */
  const familyRoutes = (athletes: unknown[]): StubRoutes => ({
    'GET /api/session': { body: { user: aUser({ firstName: 'Rosa' }) } },
    'GET /api/athletes': { body: athletes },
    'GET /api/athletes/9/stats': { body: [] },
    'GET /api/athletes/9/events?upcoming=true': { body: [] },
    'GET /api/athletes/9/milestones': { body: [] },
    'GET /api/athletes/9/college-interests': { body: [] },
    'GET /api/recruiting-events?sport=Softball': { body: [] },
    'GET /api/athletes/9/journal?limit=2': { body: [] },
    'GET /api/athletes/9/media': { body: [] },
  });

  it("shows a viewer the family's athlete read-only, not the create prompt, with a small way to create their own", async () => {
    const { calls } = stubFetch(familyRoutes([aFamilyAthlete('viewer')]));
    renderWithProviders(<Dashboard />);

    await screen.findByRole('region', { name: 'Maya Chen' });
    expect(calls.some((c) => c.url.endsWith('/recruiting-brief')), 'the recruiting brief is the owner\'s').toBe(false);
    expect(screen.queryByText('Welcome to Legacy Locker, Rosa!')).toBeNull();
    expect(screen.getByText('View only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New Entry' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upload' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Milestone' })).toBeNull();
    expect((await screen.findByRole('link', { name: 'View milestones' })).getAttribute('href')).toBe('/milestones');

    fireEvent.click(screen.getByRole('button', { name: 'Create your own athlete profile' }));
    expect(await screen.findByRole('dialog', { name: 'Create Athlete Profile' })).toBeTruthy();
  });

  it('does not ask a member who only follows the family about a prompt for their own journal', async () => {
    stubFetch({
      ...familyRoutes([aFamilyAthlete('viewer')]),
      'GET /api/user/settings': { body: { weeklyPromptReminders: false, weeklyPromptChosen: false, commentNotices: true } },
    });
    renderWithProviders(<Dashboard />);
    await screen.findByRole('region', { name: 'Maya Chen' });
    await screen.findByRole('link', { name: 'View milestones' });
    expect(screen.queryByRole('region', { name: 'Weekly journal prompt' })).toBeNull();
  });

  it('switches to the athlete a family member creates for themselves', async () => {
    const own = anAthlete({ name: 'Rosa Rivera' });
    let created = false;
    stubFetch({
      ...familyRoutes([]),
      'GET /api/athletes': () => ({ body: created ? [own, aFamilyAthlete('viewer')] : [aFamilyAthlete('viewer')] }),
      'POST /api/athletes': () => {
        created = true;
        return { status: 201, body: own };
      },
      'GET /api/athletes/7/stats': { body: [] },
      'GET /api/athletes/7/events?upcoming=true': { body: [] },
      'GET /api/athletes/7/milestones': { body: [] },
      'GET /api/athletes/7/college-interests': { body: [] },
      'GET /api/recruiting-events?sport=Baseball': { body: [] },
      'GET /api/athletes/7/journal?limit=2': { body: [] },
      'GET /api/athletes/7/media?limit=4': { body: [] },
      'GET /api/athletes/7/media/summary': { body: { total: 0, favorites: 0, byType: { image: 0, video: 0, audio: 0, pdf: 0 }, months: [] } },
    });
    renderWithProviders(<Dashboard />);

    fireEvent.click(await screen.findByRole('button', { name: 'Create your own athlete profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Athlete Profile' });
    fireEvent.change(within(dialog).getByLabelText(/^Full Name/), { target: { value: 'Rosa Rivera' } });
    fireEvent.change(within(dialog).getByLabelText(/^Sports/), { target: { value: 'Baseball' } });
    fireEvent.change(within(dialog).getByLabelText(/^School/), { target: { value: 'Lincoln High' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Profile' }));

    expect(await screen.findByRole('region', { name: 'Rosa Rivera' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Maya Chen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create your own athlete profile' })).toBeNull();
  });

  it('tells a limited member they see what the family shared', async () => {
    stubFetch(familyRoutes([aFamilyAthlete('limited')]));
    renderWithProviders(<Dashboard />);
    expect(await screen.findByText('Limited access — you see what the family shared with you')).toBeTruthy();
  });

  it('gives an editor the edit controls', async () => {
    stubFetch(familyRoutes([aFamilyAthlete('editor')]));
    renderWithProviders(<Dashboard />);

    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Entry' }).getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByRole('link', { name: 'Upload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Milestone' })).toBeTruthy();
    expect(screen.queryByText('View only')).toBeNull();
  });

  it('offers no second profile to a user who has their own athlete', async () => {
    stubFetch({
      ...familyRoutes([anAthlete(), aFamilyAthlete('viewer')]),
      'GET /api/athletes/7/stats': { body: [] },
      'GET /api/athletes/7/events?upcoming=true': { body: [] },
      'GET /api/athletes/7/milestones': { body: [] },
      'GET /api/athletes/7/college-interests': { body: [] },
      'GET /api/recruiting-events?sport=Baseball': { body: [] },
      'GET /api/athletes/7/journal?limit=2': { body: [] },
      'GET /api/athletes/7/media?limit=4': { body: [] },
      'GET /api/athletes/7/media/summary': { body: { total: 0, favorites: 0, byType: { image: 0, video: 0, audio: 0, pdf: 0 }, months: [] } },
    });
    renderWithProviders(<Dashboard />);

    expect(await screen.findByRole('region', { name: 'Jordan Rivera' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create your own athlete profile' })).toBeNull();
  });
});
