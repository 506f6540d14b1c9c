import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/render';
import { MediaTile } from './MediaTile';
import type { MediaActions } from './mediaActions';
import { aMediaItem } from '../../../test/fixtures';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderTile(props: Partial<Parameters<typeof MediaTile>[0]> = {}) {
  const actions: MediaActions = { onView: vi.fn(), onShare: vi.fn(), onEdit: vi.fn(), onFavorite: vi.fn(() => Promise.resolve()) };
  const onToggleSelect = vi.fn();
  renderWithProviders(
    <MediaTile item={aMediaItem()} actions={actions} selected={false} selectable={false} onToggleSelect={onToggleSelect} {...props} />,
    { route: '/media', user: testUser },
  );
  return { actions, onToggleSelect, tile: screen.getByRole('article', { name: 'Walk-off double' }) };
}

const overlayShown = () => screen.getByTestId('media-tile-overlay').hasAttribute('data-visible');
const touch = (x = 10, y = 10) => ({ touches: [{ clientX: x, clientY: y }] });

describe('MediaTile long-press', () => {
  it('shows the overlay after 500 ms with a 50 ms vibration, and fades it after 2 s', () => {
    const vibrate = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, vibrate });
    const { tile } = renderTile();

    fireEvent.touchStart(tile, touch());
    act(() => vi.advanceTimersByTime(499));
    expect(overlayShown()).toBe(false);
    expect(vibrate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(overlayShown()).toBe(true);
    expect(vibrate).toHaveBeenCalledWith(50);
    fireEvent.touchEnd(tile);

    act(() => vi.advanceTimersByTime(1999));
    expect(overlayShown()).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(overlayShown()).toBe(false);
  });

  it('works without navigator.vibrate, and the click that ends a long press opens nothing', () => {
    vi.stubGlobal('navigator', { ...navigator, vibrate: undefined });
    const { tile, actions } = renderTile();
    fireEvent.touchStart(tile, touch());
    act(() => vi.advanceTimersByTime(500));
    expect(overlayShown()).toBe(true);
    fireEvent.touchEnd(tile);
    fireEvent.click(screen.getByRole('button', { name: 'Open Walk-off double' }));
    expect(actions.onView).not.toHaveBeenCalled();
  });

  it('is cancelled by lifting early or by moving (a scroll)', () => {
    const { tile } = renderTile();
    fireEvent.touchStart(tile, touch());
    act(() => vi.advanceTimersByTime(300));
    fireEvent.touchEnd(tile);
    act(() => vi.advanceTimersByTime(500));
    expect(overlayShown()).toBe(false);

    fireEvent.touchStart(tile, touch(10, 10));
    fireEvent.touchMove(tile, touch(10, 40));
    act(() => vi.advanceTimersByTime(600));
    expect(overlayShown()).toBe(false);
  });
});

describe('MediaTile clicks and status', () => {
  it('opens the preview on a click', () => {
    const { actions } = renderTile();
    fireEvent.click(screen.getByRole('button', { name: 'Open Walk-off double' }));
    expect(actions.onView).toHaveBeenCalled();
  });

  it('toggles selection on click in selectable mode', () => {
    const { actions, onToggleSelect } = renderTile({ selectable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Select Walk-off double' }));
    expect(onToggleSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(actions.onView).not.toHaveBeenCalled();
  });

  it('shows a spinner and Processing… while processing', () => {
    renderTile({ item: aMediaItem({ status: 'processing' }) });
    expect(screen.getByRole('status').textContent).toContain('Processing…');
  });

  it('shows the failure reason', () => {
    renderTile({ item: aMediaItem({ status: 'failed', statusReason: 'The file could not be read' }) });
    expect(screen.getByText('The file could not be read')).toBeTruthy();
  });

  it('shows the title and date in the overlay', () => {
    renderTile();
    const overlay = screen.getByTestId('media-tile-overlay');
    expect(overlay.textContent).toContain('Walk-off double');
    expect(overlay.textContent).toContain('Apr 12, 2025');
  });
});

describe('MediaTile for a PDF', () => {
  it('shows its first page whole, on a neutral background, with a PDF badge', () => {
    const { tile } = renderTile({ item: aMediaItem({ mediaType: 'pdf', thumbnailUrl: '/api/uploads/3-thumb.jpg' }) });
    const page = tile.querySelector('img')!;
    expect(page.style.objectFit).toBe('contain');
    expect(page.getAttribute('style')).toContain('light-dark');
    expect(within(tile).getByText('PDF')).toBeTruthy();
  });

  it('crops a photo to fill, without a badge', () => {
    const { tile } = renderTile();
    expect(tile.querySelector('img')!.getAttribute('style')).toBeNull();
    expect(within(tile).queryByText('PDF')).toBeNull();
  });
});
