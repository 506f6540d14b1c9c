import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The lint run `make test` does (scripts/test.sh, step web-lint). Its reason to exist is the
// boundary rule below; the recommended JS, TypeScript and hooks rules ride along because the code
// already keeps them.
//
// The boundary (STYLE.md, "A rule that matters is a test that fails"): a feature folder
// (src/features/<name>/) is reached from outside only through its index.ts, and a feature never
// imports a page or the App. lib/ and components/ are shared and open to everyone.
//
// no-restricted-imports matches the import string, not the file it resolves to, so a relative import
// is judged by where the importing file sits: from a file `depth` folders below its feature's root,
// `../` taken depth + 1 times lands in src/features/, and one more in src/. Each depth gets its own
// patterns; src/features/boundary.test.ts proves the rule fails where it should, in every folder.

/** A path into a feature past its folder, the index excepted: `features/media/components/X`. */
const throughFeaturesFolder = {
  regex: String.raw`(^|/)features/[^/]+/(?!index$).+`,
  message: 'Import another feature through its index.ts (`features/<name>`), not its files.',
};

// A dialog is opened through components/Dialog, Mantine's Modal inside an error boundary (issue 33: a
// dialog whose code did not download, or that threw, took the whole app down to a blank page).
const modalThroughDialog = {
  name: '@mantine/core',
  importNames: ['Modal'],
  message: 'Open a dialog with components/Dialog (Modal inside an error boundary), not Modal itself.',
};

const up = (times) => String.raw`^(\.\./){${times}}`;

/** The patterns for a file `depth` folders below its feature's root. */
function featurePatterns(depth) {
  return [
    throughFeaturesFolder,
    {
      // ../../media/components/X from features/stats/components/Y.tsx (not ../../../lib: that is `..`).
      regex: `${up(depth + 1)}(?!\\.\\.(/|$))[^/]+/(?!index$).+`,
      message: 'Import another feature through its index.ts (`../<name>`), not its files.',
    },
    {
      regex: `${up(depth + 2)}(pages|App)(/|$)`,
      message: 'A feature does not import pages or the App: pages import features.',
    },
  ];
}

/** Folders a feature file may sit in below its feature's root (components/, components/x/, …). */
const FEATURE_DEPTHS = [0, 1, 2, 3];

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'e2e/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  { files: ['*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } } },
  // Scripts run under Node: by hand (scripts/draw-icons.mjs) and by the build (scripts/prerender.mjs).
  { files: ['scripts/*.mjs'], languageOptions: { globals: { URL: 'readonly', process: 'readonly', console: 'readonly' } } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { paths: [modalThroughDialog], patterns: [throughFeaturesFolder] }],
    },
  },
  ...FEATURE_DEPTHS.map((depth) => ({
    files: [`src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { paths: [modalThroughDialog], patterns: featurePatterns(depth) }] },
  })),
  // The one place that wraps Modal.
  {
    files: ['src/components/Dialog.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [throughFeaturesFolder] }] },
  },
);
