import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, newPage, signUpFamily } from './browser.mjs';

// A phone's photo: a real JPEG (ffmpeg) with the EXIF block a phone writes spliced in after its SOI
// marker: taken at 18:30 on 4 May 2024 (UTC−5) in Austin, GPS and all.

const text = (s) => Array.from(s, (c) => c.charCodeAt(0));
const u16 = (n) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

/** A big-endian TIFF block: IFD0 → Exif IFD (DateTimeOriginal, OffsetTimeOriginal) and GPS IFD. */
function exifBlock({ taken, offset, lat, lon }) {
  const values = [];
  const entries = { ifd0: [], exif: [], gps: [] };
  const ascii = (dir, tag, s) => entries[dir].push({ tag, type: 2, count: s.length + 1, data: [...text(s), 0] });
  const rational3 = (dir, tag, deg) => {
    const d = Math.floor(deg);
    const m = Math.floor((deg - d) * 60);
    const s = Math.round(((deg - d) * 60 - m) * 60 * 10000);
    entries[dir].push({ tag, type: 5, count: 3, data: [...u32(d), ...u32(1), ...u32(m), ...u32(1), ...u32(s), ...u32(10000)] });
  };
  ascii('exif', 0x9003, taken);
  ascii('exif', 0x9011, offset);
  ascii('gps', 1, lat < 0 ? 'S' : 'N');
  rational3('gps', 2, Math.abs(lat));
  ascii('gps', 3, lon < 0 ? 'W' : 'E');
  rational3('gps', 4, Math.abs(lon));
  const size = (n) => 2 + 12 * n + 4;
  const ifd0At = 8;
  const exifAt = ifd0At + size(2);
  const gpsAt = exifAt + size(entries.exif.length);
  let valueAt = gpsAt + size(entries.gps.length);
  entries.ifd0 = [
    { tag: 0x8769, type: 4, count: 1, data: u32(exifAt) },
    { tag: 0x8825, type: 4, count: 1, data: u32(gpsAt) },
  ];
  const out = [...text('MM\0*'), ...u32(ifd0At)];
  for (const dir of ['ifd0', 'exif', 'gps']) {
    out.push(...u16(entries[dir].length));
    for (const e of entries[dir]) {
      out.push(...u16(e.tag), ...u16(e.type), ...u32(e.count));
      if (e.data.length <= 4) out.push(...e.data, ...new Array(4 - e.data.length).fill(0));
      else {
        out.push(...u32(valueAt));
        values.push(...e.data);
        valueAt += e.data.length;
      }
    }
    out.push(...u32(0));
  }
  return [...out, ...values];
}

function withExif(jpeg, exif) {
  const payload = [...text('Exif\0\0'), ...exif];
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1, ...u16(payload.length + 2), ...payload]), jpeg.subarray(2)]);
}

let browser;
let dir;
before(async () => {
  browser = await launch();
  dir = mkdtempSync(join(tmpdir(), 'll-e2e-dates-'));
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1200x800:duration=1', '-frames:v', '1', '-q:v', '3', join(dir, 'plain.jpg')]);
  const exif = exifBlock({ taken: '2024:05:04 18:30:00', offset: '-05:00', lat: 30.2672, lon: -97.7431 });
  writeFileSync(join(dir, 'IMG_2041.jpg'), withExif(readFileSync(join(dir, 'plain.jpg')), exif));
});
after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const shots = process.env.SCREENSHOT_DIR;

/** Waits for the dialogs' opening transitions to end, so a screenshot shows them as a person sees them. */
async function settled(page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished)),
  );
}

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`on a ${size}: the upload dialog starts at the photo's own date; with places on, the item names the town`, async () => {
    const page = await newPage(browser, viewport);
    await signUpFamily(page);

    // Places are off until the family turns them on, on the profile page.
    await page.goto('/profile');
    const places = page.getByRole('region', { name: 'Places on photos' });
    const toggle = places.getByRole('switch', { name: 'Show where photos and videos were taken' });
    assert.equal(await toggle.isChecked(), false);
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/places') && r.request().method() === 'PUT'), toggle.click({ force: true })]);
    await places.getByRole('switch', { checked: true }).waitFor();
    if (shots) await places.screenshot({ path: join(shots, `places-switch-${size}.png`) });

    await page.goto('/media');
    await page.getByRole('button', { name: 'Upload' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Choose files to upload').setInputFiles([join(dir, 'IMG_2041.jpg'), join(dir, 'plain.jpg')]);
    await dialog.getByText('From the file').waitFor();
    const dates = await dialog.getByLabel(/^Date/).evaluateAll((inputs) => inputs.map((i) => i.value));
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    assert.deepEqual(dates, ['2024-05-04', today], "each file's own date; today for a file without one");
    if (shots) {
      await settled(page);
      await page.screenshot({ path: join(shots, `upload-date-from-file-${size}.png`) });
    }

    await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
    await page.getByText('Upload Successful').first().waitFor({ timeout: 60_000 });
    await page.keyboard.press('Escape');

    const tile = page.getByRole('article', { name: 'IMG_2041' }).first();
    await tile.locator('img[src*="-thumb.jpg"]').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Open IMG_2041' }).first().click();
    const preview = page.getByRole('dialog', { name: 'IMG_2041' });
    await preview.getByText(/· Austin, Texas ·/).waitFor();
    await preview.getByText(/May 4, 2024/).waitFor();
    if (shots) {
      await settled(page);
      await page.screenshot({ path: join(shots, `media-place-${size}.png`) });
    }

    // What the circle is shown has no position: the thumbnail's bytes carry no EXIF.
    const thumb = await tile.locator('img[src*="-thumb.jpg"]').getAttribute('src');
    const bytes = Buffer.from(await (await page.request.get(thumb)).body());
    assert.equal(bytes.includes(Buffer.from('Exif\0\0')), false, 'the thumbnail carries no EXIF');
    await page.context().close();
  });
}
