import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/render';
import { PreviewDialog } from './PreviewDialog';
import { aLibrary, aMediaItem } from '../../../test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPreview(item = aMediaItem()) {
  renderWithProviders(<PreviewDialog item={item} onClose={() => {}} />, { route: '/media', user: testUser });
  return screen.getByRole('dialog', { name: item.title });
}

describe('PreviewDialog', () => {
  it('says the preview is not available for an unknown type, with an open-in-new-tab link', () => {
    const dialog = renderPreview(aMediaItem({ mediaType: 'other', mimeType: 'application/zip', mediaUrl: '/api/uploads/x.zip', thumbnailUrl: null }));
    expect(within(dialog).getByText('Preview not available for this file type')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Open in new tab' });
    expect(link.getAttribute('href')).toBe('/api/uploads/x.zip');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows an image', () => {
    const dialog = renderPreview();
    expect(within(dialog).getByRole('img', { name: 'Walk-off double' }).getAttribute('src')).toBe('/api/uploads/1.jpg');
  });

  it('names the place it was taken when the family shows places', () => {
    const dialog = renderPreview(aMediaItem({ place: 'Austin, Texas' }));
    expect(within(dialog).getByText(/· Austin, Texas ·/)).toBeTruthy();
  });

  it('shows no place line for an item without one', () => {
    const dialog = renderPreview(aMediaItem({ place: null }));
    expect(within(dialog).queryByText(/Austin/)).toBeNull();
    expect(within(dialog).getByText(/^Image · [^·]+ · [^·]+$/)).toBeTruthy(); // type, date, size
  });

  it('plays audio with controls', () => {
    const dialog = renderPreview(aLibrary()[3]);
    const audio = dialog.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe('/api/uploads/4.mp3');
    expect(audio.hasAttribute('controls')).toBe(true);
  });

  it('embeds a PDF with a download fallback', () => {
    const dialog = renderPreview(aLibrary()[2]);
    const pdf = dialog.querySelector('object')!;
    expect(pdf.getAttribute('data')).toBe('/api/uploads/3.pdf');
    expect(pdf.getAttribute('type')).toBe('application/pdf');
    const fallback = within(pdf as HTMLElement).getByRole('link', { name: 'Download' });
    expect(fallback.getAttribute('href')).toBe('/api/uploads/3.pdf?download=1');
  });

  it('offers the download at once where the browser cannot show PDFs inline', () => {
    vi.stubGlobal('navigator', { ...navigator, pdfViewerEnabled: false });
    const dialog = renderPreview(aLibrary()[2]);
    expect(dialog.querySelector('object')).toBeNull();
    expect(within(dialog).getByText("This browser can't show the PDF here.")).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open in new tab' }).getAttribute('href')).toBe('/api/uploads/3.pdf');
  });

  it('offers reactions and comments to a reader who may not edit (no Retry or Edit Video)', () => {
    const dialog = renderPreview(aMediaItem({ commentCount: 4, reactions: { counts: { '❤️': 2 }, mine: '❤️' } }));
    expect(within(dialog).getByRole('group', { name: 'Reactions' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'React with ❤️ (2)' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(dialog).getByRole('button', { name: '4 comments' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows why processing failed', () => {
    const dialog = renderPreview(aMediaItem({ status: 'failed', statusReason: 'Unsupported codec' }));
    expect(within(dialog).getByText('Unsupported codec')).toBeTruthy();
  });
});
