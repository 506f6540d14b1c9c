import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const phone = { width: 390, height: 844 };
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical WCAG 2.1 A/AA violations on the page as it stands (as e2e/a11y.test.mjs checks). */
async function violations(page) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] }));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test('a family makes a link for one college with one clip; the coach opens it signed out on a phone and plays the clip; the receipt shows on the college', async () => {
  const page = await newPage(browser);
  const athlete = await signUpFamily(page, { gpa: 3.8 });
  const headers = { Origin: BASE_URL };

  // A three-second game clip made with real ffmpeg, and another the link leaves out.
  const dir = mkdtempSync(join(tmpdir(), 'll-e2e-coachlink-'));
  const clips = {};
  try {
    for (const [title, tone] of [['Double vs East', 500], ['Bullpen session', 700]]) {
      const film = join(dir, 'clip.mp4');
      execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=3',
        '-f', 'lavfi', '-i', `sine=frequency=${tone}:duration=3`, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', film]);
      const upload = await page.request.post(`/api/athletes/${athlete.id}/media`, {
        headers,
        multipart: { title, file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(film) } },
      });
      assert.equal(upload.status(), 202, await upload.text());
      clips[title] = (await upload.json()).id;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const id of Object.values(clips)) {
    for (let i = 0; ; i++) {
      const item = await (await page.request.get(`/api/media/${id}`)).json();
      if (item.status === 'ready') break;
      assert.ok(i < 300, `clip ${id} is still ${item.status}`);
      await page.waitForTimeout(100);
    }
  }
  const college = await page.request.post(`/api/athletes/${athlete.id}/college-interests`, { headers, data: { name: 'State University', division: 'D1' } });
  assert.equal(college.status(), 201);
  const collegeId = (await college.json()).id;

  // On the college's row: a new coach link with the one clip.
  await page.goto('/recruiting');
  await page.getByRole('tab', { name: 'College Interests' }).click();
  const row = page.getByRole('article', { name: 'State University' });
  await row.getByRole('button', { name: 'New coach link' }).click();
  const dialog = page.getByRole('dialog', { name: 'New coach link' });
  await dialog.getByLabel(/^Coach name/).fill('Coach Diaz');
  await dialog.getByRole('checkbox', { name: /Double vs East/ }).check();
  await shoot(page, 'coach-link-dialog', () => dialog.getByRole('button', { name: 'Save' }));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await row.getByText('Not opened yet').waitFor();
  const [link] = await (await page.request.get(`/api/college-interests/${collegeId}/links`)).json();
  assert.deepEqual(link.include.mediaIds, [clips['Double vs East']]);
  assert.ok(link.code.length >= 10);

  // The coach, signed out, on a phone: the athlete and the clip, playable at once.
  const coach = await newPage(browser, phone);
  const opened = coach.waitForResponse((r) => r.url().endsWith(`/api/r/${link.code}/views`) && r.request().method() === 'POST');
  const res = await coach.goto(new URL(link.url).pathname);
  assert.equal(res.status(), 200);
  assert.equal(res.headers()['x-robots-tag'], 'noindex, nofollow');
  await coach.getByRole('heading', { name: 'Sofia Garcia' }).waitFor();
  await coach.getByText('Prepared for Coach Diaz, State University').waitFor();
  assert.equal((await opened).status(), 204);
  const video = coach.getByLabel('Double vs East');
  await video.waitFor();
  assert.equal(await coach.getByLabel('Bullpen session').count(), 0, 'a clip the link leaves out is not on the page');
  const other = await coach.request.get(`/api/r/${link.code}/media/${clips['Bullpen session']}`);
  assert.equal(other.status(), 404, 'nor reachable through it');
  assert.deepEqual(await violations(coach), [], 'the coach page passes axe');
  await shoot(coach, 'coach-link-page', () => coach.getByRole('heading', { name: 'Sofia Garcia' }));
  const watched = coach.waitForResponse((r) => r.url().endsWith('/views') && r.request().postDataJSON()?.mediaId === clips['Double vs East']);
  await video.evaluate(async (v) => {
    v.muted = true;
    await v.play();
    await new Promise((resolve) => v.addEventListener('ended', resolve, { once: true }));
  });
  assert.equal((await watched).status(), 204);

  // The receipt on the college's row.
  await page.reload();
  await page.getByRole('tab', { name: 'College Interests' }).click();
  await row.getByText(/^Opened once, last /).waitFor();
  await row.getByText(/^Watched “Double vs East” 0:0[23] of 0:03$/).waitFor();
  await shoot(page, 'coach-link-receipts', () => row.getByText(/^Watched/));

  // Revoked, the coach's page says so (410).
  page.once('dialog', (d) => d.accept());
  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.getByText('Revoked').waitFor();
  const gone = await coach.goto(new URL(link.url).pathname);
  assert.equal(gone.status(), 410);
  await coach.getByRole('heading', { name: 'This link is no longer active' }).waitFor();
  await coach.close();
  await page.close();
});

/** A page at 1280 and 390 px wide, when SCREENSHOT_DIR is set. */
async function shoot(page, name, target) {
  if (!process.env.SCREENSHOT_DIR) return;
  const before = page.viewportSize();
  for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', phone]]) {
    await page.setViewportSize(viewport);
    await target().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}
