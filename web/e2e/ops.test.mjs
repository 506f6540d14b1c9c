// An operator's day: made one with `bin/api operator add`, they open Operations from the account
// menu, find a job that failed, retry it from the page, and watch it complete. A family member who
// is not an operator finds no /ops at all.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BASE_URL, launch, newPage, signUpFamily, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
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

test('an operator retries a failed job from the Operations page and it completes; others get no /ops', async () => {
  const family = await newPage(browser);
  await signUpFamily(family);
  assert.equal((await family.request.get('/ops')).status(), 404, 'not an operator: /ops does not exist');

  const email = uniqueEmail('ops');
  const page = await newPage(browser);
  const registered = await page.request.post('/api/register', {
    data: { firstName: 'Olive', lastName: 'Ops', email, password: 'Operator2026' },
    headers: { Origin: BASE_URL },
  });
  assert.equal(registered.status(), 201);
  execFileSync(api, ['operator', 'add', email], { env: process.env, stdio: 'ignore' });

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
