import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, testUser } from '../../../test/render';
import { aCircle, aViewerAthlete, anOwnedAthlete } from '../test-utils';
import { FamilyCircleCard } from './FamilyCircleCard';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

const CIRCLE = '/api/athletes/7/family-circle';

describe('In the Loop card', () => {
  it('lists members with relationship, access level and status, and counts pending invitations', async () => {
    stubFetch({ [`GET ${CIRCLE}`]: { body: aCircle() } });
    renderWithProviders(<FamilyCircleCard athlete={anOwnedAthlete()} />, { route: '/dashboard', user: testUser });

    const list = await screen.findByRole('list', { name: 'Members' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByText('Maria Rivera')).toBeTruthy();
    expect(within(items[0]!).getByText('Parent · Admin')).toBeTruthy();
    expect(within(items[0]!).getByText('Active')).toBeTruthy();
    expect(within(items[2]!).getByText('Grandparent · Viewer')).toBeTruthy();
    expect(within(items[2]!).getByText('Pending')).toBeTruthy();
    expect(screen.getByText('2 pending invitations')).toBeTruthy();
  });

  it('opens the Invite Member dialog from Add to The Loop and links to the access settings', async () => {
    stubFetch({ [`GET ${CIRCLE}`]: { body: aCircle() } });
    renderWithProviders(<FamilyCircleCard athlete={anOwnedAthlete()} />, { route: '/dashboard', user: testUser });

    fireEvent.click(await screen.findByRole('button', { name: 'Add to The Loop' }));
    expect(await screen.findByRole('dialog', { name: 'Invite Member' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage access settings' }).getAttribute('href')).toBe('/family?tab=settings');
  });

  it('shows an empty state with Add to The Loop when nobody is in the circle', async () => {
    stubFetch({ [`GET ${CIRCLE}`]: { body: [] } });
    renderWithProviders(<FamilyCircleCard athlete={anOwnedAthlete()} />, { route: '/dashboard', user: testUser });

    expect(await screen.findByText('No family members yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to The Loop' })).toBeTruthy();
    expect(screen.queryByText(/pending invitation/)).toBeNull();
  });

  it('hides the management controls when the caller may not manage the circle', async () => {
    stubFetch({ [`GET ${CIRCLE}`]: { body: aCircle() } });
    renderWithProviders(<FamilyCircleCard athlete={aViewerAthlete()} />, { route: '/dashboard', user: testUser });

    await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('button', { name: 'Add to The Loop' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Manage access settings' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View family circle' }).getAttribute('href')).toBe('/family');
  });

  it('asks for an athlete profile first when there is none (and fetches nothing)', () => {
    const { calls } = stubFetch({});
    renderWithProviders(<FamilyCircleCard athlete={null} />, { route: '/dashboard', user: testUser });
    expect(screen.getByText('No family members yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to The Loop' })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
