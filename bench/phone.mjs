// Loads the landing page signed out, and the dashboard and the recruiting page's colleges signed in, on an
// emulated mid-range phone (issue 34),
// cold, and prints the time to the page's content, the bytes on the wire, the requests, and the physical
// floor beside each. bench/phone.sh starts the apis (a build before a change and one after) and runs this.
//
// The phone: 390×844 CSS pixels at 3×, touch, the CPU slowed 4× (Emulation.setCPUThrottlingRate), every
// request 150 ms round trip, 1.6 Mbit/s down and 750 kbit/s up (Network.emulateNetworkConditions). Each load
// is a new browser context with the cache off: nothing from an earlier load helps.
//
// The page's content, timed from the navigation's start (performance.now() in the page):
//   landing   the hero's heading (#hero-title) laid out with the page's styles applied;
//   dashboard the athlete's name in the athlete card, laid out (the first card with the family's data);
//   recruiting the colleges tab of a family following ten schools (two contacts, six log entries and a
//             coach link each): the newest log entry of the last school's card, laid out.
// A MutationObserver in the page notes the first moment the element is there with a box; polling from
// here would cost the throttled CPU. The content counts as shown at that moment or at the page's first
// paint (first-contentful-paint), whichever is later: a page that comes drawn in its HTML (the landing
// page) has its elements laid out as the HTML is parsed, but nothing is painted before its stylesheets. Bytes are the encoded (on the wire) sizes of every response finished
// by then, requests their count (the page keeps loading images and lazy parts after: not counted).
//
// The floor is what the network alone allows: the round trips the page cannot avoid (listed in FLOOR) ×
// 150 ms + the bytes measured ÷ 1.6 Mbit/s; the CPU's share (parsing, running the scripts, layout, 4×
// slowed) and the six-connections-per-host queueing are what is above it.
//
//   TARGETS='before=http://127.0.0.1:18500 after=http://127.0.0.1:18501' RUNS=3 node bench/phone.mjs
// Runs alternate between the targets (before, after, before, after, …), so a load from other work on the
// machine falls on both alike. PAGES='landing dashboard recruiting' (the default) chooses the pages. Prints a
// markdown table and, with --json, the samples; with --requests, each load's requests before its content
// (sent–finished, from the navigation's start); with --profile, where its main thread's time went.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../web/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const RUNS = Number(process.env.RUNS ?? 3);
const TARGETS = (process.env.TARGETS ?? 'app=http://127.0.0.1:18500').split(/\s+/).filter(Boolean).map((t) => {
  const [name, url] = t.split('=');
  return { name, url };
});
const LATENCY_MS = 150;
const DOWN_BYTES_PER_S = 1.6e6 / 8;
const UP_BYTES_PER_S = 0.75e6 / 8;

/**
 * The round trips each page cannot do without, one after another:
 *   landing   the HTML, then its script and stylesheet (one trip, in parallel);
 *   dashboard the HTML, then the session check with the page's modules beside it, then the athletes,
 *             then the dashboard's own data (its calls need the athlete's id);
 *   recruiting as the dashboard, the page's own data being the list of colleges.
 */
const FLOOR = { landing: 2, dashboard: 4, recruiting: 4 };
const PAGES = (process.env.PAGES ?? 'landing dashboard recruiting').split(/\s+/).filter(Boolean);
const ATHLETE = 'Bench Athlete';
const COLLEGES = 10;
const LAST_LOG = 'Called the last school';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-sync', '--disable-component-update'],
});

/** A session cookie of a new family with one athlete, on the target. */
async function signedInFamily(url) {
  const context = await browser.newContext({ baseURL: url });
  const headers = { Origin: url };
  const email = `phone-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const register = await context.request.post('/api/register', { data: { firstName: 'Bench', lastName: 'Phone', email, password: 'Bench-pass-1' }, headers });
  if (register.status() !== 201) throw new Error(`register: ${register.status()} ${await register.text()}`);
  const athlete = await context.request.post('/api/athletes', {
    data: { name: ATHLETE, sports: 'Softball', position: 'Pitcher', graduationYear: new Date().getFullYear() + 2, school: 'Bench High' },
    headers,
  });
  if (athlete.status() !== 201) throw new Error(`athlete: ${athlete.status()} ${await athlete.text()}`);
  const athleteId = (await athlete.json()).id;
  const made = async (path, data) => {
    const res = await context.request.post(path, { data, headers });
    if (res.status() !== 201) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  // Ten schools, the last (fewest stars) with LAST_LOG as its newest log entry.
  for (let i = 0; i < COLLEGES; i++) {
    const college = await made(`/api/athletes/${athleteId}/college-interests`, { name: `Bench College ${i + 1}`, division: 'D2', interest: 5 - Math.floor(i / 2) });
    for (const name of ['Coach Ames', 'Coach Bell']) await made(`/api/college-interests/${college.id}/contacts`, { name });
    for (let day = 1; day <= 6; day++) {
      const note = i === COLLEGES - 1 && day === 6 ? LAST_LOG : `Call ${day}`;
      await made(`/api/college-interests/${college.id}/outreach`, { kind: 'call', date: `2026-03-0${day}`, note });
    }
    await made(`/api/college-interests/${college.id}/links`, { coachName: 'Coach Ames' });
  }
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Records in window.__contentAt the first moment the page's content is laid out and painted. */
function watchForContent({ selector, text }) {
  let laidOutAt;
  let paintedAt;
  const shown = () => {
    if (laidOutAt !== undefined && paintedAt !== undefined) window.__contentAt = Math.max(laidOutAt, paintedAt);
  };
  new PerformanceObserver((entries) => {
    const first = entries.getEntriesByName('first-contentful-paint')[0];
    if (first && paintedAt === undefined) {
      paintedAt = first.startTime;
      shown();
    }
  }).observe({ type: 'paint', buffered: true });
  const found = () => {
    let element = null;
    if (selector) element = document.querySelector(selector);
    else {
      const walker = document.evaluate(`//*[normalize-space(text())='${text}']`, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null);
      element = walker.singleNodeValue;
    }
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const observer = new MutationObserver(() => {
    if (laidOutAt === undefined && found()) {
      laidOutAt = performance.now();
      observer.disconnect();
      shown();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

async function load(target, page, storageState) {
  const context = await browser.newContext({
    baseURL: target.url,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    storageState,
  });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: DOWN_BYTES_PER_S,
    uploadThroughput: UP_BYTES_PER_S,
  });
  const finished = [];
  const sent = new Map();
  cdp.on('Network.loadingFinished', (e) => finished.push({ at: e.timestamp, bytes: e.encodedDataLength, ...sent.get(e.requestId) }));
  let navigationStart;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (navigationStart === undefined && e.type === 'Document') navigationStart = e.timestamp;
    sent.set(e.requestId, { url: e.request.url, sentAt: e.timestamp });
  });
  const content = { landing: { selector: '#hero-title' }, dashboard: { text: ATHLETE }, recruiting: { text: LAST_LOG } }[page];
  await tab.addInitScript(watchForContent, content);
  const profiling = process.argv.includes('--profile');
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  await tab.goto({ landing: '/', dashboard: '/dashboard', recruiting: '/recruiting?tab=colleges' }[page], { waitUntil: 'commit', timeout: 60_000 });
  await tab.waitForFunction(() => window.__contentAt !== undefined, null, { timeout: 60_000, polling: 250 });
  const contentMs = await tab.evaluate(() => window.__contentAt);
  // The protocol's timestamps are seconds on the browser's clock, from the document's request on.
  const shownAt = navigationStart + contentMs / 1000;
  const before = finished.filter((f) => f.at <= shownAt);
  if (profiling) printProfile((await cdp.send('Profiler.stop')).profile, target.url);
  if (process.argv.includes('--requests')) {
    const ms = (at) => Math.round((at - navigationStart) * 1000);
    for (const f of before.sort((a, b) => a.sentAt - b.sentAt)) console.error(`  ${ms(f.sentAt)}–${ms(f.at)} ms ${(f.bytes / 1000).toFixed(1)} KB ${f.url.replace(target.url, '')}`);
  }
  await context.close();
  return { ms: contentMs, bytes: before.reduce((sum, f) => sum + f.bytes, 0), requests: before.length };
}

/**
 * --profile: the page's JavaScript until the content showed (and up to a poll after), by where the main
 * thread spent it (self time at the slowed CPU, per function and file), the 25 largest and the total.
 * The profiler slows the page (a profiled load's time is not a figure), and more so code that runs often
 * and briefly: watchForContent's `found` showed 0.35 s of a profiled dashboard, yet taking it out changed
 * the unprofiled dashboard by nothing measurable (3.05 s with it, 3.16 s without, medians of 8 runs
 * each, 2026-11-28).
 */
function printProfile(profile, origin) {
  const self = new Map();
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const where = `${functionName || '(anonymous)'} ${url.replace(origin, '')}:${lineNumber + 1}`;
    self.set(where, (self.get(where) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  const sorted = [...self].sort((a, b) => b[1] - a[1]);
  const total = sorted.reduce((sum, [, us]) => sum + us, 0);
  console.error(`  profile: ${(total / 1000).toFixed(0)} ms sampled`);
  for (const [where, us] of sorted.slice(0, 25)) console.error(`  ${(us / 1000).toFixed(1).padStart(7)} ms ${where}`);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const families = new Map();
for (const target of TARGETS) families.set(target.name, await signedInFamily(target.url));

const samples = [];
for (let run = 0; run < RUNS; run++) {
  for (const page of PAGES) {
    for (const target of TARGETS) {
      const result = await load(target, page, page === 'landing' ? undefined : families.get(target.name));
      samples.push({ target: target.name, page, run, ...result });
      console.error(`${target.name} ${page} run ${run + 1}: ${(result.ms / 1000).toFixed(2)} s, ${(result.bytes / 1000).toFixed(0)} KB, ${result.requests} requests`);
    }
  }
}
await browser.close();

if (process.argv.includes('--json')) console.log(JSON.stringify(samples, null, 2));
console.log('| page | build | content shown (median) | runs | bytes on the wire | requests | floor |');
console.log('|---|---|---|---|---|---|---|');
for (const page of PAGES) {
  for (const target of TARGETS) {
    const mine = samples.filter((s) => s.page === page && s.target === target.name);
    const ms = median(mine.map((s) => s.ms));
    const bytes = median(mine.map((s) => s.bytes));
    const requests = median(mine.map((s) => s.requests));
    const floor = FLOOR[page] * LATENCY_MS + (bytes / DOWN_BYTES_PER_S) * 1000;
    const runs = mine.map((s) => (s.ms / 1000).toFixed(2)).join(' / ');
    console.log(`| ${page} | ${target.name} | ${(ms / 1000).toFixed(2)} s | ${runs} | ${(bytes / 1000).toFixed(0)} KB | ${requests} | ${(floor / 1000).toFixed(2)} s (${FLOOR[page]} × ${LATENCY_MS} ms + ${(bytes / 1000).toFixed(0)} KB ÷ 1.6 Mbit/s) |`);
  }
}
