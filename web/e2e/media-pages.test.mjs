// A library of a few thousand items on a 390 px phone (issue 25): the grid reads its pages as it is
// scrolled and keeps only the rows on the screen in the page; an item from the middle opens, and closing
// its preview, or leaving the page and coming back, keeps the place. With SCREENSHOT_DIR set, the
// timeline on a desktop and the grid on a phone are saved there (docs/screenshots).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, newPage, signUpFamily } from './browser.mjs';
import { seedLibrary } from './library.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const phone = { width: 390, height: 844 };
const COUNT = 3000;

/** Where an element is on the screen, or null when it is not in the page. */
const rectOf = (page, testId) =>
  page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  }, testId);

test('scrolls a library of 3,000 items at 390 px, opens one from the middle and keeps the place', async () => {
  const page = await newPage(browser, phone);
  const athlete = await signUpFamily(page);
  const ids = await seedLibrary(page, athlete.id, COUNT);
  assert.equal(ids.length, COUNT + 1);
  const middle = ids[Math.floor(ids.length / 2)];
  const tile = `media-tile-${middle}`;

  const requests = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === `/api/athletes/${athlete.id}/media`) requests.push(req.url());
  });
  await page.goto('/media');
  await page.getByTestId('media-tile-' + ids[0]).waitFor();
  // The header counts the whole library from the summary before its rows are loaded.
  assert.equal(await page.getByTestId('media-counts').textContent(), '3,001 items · 3,001 photos · 60 favorites');

  // Scroll down as a thumb would, a screen at a time, until the middle item is on the screen.
  let most = 0;
  for (let step = 0; step < 2000; step += 1) {
    const rect = await rectOf(page, tile);
    if (rect && rect.top >= 0 && rect.bottom <= phone.height) break;
    await page.mouse.wheel(0, rect && rect.top > 0 ? Math.min(rect.top - 200, 1500) : 1500);
    await page.waitForTimeout(40);
    most = Math.max(most, await page.locator('article').count());
  }
  const rect = await rectOf(page, tile);
  assert.ok(rect && rect.top >= 0 && rect.bottom <= phone.height, `item ${middle} was never on the screen`);
  assert.ok(most < 80, `the page held ${most} tiles at once: the grid is not virtualised`);
  // Pages of 60 then 200: the middle of 3,001 is reached in about nine requests, not one per screen.
  assert.ok(requests.length >= 8 && requests.length <= 12, `${requests.length} list requests: ${requests.join(' ')}`);

  const before = await page.evaluate(() => window.scrollY);
  const title = await page.getByTestId(tile).getAttribute('aria-label');
  await page.getByTestId(tile).getByRole('button', { name: `Open ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForTimeout(300);
  assert.ok(Math.abs((await page.evaluate(() => window.scrollY)) - before) <= 2, 'closing the preview moved the page');
  const after = await rectOf(page, tile);
  assert.ok(after && Math.abs(after.top - rect.top) <= 2, `the item moved from ${rect.top} to ${after?.top}`);

  // Away to the dashboard (the phone's menu) and back: the pages are still cached and the offset was kept.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.waitForURL('**/dashboard');
  await page.goBack();
  await page.getByTestId(tile).waitFor();
  await page.waitForTimeout(300);
  const back = await rectOf(page, tile);
  assert.ok(back && Math.abs(back.top - rect.top) <= 4, `coming back put the item at ${back?.top}, not ${rect.top}`);

  // A reload empties the cache: the offset is kept for the session, and pages are read until it is reached.
  await page.reload();
  await page.getByTestId(tile).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(300);
  const reloaded = await rectOf(page, tile);
  assert.ok(reloaded && Math.abs(reloaded.top - rect.top) <= 4, `after a reload the item is at ${reloaded?.top}, not ${rect.top}`);
});

test('the timeline on a desktop: months counted by the summary, a jump to an old month, and selecting all of it across pages', async () => {
  const page = await newPage(browser);
  const athlete = await signUpFamily(page);
  // Ten a day from the end of 2025 back into August, and the uploaded photo in 1990.
  await seedLibrary(page, athlete.id, 1500);
  await page.goto('/media');
  await page.getByText('Timeline', { exact: true }).click();
  await page.getByRole('heading', { name: 'December 2025' }).waitFor();
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'media-timeline-desktop.png') });

  // Selecting first: the Select button is at the top, and clicking it would scroll the page back there.
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('combobox', { name: 'Jump to month' }).click();
  await page.getByRole('option', { name: /^August 2025/ }).click();
  const august = page.getByRole('heading', { name: 'August 2025' });
  await august.waitFor();
  await page.waitForTimeout(200);
  const top = (await august.boundingBox())?.y ?? -1;
  assert.ok(top >= 0 && top < 250, `August 2025 is at ${top} px, not at the top of the screen`);

  const count = Number(await page.getByTestId('month-2025-08').getByTestId('month-count').textContent());
  assert.ok(count > 200, `August counts ${count}`);
  await page.getByRole('button', { name: 'Select all in August 2025' }).click();
  await page.getByRole('region', { name: `${count} selected` }).waitFor();
});

test('at 390 px the grid shows the counts, two tiles a row and nothing sideways', async () => {
  const page = await newPage(browser, phone);
  const athlete = await signUpFamily(page);
  await seedLibrary(page, athlete.id, 200);
  await page.goto('/media');
  await page.getByTestId('media-counts').waitFor();
  await page.locator('article img').first().waitFor();
  const lefts = await page.locator('article').evaluateAll((els) => els.slice(0, 4).map((el) => Math.round(el.getBoundingClientRect().left)));
  assert.equal(new Set(lefts).size, 2, `tiles at ${lefts}`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, 'the page scrolls sideways');
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'media-phone.png') });
});
