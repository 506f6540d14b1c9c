import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, signUpFamily } from './browser.mjs';

// The subscription page on a server with no Stripe account configured (as `make run` starts it):
// the plans are there from the server, paid plans say billing is not configured, and the free plan
// works. (With a key but no reachable Stripe.js, the page says "Payment form not ready": unit tests.)

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the plans without a Stripe account, and the free plan', async () => {
  const page = await newPage(browser);
  await signUpFamily(page);
  await page.goto('/subscription');
  await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
  const premium = page.getByLabel('Premium', { exact: true });
  await premium.getByText('Most Popular').waitFor();
  await premium.getByText('$19').waitFor();
  assert.equal(await page.getByText('Billing is not configured').count(), 3);
  const free = page.getByLabel('Free', { exact: true });
  assert.equal(await free.getByRole('button', { name: 'Current Plan' }).isDisabled(), true);
  await page.getByText(/of 500 MB used$/).waitFor();
  // Stripe.js is never fetched without a key.
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.reload();
  await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
  assert.equal(requests.filter((u) => u.includes('js.stripe.com')).length, 0);
  await page.close();
});
