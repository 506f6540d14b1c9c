import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { theme } from './theme';
import { APP_HEADER_ID, Toasts } from './Toasts';

// Issue 33: offline, the toast container's chunk cannot be fetched, and the failed import took the whole app
// down to a blank page. Here the chunk is unreachable as it is offline: its import rejects.
const reach = vi.hoisted(() => ({ reachable: false }));
vi.mock('./ToastContainer', async (importOriginal) => {
  if (!reach.reachable) throw new TypeError('Failed to fetch dynamically imported module: /assets/ToastContainer-x1.js');
  return importOriginal();
});

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
});

function renderToasts() {
  return render(
    <MantineProvider theme={theme} env="test">
      <Toasts />
      <p>The page</p>
    </MantineProvider>,
  );
}

describe('Toasts without their chunk', () => {
  it('shows the toast as a plain notification, with the page still there, and closes it', async () => {
    renderToasts();
    act(() => {
      notifications.show({ title: 'Upload Failed', message: 'Network error', color: 'red' });
    });
    expect(await screen.findByText('Upload Failed')).toBeTruthy();
    expect(screen.getByText('Network error')).toBeTruthy();
    expect(screen.getByText('The page')).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.queryByText('Upload Failed')).toBeNull());
  });

  it('shows one toast at a time', async () => {
    renderToasts();
    act(() => {
      notifications.show({ title: 'Entry Created', message: 'Your journal entry has been saved.', color: 'green' });
      notifications.show({ title: 'Link copied', message: 'Share link has been copied to your clipboard.', color: 'green' });
    });
    expect(await screen.findByText('Entry Created')).toBeTruthy();
    expect(screen.queryByText('Link copied')).toBeNull();
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(screen.queryByText('Entry Created')).toBeNull();
  });

  it('closes a toast after its time', async () => {
    renderToasts();
    act(() => {
      notifications.show({ title: 'Link copied', message: 'Share link has been copied to your clipboard.', color: 'green', autoClose: 100 });
    });
    expect(await screen.findByText('Link copied')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Link copied')).toBeNull());
  });

  // Issue 33: at 390 px the success toast covered the menu button, the logo and the avatar for five seconds.
  it('starts below the app header', async () => {
    const header = document.createElement('header');
    header.id = APP_HEADER_ID;
    document.body.prepend(header);
    vi.spyOn(header, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 390, height: 64 }));
    try {
      renderToasts();
      act(() => {
        notifications.show({ title: 'Entry Created', message: 'Your journal entry has been saved.', color: 'green', autoClose: false });
      });
      const toasts = (await screen.findByText('Entry Created')).closest('[role="status"]') as HTMLElement;
      await waitFor(() => expect(toasts.style.top).toBe('72px'));
    } finally {
      header.remove();
    }
  });

  it('fetches the container again when the connection is back', async () => {
    const { container } = renderToasts();
    act(() => {
      notifications.show({ title: 'Upload Failed', message: 'Network error', color: 'red', autoClose: false });
    });
    expect(await screen.findByText('Upload Failed')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    reach.reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull());
    expect(screen.getByText('Upload Failed')).toBeTruthy();
    expect(container.textContent).toContain('The page');
  });
});
