// Accessibility (issue 33): axe-core with the WCAG 2.1 A and AA rules on every page of the app and its
// two main dialogs, signed out and signed in (an operator, so /ops is there too), in the light and the
// dark theme. Any serious or critical violation fails the test, printed with its element and help.
// One family, one athlete and one sign-in serve every page; the dark theme reuses the same session.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL, confirmEmail, launch, newPage, uniqueEmail } from './browser.mjs';

// Evaluated in the page rather than added as a <script>, which the app's Content-Security-Policy refuses.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const api = fileURLToPath(new URL('../../bin/api', import.meta.url));
const wcag21 = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Waits until the page has settled: its route's chunk and data loaded, no loader left, transitions done. */
async function settle(page) {
  await page.locator('main').waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-label="Loading"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  await page.waitForTimeout(300);
}

/** axe's serious and critical violations on the page as it stands, one line per element. */
async function violations(page, where) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate((tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }), wcag21);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${where}: [${v.impact}] ${v.id} at ${n.target.join(' ')}: ${v.help} (${n.failureSummary?.split('\n').slice(1).join(' ').trim()})`));
}

/** The recruiting page (its badges) and the not-found page at 1280 and 390 px, for people to look at. */
async function screenshots(page, theme) {
  for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    await page.setViewportSize(viewport);
    for (const [name, path] of [['recruiting', '/recruiting'], ['not-found', '/no-such-page']]) {
      await page.goto(path);
      await settle(page);
      await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `a11y-${name}-${theme}-${size}.png`), fullPage: name === 'recruiting' });
    }
  }
}

/** A confirmed family that is also an operator, with one athlete that has something on every page. */
async function seedFamily(page) {
  const headers = { Origin: BASE_URL };
  const email = uniqueEmail('a11y');
  const post = async (path, data, want = 201) => {
    const res = await page.request.fetch(path, { method: path.endsWith('/showcase') ? 'PUT' : 'POST', data, headers });
    assert.equal(res.status(), want, `${path}: ${await res.text()}`);
    return res.json();
  };
  await post('/api/register', { firstName: 'Maria', lastName: 'Garcia', email, password: 'Softball2026' });
  await confirmEmail(page, email);
  execFileSync(api, ['operator', 'add', email], { env: process.env, stdio: 'ignore' });
  const year = new Date().getFullYear();
  const athlete = await post('/api/athletes', { name: 'Sofia Garcia', sports: 'Softball', position: 'Pitcher', graduationYear: year + 2, gpa: 3.8, school: 'Roosevelt High School', bio: 'Pitcher and shortstop.' });
  const today = new Date().toISOString().slice(0, 10);
  await post(`/api/athletes/${athlete.id}/journal`, { title: 'Semifinal vs Central', content: 'We won 4-2. I pitched five innings and struck out seven.', date: today, tags: ['game reflection'], enhanceWithAI: false });
  await post(`/api/athletes/${athlete.id}/milestones`, { title: 'First varsity start', date: today, type: 'achievement', description: 'Five innings, seven strikeouts.' });
  await post(`/api/athletes/${athlete.id}/events`, { title: 'Regional tournament', eventType: 'tournament', startDate: `${year + 1}-05-09`, allDay: true });
  const slug = `a11y-${Date.now().toString(36)}`;
  await post(`/api/athletes/${athlete.id}/showcase`, { slug, published: true, showGpa: true, showStats: true, contact: '' }, 200);
  return slug;
}

const signedOutPages = ['/', '/early-access', '/coming-soon', '/terms', '/privacy', '/contact', '/demo', '/a/:slug', '/no-such-page'];
const signedInPages = ['/dashboard', '/journal', '/media', '/stats', '/recruiting', '/milestones', '/events', '/showcase', '/family', '/profile', '/subscription', '/activity', '/ops'];
// The Create Account tab, the New Entry dialog and the Upload dialog.
const dialogsAndTabs = 3;

test('every page and dialog passes axe (WCAG 2.1 A/AA) with no serious or critical violation, light and dark', async () => {
  const found = [];
  let checked = 0;
  const signedIn = await newPage(browser);
  const slug = await seedFamily(signedIn);
  const session = await signedIn.context().storageState();
  await signedIn.context().close();

  for (const theme of ['light', 'dark']) {
    const check = async (page, where) => {
      found.push(...(await violations(page, `${theme} ${where}`)));
      checked++;
    };
    const visit = async (page, path) => {
      await page.goto(path);
      await settle(page);
      assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')), theme, `${path} is ${theme}`);
      await check(page, path);
    };

    const visitor = await newPage(browser);
    await visitor.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const path of signedOutPages) {
      await visit(visitor, path.replace(':slug', slug));
    }
    await visitor.goto('/early-access');
    await visitor.getByRole('tab', { name: 'Create Account' }).click();
    await settle(visitor);
    await check(visitor, '/early-access (Create Account)');
    await visitor.context().close();

    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 }, storageState: session, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const path of signedInPages) {
      await visit(page, path);
    }
    await page.goto('/journal');
    await settle(page);
    await page.getByRole('button', { name: 'New Entry' }).first().click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    await check(page, '/journal (New Entry dialog)');

    await page.goto('/media');
    await settle(page);
    await page.getByRole('button', { name: 'Upload' }).first().click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    await check(page, '/media (Upload dialog)');
    if (process.env.SCREENSHOT_DIR) await screenshots(page, theme);
    await context.close();
  }

  assert.equal(checked, 2 * (signedOutPages.length + signedInPages.length + dialogsAndTabs), 'every page and dialog was checked in both themes');
  assert.deepEqual(found, [], `axe found serious or critical violations:\n${found.join('\n')}`);
});
