import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 24: no hand-written source file over 750 lines, where a longer one means it does several things.
// Held here for the web app, its browser tests and the scripts; the Go side keeps its own.

const MAX_LINES = 750;
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const roots = [path.join(web, 'src'), path.join(web, 'e2e'), path.join(web, '../scripts')];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|sh)$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return SOURCE.test(e.name) ? [full] : [];
  });
}

describe('source files', () => {
  it(`are at most ${MAX_LINES} lines`, () => {
    const long = roots
      .flatMap((root) => sources(root))
      .map((file) => ({ file: path.relative(web, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
