// Issue 34, at the ballpark: a journal entry written without signal waits on the phone ("Waiting for
// signal") and is sent when the signal is back, once: its Idempotency-Key is kept on the device (in
// IndexedDB) across reloads and reconnects, so an answer lost on the way back cannot make two entries.
// A refused entry says why on its card and can be edited or discarded; signing out asks before dropping
// unsent entries; another account on the same browser never sees them. And a resumable upload cut off
// mid-way is listed after a reload with how far it got, goes on when the file is chosen again, and
// leaves the list. Screenshots (1280 and 390 px): SCREENSHOT_DIR, else web/e2e/artifacts/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';
import { phoneConnection } from './phone-connection.mjs';

const shots = process.env.SCREENSHOT_DIR ?? fileURLToPath(new URL('./artifacts/', import.meta.url));
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

let browser;
let dir;
let film;
before(async () => {
  browser = await launch();
  mkdirSync(shots, { recursive: true });
  dir = mkdtempSync(join(tmpdir(), 'll-e2e-offline-journal-'));
  film = join(dir, 'Game film vs East.mp4');
  // Lossless noise keeps a 3-second clip over the resumable threshold (20 MB): about 28 MB.
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=3',
    '-vf', 'noise=alls=20:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', film]);
  assert.ok(statSync(film).size > 20 * 1024 * 1024, 'the film is over the resumable threshold');
});
after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const shot = (page, name) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

async function journalTitles(page, athleteId) {
  const res = await page.request.get(`/api/athletes/${athleteId}/journal`);
  assert.equal(res.status(), 200);
  const body = await res.json();
  return (Array.isArray(body) ? body : body.items ?? body.entries).map((e) => e.title);
}

/** How many entries wait in this browser's IndexedDB outbox (every account's). */
const queuedOnDevice = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('legacy-locker-journal-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) return resolve(0);
          const count = db.transaction('entries').objectStore('entries').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

async function writeEntry(page, title, content) {
  await page.getByRole('button', { name: 'New Entry' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Journal Entry' });
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel(/^Content/).fill(content);
  await dialog.getByRole('button', { name: 'Save Entry' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const waiting = (page, title) => page.getByRole('region', { name: 'Entries waiting to be sent' }).getByRole('article', { name: title });

/**
 * The signal goes, once the page has fetched the entry dialog's code (it does so when idle after it
 * mounts, so New Entry opens without signal; the installed app's service worker keeps it too).
 */
async function loseSignal(page) {
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/EntryFormModal-[^/]*\.js$/.test(e.name)));
  await page.context().setOffline(true);
}

/** The signal comes back (or seems to, for the `online` event that starts a send). */
async function reconnect(context) {
  await context.setOffline(true);
  await context.setOffline(false);
}

for (const [name, viewport] of [['desktop', desktop], ['phone', phone]]) {
  test(`an entry written offline waits on the device and is sent once, through a lost answer, reconnects and reloads (${name})`, async () => {
    const page = await newPage(browser, viewport);
    const context = page.context();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const keys = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && /\/api\/athletes\/\d+\/journal$/.test(req.url())) keys.push(req.headers()['idempotency-key']);
    });
    const athlete = await signUpFamily(page);
    await page.goto('/journal');
    await page.getByRole('button', { name: 'New Entry' }).first().waitFor();

    // No signal at the ballpark: the entry is kept on the phone.
    await loseSignal(page);
    await writeEntry(page, 'Bottom of the ninth', 'Walk-off double down the line. The dugout emptied.');
    await page.getByText('Saved on this device', { exact: true }).waitFor();
    const card = waiting(page, 'Bottom of the ninth');
    await card.getByText('Waiting for signal', { exact: true }).waitFor();
    assert.deepEqual(keys, [], 'nothing was sent without signal');
    assert.equal(await queuedOnDevice(page), 1);
    await page.getByText('Saved on this device', { exact: true }).waitFor({ state: 'hidden' });
    await shot(page, `offline-journal-waiting-${name}`);

    // The signal comes back, but the answer is lost on the way back: the server made the entry, the
    // phone does not know it, and keeps it waiting under the same key.
    let reachedServer;
    const reached = new Promise((resolve) => (reachedServer = resolve));
    const loseAnswer = async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.fetch();
      reachedServer();
      await route.abort('internetdisconnected');
    };
    await page.route('**/api/athletes/*/journal', loseAnswer);
    await context.setOffline(false);
    await reached;
    assert.deepEqual(await journalTitles(page, athlete.id), ['Bottom of the ninth'], 'the server has it once');
    await card.getByText('Waiting for signal', { exact: true }).waitFor();
    await page.unroute('**/api/athletes/*/journal', loseAnswer);

    // Still no answer from the server (one bar of signal) across a reload: the entry is still there.
    const noSignal = (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback());
    await page.route('**/api/athletes/*/journal', noSignal);
    const triedAfterReload = page.waitForRequest((req) => req.method() === 'POST' && req.url().endsWith('/journal'));
    await page.reload();
    await triedAfterReload;
    await waiting(page, 'Bottom of the ninth').getByText('Waiting for signal', { exact: true }).waitFor();
    await page.unroute('**/api/athletes/*/journal', noSignal);

    // The signal is really back: sent with the same key, answered with the entry the server already has.
    await reconnect(context);
    await page.getByText('Entry sent').first().waitFor();
    await page.getByRole('article', { name: 'Bottom of the ninth' }).getByText('Walk-off double down the line.', { exact: false }).waitFor();
    await waiting(page, 'Bottom of the ninth').waitFor({ state: 'detached' });
    assert.equal(await queuedOnDevice(page), 0);
    assert.ok(keys.length >= 3, `sent after the lost answer, after the reload and at reconnect (${keys.length})`);
    assert.equal(new Set(keys).size, 1, 'every try carried the one key');

    // Another offline/online cycle and another reload send nothing more.
    await reconnect(context);
    await page.reload();
    await page.getByRole('article', { name: 'Bottom of the ninth' }).waitFor();
    assert.deepEqual(await journalTitles(page, athlete.id), ['Bottom of the ninth'], 'one entry, not two');
    assert.equal(await page.getByText('Waiting for signal').count(), 0);
    assert.deepEqual(errors, [], 'no error escaped to the page');
    await context.close();
  });
}

test('a refused entry says why and can be edited or discarded; sign-out asks first; another account never sees them', async () => {
  const page = await newPage(browser, desktop);
  const context = page.context();
  const athlete = await signUpFamily(page);
  await page.goto('/journal');
  await page.getByRole('button', { name: 'New Entry' }).first().waitFor();

  await loseSignal(page);
  await writeEntry(page, 'Too long to keep', 'An entry the server will refuse.');
  await writeEntry(page, 'Rainout', 'Game called in the second inning.');
  await waiting(page, 'Rainout').getByText('Waiting for signal', { exact: true }).waitFor();

  // The server refuses the first (as it would an entry over its limits): the card says so and keeps it.
  let refused = false;
  const refuseOnce = (route) => {
    if (route.request().method() !== 'POST' || refused) return route.fallback();
    refused = true;
    return route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'This entry is too long to keep' }) });
  };
  await page.route('**/api/athletes/*/journal', refuseOnce);
  await context.setOffline(false);
  const refusedCard = waiting(page, 'Too long to keep');
  await refusedCard.getByText('Not saved: the server refused this entry (422)').waitFor();
  await refusedCard.getByText('This entry is too long to keep').waitFor();
  // The next entry went on.
  await page.getByRole('article', { name: 'Rainout' }).getByText('Game called in the second inning.').waitFor();
  await waiting(page, 'Rainout').waitFor({ state: 'detached' });
  await page.getByText('Entry sent').first().waitFor({ state: 'hidden', timeout: 10_000 });
  await shot(page, 'offline-journal-refused-desktop');

  // Edit: saved again as a new request, and the server takes it.
  await refusedCard.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Journal Entry' });
  assert.equal(await dialog.getByLabel(/^Title/).inputValue(), 'Too long to keep');
  await dialog.getByLabel(/^Title/).fill('Short and kept');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('article', { name: 'Short and kept' }).waitFor();
  await waiting(page, 'Short and kept').waitFor({ state: 'detached' });
  assert.deepEqual((await journalTitles(page, athlete.id)).sort(), ['Rainout', 'Short and kept']);
  await page.unroute('**/api/athletes/*/journal', refuseOnce);

  // Discard: asked, then gone, and nothing reached the server.
  await loseSignal(page);
  await writeEntry(page, 'Never mind', 'Written and thrown away.');
  await page.route('**/api/athletes/*/journal', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'No thanks' }) })
      : route.fallback(),
  );
  await context.setOffline(false);
  await waiting(page, 'Never mind').getByText('No thanks').waitFor();
  page.once('dialog', (question) => void question.accept());
  await waiting(page, 'Never mind').getByRole('button', { name: 'Discard' }).click();
  await waiting(page, 'Never mind').waitFor({ state: 'detached' });
  assert.equal(await queuedOnDevice(page), 0);
  await page.unrouteAll();

  // An unsent entry, then the family signs out: asked in the app's own dialog; Stay keeps it.
  await loseSignal(page);
  await writeEntry(page, 'Unsent at sign-out', 'Written in the parking lot.');
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const question = page.getByRole('dialog', { name: 'Unsent journal entries' });
  await question.getByText('One journal entry written on this device has not been sent yet. If you log out now, it will be lost.').waitFor();
  await question.getByRole('button', { name: 'Stay signed in' }).click();
  await question.waitFor({ state: 'detached' });
  assert.equal(await queuedOnDevice(page), 1);

  // Another account signs in on this browser: it never sees the first one's entry, nor sends it. (The
  // first account's page would send it when the signal comes back: held here so it is still waiting.)
  const blockSends = (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback());
  await page.route('**/api/athletes/*/journal', blockSends);
  await context.setOffline(false);
  const other = await signUpFamily(page, { name: 'Jordan Lee' });
  await page.unroute('**/api/athletes/*/journal', blockSends);
  await page.goto('/journal');
  await page.getByRole('heading', { name: 'Journal' }).first().waitFor();
  await page.getByText('No journal entries yet').waitFor();
  assert.equal(await page.getByText('Unsent at sign-out').count(), 0, 'another account never sees it');
  assert.deepEqual(await journalTitles(page, other.id), [], 'nor sends it as theirs');
  assert.equal(await queuedOnDevice(page), 1, 'it stays for its own account');
  await context.close();
});

test('signing out with an unsent entry, once agreed, drops it', async () => {
  const page = await newPage(browser, phone);
  const context = page.context();
  await signUpFamily(page);
  await page.goto('/journal');
  await page.getByRole('button', { name: 'New Entry' }).first().waitFor();
  await loseSignal(page);
  await writeEntry(page, 'Left behind', 'Never sent.');
  await page.getByText('Saved on this device', { exact: true }).waitFor({ state: 'hidden' });
  const blockSends = (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback());
  await page.route('**/api/athletes/*/journal', blockSends);
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const question = page.getByRole('dialog', { name: 'Unsent journal entries' });
  await question.waitFor();
  assert.equal(await page.getByRole('menuitem', { name: 'Log out' }).count(), 0, 'the account menu closed for the question');
  await page.waitForTimeout(300); // the dialog's opening transition, for the picture only
  await page.screenshot({ path: join(shots, 'offline-journal-sign-out-phone.png') });
  await question.getByRole('button', { name: 'Log out and discard' }).click();
  await page.waitForURL(`${BASE_URL}/`);
  assert.equal(await queuedOnDevice(page), 0);
  await context.close();
});

test('an upload cut off mid-way is listed after a reload with how far it got, and goes on when the file is chosen again', async () => {
  const connection = await phoneConnection();
  const context = await browser.newContext({ baseURL: connection.url, viewport: desktop });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const athlete = await signUpFamily(page);
  await page.goto('/media');

  // The signal goes after 40% of the film and does not come back while the page is open.
  const size = statSync(film).size;
  connection.cut(Math.floor(size * 0.4));
  await page.getByRole('button', { name: 'Upload' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Choose files to upload').setInputFiles(film);
  await dialog.getByLabel(/^Title/).fill('Game film vs East');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await dialog.getByText('Connection lost. The upload will go on from where it stopped…').waitFor();
  await page.close();

  // The app opens again later, with signal.
  connection.restore();
  for (const [viewport, label] of [[desktop, 'desktop'], [phone, 'phone']]) {
    const again = await context.newPage();
    await again.setViewportSize(viewport);
    await again.goto('/dashboard');
    const listed = again.getByRole('region', { name: 'Unfinished uploads' }).getByText(/^Game film vs East: (\d+)% sent — choose the file again to continue$/);
    await listed.waitFor();
    const percent = Number((await listed.textContent()).match(/(\d+)%/)[1]);
    assert.ok(percent >= 30 && percent <= 45, `about 40% was sent (${percent}%)`);
    await again.getByText(/^Game film vs East: \d+% sent/).waitFor();
    await shot(again, `unfinished-upload-dashboard-${label}`);
    await again.close();
  }

  const media = await context.newPage();
  await media.goto('/media');
  const card = media.getByRole('region', { name: 'Unfinished uploads' });
  await card.getByText(/^Game film vs East: \d+% sent — choose the file again to continue$/).waitFor();
  await shot(media, 'unfinished-upload-media-desktop');

  // Another file is not taken for it.
  const wrong = join(dir, 'other.mp4');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=10:duration=1', '-pix_fmt', 'yuv420p', wrong]);
  let chooser = media.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Choose the file again for Game film vs East' }).click();
  await (await chooser).setFiles(wrong);
  await card.getByRole('alert').getByText(/That is not the same file/).waitFor();

  // The same file: the upload goes on from where it stopped and the list empties.
  const patches = [];
  media.on('request', (req) => {
    if (req.method() === 'PATCH' && req.url().includes('/api/media/uploads/')) patches.push(Number(req.headers()['upload-offset']));
  });
  chooser = media.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Choose the file again for Game film vs East' }).click();
  await (await chooser).setFiles(film);
  await media.getByText('Upload Successful').first().waitFor({ timeout: 120_000 });
  await card.waitFor({ state: 'detached' });
  assert.ok(patches.length >= 1 && patches[0] >= Math.floor(size * 0.3), `it went on from byte ${patches[0]} of ${size}`);
  const items = await (await media.request.get(`/api/athletes/${athlete.id}/media`)).json();
  assert.deepEqual(items.map((i) => i.title), ['Game film vs East'], 'one media item');
  const original = await media.request.get(items[0].downloadUrl);
  assert.ok(Buffer.from(await original.body()).equals(readFileSync(film)), 'the stored original is the file byte for byte');

  // After a reload the list stays empty.
  await media.reload();
  await media.getByRole('button', { name: 'Upload' }).first().waitFor();
  assert.equal(await media.getByRole('region', { name: 'Unfinished uploads' }).count(), 0);
  await context.close();
  await connection.close();
});

test('forgetting an unfinished upload drops it on the server too', async () => {
  const connection = await phoneConnection();
  const context = await browser.newContext({ baseURL: connection.url, viewport: phone });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await signUpFamily(page);
  await page.goto('/media');
  connection.cut(Math.floor(statSync(film).size * 0.2));
  await page.getByRole('button', { name: 'Upload' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Choose files to upload').setInputFiles(film);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await dialog.getByText('Connection lost. The upload will go on from where it stopped…').waitFor();
  await page.close();
  connection.restore();

  const again = await context.newPage();
  await again.goto('/media');
  const card = again.getByRole('region', { name: 'Unfinished uploads' });
  await card.getByText(/^Game film vs East: \d+% sent/).waitFor();
  const uploadUrl = await again.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('tus::'));
    return JSON.parse(localStorage.getItem(key)).uploadUrl;
  });
  again.once('dialog', (question) => void question.accept());
  const deleted = again.waitForResponse((r) => r.request().method() === 'DELETE' && r.url() === uploadUrl);
  await card.getByRole('button', { name: 'Forget Game film vs East' }).click();
  assert.equal((await deleted).status(), 204);
  await card.waitFor({ state: 'detached' });
  const head = await again.request.fetch(uploadUrl, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } });
  assert.equal(head.status(), 404, 'the server dropped the partial upload');
  assert.equal(await again.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tus::')).length), 0);
  await context.close();
  await connection.close();
});
