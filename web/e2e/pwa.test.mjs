// Issue 34, "An app on the home screen": the installable app as Chromium sees it. The manifest is linked
// and holds what installing needs (its icons fetched and decoded at the sizes it states); the service
// worker registers and controls the page, and Chromium reports no installability error; with the network
// off, the last-viewed dashboard, journal and events open from what the device saved, under the Offline
// banner; a second account signing in on the same browser never gets the first's saved answers, and
// signing out deletes them; a photo shared to the app (a multipart POST to the manifest's share_target)
// opens the upload dialog with the photo chosen, and without the worker the page says sharing needs the
// installed app. Screenshots (1280 and 390 px): SCREENSHOT_DIR, else web/e2e/artifacts/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL, launch, launchWithProfile, newPage, signUpFamily } from './browser.mjs';

const shots = process.env.SCREENSHOT_DIR ?? fileURLToPath(new URL('./artifacts/', import.meta.url));
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const withWorker = { serviceWorkers: 'allow' };

let browser;
before(async () => {
  browser = await launch();
  mkdirSync(shots, { recursive: true });
});
after(async () => {
  await browser?.close();
});

/** A small PNG the test makes itself (1×1, grey). */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==', 'base64');

/** The header's notice while offline. */
const offlineBanner = (page) => page.locator('header').getByRole('status').filter({ hasText: 'You are offline' });

/** Waits until the service worker is active and serves this page (it claims the page that installed it). */
async function controlledByWorker(page) {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return navigator.serviceWorker.controller.scriptURL;
  });
}

/** The names of the page's Cache Storage caches. */
const cacheNames = (page) => page.evaluate(() => caches.keys());

/** Signs in from the page itself, as the sign-in form does: the request goes through the service worker. */
async function signInFromPage(page, email) {
  const status = await page.evaluate(
    (email) =>
      fetch('/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'Softball2026' }) }).then(
        (res) => res.status,
      ),
    email,
  );
  assert.equal(status, 200, `signing in ${email}`);
}

test('the manifest is linked and complete, its icons are PNGs of the stated sizes, and the service worker makes the app installable', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'll-pwa-profile-'));
  const context = await launchWithProfile(profile, desktop);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  assert.equal(href, '/manifest.webmanifest');
  const res = await page.request.get(href);
  assert.equal(res.status(), 200);
  assert.equal(res.headers()['content-type'], 'application/manifest+json');
  const manifest = await res.json();
  assert.equal(manifest.name, 'Legacy Locker');
  assert.ok(manifest.short_name, 'a short name for the home screen');
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.start_url, '/dashboard');
  assert.equal(manifest.scope, '/');
  assert.ok(manifest.id, 'an id');
  assert.deepEqual(manifest.share_target.params.files, [{ name: 'media', accept: ['image/*', 'video/*'] }]);
  assert.equal(manifest.share_target.method, 'POST');
  assert.equal(manifest.share_target.enctype, 'multipart/form-data');

  // Each PNG icon decoded by the browser, at the size the manifest states.
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const decoded = await page.evaluate(
    (srcs) =>
      Promise.all(
        srcs.map(async (src) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          return `${img.naturalWidth}x${img.naturalHeight}`;
        }),
      ),
    [...pngs.map((icon) => icon.src), touch],
  );
  assert.deepEqual(decoded, [...pngs.map((icon) => icon.sizes), '180x180']);
  const kinds = pngs.map((icon) => `${icon.sizes} ${icon.purpose}`);
  for (const want of ['192x192 any', '512x512 any', '512x512 maskable']) assert.ok(kinds.includes(want), `an icon of ${want}: ${kinds}`);
  const themes = await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((m) => `${m.media} ${m.content}`));
  assert.deepEqual(themes, ['(prefers-color-scheme: light) #ffffff', '(prefers-color-scheme: dark) #242424']);

  assert.equal(await controlledByWorker(page), `${BASE_URL}/sw.js`);
  assert.ok((await cacheNames(page)).some((name) => name.startsWith('shell-')), 'the app shell is saved');
  // Chromium's own verdict (REFERENCE.md, "Installable web app").
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, []);
  const { errors } = await cdp.send('Page.getAppManifest');
  assert.deepEqual(errors, [], 'the manifest parses without complaint');
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('offline, the last-viewed dashboard, journal and events open from the device under the Offline banner; another account never sees them; signing out deletes them', async () => {
  const page = await newPage(browser, desktop, withWorker);
  const context = page.context();
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const sofia = await signUpFamily(page);
  const headers = { Origin: BASE_URL };
  const entry = await page.request.post(`/api/athletes/${sofia.id}/journal`, {
    headers,
    data: { title: 'Semifinal vs Central', content: 'Five innings, seven strikeouts.', date: '2026-05-02', tags: [], enhanceWithAI: false },
  });
  assert.equal(entry.status(), 201, await entry.text());
  const nextYear = new Date().getFullYear() + 1;
  const event = await page.request.post(`/api/athletes/${sofia.id}/events`, {
    headers,
    data: { title: 'Regional Showcase', eventType: 'showcase', startDate: `${nextYear}-06-01T09:00:00Z` },
  });
  assert.equal(event.status(), 201, await event.text());

  // The first visit installs the worker; the visits after it are served through it, and their reads kept.
  await page.goto('/dashboard');
  await controlledByWorker(page);
  await page.goto('/journal');
  await page.getByRole('article', { name: 'Semifinal vs Central' }).waitFor();
  await page.goto('/events');
  await page.getByText('Regional Showcase').first().waitFor();
  await page.goto('/dashboard');
  await page.getByText('Sofia Garcia').first().waitFor();
  assert.equal(await offlineBanner(page).count(), 0, 'no banner while online');

  await context.setOffline(true);
  for (const [name, viewport] of [['desktop', desktop], ['phone', phone]]) {
    await page.setViewportSize(viewport);
    const saved = await page.goto('/dashboard');
    // The saved shell is the answer for "/", which carries the landing page drawn: not on another page.
    assert.doesNotMatch(await saved.text(), /hero-title/, 'the landing page is not in the dashboard served offline');
    await offlineBanner(page).waitFor();
    await offlineBanner(page).getByText(/Showing what this device saved/).waitFor();
    await page.getByText('Sofia Garcia').first().waitFor();
    await page.getByText('Regional Showcase').first().waitFor();
    await page.screenshot({ path: join(shots, `pwa-offline-dashboard-${name}.png`) });
  }
  await page.setViewportSize(desktop);
  await page.goto('/journal');
  await offlineBanner(page).waitFor();
  await page.getByRole('article', { name: 'Semifinal vs Central' }).waitFor();
  await page.goto('/events');
  await offlineBanner(page).waitFor();
  await page.getByText('Regional Showcase').first().waitFor();
  await context.setOffline(false);

  // Another family signs in on this browser, Sofia's session gone without a sign-out (it expired).
  const other = await newPage(browser, desktop);
  const jordan = await signUpFamily(other, { name: 'Jordan Lee' });
  const jordanEmail = (await (await other.request.get('/api/user')).json()).email;
  await other.context().close();
  const sofiaCache = `api-account-${(await (await page.request.get('/api/user')).json()).id}`;
  assert.ok((await cacheNames(page)).includes(sofiaCache), 'Sofia’s answers are saved under her account');
  await context.clearCookies();
  await signInFromPage(page, jordanEmail);
  assert.ok(!(await cacheNames(page)).some((name) => name.startsWith('api-account-')), 'Sofia’s saved answers went at the sign-in');
  await page.goto('/dashboard');
  await page.getByText('Jordan Lee').first().waitFor();
  await context.setOffline(true);
  await page.reload();
  await offlineBanner(page).waitFor();
  await page.getByText('Jordan Lee').first().waitFor();
  assert.equal(await page.getByText('Sofia Garcia').count(), 0, 'nothing of the first family');
  assert.equal(await page.getByText('Regional Showcase').count(), 0, 'nothing of the first family');
  await context.setOffline(false);
  assert.ok(jordan.id !== sofia.id);

  // Signing out deletes what was saved: offline, the dashboard has nothing of the family to show.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${BASE_URL}/`);
  await page.getByText('Logged out').first().waitFor();
  assert.ok(!(await cacheNames(page)).some((name) => name.startsWith('api-account-') || name === 'account'), 'no saved answers after signing out');
  await context.setOffline(true);
  await page.goto('/journal').catch(() => {});
  await page.waitForTimeout(1000); // the page's reads fail or are answered: nothing to wait on but time
  assert.equal(await page.getByText('Jordan Lee').count(), 0, 'nothing of the family after signing out');
  await context.setOffline(false);
  assert.deepEqual(errors, [], 'no error escaped to the page');
  await context.close();
});

/** Shares the PNG to the app as the phone's share sheet does: a multipart form POSTed to the share target, a navigation. */
async function shareFromPhone(page) {
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'multipart/form-data';
    form.action = '/share-target';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'media';
    input.id = 'shared-media';
    form.append(input);
    document.body.append(form);
  });
  await page.setInputFiles('#shared-media', { name: 'Walk-off hit.png', mimeType: 'image/png', buffer: png });
  await Promise.all([page.waitForURL(/\/media/), page.evaluate(() => document.querySelector('#shared-media').form.submit())]);
}

test('a photo shared to the installed app opens the upload dialog with it chosen, and uploads', async () => {
  for (const [name, viewport] of [['desktop', desktop], ['phone', phone]]) {
    const page = await newPage(browser, viewport, withWorker);
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const athlete = await signUpFamily(page);
    await page.goto('/dashboard');
    await controlledByWorker(page);

    await shareFromPhone(page);
    const dialog = page.getByRole('dialog', { name: 'Upload Media' });
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel(/^Title/).inputValue(), 'Walk-off hit');
    await dialog.getByText('Walk-off hit.png').waitFor();
    assert.equal(new URL(page.url()).search, '', 'the marker left the address: a reload does not share again');
    assert.deepEqual(await page.evaluate(() => caches.keys().then((names) => names.filter((n) => n === 'shared-files'))), [], 'the shared file left the device’s cache');
    await page.waitForTimeout(300); // the dialog's opening transition, for the picture only
    await page.screenshot({ path: join(shots, `pwa-share-dialog-${name}.png`) });

    assert.equal(await page.getByRole('dialog').count(), 1, 'one dialog, though the empty library shows Upload twice');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Upload Successful').first().waitFor({ timeout: 30_000 });
    const items = await (await page.request.get(`/api/athletes/${athlete.id}/media`)).json();
    assert.deepEqual(
      items.map((i) => i.title),
      ['Walk-off hit'],
    );
    assert.deepEqual(errors, [], 'no error escaped to the page');
    await page.context().close();
  }
});

test('a share that reaches the server without the service worker lands on the media page, which says sharing needs the installed app', async () => {
  const page = await newPage(browser, phone);
  await signUpFamily(page);
  await page.goto('/dashboard');
  await page.getByText('Sofia Garcia').first().waitFor();
  await shareFromPhone(page);
  const dialog = page.getByRole('dialog', { name: 'Upload Media' });
  await dialog.getByText('Sharing needs the installed app. Choose the files here instead.').waitFor();
  assert.equal(new URL(page.url()).pathname, '/media');
  await page.context().close();
});
