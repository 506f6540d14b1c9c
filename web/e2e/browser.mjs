// Shared set-up for the end-to-end tests: the system Chromium, driven by playwright-core, against
// the real api + worker that scripts/e2e.sh started at BASE_URL.
import { chromium } from 'playwright-core';
import { mailTo } from './mailbox.mjs';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8080';

const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-sync', '--disable-component-update'],
};

export async function launch() {
  return chromium.launch(chromiumOptions);
}

/**
 * A browser with a profile on disk (userDataDir), as a phone's is: Chromium installs no app from an
 * incognito context, which every newContext is. Its service workers are allowed.
 */
export async function launchWithProfile(userDataDir, viewport = { width: 1280, height: 900 }) {
  const context = await chromium.launchPersistentContext(userDataDir, { ...chromiumOptions, baseURL: BASE_URL, viewport, serviceWorkers: 'allow' });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * A page in a context of its own. The installed app's service worker is blocked unless asked for
 * (`{ serviceWorkers: 'allow' }`): the other tests see the site as on a first visit, before the worker
 * keeps the app's code, and so what a family meets whose phone has not installed it (pwa.test.mjs tests
 * the worker).
 */
export async function newPage(browser, viewport = { width: 1280, height: 900 }, { serviceWorkers = 'block' } = {}) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, serviceWorkers });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** A unique e-mail per run, so tests never collide with earlier data. */
export function uniqueEmail(label) {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Opens the confirmation link the worker mailed to the address, as its owner would from their inbox. */
export async function confirmEmail(page, email) {
  const body = await mailTo(email, /Subject: Confirm your e-mail address/);
  const token = body.match(/\/verify-email\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no confirmation link in the e-mail to ${email}: ${body}`);
  const res = await page.request.post(`/api/email-verifications/${token}`, { headers: { Origin: BASE_URL } });
  if (res.status() !== 200) throw new Error(`confirming ${email}: ${res.status()} ${await res.text()}`);
}

/**
 * Signs up a new family with a confirmed address and creates its athlete through the API, as the app
 * does; answers the athlete.
 */
export async function signUpFamily(page, athlete = {}) {
  const headers = { Origin: BASE_URL };
  const email = uniqueEmail('family');
  const register = await page.request.post('/api/register', {
    data: { firstName: 'Maria', lastName: 'Garcia', email, password: 'Softball2026' },
    headers,
  });
  if (register.status() !== 201) throw new Error(`register: ${register.status()} ${await register.text()}`);
  await confirmEmail(page, email);
  const created = await page.request.post('/api/athletes', {
    data: { name: 'Sofia Garcia', sports: 'Softball', position: 'Pitcher', graduationYear: new Date().getFullYear() + 2, gpa: null, school: 'Roosevelt High School', bio: '', ...athlete },
    headers,
  });
  if (created.status() !== 201) throw new Error(`athlete: ${created.status()} ${await created.text()}`);
  return created.json();
}
