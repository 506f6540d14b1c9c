import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, newPage, signUpFamily } from './browser.mjs';

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
