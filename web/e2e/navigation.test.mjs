// The navigation reaches every page (issue 33): Milestones, Events and Showcase, once only behind dashboard
// cards, are in the bar under Highlights at 1280 px and in the phone menu at 390 px, the open one marked;
// and a success toast on a phone leaves the header (menu, logo, avatar) clear. With SCREENSHOT_DIR set,
// the bar with its menu open and the open phone menu are saved there.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, newPage, signUpFamily } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const groupPages = [
  ['Milestones', '/milestones'],
  ['Events', '/events'],
  ['Showcase', '/showcase'],
];

const shot = (page, name) => (process.env.SCREENSHOT_DIR ? page.screenshot({ path: join(process.env.SCREENSHOT_DIR, name) }) : undefined);

const intersects = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('at 1280 px, Highlights in the bar opens Milestones, Events and Showcase, and is underlined on them', async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  await signUpFamily(page);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const trigger = nav.getByRole('button', { name: 'Highlights' });
  assert.equal(await trigger.getAttribute('data-active'), null, 'not current on the dashboard');

  for (const [name, path] of groupPages) {
    await trigger.click();
    const item = page.getByRole('menuitem', { name: new RegExp(`^${name}`) });
    await item.waitFor();
    if (name === 'Milestones') await shot(page, 'nav-highlights-desktop.png');
    await item.click();
    await page.waitForURL(`**${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await trigger.getAttribute('data-active'), 'true', `Highlights is the current entry on ${path}`);
    // The dropdown says which of its pages is open.
    await trigger.click();
    assert.equal(await page.getByRole('menuitem', { name: new RegExp(`^${name}`) }).getAttribute('aria-current'), 'page');
    await page.keyboard.press('Escape');
  }
  // The bar still fits its row, down to 768 px where it starts: nothing scrolls sideways.
  for (const width of [1280, 992, 768]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await nav.evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(overflow <= 0, `at ${width} px the bar overflows by ${overflow} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/journal');
  assert.equal(await trigger.getAttribute('data-active'), null, 'not current on the journal');
  await page.context().close();
});

test('at 390 px, the phone menu folds Highlights into one line and reaches its three pages; a toast leaves the header clear', async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await signUpFamily(page);
  await page.goto('/dashboard');

  for (const [name, path] of groupPages) {
    await page.getByRole('button', { name: /^Open navigation/ }).click();
    const drawer = page.getByRole('dialog');
    const group = drawer.getByRole('button', { name: 'Highlights' });
    await group.waitFor();
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    const link = drawer.getByRole('link', { name, exact: true });
    await link.waitFor();
    if (name === 'Milestones') await shot(page, 'nav-highlights-phone.png');
    await link.click();
    await page.waitForURL(`**${path}`);
    await drawer.waitFor({ state: 'hidden' });
    // Opened again on one of its pages, the group is unfolded and marks it.
    await page.getByRole('button', { name: /^Open navigation/ }).click();
    assert.equal(await group.getAttribute('aria-expanded'), 'true', `Highlights is unfolded on ${path}`);
    assert.equal(await drawer.getByRole('link', { name, exact: true }).getAttribute('aria-current'), 'page');
    await drawer.getByRole('button', { name: 'Close navigation' }).click();
    await drawer.waitFor({ state: 'hidden' });
  }

  // Folded, the menu stays short: its last link is in view without scrolling on a 844 px phone.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Open navigation/ }).click();
  const last = page.getByRole('dialog').getByRole('link', { name: 'Subscription' });
  await last.waitFor();
  const lastBox = await last.boundingBox();
  assert.ok(lastBox && lastBox.y + lastBox.height <= 844, `Subscription is in view: ${JSON.stringify(lastBox)}`);
  await page.keyboard.press('Escape');

  // A success toast: Milestone Added, after the dialog closes.
  await page.goto('/milestones');
  await page.getByRole('button', { name: 'Add Milestone' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Title/).fill('First varsity start');
  await dialog.getByLabel(/^Date/).fill('2026-04-12');
  await dialog.getByRole('button', { name: 'Save Milestone' }).click();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Milestone Added' });
  await toast.waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForTimeout(400); // the toast's entry transition, and its move once the dialog is gone
  const header = await page.locator('header#app-header').boundingBox();
  const toastBox = await toast.boundingBox();
  assert.ok(header && toastBox, 'the header and the toast are on screen');
  assert.ok(!intersects(header, toastBox), `the toast ${JSON.stringify(toastBox)} covers the header ${JSON.stringify(header)}`);
  for (const name of [/^Open navigation/, 'Open account menu']) {
    const control = await page.getByRole('button', { name }).boundingBox();
    assert.ok(control && !intersects(control, toastBox), `the toast covers ${name}`);
  }
  await shot(page, 'toast-phone.png');
  await page.context().close();
});
