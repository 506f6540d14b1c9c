import { describe, expect, it } from 'vitest';
import { shellForPath } from './offlineCopies';

const landing = '<section><div><h1 id="hero-title">Every season</h1></div></section>';
const shell = `<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body>
    <div id="root" data-prerendered="/">${landing}</div>
  </body></html>`;

describe('shellForPath', () => {
  it('keeps the page drawn for the path', () => {
    expect(shellForPath(shell, '/')).toBe(shell);
  });

  it('empties the root for any other path, the rest of the page unchanged', () => {
    const journal = shellForPath(shell, '/journal');
    expect(journal).not.toContain('hero-title');
    expect(journal).toBe(shell.replace(`<div id="root" data-prerendered="/">${landing}</div>`, '<div id="root"></div>'));
  });

  it('leaves a shell with nothing drawn as it is', () => {
    const plain = shell.replace(/<div id="root".*<\/div>/, '<div id="root"></div>');
    expect(shellForPath(plain, '/journal')).toBe(plain);
  });
});
