import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { CURRENT_ATHLETE_STORAGE_KEY, useCurrentAthlete } from '../lib/currentAthlete';
import { renderWithProviders, testUser } from '../test/render';
import { anAthlete } from '../test/fixtures';
import { stubFetch } from '../test/fetch';
import { AthleteFromLink } from './AthleteFromLink';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const jordan = anAthlete();
const riley = anAthlete({ id: 8, name: 'Riley Rivera', sports: 'Basketball' });

/** Stands in for a page: the athlete it would load, the address, and the switcher's choice. */
function Page() {
  const { athlete, setCurrentAthleteId } = useCurrentAthlete();
  const { search } = useLocation();
  return (
    <>
      <p data-testid="current">{athlete?.name ?? 'none'}</p>
      <p data-testid="search">{search}</p>
      <button onClick={() => setCurrentAthleteId(jordan.id)}>Switch to Jordan</button>
    </>
  );
}

function renderAt(route: string) {
  return renderWithProviders(
    <AthleteFromLink>
      <Page />
    </AthleteFromLink>,
    { route, user: testUser },
  );
}

describe('AthleteFromLink', () => {
  it('opens the athlete a link names, whatever the switcher chose before, and never the other first', async () => {
    localStorage.setItem(CURRENT_ATHLETE_STORAGE_KEY, String(jordan.id));
    stubFetch({ 'GET /api/athletes': { body: [jordan, riley] } });
    renderAt(`/journal?athlete=${riley.id}`);

    await waitFor(() => expect(screen.getByTestId('current').textContent).toBe('Riley Rivera'));
    expect(localStorage.getItem(CURRENT_ATHLETE_STORAGE_KEY)).toBe(String(riley.id));
    expect(screen.getByTestId('search').textContent).toBe(`?athlete=${riley.id}`);
  });

  it('writes the athlete shown into the address, and follows the switcher', async () => {
    localStorage.setItem(CURRENT_ATHLETE_STORAGE_KEY, String(riley.id));
    stubFetch({ 'GET /api/athletes': { body: [jordan, riley] } });
    renderAt('/media?view=timeline');

    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(`?view=timeline&athlete=${riley.id}`));
    expect(screen.getByTestId('current').textContent).toBe('Riley Rivera');

    fireEvent.click(screen.getByRole('button', { name: 'Switch to Jordan' }));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(`?view=timeline&athlete=${jordan.id}`));
    expect(screen.getByTestId('current').textContent).toBe('Jordan Rivera');
  });

  it('leaves the address alone for a family of one', async () => {
    stubFetch({ 'GET /api/athletes': { body: [jordan] } });
    renderAt('/journal');
    await waitFor(() => expect(screen.getByTestId('current').textContent).toBe('Jordan Rivera'));
    expect(screen.getByTestId('search').textContent).toBe('');
  });

  it('shows nothing of anyone for a link to an athlete the user does not belong to', async () => {
    stubFetch({ 'GET /api/athletes': { body: [jordan, riley] } });
    renderAt('/journal?athlete=99');
    expect(await screen.findByText('This page is about an athlete who is not in your account')).toBeTruthy();
    expect(screen.queryByTestId('current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to my dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
