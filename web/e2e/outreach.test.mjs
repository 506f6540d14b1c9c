import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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

/**
 * axe's serious and critical WCAG 2.1 A/AA violations (as e2e/a11y.test.mjs checks) in the parts of the page
 * the selectors name: the college's row with all it holds (its stars, contacts, log and follow-up).
 */
async function violations(page, selectors) {
  await page.evaluate(axeSource);
  const result = await page.evaluate((include) =>
    window.axe.run({ include }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] }), selectors.map((s) => [s]));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
}

/** With SCREENSHOT_DIR set, the target at desktop width and on a phone, for people to look at. */
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

test('a family adds a coach, e-mails them from their own mail app with the college link, logs it in one tap, and sees the follow-up on the dashboard', async () => {
  const page = await newPage(browser);
  const athlete = await signUpFamily(page);
  const headers = { Origin: BASE_URL };
  const college = await page.request.post(`/api/athletes/${athlete.id}/college-interests`, { headers, data: { name: 'State University', division: 'D1' } });
  assert.equal(college.status(), 201);
  const collegeId = (await college.json()).id;
  const made = await page.request.post(`/api/college-interests/${collegeId}/links`, { headers, data: { coachName: 'Coach Diaz' } });
  assert.equal(made.status(), 201, await made.text());
  const link = await made.json();

  // The list of colleges carries each card's contacts, log and links: opening the page asks for none of them.
  const cardRequests = [];
  const countCardRequests = (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && /^\/api\/college-interests\/\d+\/(contacts|outreach|links)$/.test(path)) cardRequests.push(path);
  };
  page.on('request', countCardRequests);
  await page.goto('/recruiting?tab=colleges');
  const row = page.getByRole('article', { name: 'State University' });
  await row.getByText('No contacts yet. Add the coaches you talk to.').waitFor();
  await row.getByRole('link', { name: 'E-mail this coach: State University' }).waitFor();
  await row.getByText('Coach Diaz').first().waitFor();
  await page.waitForLoadState('networkidle');
  page.off('request', countCardRequests);
  assert.deepEqual(cardRequests, []);

  // A contact, through the form.
  await row.getByRole('button', { name: 'Add contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add contact' });
  await dialog.getByLabel(/^Name/).fill('Coach Diaz');
  await dialog.getByLabel('Role').fill('Head coach');
  await dialog.getByLabel('E-mail').fill('not an address');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Please enter a valid email address').waitFor();
  // The family takes a moment to correct the address; once saved, the toast says so at once rather than
  // the error going on for its five seconds with "Contact added" waiting behind it.
  await page.waitForTimeout(2100);
  await dialog.getByLabel('E-mail').fill('diaz@state.example');
  await dialog.getByLabel('Phone').fill('+1 (555) 010-2233');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const toast = page.locator('.mantine-Notification-root');
  await toast.getByText('Contact added').waitFor({ timeout: 1500 });
  assert.equal(await toast.getByText('Please enter a valid email address').count(), 0);
  const contact = row.getByRole('region', { name: 'Contact Coach Diaz' });
  await contact.getByText('diaz@state.example').waitFor();

  // E-mail this coach: the family's own mail app, addressed to the coach, with the college's link in the body.
  const email = contact.getByRole('link', { name: 'E-mail this coach: Coach Diaz' });
  const href = await email.getAttribute('href');
  assert.match(href, /^mailto:diaz@state\.example\?subject=/);
  const mail = new URL(href);
  assert.equal(mail.searchParams.get('subject'), `Sofia Garcia (class of ${athlete.graduationYear} Pitcher softball): interested in State University`);
  assert.ok(mail.searchParams.get('body').includes(link.url), mail.searchParams.get('body'));
  assert.ok(!href.includes('+'), 'spaces are %20, which every mail app reads as spaces');
  // The test browser has no mail app: the click does everything but leave for one.
  await page.evaluate(() => document.addEventListener('click', (e) => e.target.closest('a[href^="mailto:"]') && e.preventDefault(), true));
  await email.click();
  await contact.getByRole('button', { name: 'Log this e-mail' }).click();
  await contact.getByText('Logged').waitFor();
  const log = row.getByRole('region', { name: 'Outreach log: State University' });
  await log.getByText('E-mail sent').waitFor();
  await log.getByText(/Coach Diaz/).waitFor();
  const entries = await (await page.request.get(`/api/college-interests/${collegeId}/outreach`)).json();
  assert.equal(entries.length, 1);
  assert.equal(entries[0].kind, 'email_sent');
  const { today } = await (await page.request.get(`/api/athletes/${athlete.id}/follow-ups`)).json();
  assert.equal(entries[0].date, today, 'logged today, where the athlete lives');

  // A follow-up today: on the row, then on the dashboard.
  await row.getByLabel('Next follow-up: State University').fill(today);
  await row.getByRole('button', { name: 'Set', exact: true }).click();
  await row.getByText(/^Follow up /).waitFor();
  await shoot(page, 'college-conversation', () => row);
  assert.deepEqual(await violations(page, [`#college-${collegeId}`]), []);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Follow-ups' });
  await card.getByText('Due today').waitFor();
  await shoot(page, 'dashboard-follow-ups', () => card);
  assert.deepEqual(await violations(page, ['[aria-label="Follow-ups"]']), []);
  await card.getByRole('link', { name: 'State University' }).click();
  await page.waitForURL(`**/recruiting?tab=colleges#college-${collegeId}`);
  await page.getByRole('article', { name: 'State University' }).getByText(/^Follow up /).waitFor();

  // The same parts in the dark theme.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await page.getByRole('article', { name: 'State University' }).getByText(/^Follow up /).waitFor();
  await page.getByRole('region', { name: 'Outreach log: State University' }).getByText('E-mail sent').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')), 'dark');
  await shoot(page, 'college-conversation-dark', () => page.getByRole('article', { name: 'State University' }));
  assert.deepEqual(await violations(page, [`#college-${collegeId}`]), []);
  await page.goto('/dashboard');
  await page.getByRole('region', { name: 'Follow-ups' }).getByText('Due today').waitFor();
  assert.deepEqual(await violations(page, ['[aria-label="Follow-ups"]']), []);

  // The calendar has it too.
  const ics = await (await page.request.get(`/api/athletes/${athlete.id}/calendar.ics`)).text();
  assert.ok(ics.includes(`UID:follow-up-${collegeId}@legacylocker`), ics);
  assert.ok(ics.includes(`DTSTART;VALUE=DATE:${today.replaceAll('-', '')}`));
  await page.close();
});
