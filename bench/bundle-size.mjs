#!/usr/bin/env node
// JavaScript each route of the web app loads, gzip-compressed, from a production build (web/dist):
// the numbers in docs/PERFORMANCE.md ("Web bundle"), and the landing page's budget.
//
//   (cd web && npm run build) && node bench/bundle-size.mjs [--check] [--json] [dist-dir]
//
// A route's JavaScript is the entry script of index.html with everything it imports statically (Vite
// adds those as modulepreload links), plus the scripts the api preloads for the route's page (the page
// and its imports: dist/preloads.json, vite.config.ts's writePreloads), plus lazy modules opened on it
// (the video editor; the signed-in header's menus and the dashboard's cards, fetched once the page has
// rendered), found in Vite's manifest
// (build.manifest in web/vite.config.ts) under their source paths, so a renamed page fails here loudly
// instead of silently counting nothing. Sizes are gzip level 9 (as Vite's build report),
// in kB of 1000 bytes. web/e2e/bundle-size.test.mjs checks the landing page's list against what
// Chromium really fetches.
//
// --check: exit 1 when the landing page loads more than LANDING_BUDGET bytes of gzip JavaScript.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The landing page's budget: 150 kB of gzip JavaScript, every script it loads included. */
export const LANDING_BUDGET = 150_000;

export const DEFAULT_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../web/dist');

/**
 * What each measured route loads beyond the entry: the page's scripts the api preloads for its path
 * (dist/preloads.json, written by the build from the same bundle: the page and what it imports), and lazy
 * modules opened on it, by source path as the manifest names them (or by the name of a chunk the build
 * makes of several: vite.config.ts's signedInShell). The dashboard's first row is what comes before its
 * athlete card; the next adds the header's menus and the cards below, fetched after it.
 */
export const ROUTES = {
  'landing (/), signed out': { path: '/', lazy: [] },
  'dashboard (/dashboard), signed in': { path: '/dashboard', lazy: [] },
  'dashboard with its menus and cards': { path: '/dashboard', lazy: ['signed-in-header', 'dashboard-cards'] },
  'media library (/media)': { path: '/media', lazy: [] },
  'video editor open (/media)': { path: '/media', lazy: ['src/features/video-editor/index.ts'] },
};

/** The URL paths of the scripts index.html loads up front: module scripts and modulepreloads. */
export function htmlScripts(html) {
  const found = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const src = tag.match(/\b(?:src|href)="([^"]+\.js)"/)?.[1];
    if (!src) continue;
    if (tag.startsWith('<script') || /rel="modulepreload"/.test(tag)) found.add(src.replace(/^\//, ''));
  }
  return found;
}

export function loadBuild(dist = DEFAULT_DIST) {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build the web app first (cd web && npm run build)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const preloads = JSON.parse(readFileSync(join(dist, 'preloads.json'), 'utf8'));
  const gzipCache = new Map();
  const gzipBytes = (file) => {
    if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return gzipCache.get(file);
  };
  return { dist, manifest, html, preloads, gzipBytes };
}

// A lazy module that another chunk also imports statically is keyed by its chunk's file ("_MediaPage-….js"),
// not by its source path: found then by its name among the dynamic entries.
function lazyChunk(manifest, key) {
  const name = key.split('/').pop().replace(/\.[jt]sx?$/, '');
  const found = Object.values(manifest).filter((c) => c.isDynamicEntry && c.name === name);
  return found.length === 1 ? found[0] : undefined;
}

/** The files (dist-relative) a list of manifest keys loads, with their static imports, transitively. */
function filesOf(manifest, keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key] ?? lazyChunk(manifest, key);
    if (!chunk) throw new Error(`${key} is not in the Vite manifest: was it renamed? Update ROUTES in bench/bundle-size.mjs`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** The scripts a route loads (dist-relative paths) and their gzip total. */
export function routeScripts(build, { path, lazy }) {
  const entry = Object.keys(build.manifest).find((k) => build.manifest[k].isEntry);
  const page = build.preloads[path];
  if (!page) throw new Error(`${path} is not in preloads.json: is it still a route of web/src/App.tsx? Update ROUTES in bench/bundle-size.mjs`);
  const files = filesOf(build.manifest, [entry, ...lazy]);
  for (const file of page.scripts) files.add(file);
  for (const file of htmlScripts(build.html)) files.add(file);
  const scripts = [...files].map((file) => ({ file, gzip: build.gzipBytes(file) })).sort((a, b) => b.gzip - a.gzip);
  return { scripts, gzip: scripts.reduce((sum, s) => sum + s.gzip, 0) };
}

export function measure(dist = DEFAULT_DIST) {
  const build = loadBuild(dist);
  return Object.entries(ROUTES).map(([route, loads]) => ({ route, ...routeScripts(build, loads) }));
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dist = args.find((a) => !a.startsWith('--')) ?? DEFAULT_DIST;
  const results = measure(dist);
  if (args.includes('--json')) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    console.log('| route | scripts | gzip JavaScript |\n|---|---|---|');
    for (const r of results) console.log(`| ${r.route} | ${r.scripts.length} | ${kB(r.gzip)} |`);
  }
  const landing = results[0];
  if (args.includes('--check')) {
    if (landing.gzip > LANDING_BUDGET) {
      console.error(`landing page: ${kB(landing.gzip)} of gzip JavaScript, over the ${kB(LANDING_BUDGET)} budget:`);
      for (const s of landing.scripts) console.error(`  ${kB(s.gzip).padStart(9)}  ${s.file}`);
      process.exit(1);
    }
    console.log(`landing page: ${kB(landing.gzip)} of gzip JavaScript, within the ${kB(LANDING_BUDGET)} budget`);
  }
}
