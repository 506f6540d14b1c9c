import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, newPage, signUpFamily } from './browser.mjs';

let browser;
let dir;
before(async () => {
  browser = await launch();
  dir = mkdtempSync(join(tmpdir(), 'll-e2e-photos-'));
  // A wide photo, made here with real ffmpeg: the banner must show a square cut from it.
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1600x600:duration=1', '-frames:v', '1', '-q:v', '3', join(dir, 'IMG_0042.jpg')]);
});
after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("a photo of the athlete uploaded in the profile dialog shows, square, in the dashboard banner", async () => {
  const page = await newPage(browser);
  const athlete = await signUpFamily(page);
  await page.goto('/dashboard');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog');
  const control = dialog.getByRole('group', { name: 'Athlete photo' });
  await control.locator('input[type="file"]').setInputFiles(join(dir, 'IMG_0042.jpg'));
  // The worker cuts the squares; the control shows the photo once they are ready.
  await control.getByRole('button', { name: 'Change photo' }).waitFor({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  const banner = page.getByRole('img', { name: athlete.name }).first();
  await banner.waitFor();
  assert.match(await banner.getAttribute('src'), new RegExp(`^/api/athletes/${athlete.id}/photo\\?v=`));
  const size = await banner.evaluate(async (img) => {
    if (!img.complete) await new Promise((resolve, reject) => { img.onload = resolve; img.onerror = reject; });
    const box = img.getBoundingClientRect();
    return { naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, width: box.width, height: box.height };
  });
  assert.equal(size.naturalWidth, 512, 'the 512 px square');
  assert.equal(size.naturalHeight, 512, 'the stored photo is square');
  assert.ok(size.width > 0 && Math.abs(size.width - size.height) < 1, `shown square: ${JSON.stringify(size)}`);

  // After a reload the banner still shows it (the answer carries photoUrl).
  await page.reload();
  await page.getByRole('img', { name: athlete.name }).first().waitFor();
});

test("the parent's own photo, uploaded on the profile page, shows in the navigation's avatar on every page", async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await signUpFamily(page);
  await page.goto('/profile');
  const control = page.getByRole('group', { name: 'Your photo' });
  await control.locator('input[type="file"]').setInputFiles(join(dir, 'IMG_0042.jpg'));
  await control.getByRole('button', { name: 'Change photo' }).waitFor({ timeout: 30_000 });

  await page.goto('/journal');
  const avatar = page.getByRole('banner').getByRole('img', { name: 'Maria Garcia' });
  await avatar.waitFor();
  assert.match(await avatar.getAttribute('src'), /^\/api\/user\/photo/);
  const size = await avatar.evaluate(async (img) => {
    if (!img.complete) await new Promise((resolve, reject) => { img.onload = resolve; img.onerror = reject; });
    return { width: img.naturalWidth, height: img.naturalHeight };
  });
  assert.equal(size.width, size.height, `a square: ${JSON.stringify(size)}`);
  await page.context().close();
});
