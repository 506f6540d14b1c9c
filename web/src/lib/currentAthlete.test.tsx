import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, testUser } from '../test/render';
import { CURRENT_ATHLETE_STORAGE_KEY, isViewOnly, pickCurrentAthlete, useCurrentAthlete } from './currentAthlete';
import { aFamilyAthlete, anAthlete } from '../test/fixtures';
import { stubFetch } from '../test/fetch';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** Shows what useCurrentAthlete answers, with a button per athlete to switch to it. */
function Probe({ name }: { name: string }) {
  const { athlete, athletes, isLoading, setCurrentAthleteId } = useCurrentAthlete();
  if (isLoading) return <p>loading</p>;
  return (
    <div>
      <p data-testid={name}>{athlete ? `${athlete.name} (${athlete.role}, edit: ${athlete.permissions.edit})` : 'none'}</p>
      {name === 'first' &&
        athletes.map((a) => (
          <button key={a.id} type="button" onClick={() => setCurrentAthleteId(a.id)}>
            {`Show ${a.name}`}
          </button>
        ))}
    </div>
  );
}

function renderProbes() {
  return renderWithProviders(
    <>
      <Probe name="first" />
      <Probe name="second" />
    </>,
    { route: '/dashboard', user: testUser },
  );
}

const own = anAthlete();
const family = aFamilyAthlete('viewer');

describe('useCurrentAthlete', () => {
  it('is the first athlete (the own one, per the server) when nothing is stored', async () => {
    stubFetch({ 'GET /api/athletes': { body: [own, family] } });
    renderProbes();
    expect((await screen.findByTestId('first')).textContent).toBe('Jordan Rivera (owner, edit: true)');
  });

  it('is the stored athlete when it is in the list', async () => {
    localStorage.setItem(CURRENT_ATHLETE_STORAGE_KEY, '9');
    const { calls } = stubFetch({ 'GET /api/athletes': { body: [own, family] } });
    renderProbes();
    expect((await screen.findByTestId('first')).textContent).toBe('Maya Chen (viewer, edit: false)');
    expect(calls.map((c) => c.url)).toEqual(['/api/athletes']);
  });

  it('falls back to the first when the stored athlete is no longer in the list', async () => {
    localStorage.setItem(CURRENT_ATHLETE_STORAGE_KEY, '42');
    stubFetch({ 'GET /api/athletes': { body: [family] } });
    renderProbes();
    expect((await screen.findByTestId('first')).textContent).toBe('Maya Chen (viewer, edit: false)');
  });

  it('switches every user of the hook at once and remembers the choice', async () => {
    stubFetch({ 'GET /api/athletes': { body: [own, family] } });
    renderProbes();
    fireEvent.click(await screen.findByRole('button', { name: 'Show Maya Chen' }));
    await waitFor(() => expect(screen.getByTestId('second').textContent).toBe('Maya Chen (viewer, edit: false)'));
    expect(screen.getByTestId('first').textContent).toBe('Maya Chen (viewer, edit: false)');
    expect(localStorage.getItem(CURRENT_ATHLETE_STORAGE_KEY)).toBe('9');
  });

  it('is null for a user who belongs to no athlete', async () => {
    stubFetch({ 'GET /api/athletes': { body: [] } });
    renderProbes();
    expect((await screen.findByTestId('first')).textContent).toBe('none');
  });
});

describe('isViewOnly', () => {
  it.each([
    ['owner', false],
    ['admin', false],
    ['editor', false],
    ['viewer', true],
    ['limited', true],
    [undefined, false],
  ] as const)('%s → %s', (role, expected) => {
    expect(isViewOnly(role)).toBe(expected);
  });
});

describe('pickCurrentAthlete', () => {
  const athletes = [anAthlete({ id: 7 }), aFamilyAthlete('viewer', { id: 9 })];

  it('picks the stored athlete when it is in the list', () => {
    expect(pickCurrentAthlete(athletes, 9)?.id).toBe(9);
  });

  it('falls back to the first without a stored id, or with one no longer in the list', () => {
    expect(pickCurrentAthlete(athletes, undefined)?.id).toBe(7);
    expect(pickCurrentAthlete(athletes, 42)?.id).toBe(7);
  });

  it('answers null without athletes', () => {
    expect(pickCurrentAthlete([], 9)).toBeNull();
  });
});
