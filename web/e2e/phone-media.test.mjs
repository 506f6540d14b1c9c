// The media screens on a 390 px phone: the upload dialog's tabs stay on one row, the record buttons
// show their whole labels, and after choosing files the Upload action is still on screen; the
// list view shows Date, Size and the actions without a sideways scroll.
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

const phone = { width: 390, height: 844 };

/** A small PNG the test makes itself (1×1, grey). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

test('at 390 px the upload dialog fits: tabs on one row, whole record labels, Upload in view', async () => {
  const page = await newPage(browser, phone);
  await signUpFamily(page);
  await page.goto('/media');
  await page.getByRole('button', { name: 'Upload' }).first().click();
  const dialog = page.getByRole('dialog');

  const tabs = await dialog.getByRole('tab').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  assert.equal(new Set(tabs.map(Math.round)).size, 1, `the tabs wrapped onto two rows: ${tabs}`);

  await dialog.getByRole('tab', { name: 'Record Video/Audio' }).click();
  for (const name of ['Record Video', 'Record Audio']) {
    const button = dialog.getByRole('button', { name });
    const clipped = await button.evaluate((el) => {
      const label = el.querySelector('.mantine-Button-label') ?? el;
      return label.scrollWidth > label.clientWidth + 1;
    });
    assert.equal(clipped, false, `"${name}" is cut off`);
    const box = await button.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= phone.width, `"${name}" runs off the screen: ${JSON.stringify(box)}`);
  }

  await dialog.getByRole('tab', { name: 'Upload Files' }).click();
  // Four different files (a byte after the image's end tells them apart): the same one four times would
  // be asked about as a duplicate.
  const files = Array.from({ length: 4 }, (_, i) => ({ name: `Practice ${i + 1}.png`, mimeType: 'image/png', buffer: Buffer.concat([png, Buffer.from([i])]) }));
  await dialog.getByLabel('Choose files to upload').setInputFiles(files);
  const upload = dialog.getByRole('button', { name: 'Upload 4 files' });
  await upload.waitFor();
  await page.waitForTimeout(300);
  const box = await upload.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= phone.height, `Upload is below the fold: ${JSON.stringify(box)}`);
  await upload.click();
  await page.getByText('Upload Successful').first().waitFor({ timeout: 30_000 });
});

test('at 390 px a media list row shows its date, size and actions without a sideways scroll', async () => {
  const page = await newPage(browser, phone);
  const athlete = await signUpFamily(page);
  const uploaded = await page.request.post(`/api/athletes/${athlete.id}/media`, {
    headers: { Origin: BASE_URL },
    multipart: { title: 'Team photo', date: '2026-05-01', file: { name: 'team.png', mimeType: 'image/png', buffer: png } },
  });
  assert.equal(uploaded.status(), 202, await uploaded.text());

  await page.goto('/media');
  await page.getByText('List', { exact: true }).click();
  const row = page.getByRole('listitem', { name: 'Team photo' });
  await row.waitFor();
  await row.getByText(/May 1, 2026 · \d+ B/).waitFor();
  for (const name of ['View', 'Delete']) {
    const box = await row.getByRole('button', { name }).boundingBox();
    assert.ok(box && box.x + box.width <= phone.width, `${name} is off screen: ${JSON.stringify(box)}`);
  }
  const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(scrolls, false, 'the page scrolls sideways');
});
