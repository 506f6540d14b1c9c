// An operator's day: made one with `bin/api operator add`, they open Operations from the account
// menu, find a job that failed, retry it from the page, and watch it complete. A family member who
// is not an operator finds no /ops at all. A visitor's contact message reaches support's mailbox
// (SUPPORT_EMAIL, set by scripts/e2e.sh) and the Operations page, where the operator marks it handled.
// Screenshots of the contact messages (1280 and 390 px): SCREENSHOT_DIR, else web/e2e/artifacts/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL, launch, newPage, signUpFamily, uniqueEmail } from './browser.mjs';
import { mailTo } from './mailbox.mjs';

const shots = process.env.SCREENSHOT_DIR ?? fileURLToPath(new URL('./artifacts/', import.meta.url));

let browser;
before(async () => {
  browser = await launch();
  mkdirSync(shots, { recursive: true });
});
after(async () => {
  await browser?.close();
});

const api = fileURLToPath(new URL('../../bin/api', import.meta.url));
const sql = (query) => execFileSync('psql', [process.env.DATABASE_URL, '-Atc', query]).toString().trim();

async function until(check, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Registers an account in a new browser page and makes it an operator; answers the page and its address. */
async function signUpOperator(viewport) {
  const email = uniqueEmail('ops');
  const page = await newPage(browser, viewport);
  const registered = await page.request.post('/api/register', {
    data: { firstName: 'Olive', lastName: 'Ops', email, password: 'Operator2026' },
    headers: { Origin: BASE_URL },
  });
  assert.equal(registered.status(), 201);
  execFileSync(api, ['operator', 'add', email], { env: process.env, stdio: 'ignore' });
  return { page, email };
}

test('an operator retries a failed job from the Operations page and it completes; others get no /ops', async () => {
  const family = await newPage(browser);
  await signUpFamily(family);
  assert.equal((await family.request.get('/ops')).status(), 404, 'not an operator: /ops does not exist');

  const { page, email } = await signUpOperator();

  // Olive's welcome e-mail went out; make its job one that gave up, as a refusing mail server would.
  const job = await until(() => sql(`SELECT j.id FROM river_job j JOIN outbound_emails e ON e.id = (j.args->>'email_id')::bigint
    WHERE e.to_address = '${email}' AND e.kind = 'welcome' AND j.state = 'completed'`), 'the welcome e-mail job');
  sql(`UPDATE river_job SET state = 'discarded', attempt = 5,
         errors = ARRAY[jsonb_build_object('error', 'smtp: 451 mailbox busy', 'attempt', 5, 'at', now())] WHERE id = ${job}`);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Operations' }).click();
  await page.waitForURL('**/ops');
  const failure = page.getByRole('listitem').filter({ hasText: 'smtp: 451 mailbox busy' });
  await failure.waitFor();
  assert.match(await failure.textContent(), /email_send/);
  await failure.getByRole('button', { name: 'Retry now' }).click();
  await page.getByText('Job queued again').first().waitFor();

  await until(() => sql(`SELECT state FROM river_job WHERE id = ${job}`) === 'completed', 'the retried job to complete');
  assert.equal(sql(`SELECT count(*) FROM operator_audit WHERE target = 'jobs ${job}'`), '1', 'the retry is audited');
  await page.reload();
  await page.getByRole('heading', { name: 'Recent failures' }).waitFor();
  assert.equal(await page.getByText('smtp: 451 mailbox busy').count(), 0, 'the failure is gone once the job completed');
});

test("a visitor's contact message reaches support and the Operations page, where an operator marks it handled", async () => {
  const support = process.env.SUPPORT_EMAIL;
  assert.ok(support, 'scripts/e2e.sh sets SUPPORT_EMAIL');
  const subject = `Can grandparents join? ${Date.now()}`;
  const sender = uniqueEmail('pat');

  const visitor = await newPage(browser);
  await visitor.goto('/contact');
  await visitor.getByRole('textbox', { name: 'Your Name', exact: true }).fill('Pat Lee');
  await visitor.getByRole('textbox', { name: 'Email Address', exact: true }).fill(sender);
  await visitor.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
  await visitor.getByRole('textbox', { name: 'Message', exact: true }).fill('Rose has no e-mail address.\nCan she still follow Jo on a tablet?');
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await visitor.getByText('Message Sent').first().waitFor();
  for (const path of ['/api/ops/contact-messages', '/ops']) {
    assert.equal((await visitor.request.get(path)).status(), 401, `${path} signed out`);
  }

  const mail = await mailTo(support, new RegExp(`^Subject: Contact: ${escapeRegExp(subject)}`, 'm'));
  assert.match(mail, new RegExp(`Pat Lee <${escapeRegExp(sender)}> wrote through the contact form`));
  assert.match(mail, /Can she still follow Jo on a tablet\?/);

  const { page, email } = await signUpOperator();
  await page.goto('/ops');
  const section = page.getByRole('region', { name: 'Contact messages' });
  await section.getByText(`Each new message is also e-mailed to ${support}`).waitFor();
  const message = section.getByRole('listitem', { name: `${subject}, from Pat Lee` });
  await message.waitFor();
  assert.match(await message.textContent(), /Can she still follow Jo on a tablet\?/);
  await message.getByText('Open', { exact: true }).waitFor();
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: join(shots, 'ops-contact-desktop.png') });

  await message.getByRole('button', { name: 'Mark handled' }).click();
  await page.getByText('Marked handled').first().waitFor();
  await message.getByText('Handled', { exact: true }).waitFor();
  await message.getByText(new RegExp(`^Handled by ${escapeRegExp(email)}, `)).waitFor();
  assert.equal(sql(`SELECT u.email FROM contact_messages m JOIN users u ON u.id = m.handled_by WHERE m.subject = '${subject}'`), email);

  // On a phone the same operator sees it handled, and can open it again.
  const phone = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 }, storageState: await page.context().storageState(), serviceWorkers: 'block' });
  const phonePage = await phone.newPage();
  await phonePage.goto('/ops');
  const onPhone = phonePage.getByRole('region', { name: 'Contact messages' }).getByRole('listitem', { name: `${subject}, from Pat Lee` });
  await onPhone.getByRole('button', { name: 'Mark not handled' }).waitFor();
  await phonePage.getByRole('region', { name: 'Contact messages' }).scrollIntoViewIfNeeded();
  await phonePage.getByRole('region', { name: 'Contact messages' }).screenshot({ path: join(shots, 'ops-contact-phone.png') });
  await onPhone.getByRole('button', { name: 'Mark not handled' }).click();
  await onPhone.getByRole('button', { name: 'Mark handled' }).waitFor();
  assert.equal(sql(`SELECT handled_at IS NULL AND handled_by IS NULL FROM contact_messages WHERE subject = '${subject}'`), 't');
  await phone.close();
});
