// Dark theme contrast (issue 11): on the main screens in dark mode, every visible button's text stands
// out from its background by WCAG AA's 4.5:1 for normal text, measured from computed styles (the text
// colour against the first opaque background behind it, translucent layers blended in), and a
// light-variant button is filled lighter than the surface it sits on, not darker (it sank into the card).
// Screenshots: web/e2e/artifacts/dark-*.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { launch, newPage, signUpFamily } from './browser.mjs';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
let browser;
before(async () => {
  browser = await launch();
  mkdirSync(artifacts, { recursive: true });
});
after(async () => {
  await browser?.close();
});

/** Every visible, enabled button with text on the page, with its contrast ratio. */
function buttonContrasts() {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  // Any CSS colour (rgb, oklab, color-mix results…) to [r, g, b, a] through the canvas.
  const rgba = (css) => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1);
  const luminance = ([r, g, b]) => {
    const lin = (c) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  /** The colour behind el: its own background and its ancestors', blended until one is opaque. */
  const background = (el) => {
    const layers = [];
    for (let node = el; node; node = node.parentElement) {
      const bg = rgba(getComputedStyle(node).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let color = rgba(getComputedStyle(document.body).backgroundColor);
    if (color[3] < 1) color = [255, 255, 255, 1];
    for (const layer of layers.reverse()) color = over(layer, color);
    return color;
  };
  const results = [];
  for (const button of document.querySelectorAll('button, a[data-variant], [role="button"], [role="tab"]')) {
    const rect = button.getBoundingClientRect();
    const style = getComputedStyle(button);
    const text = (button.innerText || '').trim();
    if (!text || rect.width === 0 || rect.height === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    if (button.disabled || button.getAttribute('aria-disabled') === 'true' || button.hasAttribute('data-disabled')) continue;
    // The text's own element: the label span inside a Mantine button carries the colour.
    const label = button.querySelector('.mantine-Button-label') ?? button;
    const fg = rgba(getComputedStyle(label).color);
    const bg = background(button);
    const color = over(fg, bg);
    const [hi, lo] = [luminance(color), luminance(bg)].sort((a, b) => b - a);
    // A light-variant button's own fill against the surface it sits on: it must be lighter than that
    // surface, as a raised control is in a dark theme (Mantine's default fill was darker than the card).
    let raised = null;
    if (button.getAttribute('data-variant') === 'light' && button.parentElement) {
      raised = luminance(bg) > luminance(background(button.parentElement));
    }
    results.push({ text: text.slice(0, 40), ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100, raised, fg: fg.join(','), bg: bg.join(',') });
  }
  return results;
}

test('in dark mode, every visible button on the main screens has AA contrast (4.5:1)', async () => {
  const page = await newPage(browser, { width: 1280, height: 900 });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signUpFamily(page);
  const failures = [];
  let checked = 0;
  for (const path of ['/', '/early-access', '/demo', '/dashboard', '/journal', '/media', '/family', '/profile', '/recruiting', '/milestones', '/events']) {
    await page.goto(path);
    await page.locator('main').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')), 'dark', `${path} is dark`);
    await page.screenshot({ path: `${artifacts}dark${path === '/' ? '-landing' : path.replace(/\//g, '-')}.png`, fullPage: true });
    const buttons = await page.evaluate(buttonContrasts);
    checked += buttons.length;
    for (const b of buttons) {
      if (b.ratio < 4.5) failures.push(`${path} "${b.text}": ${b.ratio}:1 (text ${b.fg} on ${b.bg})`);
      if (b.raised === false) failures.push(`${path} "${b.text}": a light button darker than the surface it sits on (${b.bg})`);
    }
  }
  assert.ok(checked > 20, `buttons were checked (${checked})`);
  assert.deepEqual(failures, [], 'buttons below 4.5:1 in dark mode');
  await page.context().close();
});
