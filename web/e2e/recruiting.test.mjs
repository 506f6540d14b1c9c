import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a family adds a college interest, checks off a checklist step, adds a key date to its timeline and exports the calendar', async () => {
  const page = await newPage(browser);
  const athlete = await signUpFamily(page, { sports: 'Softball', graduationYear: new Date().getFullYear() + 3 });

  await page.goto('/recruiting');
  await page.getByRole('region', { name: 'Softball' }).waitFor();
  await page.getByText('Transcribed from NCAA publications', { exact: false }).first().waitFor();

  // 'Add to My Timeline' on the first key date ahead: it becomes an event, once.
  const keyDate = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Add to My Timeline' }) }).first();
  const keyDateName = await keyDate.getAttribute('aria-label');
  await keyDate.getByRole('button', { name: 'Add to My Timeline' }).click();
  await page.getByRole('article', { name: keyDateName }).getByText('On your timeline').waitFor();
  const events = await (await page.request.get(`/api/athletes/${athlete.id}/events`)).json();
  assert.equal(events.length, 1);
  assert.equal(events[0].title, keyDateName);

  // A college interest, counted toward 10 to 15 target schools.
  await page.getByRole('tab', { name: 'College Interests' }).click();
  await page.getByRole('button', { name: 'Add College Interest' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add College Interest' });
  await dialog.getByLabel(/^College name/).fill('State University');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('article', { name: 'State University' }).waitFor();
  await page.getByText('1 of 10 to 15 target schools').waitFor();

  // The checklist: the default list for the class year, checked off here.
  await page.getByRole('tab', { name: 'Recruiting Checklist' }).click();
  const step = page.getByRole('checkbox', { name: 'Register with the NCAA Eligibility Center' });
  await step.check();
  await page.getByRole('region', { name: 'Progress' }).getByText('13%').waitFor();
  const checklist = await (await page.request.get(`/api/athletes/${athlete.id}/checklist`)).json();
  assert.equal(checklist.find((i) => i.title === 'Register with the NCAA Eligibility Center').done, true);

  // Export Calendar: an .ics with the key date and the NCAA periods.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Calendar' }).click()]);
  assert.match(download.suggestedFilename(), /^legacy-locker-sofia-garcia\.ics$/);
  const ics = await readFile(await download.path(), 'utf8');
  assert.match(ics, /^BEGIN:VCALENDAR\r\n/);
  assert.match(ics, /UID:event-\d+@legacylocker/);
  assert.match(ics, /SUMMARY:Softball D1: /);

  // The dashboard shows the college and the recruiting events.
  await page.goto('/dashboard');
  await page.getByRole('region', { name: 'Sofia Garcia' }).getByText('State University').waitFor();
  await page.getByRole('region', { name: 'Recruiting Events' }).getByRole('article').first().waitFor();
});

test('the checklist ticks "Make a highlight video" for a highlight in the library, says why, and the family can untick it', async () => {
  const page = await newPage(browser);
  const athlete = await signUpFamily(page, { sports: 'Softball', graduationYear: new Date().getFullYear() + 3 });
  const dir = mkdtempSync(join(tmpdir(), 'll-e2e-highlight-'));
  try {
    const film = join(dir, 'reel.mp4');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30:duration=1',
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p', film]);
    const upload = await page.request.post(`/api/athletes/${athlete.id}/media`, {
      headers: { Origin: BASE_URL },
      multipart: { title: 'Junior season highlights', file: { name: 'reel.mp4', mimeType: 'video/mp4', buffer: readFileSync(film) } },
    });
    assert.equal(upload.status(), 202, await upload.text());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  await page.goto('/recruiting');
  await page.getByRole('tab', { name: 'Recruiting Checklist' }).click();
  const step = page.getByRole('checkbox', { name: 'Make a highlight video' });
  await page.getByText('You have 1 highlight video').waitFor();
  assert.equal(await step.isChecked(), true, 'the highlight in the library ticks the step');
  await shoot(page, 'recruiting-checklist-proof');

  // The family's word stands: unticked, it stays unticked after a reload, the proof still said.
  await Promise.all([page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/checklist\/\d+$/.test(r.url())), step.uncheck()]);
  await page.reload();
  await page.getByRole('tab', { name: 'Recruiting Checklist' }).click();
  await page.getByText('You have 1 highlight video').waitFor();
  assert.equal(await page.getByRole('checkbox', { name: 'Make a highlight video' }).isChecked(), false);
  await page.close();
});

/** The checklist at 1280 and 390 px wide, when SCREENSHOT_DIR is set. */
async function shoot(page, name) {
  if (!process.env.SCREENSHOT_DIR) return;
  const step = page.getByRole('checkbox', { name: 'Make a highlight video' });
  await step.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}-desktop.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await step.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}-phone.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}
