import { configure } from '@testing-library/dom';

// jsdom lacks these browser APIs that Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = window.ResizeObserver ?? ResizeObserverStub;

// Mantine's autosizing Textarea waits on document.fonts, which jsdom does not implement.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { ready: Promise.resolve(), addEventListener: () => {}, removeEventListener: () => {} } });
}

// CI runs these on two busy cores: give findBy/waitFor the same 5 s a Vitest test gets.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not scroll (nothing is laid out); the media library's virtual rows and its scroll memory call these.
window.scrollTo = () => {};
window.scrollBy = () => {};
