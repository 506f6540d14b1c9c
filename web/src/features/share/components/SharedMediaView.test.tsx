import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, testUser } from '../../../test/render';
import type { SharedMedia } from '../api';
import { SharedMediaView } from './SharedMediaView';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

function aShare(overrides: Partial<SharedMedia> = {}): SharedMedia {
  return {
    title: 'Walk-off double',
    description: 'Bottom of the ninth against Central.',
    mediaType: 'video',
    date: '2026-04-12',
    athleteName: 'Jordan Rivera',
    sportType: 'Baseball',
    mediaUrl: '/api/share/Ab3xY9/media',
    thumbnailUrl: '/api/share/Ab3xY9/thumbnail',
    ...overrides,
  };
}

function renderShare(answer: { status?: number; body?: unknown }, signedIn = false) {
  const stub = stubFetch({ 'GET /api/share/Ab3xY9': answer });
  const result = renderWithProviders(<SharedMediaView code="Ab3xY9" />, {
    route: '/share/Ab3xY9',
    user: signedIn ? testUser : null,
  });
  return { ...stub, ...result };
}

describe('Shared media page', () => {
  it('plays a video with its thumbnail as poster, and shows title, description, athlete, sport and date', async () => {
    const { container } = renderShare({ body: aShare() });
    const article = await screen.findByRole('article', { name: 'Walk-off double' });
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/api/share/Ab3xY9/media');
    expect(video.getAttribute('poster')).toBe('/api/share/Ab3xY9/thumbnail');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(within(article).getByRole('heading', { name: 'Walk-off double' })).toBeTruthy();
    expect(within(article).getByText('Bottom of the ninth against Central.')).toBeTruthy();
    expect(within(article).getByText('Jordan Rivera')).toBeTruthy();
    expect(within(article).getByText('Baseball')).toBeTruthy();
    expect(within(article).getByText('April 12, 2026')).toBeTruthy();
  });

  it('shows an image inline', async () => {
    renderShare({ body: aShare({ mediaType: 'image', mediaUrl: '/api/share/Ab3xY9/media', thumbnailUrl: null }) });
    const img = await screen.findByRole('img', { name: 'Walk-off double' });
    expect(img.getAttribute('src')).toBe('/api/share/Ab3xY9/media');
  });

  it.each(['audio', 'pdf'] as const)('has no preview for %s', async (mediaType) => {
    const { container } = renderShare({ body: aShare({ mediaType, thumbnailUrl: null }) });
    expect(await screen.findByText('Media preview not available')).toBeTruthy();
    expect(container.querySelector('video')).toBeNull();
  });

  it('says plainly that a link does not exist or was turned off (404)', async () => {
    renderShare({ status: 404, body: { message: "This share link doesn't exist or has been turned off" } });
    expect(await screen.findByText("This share link doesn't exist or has been turned off.")).toBeTruthy();
    expect(screen.queryByLabelText('Loading shared media')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('offers a retry when the lookup fails otherwise', async () => {
    renderShare({ status: 500, body: { message: 'boom' } });
    expect(await screen.findByText("We couldn't load this shared media")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows a skeleton while loading', () => {
    stubFetch({ 'GET /api/share/Ab3xY9': () => new Promise<Response>(() => {}) });
    renderWithProviders(<SharedMediaView code="Ab3xY9" />, { route: '/share/Ab3xY9', user: null });
    expect(screen.getByLabelText('Loading shared media').getAttribute('aria-busy')).toBe('true');
  });

  it('links to the share targets with the page URL', async () => {
    renderShare({ body: aShare() });
    await screen.findByRole('article');
    const pageUrl = `${window.location.origin}/share/Ab3xY9`;
    const twitter = new URL(screen.getByRole('link', { name: 'Share on Twitter' }).getAttribute('href')!);
    expect(twitter.searchParams.get('url')).toBe(pageUrl);
    const facebook = new URL(screen.getByRole('link', { name: 'Share on Facebook' }).getAttribute('href')!);
    expect(facebook.searchParams.get('u')).toBe(pageUrl);
    const mail = screen.getByRole('link', { name: 'Share by e-mail' }).getAttribute('href')!;
    expect(decodeURIComponent(mail)).toContain(pageUrl);
  });

  it('copies the link with the spec toast', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderShare({ body: aShare() });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(screen.getByText('Share link has been copied to your clipboard.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/Ab3xY9`);
  });

  it('says when the link could not be copied', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    renderShare({ body: aShare() });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Failed to copy link')).toBeTruthy();
    expect(screen.getByText('Please try again or manually copy the URL from your browser.')).toBeTruthy();
  });

  it('sends a signed-out visitor to early access, with the invitation to join', async () => {
    renderShare({ body: aShare() });
    await screen.findByRole('article');
    expect(screen.getByRole('link', { name: 'Share with Family Circle' }).getAttribute('href')).toBe('/early-access');
    expect(screen.getByRole('link', { name: 'Get Early Access' }).getAttribute('href')).toBe('/early-access');
  });

  it('sends a signed-in visitor to their family circle', async () => {
    renderShare({ body: aShare() }, true);
    await screen.findByRole('article');
    expect(screen.getByRole('link', { name: 'Share with Family Circle' }).getAttribute('href')).toBe('/family');
    expect(screen.queryByRole('link', { name: 'Get Early Access' })).toBeNull();
  });
});
