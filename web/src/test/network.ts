import { act } from '@testing-library/react';

// The browser's connection as the tests set it: navigator.onLine and the window's online/offline events,
// as a phone losing its signal fires them.

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

export const goOffline = () => setOnline(false);
export const goOnline = () => setOnline(true);
