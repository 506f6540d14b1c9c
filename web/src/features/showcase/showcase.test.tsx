import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShowcaseView } from './components/ShowcaseView';
import { stubFetch, type StubRoutes } from '../../test/fetch';
import { aFamilyAthlete, anAthlete } from '../../test/fixtures';
import { renderWithProviders, testUser } from '../../test/render';
import type { Achievement, QRCode } from './api';

const anAchievement = (overrides: Partial<Achievement> = {}): Achievement => ({
  id: 51, athleteId: 7, title: 'No-hitter in the final', description: 'Seven innings', date: '2026-04-12', category: 'game',
  stats: { strikeouts: 12 }, onShowcase: false, template: 'standard', photoMediaId: null,
  card: { status: 'ready', feedUrl: '/api/achievements/51/card?size=feed&v=abc', storyUrl: '/api/achievements/51/card?size=story&v=abc', statusReason: '' },
  publicUrl: null, createdAt: '2026-04-12T10:00:00Z', ...overrides,
});

const aQRCode = (overrides: Partial<QRCode> = {}): QRCode => ({
  id: 61, athleteId: 7, code: 'Ab3dEf7h', title: 'Athlete Showcase', description: '', targetUrl: 'https://example.com/x',
  shortUrl: 'http://localhost/q/Ab3dEf7h', qrImageUrl: '/api/qr-codes/61/image', status: 'ready', statusReason: '', scans: 5, visitors: 3,
  scansByDay: [{ day: '2026-04-12', scans: 5, visitors: 3 }], createdAt: '2026-04-12T10:00:00Z', ...overrides,
});

function routes(overrides: StubRoutes = {}, athlete = anAthlete({ id: 7 })): StubRoutes {
  return {
    'GET /api/athletes': { body: [athlete] },
    'GET /api/athletes/7/achievements': { body: [] },
    'GET /api/athletes/7/qr-codes': { body: [] },
    'GET /api/athletes/7/showcase': { body: { slug: null, published: false, showGpa: false, showStats: false, contact: '', url: null } },
    ...overrides,
  };
}

const renderPage = () => renderWithProviders(<ShowcaseView />, { route: '/showcase', user: testUser });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('Achievement Showcase', () => {
  it('adds an achievement with its stats and says so', async () => {
    const { calls } = stubFetch(routes({ 'POST /api/athletes/7/achievements': (body) => ({ status: 201, body: anAchievement(body as Partial<Achievement>) }) }));
    renderPage();
    expect(await screen.findByText('No achievements yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Achievement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Achievement' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'All-State' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a stat' }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Stat 1' }), { target: { value: 'era' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Value 1' }), { target: { value: '0.95' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a stat' }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Stat 2' }), { target: { value: 'wins' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Value 2' }), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Achievement' }));
    expect(await screen.findByText('Your new achievement has been added to your showcase.')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ title: 'All-State', category: 'game', stats: { era: '0.95', wins: 9 }, template: 'standard', onShowcase: false, photoMediaId: null });
  });

  it("offers the athlete's sport's stat names, its lead first", async () => {
    const basketball = {
      sport: 'basketball', label: 'Basketball', groups: [], defaultLead: ['points'],
      stats: [
        { key: 'points', label: 'Points', abbr: 'PTS', group: 'scoring', kind: 'count' },
        { key: 'assists', label: 'Assists', abbr: 'AST', group: 'passing', kind: 'count' },
      ],
    };
    stubFetch(routes({ 'GET /api/athletes/7/stats/sports': { body: { plays: ['basketball'], catalogues: [basketball], lead: { basketball: ['assists', 'points'] } } } }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Achievement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Achievement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a stat' }));
    const name = within(dialog).getByRole('combobox', { name: 'Stat 1' }) as HTMLInputElement;
    await waitFor(() => expect(name.placeholder).toBe('Assists'));
    fireEvent.focus(name);
    fireEvent.click(name);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Assists', 'Points']);
    expect(screen.queryByRole('option', { name: 'Strikeouts' })).toBeNull();
  });

  it("shows the server's message when the title is missing", async () => {
    stubFetch(routes({ 'POST /api/athletes/7/achievements': { status: 400, body: { message: 'Title is required', errors: { title: 'Title is required' } } } }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Achievement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Achievement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Achievement' }));
    expect((await screen.findAllByText('Title is required')).length).toBeGreaterThan(0);
  });

  it('previews the drawn card, downloads it and only then says it was shared', async () => {
    stubFetch(routes({ 'GET /api/athletes/7/achievements': { body: [anAchievement()] } }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'No-hitter in the final' }));
    const preview = await screen.findByRole('dialog', { name: 'Achievement Preview' });
    expect(within(preview).getByRole('img', { name: 'No-hitter in the final card' }).getAttribute('src')).toBe('/api/achievements/51/card?size=feed&v=abc');
    fireEvent.click(within(preview).getByRole('button', { name: 'Share Achievement' }));
    const share = await screen.findByRole('dialog', { name: 'Share Achievement Card' });
    expect(within(share).getByText(/publish the public page/)).toBeTruthy();
    expect((within(share).getByRole('button', { name: 'Twitter' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(share).getByRole('button', { name: 'Download Image' }));
    expect(click).toHaveBeenCalled();
    expect(await screen.findByText('Shared to Download Image!')).toBeTruthy();
  });

  it('opens the Twitter intent with the public card link, and says nothing when the pop-up was blocked', async () => {
    stubFetch(routes({ 'GET /api/athletes/7/achievements': { body: [anAchievement({ onShowcase: true, publicUrl: 'http://localhost/a/sam/achievements/51' })] } }));
    const open = vi.spyOn(window, 'open').mockReturnValueOnce(null).mockReturnValueOnce({ opener: {} } as Window);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'No-hitter in the final' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Achievement Preview' })).getByRole('button', { name: 'Share Achievement' }));
    const share = await screen.findByRole('dialog', { name: 'Share Achievement Card' });
    fireEvent.click(within(share).getByRole('button', { name: 'Twitter' }));
    expect(screen.queryByText('Shared to Twitter!')).toBeNull();
    fireEvent.click(within(share).getByRole('button', { name: 'Twitter' }));
    expect(await screen.findByText('Shared to Twitter!')).toBeTruthy();
    expect(open.mock.calls[1]![0]).toContain(encodeURIComponent('http://localhost/a/sam/achievements/51'));
  });

  it('changes the selected achievement’s card template', async () => {
    const { calls } = stubFetch(routes({ 'GET /api/athletes/7/achievements': { body: [anAchievement()] }, 'PUT /api/achievements/51': (body) => ({ body: anAchievement(body as Partial<Achievement>) }) }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'No-hitter in the final' }));
    // The dialog's own Close button, not its "×" (also named Close).
    const preview = await screen.findByRole('dialog', { name: 'Achievement Preview' });
    fireEvent.click(within(preview).getAllByRole('button', { name: 'Close' }).find((b) => b.textContent === 'Close')!);
    fireEvent.click(screen.getByRole('tab', { name: 'Card Templates' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Victory' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ template: 'victory', title: 'No-hitter in the final' }));
  });

  it('shows viewers no writing tools', async () => {
    stubFetch(routes({ 'GET /api/athletes/7/achievements': { body: [anAchievement()] }, 'GET /api/athletes/7/qr-codes': { body: [aQRCode()] } }, aFamilyAthlete('viewer', { id: 7 })));
    renderPage();
    await screen.findByRole('button', { name: 'No-hitter in the final' });
    expect(screen.queryByRole('button', { name: 'Add Achievement' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New QR' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('Responses to an achievement', () => {
  it('lets a viewer react and comment in the preview; the tile counts the comment once the list is read again', async () => {
    let comments: unknown[] = [];
    const { calls } = stubFetch(
      routes(
        {
          'GET /api/athletes/7/achievements': () => ({ body: [anAchievement({ commentCount: comments.length })] }),
          'GET /api/achievements/51/comments': () => ({ body: comments }),
          'POST /api/achievements/51/comments': (body) => {
            comments = [{ id: 5, body: (body as { body: string }).body, authorName: 'Ana Rivera', createdAt: '2026-04-12T12:00:00Z', updatedAt: '2026-04-12T12:00:00Z', edited: false, mine: true, canDelete: true }];
            return { status: 201, body: comments[0] };
          },
          'PUT /api/achievements/51/reaction': { body: { counts: { '💪': 1 }, mine: '💪' } },
        },
        aFamilyAthlete('viewer', { id: 7 }),
      ),
    );
    renderPage();
    const tile = await screen.findByRole('button', { name: 'No-hitter in the final' });
    expect(within(tile).queryByRole('img', { name: /comment/ })).toBeNull();
    fireEvent.click(tile);
    const preview = await screen.findByRole('dialog', { name: 'Achievement Preview' });
    expect(within(preview).queryByRole('button', { name: 'Edit Achievement' })).toBeNull();

    fireEvent.click(within(preview).getByRole('button', { name: 'React with 💪' }));
    expect((await within(preview).findByRole('button', { name: 'React with 💪 (1)' })).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(preview).getByRole('button', { name: 'Comment' }));
    fireEvent.change(await within(preview).findByRole('textbox', { name: 'Write a comment' }), { target: { value: 'Unreal' } });
    fireEvent.click(within(preview).getByRole('button', { name: 'Post' }));
    expect(await within(preview).findByRole('button', { name: '1 comment' })).toBeTruthy();

    await waitFor(() => expect(calls.filter((c) => c.url === '/api/athletes/7/achievements').length).toBe(2));
    expect(within(tile).getByRole('img', { name: '1 comment' })).toBeTruthy();
  });
});

describe('QR showcase', () => {
  it('needs a target, then shows the code once the worker has drawn it, with its scans and download', async () => {
    let drawn = false;
    const { calls } = stubFetch(
      routes({
        'GET /api/athletes/7/qr-codes': () => ({ body: calls.some((c) => c.method === 'POST') ? [aQRCode(drawn ? {} : { qrImageUrl: null, status: 'pending' })] : [] }),
        'POST /api/athletes/7/qr-codes': () => ({ status: 202, body: aQRCode({ qrImageUrl: null, status: 'pending' }) }),
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate QR Code' });
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Athlete Showcase');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect((await screen.findAllByText('Target URL is required')).length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Target URL/ }), { target: { value: 'https://example.com/x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('QR Code Generated')).toBeTruthy();
    expect(await screen.findByText('Drawing the code…')).toBeTruthy();
    drawn = true;
    const img = await screen.findByRole('img', { name: 'QR code for Athlete Showcase' }, { timeout: 3000 });
    expect(img.getAttribute('src')).toBe('/api/qr-codes/61/image');
    expect(screen.getByText('5 scans · 3 unique visitors')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/api/qr-codes/61/image?download=1');
    expect(download.getAttribute('download')).toBe('athlete-qrcode.png');
    expect(screen.getByRole('button', { name: 'New QR' })).toBeTruthy();
  });

  it('lists the older codes a page at a time, each with its scans', async () => {
    const older = (id: number, title: string, scans: number) => aQRCode({ id, title, scans, code: `c${id}`, qrImageUrl: `/api/qr-codes/${id}/image` });
    stubFetch(
      routes({
        'GET /api/athletes/7/qr-codes': { body: [aQRCode(), older(60, 'Spring flyer', 2)], headers: { 'X-Next-Cursor': 'q2' } },
        'GET /api/athletes/7/qr-codes?cursor=q2': { body: [older(59, 'Camp banner', 7)] },
      }),
    );
    renderPage();
    expect(await screen.findByText('Spring flyer · 2 scans')).toBeTruthy();
    expect(screen.queryByText('Camp banner · 7 scans')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Camp banner · 7 scans')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull());
  });

  it("says why a code could not be drawn, in the job's words", async () => {
    stubFetch(routes({ 'GET /api/athletes/7/qr-codes': { body: [aQRCode({ qrImageUrl: null, status: 'failed', statusReason: 'The target address is too long for a QR code' })] } }));
    renderPage();
    expect(await screen.findByText('The target address is too long for a QR code')).toBeTruthy();
    expect(screen.queryByText('Drawing the code…')).toBeNull();
  });
});

describe('public page', () => {
  it('saves the settings and shows the server’s refusal', async () => {
    stubFetch(routes({ 'PUT /api/athletes/7/showcase': { status: 409, body: { message: 'That web address is taken' } } }));
    renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: /Web address/ }), { target: { value: 'Sam-Lee' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Publish the public page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That web address is taken')).toBeTruthy();
  });
});
