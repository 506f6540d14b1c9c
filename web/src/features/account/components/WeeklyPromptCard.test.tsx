import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { WeeklyPromptCard, WeeklyPromptQuestion } from './WeeklyPromptCard';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const newAccount = { weeklyPromptReminders: false, weeklyPromptChosen: false, commentNotices: true };
const saving = (body: unknown) => ({ body: { ...newAccount, ...(body as object), weeklyPromptChosen: true } });

describe('WeeklyPromptQuestion', () => {
  it('starts unticked for a new account and saves a yes only when asked for', async () => {
    const { calls } = stubFetch({ 'GET /api/user/settings': { body: newAccount }, 'PUT /api/user/settings': saving });
    renderWithProviders(<WeeklyPromptQuestion />);

    const box = (await screen.findByRole('checkbox', { name: /Send me a weekly journal prompt by e-mail/ })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByText(/one question to write about in your athlete's journal/)).toBeTruthy();
    fireEvent.click(box);
    expect(calls.some((c) => c.method === 'PUT'), 'ticking alone saves nothing').toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save my choice' }));

    expect(await screen.findByText("Saved. We'll e-mail you a journal prompt once a week.")).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ weeklyPromptReminders: true });
    expect(screen.getByRole('link', { name: 'your profile page' }).getAttribute('href')).toBe('/profile');
  });

  it('takes an unticked box, saved, as a no', async () => {
    const { calls } = stubFetch({ 'GET /api/user/settings': { body: newAccount }, 'PUT /api/user/settings': saving });
    renderWithProviders(<WeeklyPromptQuestion />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save my choice' }));
    expect(await screen.findByText('Saved. We will not send you journal prompts.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ weeklyPromptReminders: false });
  });

  it('does not ask an account that already chose', async () => {
    const { calls } = stubFetch({ 'GET /api/user/settings': { body: { ...newAccount, weeklyPromptChosen: true } } });
    const { container } = renderWithProviders(<WeeklyPromptQuestion />);
    await waitFor(() => expect(calls.length).toBe(1));
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });

  it('shows an account from before the question its prompt as it is: on', async () => {
    stubFetch({ 'GET /api/user/settings': { body: { ...newAccount, weeklyPromptReminders: true } } });
    renderWithProviders(<WeeklyPromptQuestion />);
    const box = (await screen.findByRole('checkbox', { name: /Send me a weekly journal prompt by e-mail/ })) as HTMLInputElement;
    expect(box.checked).toBe(true);
  });
});

describe('WeeklyPromptCard', () => {
  it('shows the setting and saves it as it is flipped', async () => {
    const { calls } = stubFetch({ 'GET /api/user/settings': { body: newAccount }, 'PUT /api/user/settings': saving });
    renderWithProviders(<WeeklyPromptCard />);
    const toggle = (await screen.findByRole('switch', { name: /Send me a weekly journal prompt by e-mail/ })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ weeklyPromptReminders: true }));
    await waitFor(() => expect(toggle.checked).toBe(true));
  });
});
