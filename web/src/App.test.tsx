import { beforeAll, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { App } from './App';
import { userKey } from './features/auth';
import { testUser } from './test/render';
import { documentTitle } from './lib/documentTitle';
import { theme } from './theme';

// jsdom has no scrolling; the layout scrolls to the top on every new page.
beforeAll(() => {
  window.scrollTo = () => {};
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false } } });
  client.setQueryData(userKey, testUser);
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <App />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('document titles', () => {
  it('names the page first and the product after', () => {
    expect(documentTitle('Journal')).toBe('Journal · Legacy Locker');
    expect(documentTitle()).toBe('Legacy Locker');
  });

  it.each([
    ['/', 'Home · Legacy Locker'],
    ['/early-access', 'Early Access · Legacy Locker'],
    ['/terms', 'Terms of Service · Legacy Locker'],
    ['/demo', 'Demo Athlete · Legacy Locker'],
    ['/invite/abc', 'Invitation · Legacy Locker'],
    ['/dashboard', 'Dashboard · Legacy Locker'],
    ['/journal', 'Journal · Legacy Locker'],
    ['/media', 'Media Library · Legacy Locker'],
    ['/family', 'In the Loop · Legacy Locker'],
    ['/activity', "What's new · Legacy Locker"],
    ['/stats', 'Sports Statistics · Legacy Locker'],
    ['/no-such-page', 'Page Not Found · Legacy Locker'],
  ])('%s is titled "%s"', async (path, want) => {
    document.title = 'Legacy Locker';
    const { unmount } = renderAt(path);
    await waitFor(() => expect(document.title).toBe(want));
    unmount();
  });
});
