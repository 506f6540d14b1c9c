// Mantine's stylesheets come per component with the code that uses them (web/mantineStyles.ts, issue 34):
// a component whose stylesheet did not come would be drawn unstyled. Every Mantine class on a page
// (m_ and eight hex digits, from Mantine's CSS modules) must be styled by a stylesheet the page has
// loaded; checked on every page that opens without a link's token, at a phone's width and a desktop's,
// with the menus and two dialogs open (toasts: e2e/toasts.test.mjs checks they are drawn in the window).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, signUpFamily } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The Mantine classes on the page that no loaded stylesheet mentions. */
function unstyledClasses(page) {
  return page.evaluate(() => {
    const styled = new Set();
    const walk = (rules) => {
      for (const rule of rules) {
        for (const m of (rule.selectorText ?? '').matchAll(/\.(m_[0-9a-f]{8})/g)) styled.add(m[1]);
        if (rule.cssRules) walk(rule.cssRules);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    const missing = new Set();
    for (const element of document.querySelectorAll('[class*="m_"]')) {
      for (const name of element.classList) if (/^m_[0-9a-f]{8}$/.test(name) && !styled.has(name)) missing.add(`${name} on <${element.tagName.toLowerCase()} class="${element.className}">`);
    }
    return [...missing];
  });
}

/** Waits for the page's chunk and data (a heading in the page, no loader left), then checks its classes. */
async function check(page, what) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelector('main :is(h1, h2)') && !document.querySelector('[aria-label="Loading"]'));
  assert.deepEqual(await unstyledClasses(page), [], `${what}: Mantine classes without their stylesheet`);
}

const publicPages = ['/', '/early-access', '/coming-soon', '/terms', '/privacy', '/contact', '/demo', '/no-such-page'];
const signedInPages = ['/dashboard', '/profile', '/journal', '/media', '/family', '/milestones', '/activity', '/recruiting', '/events', '/stats', '/showcase', '/subscription'];

for (const width of [390, 1280]) {
  test(`at ${width} px, every Mantine component on the pages has its stylesheet`, async () => {
    const page = await newPage(browser, { width, height: 900 });
    // Each page opened cold, as from a link, so its stylesheets are only those its own route loads.
    for (const path of publicPages) {
      await page.goto(path);
      await check(page, `${path}, signed out`);
    }
    await signUpFamily(page);
    for (const path of signedInPages) {
      await page.goto(path);
      await check(page, path);
    }
    // The header's menus and a dialog, which load with a click.
    await page.goto('/journal');
    await check(page, '/journal');
    const menus = width < 768 ? [/^Open navigation/] : ['Open account menu'];
    for (const name of menus) {
      await page.getByRole('button', { name }).click();
      await page.getByRole('menu').or(page.getByRole('dialog')).first().waitFor();
      assert.deepEqual(await unstyledClasses(page), [], `${name}: Mantine classes without their stylesheet`);
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: 'New Entry' }).first().click();
    await page.getByRole('dialog').waitFor();
    assert.deepEqual(await unstyledClasses(page), [], 'the New Entry dialog: Mantine classes without their stylesheet');
    // The upload dialog: its drop zone is @mantine/dropzone's.
    await page.goto('/media');
    await check(page, '/media');
    await page.getByRole('button', { name: 'Upload' }).first().click();
    await page.getByRole('dialog').waitFor();
    await page.waitForLoadState('networkidle');
    assert.ok(await page.getByRole('dialog').locator('.mantine-Dropzone-root').count(), 'the upload dialog has its drop zone');
    assert.deepEqual(await unstyledClasses(page), [], 'the Upload dialog: Mantine classes without their stylesheet');
    await page.context().close();
  });
}
