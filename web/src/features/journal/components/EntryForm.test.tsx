import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, testUser } from '../../../test/render';
import { todayIso } from '../../../lib/format';
import { EntryForm, type EntryFormProps } from './EntryForm';
import { aFamilyAthlete, aPrompt, anAthlete, anEntry } from '../../../test/fixtures';
import { stubFetch } from '../../../test/fetch';
import { goOffline, goOnline } from '../../../test/network';

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

function renderForm(props: Partial<EntryFormProps> = {}) {
  const onDone = vi.fn();
  renderWithProviders(<EntryForm athleteId={7} onDone={onDone} {...props} />, { route: '/journal', user: testUser });
  return { onDone };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const tagsField = () => screen.getByRole('combobox', { name: /^Tags/ }) as HTMLInputElement;

/** Types into the tags input as a user would: Mantine ignores changes to an input that has no focus. */
function typeTag(value: string, key: 'Enter' | ',') {
  const input = tagsField();
  input.focus();
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key });
}

function pills() {
  const wrapper = tagsField().closest('.mantine-TagsInput-root') as HTMLElement;
  return Array.from(wrapper.querySelectorAll('.mantine-Pill-label')).map((p) => p.textContent);
}

describe('EntryForm tags', () => {
  it('splits on commas, trims, drops empty and duplicate tags; Enter adds', () => {
    renderForm();
    typeTag('  Game Reflection , training,, game reflection ', 'Enter');
    expect(pills()).toEqual(['Game Reflection', 'training']);

    typeTag('Leadership', ',');
    expect(pills()).toEqual(['Game Reflection', 'training', 'Leadership']);

    typeTag('TRAINING', 'Enter');
    expect(pills()).toEqual(['Game Reflection', 'training', 'Leadership']);
  });
});

describe('EntryForm validation', () => {
  it('requires a title and content, and sends nothing until they are there', async () => {
    const { calls } = stubFetch({});
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save Entry' }));

    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Content is required')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('requires a date', async () => {
    stubFetch({});
    renderForm();
    fireEvent.change(field(/^Date/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText('Date is required')).toBeTruthy();
  });

  it('words empty content its own way in the dashboard dialog', async () => {
    stubFetch({});
    renderForm({ variant: 'dashboard' });
    fireEvent.change(field(/^Title/), { target: { value: 'Practice' } });
    fireEvent.change(field(/^Content/), { target: { value: '   \n  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText('Please write content for your journal entry')).toBeTruthy();
    expect(screen.queryByText('Content is required')).toBeNull();
  });

  it('shows the server field errors of a 400', async () => {
    stubFetch({
      'POST /api/athletes/7/journal': {
        status: 400,
        body: { message: 'Please fix the highlighted fields', errors: { date: 'Date must be YYYY-MM-DD' } },
      },
    });
    renderForm();
    fireEvent.change(field(/^Title/), { target: { value: 'Practice' } });
    fireEvent.change(field(/^Content/), { target: { value: 'Long toss.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText('Date must be YYYY-MM-DD')).toBeTruthy();
    expect(screen.getByText('Failed to create journal entry')).toBeTruthy();
  });
});

describe('EntryForm saving', () => {
  it('creates with POST: today by default, Enhance with AI on, and the spec toast', async () => {
    const { calls } = stubFetch({ 'POST /api/athletes/7/journal': { status: 201, body: anEntry({ aiStatus: 'pending' }) } });
    const { onDone } = renderForm();
    expect((screen.getByRole('switch', { name: /Enhance with AI/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Content/) as HTMLTextAreaElement).rows).toBe(10);

    fireEvent.change(field(/^Title/), { target: { value: '  Bullpen day ' } });
    fireEvent.change(field(/^Content/), { target: { value: 'Worked on the changeup.' } });
    typeTag('training', 'Enter');
    // A tag still being typed is saved too.
    fireEvent.change(tagsField(), { target: { value: ' Bullpen ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Entry' }));

    expect(await screen.findByText('Entry Created')).toBeTruthy();
    expect(calls.find((c) => c.method !== 'GET')).toEqual({
      method: 'POST',
      url: '/api/athletes/7/journal',
      body: { title: 'Bullpen day', content: 'Worked on the changeup.', date: todayIso(), tags: ['training', 'Bullpen'], enhanceWithAI: true },
    });
    expect(onDone).toHaveBeenCalled();
  });

  it('sends an entry again with the same Idempotency-Key after a lost answer, and a changed one with a new key', async () => {
    let answer: () => Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'));
    const { fetchMock } = stubFetch({ 'POST /api/athletes/7/journal': () => answer() });
    renderForm();
    fireEvent.change(field(/^Title/), { target: { value: 'Rain delay' } });
    fireEvent.change(field(/^Content/), { target: { value: 'We waited in the dugout.' } });
    const keysSent = () =>
      fetchMock.mock.calls
        .filter(([, init]) => init?.method === 'POST')
        .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);

    fireEvent.click(screen.getByRole('button', { name: 'Save Entry' }));
    await vi.waitFor(() => expect(keysSent()).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Save Entry' }));
    await vi.waitFor(() => expect(keysSent()).toHaveLength(2));
    expect(keysSent()[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keysSent()[1]).toBe(keysSent()[0]);

    fireEvent.change(field(/^Content/), { target: { value: 'We waited in the dugout for an hour.' } });
    answer = () => Promise.resolve(new Response(JSON.stringify(anEntry()), { status: 201, headers: { 'Content-Type': 'application/json' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText('Entry Created')).toBeTruthy();
    expect(keysSent()).toHaveLength(3);
    expect(keysSent()[2]).not.toBe(keysSent()[0]);
  });

  it('edits with a full PUT, prefilled from the entry', async () => {
    const entry = anEntry({ tags: ['Training'] });
    const { calls } = stubFetch({ 'PUT /api/journal/1': { body: entry } });
    renderForm({ entry });
    expect(field(/^Title/).value).toBe(entry.title);
    expect(field(/^Date/).value).toBe(entry.date);

    fireEvent.click(screen.getByRole('switch', { name: /Enhance with AI/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Entry Updated')).toBeTruthy();
    expect(calls.find((c) => c.method !== 'GET')).toEqual({
      method: 'PUT',
      url: '/api/journal/1',
      body: { title: entry.title, content: entry.content, date: entry.date, tags: ['Training'], enhanceWithAI: true },
    });
  });

  it('reports a failed update', async () => {
    stubFetch({ 'PUT /api/journal/1': { status: 500, body: { message: 'boom' } } });
    renderForm({ entry: anEntry() });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update journal entry')).toBeTruthy();
  });

  it('without an athlete profile explains why nothing can be saved', async () => {
    const { calls } = stubFetch({});
    renderForm({ athleteId: undefined });
    fireEvent.change(field(/^Title/), { target: { value: 'Practice' } });
    fireEvent.change(field(/^Content/), { target: { value: 'Long toss.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Entry' }));

    expect(await screen.findByText('Athlete Profile Required')).toBeTruthy();
    expect(screen.getByText('Please create an athlete profile before creating journal entries.')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('starts from a prompt: its title, its text as the hint and its category as a tag', () => {
    stubFetch({});
    const prompt = aPrompt();
    renderForm({ prompt });
    expect(field(/^Title/).value).toBe('Game Reflection');
    const content = screen.getByLabelText(/^Content/) as HTMLTextAreaElement;
    expect(content.placeholder).toBe(prompt.prompt);
    expect(within(content.closest('.mantine-InputWrapper-root') as HTMLElement).getByText(`Prompt: ${prompt.prompt}`)).toBeTruthy();
    expect(pills()).toEqual(['game reflection']);
  });
});

describe('EntryForm says what will happen', () => {
  const options = (aiService: boolean, newEntriesPrivate = true) => ({
    'GET /api/journal-options': { body: { aiService, newEntriesPrivate } },
  });
  const enhanceSwitch = () => screen.getByRole('switch', { name: /Enhance with AI|Clean up offline/ });
  const switchRow = () => enhanceSwitch().closest('.mantine-Switch-root') as HTMLElement;

  it('says "AI is not set up" on the AI switch when no AI service is configured', async () => {
    stubFetch({ 'GET /api/athletes': { body: [anAthlete()] }, ...options(false) });
    renderForm();
    expect(await within(switchRow()).findByText(/AI is not set up/)).toBeTruthy();
    expect(within(switchRow()).getByText(/offline cleanup fixes capitals, spacing and doubled little words like “the the”/)).toBeTruthy();
    expect((enhanceSwitch() as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('switch', { name: /Clean up offline/ })).toBeTruthy();
    expect(screen.queryByText('Enhance with AI')).toBeNull();
  });

  it('describes the AI enhancement when a service is configured', async () => {
    stubFetch({ 'GET /api/athletes': { body: [anAthlete()] }, ...options(true) });
    renderForm();
    expect(await screen.findByText(/Private until you share it/)).toBeTruthy();
    expect(within(switchRow()).getByText('Polish the text and suggest a summary and tags. Your original is kept.')).toBeTruthy();
    expect(screen.queryByText(/AI is not set up/)).toBeNull();
  });

  it('tells the owner a new entry is private: only they will see it until they share it', async () => {
    stubFetch({ 'GET /api/athletes': { body: [anAthlete()] }, ...options(true) });
    renderForm();
    expect(
      await screen.findByText('Private until you share it: only you will see this entry. Choose "Make visible to family" on it to share it.'),
    ).toBeTruthy();
  });

  it("tells a family member who writes that the entry is theirs and the account owner's until shared", async () => {
    stubFetch({ 'GET /api/athletes': { body: [aFamilyAthlete('editor', { id: 7 })] }, ...options(true) });
    renderForm();
    expect(await screen.findByText(/only you and the athlete's account owner will see this entry/)).toBeTruthy();
  });

  it('follows the server when new entries start visible to the family', async () => {
    stubFetch({ 'GET /api/athletes': { body: [anAthlete()] }, ...options(true, false) });
    renderForm();
    expect(await screen.findByText('Your family circle will see this entry once it is saved.')).toBeTruthy();
  });

  it('says nothing about a new entry when editing one', async () => {
    stubFetch({ 'GET /api/athletes': { body: [anAthlete()] }, ...options(false) });
    renderForm({ entry: anEntry() });
    expect(await within(switchRow()).findByText(/AI is not set up/)).toBeTruthy();
    expect(screen.queryByText(/Private until/)).toBeNull();
  });
});

describe('EntryForm without signal (issue 34)', () => {
  afterEach(() => goOnline());

  it('sends nothing offline and keeps the entry on the device, or says so where the device cannot keep it', async () => {
    // jsdom has no IndexedDB: the device cannot keep the entry, and the writer is told rather than left
    // waiting (TanStack Query would otherwise hold the save until the browser is online).
    const { calls } = stubFetch({ 'GET /api/journal-options': { body: { aiService: false, newEntriesPrivate: true } } });
    const { onDone } = renderForm();
    goOffline();
    fireEvent.change(field(/^Title/), { target: { value: 'Rainout' } });
    fireEvent.change(field(/^Content/), { target: { value: 'Called in the second.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Entry' }));

    expect(await screen.findByText('No signal, and this browser cannot keep the entry. Please try again later.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });
});
