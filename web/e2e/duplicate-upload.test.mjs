// Issue 33, items 5 and 6: a parent sent the same game film five times, because nothing said it was already
// there and the dialog reset itself after each upload. Now the dialog says what was uploaded (Upload more,
// Done), and the same file again is met with the server's question: "Keep both" keeps a second copy, "Skip"
// leaves the library as it was. Screenshots (1280 and 390 px): SCREENSHOT_DIR, else web/e2e/artifacts/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, newPage, signUpFamily } from './browser.mjs';

const shots = process.env.SCREENSHOT_DIR ?? fileURLToPath(new URL('./artifacts/', import.meta.url));
const sizes = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

let browser;
let dir;
let photo;
before(async () => {
  browser = await launch();
  mkdirSync(shots, { recursive: true });
  dir = mkdtempSync(join(tmpdir(), 'll-e2e-duplicate-'));
  photo = join(dir, 'Bullpen session.jpg');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:duration=1',
    '-frames:v', '1', '-q:v', '4', photo]);
});
after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const shot = (page, name) => page.screenshot({ path: join(shots, `${name}.png`) });

/** Today as the question writes it, in the athlete's time zone (the default, New York). */
const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'America/New_York' }).format(new Date());

async function titlesOf(page, athleteId) {
  const items = await (await page.request.get(`/api/athletes/${athleteId}/media`)).json();
  return items.map((i) => i.title);
}

/** Chooses the photo in the open dialog and sends it. */
async function send(dialog) {
  await dialog.getByLabel('Choose files to upload').setInputFiles(photo);
  await dialog.getByText('Bullpen session.jpg').waitFor();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
}

for (const [size, viewport] of Object.entries(sizes)) {
  test(`the same file twice at ${viewport.width} px: the summary, the question, Keep both and Skip`, async () => {
    const page = await newPage(browser, viewport);
    const athlete = await signUpFamily(page);
    await page.goto('/media');
    await page.getByRole('button', { name: 'Upload' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Media' });

    // The first upload: the dialog says what went up instead of resetting.
    await send(dialog);
    await dialog.getByText('1 file uploaded').waitFor({ timeout: 30_000 });
    await dialog.getByText('Bullpen session.jpg').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).waitFor();
    assert.equal(await dialog.getByLabel('Choose files to upload').count(), 0, 'the summary stands in place of the form');
    await page.getByText('Upload Successful').first().waitFor({ state: 'hidden', timeout: 10_000 });
    await shot(page, `upload-summary-${size}`);

    // The same file again: the server's question, with the day it was first uploaded.
    await dialog.getByRole('button', { name: 'Upload more' }).click();
    await send(dialog);
    const question = dialog.getByRole('alert');
    await question.getByText(`You uploaded this on ${today}: keep both?`, { exact: true }).waitFor({ timeout: 30_000 });
    await question.getByText('Bullpen session.jpg is already in the library').waitFor();
    assert.equal(await page.getByText('Upload Failed').count(), 0, 'a duplicate is a question, not a failure');
    assert.deepEqual(await titlesOf(page, athlete.id), ['Bullpen session'], 'nothing kept while the question waits');
    await shot(page, `upload-duplicate-${size}`);

    if (size === 'desktop') {
      // Keep both: sent again with allowDuplicate, and the library has two.
      await question.getByRole('button', { name: 'Keep both' }).click();
      await dialog.getByText('1 file uploaded').waitFor({ timeout: 30_000 });
      assert.deepEqual(await titlesOf(page, athlete.id), ['Bullpen session', 'Bullpen session']);
      await dialog.getByRole('button', { name: 'Upload more' }).click();
      await send(dialog);
      await question.waitFor({ timeout: 30_000 });
    }

    // Skip: nothing new, and the summary says which file was left out.
    await question.getByRole('button', { name: 'Skip' }).click();
    await dialog.getByText('Nothing new was uploaded').waitFor();
    await dialog.getByText('1 skipped: already in the library').waitFor();
    await dialog.getByText('Bullpen session.jpg').waitFor();
    await shot(page, `upload-skipped-${size}`);
    const kept = size === 'desktop' ? 2 : 1;
    assert.equal((await titlesOf(page, athlete.id)).length, kept, 'Skip keeps no copy');

    // The dialog fits the phone: no sideways scroll.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(overflow, false, 'the page scrolls sideways');

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });
}
