import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build as esbuild } from 'esbuild';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineStylesPerModule } from './mantineStyles';
import { preloadsFile, routePages, routePatterns, routesFile } from './src/routePatterns';

// The api embeds web/dist (web/embed.go); a tracked placeholder keeps a fresh clone compiling
// before the first web build, and the build (which empties dist/) must put it back.
const keepPlaceholder: Plugin = {
  name: 'keep-dist-placeholder',
  writeBundle(options) {
    writeFileSync(`${options.dir}/.gitkeep`, '');
  },
};

// The api answers 404 for any path that is not one of the app's routes (src/routePatterns.ts).
const writeRoutes: Plugin = {
  name: 'write-route-patterns',
  writeBundle(options) {
    const app = readFileSync(new URL('./src/App.tsx', import.meta.url), 'utf8');
    writeFileSync(`${options.dir}/${routesFile}`, JSON.stringify(routePatterns(app)) + '\n');
  },
};

// A signed-in page's code was requested only once the app had started and the session check had answered
// (issue 34: 76 chunks behind it on the dashboard). The build lists, for each route, the scripts and
// styles its page loads beyond the first script's, and the api puts them in the page's HTML as
// modulepreload and stylesheet links, so they download beside the first script. The signed-in header's
// lazy parts (the menus of src/components/layout) are not among them: they come once the page has
// rendered, their bytes no longer sharing a phone's bandwidth with the page's own (issue 34).
// The API calls that waited for the first script are preloaded too, their answers there when the app
// asks: the session check on every page (features/auth), and on a signed-in page the family's athletes
// (lib/currentAthlete), which the page's own calls need first.
const sessionCall = '/api/session';
const athletesCall = '/api/athletes';
const headerParts = /\/src\/components\/layout\/(AthleteSwitcher|MobileNav|UserMenu|NavGroupMenu)\.tsx$/;
const writePreloads: Plugin = {
  name: 'write-route-preloads',
  apply: 'build',
  // The bundle as written: Vite drops the chunks that held only styles after generateBundle.
  writeBundle(options, bundle) {
    const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
    const entry = chunks.find((c) => c.isEntry)!;
    // The chunk Rollup put a module in: its own, or one it shares (a tiny page can land in the first script).
    const byModule = (test: (id: string) => boolean) => chunks.filter((c) => c.moduleIds.some(test));
    // A chunk's files with its static imports', dependencies first (the order Vite loads their styles in).
    const closure = (roots: Rollup.OutputChunk[], skip = new Set<string>()) => {
      const scripts: string[] = [];
      const styles: string[] = [];
      const visit = (chunk: Rollup.OutputChunk) => {
        if (skip.has(chunk.fileName) || scripts.includes(chunk.fileName)) return;
        scripts.push(chunk.fileName);
        for (const imported of chunk.imports) visit(bundle[imported] as Rollup.OutputChunk);
        for (const css of chunk.viteMetadata?.importedCss ?? []) if (!styles.includes(css)) styles.push(css);
      };
      roots.forEach(visit);
      return { scripts, styles };
    };
    const first = closure([entry]);
    const loaded = new Set(first.scripts);
    const app = readFileSync(new URL('./src/App.tsx', import.meta.url), 'utf8');
    const preloads: Record<string, { scripts: string[]; styles: string[]; fetches: string[] }> = {
      '/': { scripts: [], styles: [], fetches: [sessionCall] },
    };
    for (const route of routePages(app)) {
      const page = byModule((id) => id.replace(/\.tsx?$/, '').endsWith(`/${route.module}`));
      if (page.length !== 1) throw new Error(`${route.module} (route ${route.path}) is not one lazy chunk of the build`);
      const { scripts, styles } = closure(page, loaded);
      preloads[route.path] = {
        scripts,
        styles: styles.filter((css) => !first.styles.includes(css)),
        fetches: route.signedIn ? [sessionCall, athletesCall] : [sessionCall],
      };
    }
    writeFileSync(`${options.dir}/${preloadsFile}`, JSON.stringify(preloads) + '\n');
  },
};

// The signed-in shell in one chunk (issue 34). Rollup makes a chunk for every set of pages that share
// modules: the dashboard needed 83 scripts and 23 stylesheets, most under 2 KB, and over HTTP/1.1's six
// connections on a phone's 150 ms round trip that queue cost more than their bytes. What the dashboard
// (the installed app's start page) shares with other pages is loaded on every visit anyway: it becomes
// one chunk, its styles one file. What only the dashboard
// uses stays in its page's chunk, lazy parts (dialogs) stay lazy, and the first script keeps exactly
// what it had, so the landing page loads nothing more.
//
// Rollup puts the dependencies of a manual chunk's modules in that chunk unless they are assigned too,
// and which modules each chunk really holds is known only after tree-shaking through our features'
// index files: so the build lays the chunks out once without writing (Rollup's own choice), then
// builds that layout again by name, with the dashboard's shared chunks as one.
//
// Two more groups are loaded once the dashboard's athlete card has rendered, not before it (issue 34: on
// a phone every KB before it is 5 ms of the 1.6 Mbit/s, and every script run is the slowed CPU's): the
// header's lazy parts (menus, athlete switcher, drawer: `signed-in-header-*.js`, which the signed-in
// pages share) and the cards below the athlete's card (features/dashboard, DashboardCards:
// `dashboard-cards-*.js`), each one chunk rather than the dozens of small ones Rollup would make.
const planningChunks = process.env.LEGACY_LOCKER_CHUNK_PLAN === '1';
const shellPage = 'src/pages/DashboardPage';
const dashboardCards = 'src/features/dashboard/components/DashboardCards';
const signedInShell: Plugin = {
  name: 'signed-in-shell',
  apply: (_, env) => env.command === 'build' && !planningChunks,
  async config(_, env) {
    process.env.LEGACY_LOCKER_CHUNK_PLAN = '1';
    let planned;
    try {
      planned = await build({ configFile: new URL(import.meta.url).pathname, mode: env.mode, logLevel: 'warn', build: { write: false } });
    } finally {
      delete process.env.LEGACY_LOCKER_CHUNK_PLAN;
    }
    const output = (Array.isArray(planned) ? planned[0] : planned) as Rollup.RollupOutput;
    const chunks = output.output.filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const entry = chunks.find((c) => c.isEntry)!;
    const dashboard = chunks.find((c) => c.facadeModuleId?.replace(/\.tsx?$/, '').endsWith(`/${shellPage}`));
    if (!dashboard) throw new Error(`${shellPage} is not a chunk of its own`);
    // Each group takes its roots and what they import, but for the first script and the groups before it.
    const grouped = new Map<Rollup.OutputChunk, string>();
    const group = (name: string, roots: Rollup.OutputChunk[]) => {
      const visit = (chunk: Rollup.OutputChunk) => {
        if (chunk === entry || grouped.has(chunk)) return;
        grouped.set(chunk, name);
        for (const imported of chunk.imports) visit(byFile.get(imported)!);
      };
      roots.forEach(visit);
    };
    group('signed-in', dashboard.imports.map((file) => byFile.get(file)!));
    group('signed-in-header', chunks.filter((c) => c.moduleIds.some((id) => headerParts.test(id))));
    const cards = chunks.find((c) => c.facadeModuleId?.replace(/\.tsx?$/, '').endsWith(`/${dashboardCards}`));
    if (!cards) throw new Error(`${dashboardCards} is not a chunk of its own`);
    group('dashboard-cards', [cards]);
    // Every chunk is named as planned (a module left unnamed would be pulled into the first named chunk
    // that imports it, through an index file: all of Mantine into the first script), each group's as one.
    const chunkOf = new Map<string, string>();
    const names = new Set<string>();
    for (const chunk of chunks) {
      let name = grouped.get(chunk) ?? chunk.name;
      for (let n = 2; !grouped.has(chunk) && names.has(name); n++) name = `${chunk.name}${n}`;
      names.add(name);
      for (const id of chunk.moduleIds) chunkOf.set(id, name);
    }
    return { build: { rollupOptions: { output: { manualChunks: (id: string) => chunkOf.get(id) } } } };
  },
};

// The api sends text files compressed (brotli, else gzip) to browsers that take it, from copies made
// here once at their best compression (issue 34: the main script is 457 KB as built, 141 KB gzipped,
// less in brotli), never compressing on each request. Below 1 KB the headers cost more than is saved.
const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;
function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}
const precompress: Plugin = {
  name: 'precompress',
  // Not while the chunks are planned: that build writes nothing to compress.
  apply: (_, env) => env.command === 'build' && !planningChunks,
  closeBundle() {
    for (const path of filesUnder(new URL('./dist', import.meta.url).pathname)) {
      if (!compressible.test(path)) continue;
      const raw = readFileSync(path);
      if (raw.length < 1024) continue;
      writeFileSync(`${path}.br`, brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
      writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
    }
  },
};

// The service worker (sw/sw.ts, issue 34) is bundled after the app, with the app shell it keeps for
// offline use: the page ("/", which the api answers with index.html), every script and style of the
// build (the entry and each route's chunks, so any page opens without signal once installed), and the
// files in public/ a phone asks for (manifest, icons). Its version is a hash of those files, so a build
// that changes any of them installs a new shell cache and the old one is deleted.
const serviceWorker: Plugin = {
  name: 'service-worker',
  apply: 'build',
  enforce: 'post',
  async writeBundle(options, bundle) {
    const dir = options.dir!;
    const built = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name));
    const publicDir = new URL('./public', import.meta.url).pathname;
    const published = [...filesUnder(publicDir)].map((path) => relative(publicDir, path)).filter((name) => /\.(png|svg|webmanifest)$/.test(name));
    const files = ['index.html', ...built, ...published].sort();
    const hash = createHash('sha256');
    for (const name of files) hash.update(name).update(readFileSync(join(dir, name)));
    const shell = files.map((name) => (name === 'index.html' ? '/' : `/${name}`));
    await esbuild({
      entryPoints: [new URL('./sw/sw.ts', import.meta.url).pathname],
      outfile: join(dir, 'sw.js'),
      bundle: true,
      format: 'iife',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      define: { BUILD_HASH: JSON.stringify(hash.digest('hex').slice(0, 16)), SHELL_FILES: JSON.stringify(shell) },
    });
  },
};

// The dev server proxies /api to a locally running api so `npm run dev` works beside `go run ./cmd/api`.
// The Node build of scripts/prerender.mjs, which draws the landing page ahead of time, takes only the
// plugins that shape the app's code: the others write the browser build's files.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [mantineStylesPerModule(), react()]
    : [signedInShell, mantineStylesPerModule(), react(), keepPlaceholder, writeRoutes, writePreloads, serviceWorker, precompress],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  // The manifest lets bench/bundle-size.mjs find what each route loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Our own modules do nothing when imported (main.tsx, the entry, runs anyway), so a module is
      // needed only where something it exports is used. Without this, importing a feature's index.ts for
      // one hook tied the importing page's chunks to everything the index exports: the dashboard loaded
      // the recruiting page's college dialog (and Mantine's Rating) through features/recruiting.
      treeshake: { moduleSideEffects: (id) => !/\/src\/.*\.tsx?$/.test(id) },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Mantine dialogs in jsdom take 2–3 s on a quiet 2-core machine; a busy one (CI, parallel
    // builds) must not turn that into a timeout.
    testTimeout: 15_000,
    // The browser build of tus-js-client, as the app gets it (Vitest resolves packages as Node does,
    // and tus-js-client's Node build reads Buffers and streams, not the browser's File).
    alias: { 'tus-js-client': 'tus-js-client/lib.esm/browser/index.js' },
  },
}));
