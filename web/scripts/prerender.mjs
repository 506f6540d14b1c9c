// The pages the build draws ahead of time (src/prerender.tsx, issue 34), run after `vite build`: the app
// is built once more for Node, each page drawn, and its markup written to dist/prerendered.json, which
// the api puts in the page's HTML (cmd/api/preload.go). The Node build is thrown away.
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = fileURLToPath(new URL('..', import.meta.url));
// Inside node_modules, so the build's imports of our dependencies resolve as they do in the app.
const outDir = `${web}node_modules/.prerender`;

await build({
  root: web,
  configFile: `${web}vite.config.ts`,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, manifest: false },
});
const { prerender, prerenderedRoutes } = await import(pathToFileURL(`${outDir}/prerender.js`).href);
const pages = {};
for (const path of prerenderedRoutes) pages[path] = await prerender(path);
writeFileSync(`${web}dist/prerendered.json`, JSON.stringify(pages) + '\n');
rmSync(outDir, { recursive: true, force: true });
console.log(`prerendered ${Object.entries(pages).map(([path, markup]) => `${path} (${markup.length} bytes)`).join(', ')}`);
