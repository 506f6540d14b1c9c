import { lazy, Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { goOffline, goOnline } from '../test/network';
import { isChunkLoadError } from './ErrorBoundary';
import { PageErrorBoundary } from './ErrorNotice';

// Issue 33: a chunk that failed to download (the signal dropped) took the whole app down to a blank page.

afterEach(() => {
  goOnline();
  vi.restoreAllMocks();
});

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: https://app.example/assets/JournalPage-x1.js');

/** A lazy page whose chunk cannot be fetched, as React.lazy sees it offline. */
const UnreachablePage = lazy(() => Promise.reject(chunkError()));

function Broken(): never {
  throw new Error('cannot read properties of undefined');
}

describe('isChunkLoadError', () => {
  it.each([
    ['Chrome', 'Failed to fetch dynamically imported module: https://x/assets/a.js'],
    ['Firefox', 'error loading dynamically imported module: https://x/assets/a.js'],
    ['Safari', 'Importing a module script failed.'],
    ['Vite (a chunk’s CSS)', 'Unable to preload CSS for /assets/a.css'],
  ])('knows a failed download in %s', (_browser, message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('tells a bug from a failed download', () => {
    expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('the page boundary', () => {
  it('says a page could not be loaded, with Reload, when its chunk did not download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderWithProviders(
      <PageErrorBoundary resetKey="/journal">
        <Suspense fallback="loading">
          <UnreachablePage />
        </Suspense>
      </PageErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.getByText(/did not download, perhaps because the connection dropped/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('says so in words while offline', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    goOffline();
    renderWithProviders(
      <PageErrorBoundary resetKey="/journal">
        <Suspense fallback="loading">
          <UnreachablePage />
        </Suspense>
      </PageErrorBoundary>,
    );
    expect(await screen.findByText('You are offline. Reload once your connection is back.')).toBeTruthy();
  });

  it('says "Something went wrong" with Reload for any other error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(
      <PageErrorBoundary resetKey="/media">
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('tries again on another page (a new reset key)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let go: (path: string) => void = () => {};
    function Pages() {
      const [path, setPath] = useState('/broken');
      go = setPath;
      return <PageErrorBoundary resetKey={path}>{path === '/broken' ? <Broken /> : <p>Journal</p>}</PageErrorBoundary>;
    }
    renderWithProviders(<Pages />);
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    act(() => go('/journal'));
    expect(screen.getByText('Journal')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
