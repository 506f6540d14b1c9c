import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { AccountProfile } from '../../account';
import { AthleteFormModal } from '../../athletes';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { anAthlete, aUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'IMG_0042.JPG', { type: 'image/jpeg' });

function chooseFile(container: HTMLElement, file: File) {
  const input = container.querySelector('input[type="file"]');
  expect(input, 'the upload control has a file input').toBeTruthy();
  expect(input?.getAttribute('accept')).toContain('image/heic');
  fireEvent.change(input!, { target: { files: [file] } });
}

describe('PhotoUpload on /profile', () => {
  it('sends the file, then reads the account again until the new photo shows', async () => {
    let sessionReads = 0;
    const { calls, fetchMock } = stubFetch({
      // The square is ready on the third read after the upload: the control keeps reading until then.
      'GET /api/session': () => ({ body: { user: aUser({ profileImageUrl: ++sessionReads >= 3 ? '/api/user/photo?v=abc' : null }) } }),
      'GET /api/athletes': { body: [] },
      'PUT /api/user/photo': { status: 202, body: { status: 'pending', statusReason: '', photoUrl: null, photoSmallUrl: null } },
    });
    const { container } = renderWithProviders(<AccountProfile />);
    await screen.findByRole('button', { name: 'Upload photo' });
    expect(container.querySelector('img')).toBeNull();

    chooseFile(container, photo());

    expect(await screen.findByText('Preparing the photo…')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/user/photo');
    const body = put?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(((body as FormData).get('file') as File).name).toBe('IMG_0042.JPG');

    await waitFor(() => expect(container.querySelector('img[src="/api/user/photo?v=abc"]')).toBeTruthy(), { timeout: 4000 });
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeTruthy();
    expect(screen.queryByText('Preparing the photo…')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/session').length).toBeGreaterThanOrEqual(3);
  });

  it("shows the server's refusal and goes on showing the initials", async () => {
    stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      'GET /api/athletes': { body: [] },
      'PUT /api/user/photo': { status: 415, body: { message: 'Unsupported file type: choose a JPEG, PNG, WebP or HEIC photo' } },
    });
    const { container } = renderWithProviders(<AccountProfile />);
    await screen.findByRole('button', { name: 'Upload photo' });

    chooseFile(container, new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }));

    expect(await screen.findByText('Unsupported file type: choose a JPEG, PNG, WebP or HEIC photo')).toBeTruthy();
    expect(screen.getByText('Photo not uploaded')).toBeTruthy();
    expect(screen.queryByText('Preparing the photo…')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('removes the photo', async () => {
    const routes = {
      'GET /api/session': { body: { user: aUser({ profileImageUrl: '/api/user/photo?v=abc' }) } },
      'GET /api/athletes': { body: [] },
      'DELETE /api/user/photo': () => {
        routes['GET /api/session'] = { body: { user: aUser({ profileImageUrl: null }) } };
        return { status: 204 };
      },
    };
    const { calls } = stubFetch(routes);
    const { container } = renderWithProviders(<AccountProfile />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove photo' }));

    expect(await screen.findByText('Photo removed')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('img')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/user/photo')).toBe(true);
  });
});

describe("PhotoUpload in the athlete's dialog", () => {
  // What the dashboard's banner shows: the athlete list's answer.
  function Banner() {
    const { athlete } = useCurrentAthlete();
    return <p>banner photo: {athlete?.photoUrl ?? 'none'}</p>;
  }

  it('reads the athlete list again once the photo shows, when the list was answered a moment before it was ready', async () => {
    const sofia = anAthlete({ id: 7, name: 'Sofia Garcia', photoUrl: null });
    const withPhoto = { ...sofia, photoUrl: '/api/athletes/7/photo?v=1' };
    let detailReads = 0;
    let listReads = 0;
    stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      // The list lags one round behind the athlete's own answer: the photo was ready between the two.
      'GET /api/athletes': () => ({ body: [++listReads >= 4 ? withPhoto : sofia] }),
      'GET /api/athletes/me': { body: sofia },
      'GET /api/athletes/7': () => ({ body: ++detailReads >= 3 ? withPhoto : sofia }),
      'PUT /api/athletes/7/photo': { status: 202, body: { status: 'pending', statusReason: '', photoUrl: null, photoSmallUrl: null } },
    });
    renderWithProviders(
      <>
        <Banner />
        <AthleteFormModal opened onClose={() => {}} athlete={sofia} />
      </>,
    );
    await screen.findByText('banner photo: none');
    const control = await screen.findByRole('group', { name: 'Athlete photo' });
    chooseFile(control, photo());

    await waitFor(() => expect(control.querySelector('img[src="/api/athletes/7/photo?v=1"]')).toBeTruthy(), { timeout: 4000 });
    expect(await screen.findByText('banner photo: /api/athletes/7/photo?v=1', {}, { timeout: 4000 })).toBeTruthy();
  });
});
