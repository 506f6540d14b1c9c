// Draws the installed app's icons (web/public/icons/) from the favicon (web/public/favicon.svg) in
// Chromium, the browser the tests use, so the home-screen icon is the same drawing as the tab's. The
// PNGs are committed: run this again after changing the favicon (`node scripts/draw-icons.mjs` in web/).
// A maskable icon is cropped to a circle or squircle by the phone, so its drawing keeps to the middle
// 80% (the "safe zone") on a background that fills the square.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const out = (name) => new URL(`../public/icons/${name}`, import.meta.url).pathname;
// The favicon's own background, behind the maskable icon's safe zone.
const background = svg.match(/<rect[^>]*fill="(#[0-9a-fA-F]{6})"/)?.[1] ?? '#1c3f94';

const icons = [
  { name: 'icon-192.png', size: 192, inset: 0 },
  { name: 'icon-512.png', size: 512, inset: 0 },
  { name: 'maskable-512.png', size: 512, inset: 0.14 },
  // iOS rounds the corners itself and shows any transparency as black: a full square.
  { name: 'apple-touch-icon.png', size: 180, inset: 0.06 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
  for (const { name, size, inset } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const pad = Math.round(size * inset);
    const fill = inset > 0 ? background : 'transparent';
    await page.setContent(
      `<html><body style="margin:0;background:${fill}"><div style="padding:${pad}px;width:${size - 2 * pad}px;height:${size - 2 * pad}px">` +
        svg.replace('<svg ', '<svg width="100%" height="100%" ') +
        '</div></body></html>',
    );
    await page.screenshot({ path: out(name), omitBackground: inset === 0 });
    await page.close();
  }
} finally {
  await browser.close();
}
