import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { StorageBar } from './StorageBar';

afterEach(() => vi.unstubAllGlobals());

describe('StorageBar', () => {
  it("shows the storage used against the plan's, and the way to more when nearly full", async () => {
    stubFetch({ 'GET /api/athletes/7/media/usage': { body: { usedBytes: 460 << 20, quotaBytes: 500 << 20, maxFileBytes: 50 << 20 } } });
    renderWithProviders(<StorageBar athleteId={7} />);
    expect(await screen.findByText('460 MB of 500 MB used')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get more space' }).getAttribute('href')).toBe('/subscription');
  });

  it('stays quiet about upgrading with room to spare', async () => {
    stubFetch({ 'GET /api/athletes/7/media/usage': { body: { usedBytes: 10 << 20, quotaBytes: 500 << 20, maxFileBytes: 50 << 20 } } });
    renderWithProviders(<StorageBar athleteId={7} />);
    expect(await screen.findByText('10 MB of 500 MB used')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Get more space' })).toBeNull();
  });
});
