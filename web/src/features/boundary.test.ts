import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The feature boundary (eslint.config.js) is a rule only while it can fail: these lint small snippets
// with the project's own config, as `npm run lint` would, at paths inside the real tree.

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const features = path.join(web, 'src/features');
const eslint = new ESLint({ cwd: web });

/** The boundary errors ESLint reports for `code` as if it were the file at `file` (relative to web/). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(web, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const importing = (source: string) => `import * as probe from '${source}';\nexport default probe;\n`;

/** Every folder below src/features, the feature folders themselves included. */
function featureFolders(dir = features): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => [path.join(dir, e.name), ...featureFolders(path.join(dir, e.name))]);
}

describe('the feature boundary', () => {
  it.each([
    ['src/features/stats/components/Probe.tsx', '../../media/components/MediaTile'],
    ['src/features/stats/components/Probe.tsx', '../../media/api'],
    ['src/features/stats/Probe.ts', '../media/queries'],
    ['src/features/stats/components/Probe.tsx', '../../../features/media/api'],
    ['src/pages/Probe.tsx', '../features/media/components/MediaLibrary'],
    ['src/App.tsx', './features/auth/queries'],
    ['src/components/layout/Probe.tsx', '../../features/auth/queries'],
    ['src/test/Probe.ts', '../features/media/api'],
  ])('refuses %s importing %s, past the front door', async (file, source) => {
    expect(await boundaryErrors(file, importing(source))).toEqual([expect.stringContaining('through its index.ts')]);
  });

  it.each([
    ['src/features/stats/components/Probe.tsx', '../../media'],
    ['src/features/stats/components/Probe.tsx', '../../media/index'],
    ['src/features/stats/Probe.ts', '../media'],
    ['src/pages/Probe.tsx', '../features/media'],
    ['src/features/stats/components/Probe.tsx', '../api'],
    ['src/features/stats/components/Probe.tsx', './StatCards'],
    ['src/features/stats/components/Probe.tsx', '../../../lib/api'],
    ['src/features/stats/components/Probe.tsx', '../../../components/LoadError'],
  ])('lets %s import %s', async (file, source) => {
    expect(await boundaryErrors(file, importing(source))).toEqual([]);
  });

  it.each([
    ['src/features/stats/components/Probe.tsx', '../../../pages/StatsPage'],
    ['src/features/stats/Probe.ts', '../../App'],
  ])('refuses %s importing %s: pages import features, not the other way', async (file, source) => {
    expect(await boundaryErrors(file, importing(source))).toEqual([expect.stringContaining('does not import pages')]);
  });

  // The rule matches import strings by how deep the importing file sits, so it must know every depth.
  it('holds in every folder of every feature', async () => {
    for (const folder of featureFolders()) {
      const other = path.relative(features, folder).startsWith('media') ? 'stats/api' : 'media/api';
      const source = path.relative(folder, path.join(features, other));
      const file = path.relative(web, path.join(folder, 'Probe.ts'));
      expect(await boundaryErrors(file, importing(source)), file).toHaveLength(1);
    }
  });

  it('every feature has its front door', () => {
    const doors = readdirSync(features, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .filter((e) => !existsSync(path.join(features, e.name, 'index.ts')))
      .map((e) => e.name);
    expect(doors, 'feature folders without an index.ts').toEqual([]);
  });
});
