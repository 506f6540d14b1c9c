// The landing page's JavaScript budget (docs/PERFORMANCE.md, "Web bundle"): 150 kB gzip, every script
// it loads included. Checked twice: from the build's manifest (bench/bundle-size.mjs, what the numbers
// in PERFORMANCE.md come from), and by what Chromium really fetches for / signed out, so the manifest's
// account of a route cannot drift from the browser's.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { LANDING_BUDGET, loadBuild, measure } from '../../bench/bundle-size.mjs';
import { launch, newPage } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the landing page loads at most 150 kB of gzip JavaScript (build manifest)', () => {
  const [landing] = measure();
  assert.ok(landing.gzip <= LANDING_BUDGET, `landing: ${landing.gzip} bytes gzip > ${LANDING_BUDGET}: ${JSON.stringify(landing.scripts)}`);
});

test('the landing page loads at most 150 kB of gzip JavaScript (in Chromium), the scripts the manifest names', async () => {
  const page = await newPage(browser, { width: 1280, height: 900 });
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.set(new URL(res.url()).pathname, res.body().then((body) => gzipSync(body, { level: 9 }).length));
  });
  await page.goto('/');
  await page.getByRole('link', { name: 'Log in' }).waitFor();
  await page.waitForLoadState('networkidle');
  let total = 0;
  for (const size of scripts.values()) total += await size;
  const [landing] = measure();
  assert.deepEqual([...scripts.keys()].sort(), landing.scripts.map((s) => `/${s.file}`).sort(), 'Chromium fetched the scripts the manifest names');
  assert.ok(total <= LANDING_BUDGET, `landing: ${total} bytes of gzip JavaScript > ${LANDING_BUDGET}: ${[...scripts.keys()].join(', ')}`);
  await page.context().close();
});

// The dialogs the dashboard mounts closed: their code is fetched when each first opens (lazyDialog in
// components/Dialog.tsx), so none of their modules may be among the dashboard's first scripts.
const DASHBOARD_DIALOGS = [
  'src/features/athletes/components/AthleteFormModal.tsx',
  'src/features/journal/components/EntryFormModal.tsx',
  'src/features/showcase/components/AchievementFormModal.tsx',
  'src/features/showcase/components/ShareCardModal.tsx',
  'src/features/family/components/InviteMemberModal.tsx',
];

test('the dashboard loads none of the dialogs it mounts closed (build manifest)', () => {
  const build = loadBuild();
  const dashboard = measure().find((r) => r.route.startsWith('dashboard'));
  const first = new Set(dashboard.scripts.map((s) => s.file));
  for (const source of DASHBOARD_DIALOGS) {
    const chunk = build.manifest[source];
    assert.ok(chunk, `${source} is not a chunk of its own in the manifest: is it still loaded lazily?`);
    assert.ok(!first.has(chunk.file), `the dashboard's first load carries ${source} (${chunk.file})`);
  }
});
