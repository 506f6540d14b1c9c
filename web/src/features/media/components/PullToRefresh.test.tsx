import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/render';
import { PullToRefresh } from './PullToRefresh';

afterEach(() => {
  vi.useRealTimers();
});

const at = (y: number) => ({ touches: [{ clientX: 100, clientY: y }] });

function renderPull() {
  const onRefresh = vi.fn();
  renderWithProviders(
    <PullToRefresh onRefresh={onRefresh}>
      <div data-testid="content">content</div>
    </PullToRefresh>,
    { route: '/media', user: testUser },
  );
  return { onRefresh, content: screen.getByTestId('content') };
}

describe('PullToRefresh', () => {
  it('refetches after a pull over 80 px and shows Refreshing for 800 ms', () => {
    vi.useFakeTimers();
    const { onRefresh, content } = renderPull();
    fireEvent.touchStart(content, at(100));
    fireEvent.touchMove(content, at(150));
    expect(screen.getByText('Pull to refresh')).toBeTruthy();
    fireEvent.touchMove(content, at(185));
    expect(screen.getByText('Release to refresh')).toBeTruthy();
    fireEvent.touchEnd(content);

    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Refreshing')).toBeTruthy();
    act(() => vi.advanceTimersByTime(799));
    expect(screen.getByText('Refreshing')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Refreshing')).toBeNull();
  });

  it('does nothing for a short pull', () => {
    const { onRefresh, content } = renderPull();
    fireEvent.touchStart(content, at(100));
    fireEvent.touchMove(content, at(170));
    fireEvent.touchEnd(content);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(screen.queryByText('Refreshing')).toBeNull();
  });
});
