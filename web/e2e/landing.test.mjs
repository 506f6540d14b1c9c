// The landing page comes drawn in its HTML (issue 34: on a phone it showed only once the 457 KB script
// every page shares had downloaded and run): it shows with no script of ours run, in the family's colour
// scheme, and the app then takes that very page over (hydration) rather than drawing it again, with
// nothing logged red. Screenshots: web/e2e/artifacts/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, newPage, signUpFamily } from './browser.mjs';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
const phone = { width: 390, height: 844 };
let browser;
before(async () => {
  browser = await launch();
  mkdirSync(artifacts, { recursive: true });
});
after(async () => {
  await browser?.close();
});

/** A page that remembers `scheme` as the family's choice, and the hero heading the HTML parser made. */
async function visitor(viewport, scheme) {
  const page = await newPage(browser, viewport);
  await page.addInitScript((s) => {
    localStorage.setItem('theme', s);
    new MutationObserver((_, observer) => {
      const hero = document.getElementById('hero-title');
      if (!hero) return;
      window.parsedHero = hero;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, scheme);
  return page;
}

for (const [scheme, viewport, name] of [['light', { width: 1280, height: 900 }, 'desktop'], ['dark', phone, 'phone']]) {
  test(`the landing page shows before any script runs and is taken over, not redrawn (${scheme}, ${name})`, async () => {
    const page = await visitor(viewport, scheme);
    const problems = [];
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (msg) => msg.type() === 'error' && problems.push(`console: ${msg.text()}`));

    // No script of ours at all: the page is there, laid out, in the scheme the family chose.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    const drawn = await page.evaluate(() => ({
      heading: document.getElementById('hero-title')?.textContent,
      height: document.getElementById('hero-title')?.getBoundingClientRect().height,
      scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
      background: getComputedStyle(document.body).backgroundColor,
    }));
    assert.match(drawn.heading ?? '', /Every game, every milestone/);
    assert.ok(drawn.height > 0, 'the heading is laid out');
    assert.equal(drawn.scheme, scheme);
    assert.equal(drawn.background, scheme === 'dark' ? 'rgb(36, 36, 36)' : 'rgb(255, 255, 255)');
    await page.screenshot({ path: join(artifacts, `landing-before-script-${scheme}-${name}.png`) });
    await page.unroute('**/assets/*.js');
    problems.length = 0; // the scripts refused above

    // With the scripts: the session check answers signed out and the page gains what depends on it.
    await page.goto('/');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await page.locator('#landing-waitlist-email').waitFor();
    assert.ok(await page.evaluate(() => window.parsedHero === document.getElementById('hero-title')), 'the heading the HTML brought is the one shown');
    const next = scheme === 'dark' ? 'light' : 'dark';
    const toggle = page.getByRole('button', { name: `Switch to ${next} mode` });
    await toggle.click();
    await page.waitForFunction((s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s, next);
    await page.getByRole('button', { name: `Switch to ${scheme} mode` }).waitFor();
    await page.getByRole('button', { name: `Switch to ${scheme} mode` }).click();
    await page.screenshot({ path: join(artifacts, `landing-${scheme}-${name}.png`) });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

test('signed in, the landing page drawn for a visitor turns to the family once the session answers', async () => {
  const page = await visitor(phone, 'light');
  await signUpFamily(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Create a free account' }).count(), 0);
  assert.equal(await page.locator('#landing-waitlist-email').count(), 0, 'no news list for a family signed in');
  assert.ok(await page.evaluate(() => window.parsedHero === document.getElementById('hero-title')));
  await page.context().close();
});

test('another page is drawn by the app alone: only the landing page comes drawn', async () => {
  const page = await visitor(phone, 'light');
  const terms = await page.goto('/terms');
  assert.doesNotMatch(await terms.text(), /hero-title|data-prerendered/);
  await page.getByRole('heading', { name: 'Terms of Service' }).first().waitFor();
  await page.context().close();
});
