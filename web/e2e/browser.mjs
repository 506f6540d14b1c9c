// Shared set-up for the end-to-end tests: the system Chromium, driven by playwright-core, against
// the real api + worker that scripts/e2e.sh started at BASE_URL.
import { chromium } from 'playwright-core';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8080';

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-sync', '--disable-component-update'],
  });
}

export async function newPage(browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** A unique e-mail per run, so tests never collide with earlier data. */
export function uniqueEmail(label) {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Signs up a new family and creates its athlete through the API, as the app does; answers the athlete. */
export async function signUpFamily(page, athlete = {}) {
  const headers = { Origin: BASE_URL };
  const register = await page.request.post('/api/register', {
    data: { firstName: 'Maria', lastName: 'Garcia', email: uniqueEmail('family'), password: 'Softball2026' },
    headers,
  });
  if (register.status() !== 201) throw new Error(`register: ${register.status()} ${await register.text()}`);
  const created = await page.request.post('/api/athletes', {
    data: { name: 'Sofia Garcia', sports: 'Softball', position: 'Pitcher', graduationYear: new Date().getFullYear() + 2, gpa: null, school: 'Roosevelt High School', bio: '', ...athlete },
    headers,
  });
  if (created.status() !== 201) throw new Error(`athlete: ${created.status()} ${await created.text()}`);
  return created.json();
}
