#!/usr/bin/env node
// The media library in Chromium at 390 px with 20,000 items (issue 25; docs/PERFORMANCE.md, "Lists in
// pages"): the time from navigation to the first thumbnails, and the long tasks (the Performance API's
// `longtask` entries, every task over 50 ms) while scrolling through 2,000 items. It runs against the
// real api and worker on a fresh database, as the browser tests do:
//
//   make build && scripts/e2e.sh ../bench/media-scroll.mjs
//   ITEMS=20000 RUNS=3 CPU_SLOWDOWN=4 scripts/e2e.sh ../bench/media-scroll.mjs
//
// The library is seeded as web/e2e/library.mjs does (ten items a day back from 2025-12-31, each with
// files of its own). A run is a fresh browser context (no cache, no session storage) that opens /media,
// waits until the thumbnails on the first screen have loaded, then scrolls a screen at a time (a wheel
// turn every animation frame or two, as a thumb flicks) until item 2,000 has passed the top of the
// screen. CPU_SLOWDOWN asks Chromium to run the page that many times slower (DevTools' CPU throttling),
// for a phone slower than this machine.
import { loadavg } from 'node:os';
import { test } from 'node:test';
import { launch, newPage, signUpFamily } from '../web/e2e/browser.mjs';
import { seedLibrary } from '../web/e2e/library.mjs';

const ITEMS = Number(process.env.ITEMS ?? 20_000);
const RUNS = Number(process.env.RUNS ?? 3);
const THROUGH = Number(process.env.THROUGH ?? 2_000);
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 1);
const phone = { width: 390, height: 844 };

/** Collects long tasks from the start of the page, and says when the first screen's thumbnails are shown. */
function watchPage() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** Milliseconds from navigation until every tile image on the first screen has loaded (and there is one). */
function firstThumbnails() {
  return new Promise((resolve) => {
    const check = () => {
      const shown = [...document.querySelectorAll('article img')].filter((img) => {
        const r = img.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight;
      });
      if (shown.length > 0 && shown.every((img) => img.complete && img.naturalWidth > 0)) resolve(performance.now());
      else requestAnimationFrame(check);
    };
    check();
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (n) => `${n.toFixed(0)} ms`;

test(`media library at 390 px: ${ITEMS} items, scrolling through ${THROUGH}`, { timeout: 30 * 60_000 }, async () => {
  const browser = await launch();
  try {
    const setup = await newPage(browser, phone);
    const athlete = await signUpFamily(setup);
    const seeded = Date.now();
    const ids = await seedLibrary(setup, athlete.id, ITEMS - 1);
    console.log(`seeded ${ids.length} items in ${ms(Date.now() - seeded)}`);
    const cookies = await setup.context().cookies();
    const target = `media-tile-${ids[THROUGH]}`;

    const rows = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const page = await newPage(browser, phone);
      await page.context().addCookies(cookies);
      await page.addInitScript(watchPage);
      if (CPU_SLOWDOWN > 1) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      }
      let listRequests = 0;
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === `/api/athletes/${athlete.id}/media`) listRequests += 1;
      });
      await page.goto('/media', { waitUntil: 'commit' });
      const shownAt = await page.evaluate(firstThumbnails);
      const load = await page.evaluate(() => window.__longTasks.splice(0));

      // Scroll until item THROUGH has gone past the top of the screen.
      const started = await page.evaluate(() => performance.now());
      let most = 0;
      for (let step = 0; step < 5_000; step += 1) {
        const past = await page.evaluate((id) => {
          const el = document.querySelector(`[data-testid="${id}"]`);
          return el !== null && el.getBoundingClientRect().bottom < 0;
        }, target);
        if (past) break;
        await page.mouse.wheel(0, 600);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        if (step % 10 === 0) most = Math.max(most, await page.locator('article').count());
      }
      const scrollMs = (await page.evaluate(() => performance.now())) - started;
      const scroll = await page.evaluate(() => window.__longTasks.splice(0));
      rows.push({ run, shownAt, load, scrollMs, scroll, most, listRequests });
      await page.context().close();
    }

    const longest = (tasks) => (tasks.length ? ms(Math.max(...tasks.map((t) => t.duration))) : '–');
    console.log(`\n${ITEMS} items, 390×844, CPU slowdown ${CPU_SLOWDOWN}×, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
    console.log('| run | first thumbnails | long tasks while loading (longest) | scroll through 2,000 items | long tasks while scrolling (longest) | tiles in the page at most | list requests |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(`| ${r.run} | ${ms(r.shownAt)} | ${r.load.length} (${longest(r.load)}) | ${ms(r.scrollMs)} | ${r.scroll.length} (${longest(r.scroll)}) | ${r.most} | ${r.listRequests} |`);
    }
    console.log(`| median | ${ms(median(rows.map((r) => r.shownAt)))} | | ${ms(median(rows.map((r) => r.scrollMs)))} | ${median(rows.map((r) => r.scroll.length))} | | |`);
  } finally {
    await browser.close();
  }
});
