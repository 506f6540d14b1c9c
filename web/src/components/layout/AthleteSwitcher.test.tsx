import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CURRENT_ATHLETE_STORAGE_KEY, useCurrentAthlete } from '../../lib/currentAthlete';
import { renderWithProviders, testUser } from '../../test/render';
import { AppHeader } from './AppHeader';
import { aFamilyAthlete, anAthlete } from '../../test/fixtures';
import { stubFetch } from '../../test/fetch';

// jsdom has no scrollIntoView, which the Select's option list calls.
beforeAll(() => {
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** Stands in for a page: shows the athlete it would load. */
function CurrentAthleteName() {
  const { athlete } = useCurrentAthlete();
  return <p data-testid="current">{athlete?.name ?? 'none'}</p>;
}

function renderHeader() {
  return renderWithProviders(
    <>
      <AppHeader />
      <CurrentAthleteName />
    </>,
    { route: '/dashboard', user: testUser },
  );
}

describe('Athlete switcher', () => {
  it('is not there for a user with one athlete', async () => {
    stubFetch({ 'GET /api/athletes': { body: [anAthlete()] } });
    renderHeader();
    await waitFor(() => expect(screen.getByTestId('current').textContent).toBe('Jordan Rivera'));
    expect(screen.queryByRole('combobox', { name: 'Athlete' })).toBeNull();
  });

  it('lists two athletes, the family one with its role, and switching changes the current athlete', async () => {
    stubFetch({ 'GET /api/athletes': { body: [anAthlete(), aFamilyAthlete('viewer')] } });
    renderHeader();

    const select = (await screen.findByRole('combobox', { name: 'Athlete' })) as HTMLInputElement;
    expect(select.value).toBe('Jordan Rivera');
    fireEvent.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Jordan Rivera', 'Maya ChenViewer']);
    expect(within(options[0]!).queryByText('Owner')).toBeNull();

    fireEvent.click(options[1]!);
    await waitFor(() => expect(screen.getByTestId('current').textContent).toBe('Maya Chen'));
    expect(select.value).toBe('Maya Chen');
    expect(localStorage.getItem(CURRENT_ATHLETE_STORAGE_KEY)).toBe('9');
  });

  it('is in the phone drawer too, and switching closes it', async () => {
    stubFetch({ 'GET /api/athletes': { body: [aFamilyAthlete('editor', { id: 3, name: 'Leo Park' }), aFamilyAthlete('limited')] } });
    renderHeader();
    await screen.findByRole('combobox', { name: 'Athlete' });

    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog');
    const select = within(drawer).getByRole('combobox', { name: 'Athlete' });
    fireEvent.click(select);
    const options = await within(drawer).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Leo ParkEditor', 'Maya ChenLimited']);
    fireEvent.click(options[1]!);
    await waitFor(() => expect(screen.getByTestId('current').textContent).toBe('Maya Chen'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
