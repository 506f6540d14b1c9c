import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the owner downloads the whole legacy as one archive, then deletes the account', async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  const athlete = await signUpFamily(page, { name: 'Sofia Garcia' });
  const headers = { Origin: BASE_URL };
  const entry = await page.request.post(`/api/athletes/${athlete.id}/journal`, {
    data: { title: 'Primera victoria 🥎', content: 'Sofia pitched a complete game.', date: '2026-04-11', tags: [], enhanceWithAI: false },
    headers,
  });
  assert.equal(entry.status(), 201, await entry.text());

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Download everything' }).click();
  await page.getByText('We will e-mail you when it is ready to download.').first().waitFor();
  const link = page.getByRole('link', { name: /Download archive/ });
  await link.waitFor({ timeout: 60_000 });
  await page.getByText(/Available until/).waitFor();
  const href = await link.getAttribute('href');
  const zip = await page.request.get(href);
  assert.equal(zip.status(), 200);
  assert.equal(zip.headers()['content-type'], 'application/zip');
  const bytes = await zip.body();
  assert.equal(bytes.subarray(0, 4).toString('latin1'), 'PK\x03\x04', 'a ZIP file');
  assert.ok(bytes.includes(Buffer.from('journal/entries.json')), 'the journal is in it');
  assert.ok(bytes.includes(Buffer.from('journal/2026-04-11 Primera victoria 🥎')), "the entry's page, named by date and title");

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel(/Your password/).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await dialog.getByText('Password is incorrect').waitFor();
  await dialog.getByLabel(/Your password/).fill('Softball2026');
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByText('Your account has been deleted. An e-mail lists what was removed.').first().waitFor();
  assert.equal(await page.evaluate(async () => (await fetch('/api/user')).status), 401, 'signed out');
  assert.equal((await page.request.get(href)).status(), 401, 'the archive went with the account');
});
