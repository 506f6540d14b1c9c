import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, testUser } from '../../../test/render';
import { JournalBrowser } from './JournalBrowser';
import { anAthlete, aPrompt, anEnhancedEntry, anEntry, someStats } from '../../../test/fixtures';
import { stubFetch, type StubRoutes } from '../../../test/fetch';

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

const LIST = '/api/athletes/7/journal';

function routes(overrides: StubRoutes = {}): StubRoutes {
  return {
    'GET /api/athletes': { body: [anAthlete()] },
    [`GET ${LIST}?limit=20`]: { body: [anEntry()] },
    [`GET ${LIST}/stats`]: { body: someStats() },
    'GET /api/journal-prompts?athleteId=7': { body: [aPrompt()] },
    'GET /api/athletes/7/journal-prompts/generate': { body: { status: 'none' } },
    'GET /api/user/settings': { body: { weeklyPromptReminders: true } },
    'GET /api/journal-options': { body: { aiService: true, newEntriesPrivate: true } },
    ...overrides,
  };
}

function renderPage() {
  return renderWithProviders(<JournalBrowser />, { route: '/journal', user: testUser });
}

const listCalls = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith(`${LIST}?`)).map((c) => c.url);

describe('Journal page', () => {
  it('lists entries and shows the server statistics and categories', async () => {
    stubFetch(routes());
    renderPage();

    expect(await screen.findByRole('article', { name: 'Game vs Central' })).toBeTruthy();
    const stats = screen.getByRole('region', { name: 'Journal Statistics' });
    for (const [label, value] of [['Total Entries', '12'], ['AI Enhanced', '5'], ['This Month', '3'], ['Categories', '2']]) {
      expect(within(stats).getByText(label).previousElementSibling?.textContent).toBe(value);
    }
    const categories = screen.getByRole('region', { name: 'Recent Journal Categories' });
    expect(within(categories).getByRole('button', { name: /Training/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All Entries' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Recent' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'AI Enhanced' })).toBeTruthy();
  });

  it('loads more with the X-Next-Cursor of the last page', async () => {
    const { calls } = stubFetch(
      routes({
        [`GET ${LIST}?limit=20`]: { body: [anEntry()], headers: { 'X-Next-Cursor': 'c2' } },
        [`GET ${LIST}?limit=20&cursor=c2`]: { body: [anEntry({ id: 2, title: 'Spring training' })] },
      }),
    );
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Spring training' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Game vs Central' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listCalls(calls)).toEqual([`${LIST}?limit=20`, `${LIST}?limit=20&cursor=c2`]);
  });

  it('searches on the server once typing pauses', async () => {
    const { calls } = stubFetch(routes({ [`GET ${LIST}?q=pitch&limit=20`]: { body: [] } }));
    renderPage();
    const search = await screen.findByRole('textbox', { name: 'Search entries' });

    fireEvent.change(search, { target: { value: 'pit' } });
    fireEvent.change(search, { target: { value: 'pitch' } });
    expect(await screen.findByText('No entries match')).toBeTruthy();
    expect(listCalls(calls)).toEqual([`${LIST}?limit=20`, `${LIST}?q=pitch&limit=20`]);
  });

  it('filters by a category from the side panel, and the AI Enhanced tab asks the server', async () => {
    const { calls } = stubFetch(
      routes({
        [`GET ${LIST}?tag=Training&limit=20`]: { body: [anEntry({ id: 3, title: 'Long toss', tags: ['Training'] })] },
        [`GET ${LIST}?tag=Training&aiEnhanced=true&limit=20`]: { body: [anEnhancedEntry({ id: 4, title: 'Polished' })] },
      }),
    );
    renderPage();
    const categories = await screen.findByRole('region', { name: 'Recent Journal Categories' });

    fireEvent.click(await within(categories).findByRole('button', { name: /Training/ }));
    expect(await screen.findByRole('article', { name: 'Long toss' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'AI Enhanced' }));
    expect(await screen.findByRole('article', { name: 'Polished' })).toBeTruthy();
    expect(listCalls(calls)).toContain(`${LIST}?tag=Training&aiEnhanced=true&limit=20`);
  });

  it('lists only the favourites with the Favorites Only chip, and all entries again without it', async () => {
    const { calls } = stubFetch(
      routes({
        [`GET ${LIST}?favorite=true&limit=20`]: { body: [anEntry({ id: 5, title: 'First home run', isFavorite: true })] },
      }),
    );
    renderPage();
    expect(await screen.findByRole('article', { name: 'Game vs Central' })).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Favorites Only' }));
    expect(await screen.findByRole('article', { name: 'First home run' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Game vs Central' })).toBeNull();
    expect(listCalls(calls)).toContain(`${LIST}?favorite=true&limit=20`);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Favorites Only' }));
    expect(await screen.findByRole('article', { name: 'Game vs Central' })).toBeTruthy();
  });

  it('without an AI service, names the offline cleanup in the tab and the statistics, never AI', async () => {
    const { calls } = stubFetch(
      routes({
        'GET /api/journal-options': { body: { aiService: false, newEntriesPrivate: true } },
        [`GET ${LIST}?limit=20`]: { body: [anEntry({ aiStatus: 'ready', aiProvider: 'basic', title: 'Well written' })] },
        [`GET ${LIST}?cleanedOffline=true&limit=20`]: {
          body: [anEnhancedEntry({ id: 4, title: 'Tidied', aiEnhanced: false, aiProvider: 'basic', aiModel: null })],
        },
      }),
    );
    renderPage();

    const stats = await screen.findByRole('region', { name: 'Journal Statistics' });
    await waitFor(() => expect(within(stats).getByText('Cleaned Up Offline').previousElementSibling?.textContent).toBe('2'));
    expect(within(await screen.findByRole('article', { name: 'Well written' })).getByText('Offline cleanup — no changes needed')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Cleaned Up Offline' }));
    const tidied = await screen.findByRole('article', { name: 'Tidied' });
    expect(within(tidied).getByText('Cleaned up offline — no AI used')).toBeTruthy();
    expect(listCalls(calls)).toContain(`${LIST}?cleanedOffline=true&limit=20`);
    expect(screen.queryByText(/AI enhanced|Enhanced with AI/i)).toBeNull();
  });

  it('shows the first 5 entries in the Recent tab, without Load more', async () => {
    const { calls } = stubFetch(
      routes({ [`GET ${LIST}?limit=5`]: { body: [anEntry({ id: 9, title: 'Newest' })], headers: { 'X-Next-Cursor': 'x' } } }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Recent' }));
    expect(await screen.findByRole('article', { name: 'Newest' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listCalls(calls)).toContain(`${LIST}?limit=5`);
  });

  it('polls while an entry is being enhanced and stops when it is done', async () => {
    let polls = 0;
    const { calls } = stubFetch(
      routes({
        [`GET ${LIST}?limit=20`]: () => {
          polls += 1;
          return { body: [polls < 2 ? anEntry({ aiStatus: 'pending' }) : anEnhancedEntry()] };
        },
      }),
    );
    renderPage();

    expect(await screen.findByText('Enhancing…')).toBeTruthy();
    expect(await screen.findByText('Enhanced with AI', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Enhancing…')).toBeNull();
    // The stats are refreshed once the enhancement is done.
    await waitFor(() => expect(calls.filter((c) => c.url === `${LIST}/stats`)).toHaveLength(2));
    expect(polls).toBe(2);
  }, 10_000);

  it('opens the writing dialog from a prompt, with its title filled in', async () => {
    stubFetch(routes());
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Game Reflection/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New Journal Entry' });
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Game Reflection');
  });

  it('generates prompts, polls the run and announces the new prompts', async () => {
    let posted = false;
    let ready = false;
    const { calls } = stubFetch(
      routes({
        'POST /api/athletes/7/journal-prompts/generate': () => {
          posted = true;
          return { status: 202, body: { status: 'pending' } };
        },
        'GET /api/athletes/7/journal-prompts/generate': () => {
          ready = posted;
          return { body: { status: posted ? 'ready' : 'none', provider: 'basic' } };
        },
        'GET /api/journal-prompts?athleteId=7': () => ({
          body: ready ? [aPrompt({ id: 31, title: 'Clutch moments', source: 'generated' }), aPrompt()] : [aPrompt()],
        }),
      }),
    );
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Generate new AI prompts' }));
    expect(await screen.findByText('Generating prompts…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Clutch moments/ })).toBeNull();
    // A run without a model is done in milliseconds: the first poll (lib/jobStatus) sees it well within a second.
    expect(await screen.findByText('New prompts generated', {}, { timeout: 1000 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^Clutch moments/ })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/journal-prompts/generate'))).toBe(true);
  }, 10_000);

  it('says where new prompts come from when AI is not set up', async () => {
    stubFetch(routes({ 'GET /api/journal-options': { body: { aiService: false, newEntriesPrivate: true } } }));
    renderPage();
    expect(await screen.findByText('AI is not set up: new prompts come from a curated bank.')).toBeTruthy();
    const assistant = screen.getByRole('region', { name: 'Journaling Assistant' });
    expect(within(assistant).getByRole('button', { name: 'New prompts' })).toBeTruthy();
    expect(screen.queryByText(/Generate new AI prompts|AI Journaling Assistant/)).toBeNull();
  });

  it('deletes a generated prompt but offers no delete for built-in ones', async () => {
    const { calls } = stubFetch(
      routes({
        'GET /api/journal-prompts?athleteId=7': { body: [aPrompt({ id: 31, title: 'Clutch moments', source: 'generated' }), aPrompt()] },
        'DELETE /api/journal-prompts/31': { status: 204 },
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete prompt Clutch moments' }));
    expect(screen.queryByRole('button', { name: 'Delete prompt Game Reflection' })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/journal-prompts/31')).toBe(true));
  });

  it('requires a title and prompt for a custom prompt', async () => {
    const { calls } = stubFetch(routes());
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create custom prompt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a Custom Prompt' });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Pressure' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Prompt' }));
    expect(await within(dialog).findByText('Title and prompt content are required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves the weekly reminder switch to the user settings', async () => {
    const { calls } = stubFetch(routes({ 'PUT /api/user/settings': (body) => ({ body }) }));
    renderPage();
    const reminders = (await screen.findByRole('switch', { name: /Weekly prompt reminders/ })) as HTMLInputElement;
    await waitFor(() => expect(reminders.disabled).toBe(false));
    expect(reminders.checked).toBe(true);
    fireEvent.click(reminders);
    await waitFor(() => expect(reminders.checked).toBe(false));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ weeklyPromptReminders: false });
  });
});

describe('Journal page without an athlete profile', () => {
  const noProfile = routes({
    'GET /api/athletes': { body: [] },
    'GET /api/journal-prompts': { body: [aPrompt()] },
  });

  it('points to the dashboard and explains why an entry cannot be saved', async () => {
    const { calls } = stubFetch(noProfile);
    renderPage();

    const link = await screen.findByRole('link', { name: 'Go to Dashboard' });
    expect(link.getAttribute('href')).toBe('/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'New Entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Journal Entry' });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'First day' } });
    fireEvent.change(within(dialog).getByLabelText(/^Content/), { target: { value: 'Tryouts.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Entry' }));

    expect(await screen.findByText('Athlete Profile Required')).toBeTruthy();
    expect(screen.getByText('Please create an athlete profile before creating journal entries.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
