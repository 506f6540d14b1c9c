import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

// The showcase as a family uses it: publish the public page, add an achievement and download its
// drawn card, generate a QR code, read it as a phone would, open it, and see the scan counted.

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Width and height from a PNG's header. */
function pngSize(bytes) {
  assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test('publish the page, share an achievement card, scan the QR code', async () => {
  const page = await newPage(browser);
  await signUpFamily(page, { name: 'Sofia Garcia' });
  const slug = `sofia-${Date.now().toString(36)}`;
  await page.goto('/showcase');

  // The public page: an address, published.
  await page.getByRole('textbox', { name: /Web address/ }).fill(slug);
  await page.getByRole('switch', { name: 'Publish the public page' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Your choices are in effect now.').waitFor();
  await page.getByRole('link', { name: 'Open the public page' }).waitFor();

  // An achievement on the public page; its card is drawn by the worker.
  await page.getByRole('button', { name: 'Add Achievement' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add Achievement' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Perfect game in the regional final');
  await form.getByRole('button', { name: 'Add a stat' }).click();
  await form.getByRole('combobox', { name: 'Stat 1' }).fill('strikeouts');
  await form.getByRole('textbox', { name: 'Value 1' }).fill('12');
  await form.getByRole('switch', { name: 'Show on the public page' }).check();
  await form.getByRole('button', { name: 'Add Achievement' }).click();
  await page.getByText('Your new achievement has been added to your showcase.').waitFor();

  await page.getByRole('button', { name: 'Perfect game in the regional final' }).first().click();
  const preview = page.getByRole('dialog', { name: 'Achievement Preview' });
  await preview.getByRole('img', { name: 'Perfect game in the regional final card' }).waitFor({ timeout: 30_000 });
  await preview.getByRole('button', { name: 'Share Achievement' }).click();
  const share = page.getByRole('dialog', { name: 'Share Achievement Card' });
  const [card] = await Promise.all([page.waitForEvent('download'), share.getByRole('button', { name: 'Download Image' }).click()]);
  assert.equal(card.suggestedFilename(), 'achievement-card.png');
  const dir = mkdtempSync(join(tmpdir(), 'll-showcase-'));
  await card.saveAs(join(dir, 'card.png'));
  assert.deepEqual(pngSize(readFileSync(join(dir, 'card.png'))), [1080, 1350]);
  await page.getByText('Shared to Download Image!').waitFor();

  // A QR code whose target defaults to the public page.
  await page.getByRole('button', { name: 'Generate' }).click();
  const qrDialog = page.getByRole('dialog', { name: 'Generate QR Code' });
  assert.equal(await qrDialog.getByRole('textbox', { name: /Target URL/ }).inputValue(), `${BASE_URL}/a/${slug}`);
  await qrDialog.getByRole('button', { name: 'Generate' }).click();
  const qrImage = page.getByRole('img', { name: 'QR code for Athlete Showcase' });
  await qrImage.waitFor({ timeout: 30_000 });
  const png = await (await page.request.get(await qrImage.getAttribute('src'))).body();
  writeFileSync(join(dir, 'qr.png'), png);
  const decoded = execFileSync('zbarimg', ['--quiet', '--raw', join(dir, 'qr.png')]).toString().trim();
  assert.match(decoded, new RegExp(`^${BASE_URL}/q/[0-9A-Za-z]{8}$`));
  await page.getByText('0 scans · 0 unique visitors').waitFor();

  // A visitor's phone opens it: the public page, with only what the family published.
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.goto(decoded);
  assert.equal(new URL(phone.url()).pathname, `/a/${slug}`);
  await phone.getByRole('heading', { name: 'Sofia Garcia' }).waitFor();
  await phone.getByRole('link', { name: 'Perfect game in the regional final' }).waitFor();
  await phone.close();

  await page.reload();
  await page.getByText('1 scan · 1 unique visitor').waitFor();
  await page.close();
});
