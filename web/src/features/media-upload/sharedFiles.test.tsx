import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../test/render';
import { stubFetch } from '../../test/fetch';
import { stubXhr } from './test-utils';
import { UploadButton } from './components/UploadButton';

// The browser's Cache Storage, which jsdom lacks, holding what the service worker keeps from a share
// (web/sw/sw.ts, receiveShare); the real worker and cache are in web/e2e/pwa.test.mjs.
function stubSharedCache(files: File[]) {
  const entries = new Map(
    files.map((file, i) => [
      `http://localhost/shared-files/${i}`,
      new Response(file, { headers: { 'Content-Type': file.type, 'X-File-Name': encodeURIComponent(file.name), 'X-Last-Modified': '1700000000000' } }),
    ]),
  );
  const deleted: string[] = [];
  vi.stubGlobal('caches', {
    open: async () => ({
      keys: async () => [...entries.keys()].reverse().map((url) => new Request(url)),
      match: async (request: Request) => entries.get(request.url),
    }),
    delete: async (name: string) => {
      deleted.push(name);
      entries.clear();
      return true;
    },
  });
  return deleted;
}

beforeEach(() => {
  stubXhr();
  stubFetch({ 'GET /api/athletes/7/media/usage': { body: { usedBytes: 0, quotaBytes: 500 * 2 ** 20, maxFileBytes: 50 * 2 ** 20 } } });
});
afterEach(() => vi.unstubAllGlobals());

describe('files shared to the installed app', () => {
  it('open the upload dialog with the files chosen, in the order shared, and leave the device', async () => {
    const deleted = stubSharedCache([
      new File(['first'], 'Game day.png', { type: 'image/png' }),
      new File(['second'], 'Walk-off hit.mp4', { type: 'video/mp4' }),
    ]);
    renderWithProviders(<UploadButton athleteId={7} />, { route: '/media?share=received', user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Upload Media' });
    const titles = within(dialog).getAllByLabelText(/^Title/) as HTMLInputElement[];
    expect(titles.map((input) => input.value)).toEqual(['Game day', 'Walk-off hit']);
    expect(within(dialog).getByRole('button', { name: 'Upload 2 files' })).toBeTruthy();
    expect(deleted).toEqual(['shared-files']);
    expect(within(dialog).queryByText(/Sharing needs the installed app/)).toBeNull();
  });

  it('open one dialog where the page shows the Upload button twice (an empty library)', async () => {
    stubSharedCache([new File(['first'], 'Game day.png', { type: 'image/png' })]);
    renderWithProviders(
      <>
        <UploadButton athleteId={7} />
        <UploadButton athleteId={7} />
      </>,
      { route: '/media?share=received', user: testUser },
    );
    await screen.findByRole('dialog', { name: 'Upload Media' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('say that sharing needs the installed app when the share reached the server instead', async () => {
    renderWithProviders(<UploadButton athleteId={7} />, { route: '/media?share=unavailable', user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Upload Media' });
    expect(within(dialog).getByRole('status').textContent).toBe('Sharing needs the installed app. Choose the files here instead.');
    expect(within(dialog).queryAllByLabelText(/^Title/)).toEqual([]);
  });

  it('leave the dialog closed on a plain visit', () => {
    renderWithProviders(<UploadButton athleteId={7} />, { route: '/media', user: testUser });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
