// The shell as a visitor and a family see it (issue 11): a signed-out visit logs nothing red in the
// console (the session check answers 200 signed out), every page has its own document title, and In the
// Loop's three tabs stay on one row at 390 px. Screenshots: web/e2e/artifacts/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
let browser;
before(async () => {
  browser = await launch();
  mkdirSync(artifacts, { recursive: true });
});
after(async () => {
  await browser?.close();
});

test('a signed-out visit to /, /terms and /demo logs no console errors and no failed requests', async () => {
  const page = await newPage(browser);
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`${page.url()} console: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`${page.url()} page error: ${err.message}`));
  page.on('response', (res) => { if (res.status() >= 400) problems.push(`${page.url()} ${res.request().method()} ${res.url()}: ${res.status()}`); });
  for (const path of ['/', '/terms', '/demo', '/early-access']) {
    await page.goto(path);
    await page.locator('main').waitFor();
    await page.waitForLoadState('networkidle');
  }
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('every page has its own document title, signed out and signed in', async () => {
  const page = await newPage(browser);
  const titled = async (path, want) => {
    await page.goto(path);
    await page.waitForFunction((t) => document.title === t, want, { timeout: 10_000 }).catch(() => {});
    assert.equal(await page.title(), want, path);
  };
  await titled('/', 'Home · Legacy Locker');
  await titled('/early-access', 'Early Access · Legacy Locker');
  await titled('/demo', 'Demo Athlete · Legacy Locker');
  await titled('/terms', 'Terms of Service · Legacy Locker');
  await titled('/no-such-page', 'Page Not Found · Legacy Locker');
  await signUpFamily(page);
  await titled('/dashboard', 'Dashboard · Legacy Locker');
  await titled('/journal', 'Journal · Legacy Locker');
  await titled('/media', 'Media Library · Legacy Locker');
  await titled('/family', 'In the Loop · Legacy Locker');
  // A link inside the app (no reload) changes it too.
  await page.getByRole('link', { name: 'Journal' }).first().click();
  await page.waitForURL('**/journal');
  await page.waitForFunction(() => document.title === 'Journal · Legacy Locker');
  await page.context().close();
});

test("at 390 px, In the Loop's three tabs sit on one row", async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  const athlete = await signUpFamily(page);
  // A pending invitation, so the Pending tab carries its count badge too.
  const invite = await page.request.post(`/api/athletes/${athlete.id}/family-circle`, {
    headers: { Origin: BASE_URL },
    data: { name: 'Grandma Rose', relationship: 'grandparent', accessLevel: 'viewer' },
  });
  assert.equal(invite.status(), 201, await invite.text());
  await page.goto('/family');
  const tabs = page.getByRole('tab');
  await tabs.first().waitFor();
  const boxes = await tabs.evaluateAll((els) => els.map((el) => { const r = el.getBoundingClientRect(); return { text: el.textContent, top: Math.round(r.top), right: r.right }; }));
  await page.screenshot({ path: `${artifacts}loop-tabs-390.png` });
  assert.equal(boxes.length, 3, JSON.stringify(boxes));
  assert.equal(new Set(boxes.map((b) => b.top)).size, 1, `the tabs share one row: ${JSON.stringify(boxes)}`);
  for (const b of boxes) assert.ok(b.right <= 390, `"${b.text}" fits the screen: ${JSON.stringify(b)}`);
  await page.context().close();
});
