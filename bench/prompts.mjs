// Times "Generate new AI prompts" against a running api + worker (bench/prompts.sh starts them), two ways:
//
//   api: POST /api/athletes/{id}/journal-prompts/generate, then GET it every 10 ms until "ready": the
//        server and worker alone (job insert, pickup, the prompt bank, the status row).
//   card:  in Chromium (playwright-core from web/node_modules), a click on the Journal page's button until
//          the card stops saying "Generating prompts…": what a family waits, the web app's polling included.
//   toast: the same click until the "New prompts generated" toast shows (the toast container is loaded
//          on the first toast, and slides in).
//
// Each run is a new family (a run per family stays far under the 6 runs an hour one athlete may ask for).
//
//   BASE_URL=http://127.0.0.1:18500 RUNS=10 node bench/prompts.mjs
import { createRequire } from 'node:module';

const require = createRequire(new URL('../web/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:18500';
const RUNS = Number(process.env.RUNS ?? 10);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});

async function newFamily(run) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const headers = { Origin: BASE_URL };
  const email = `prompts-${Date.now()}-${run}@example.com`;
  const register = await page.request.post('/api/register', {
    data: { firstName: 'Bench', lastName: 'Prompts', email, password: 'Bench-pass-1' },
    headers,
  });
  if (register.status() !== 201) throw new Error(`register: ${register.status()} ${await register.text()}`);
  const athlete = await page.request.post('/api/athletes', {
    data: { name: 'Bench Athlete', sports: 'Softball', position: 'Pitcher', graduationYear: new Date().getFullYear() + 2, school: 'Bench High' },
    headers,
  });
  if (athlete.status() !== 201) throw new Error(`athlete: ${athlete.status()} ${await athlete.text()}`);
  return { context, page, headers, athleteId: (await athlete.json()).id };
}

async function apiRun({ page, headers, athleteId }) {
  const url = `/api/athletes/${athleteId}/journal-prompts/generate`;
  const t0 = performance.now();
  const started = await page.request.post(url, { headers });
  if (started.status() !== 202) throw new Error(`generate: ${started.status()} ${await started.text()}`);
  for (;;) {
    const { status } = await (await page.request.get(url)).json();
    if (status === 'ready') return performance.now() - t0;
    if (status === 'failed') throw new Error('the prompt run failed');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function uiRun({ page }) {
  await page.goto('/journal');
  const button = page.getByRole('button', { name: 'Generate new AI prompts' });
  await button.waitFor();
  await page.waitForLoadState('networkidle');
  const t0 = performance.now();
  await button.click();
  await page.getByText('Generating prompts…').waitFor({ timeout: 30_000 });
  await page.getByText('Generating prompts…').waitFor({ state: 'detached', timeout: 30_000 });
  const card = performance.now() - t0;
  await page.getByText('New prompts generated').first().waitFor({ timeout: 30_000 });
  return { card, toast: performance.now() - t0 };
}

const results = { api: [], card: [], toast: [] };
for (let run = 1; run <= RUNS; run++) {
  const family = await newFamily(run);
  const api = await apiRun(family);
  const { card, toast } = await uiRun(family);
  results.api.push(api);
  results.card.push(card);
  results.toast.push(toast);
  console.error(`run ${run}: api ${api.toFixed(0)} ms, card ${card.toFixed(0)} ms, toast ${toast.toFixed(0)} ms`);
  await family.context.close();
}
await browser.close();

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
for (const [name, values] of Object.entries(results)) {
  console.log(`${name}: p50 ${pct(values, 50).toFixed(0)} ms, p95 ${pct(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (${values.length} runs)`);
}
