import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

// The subscription page as scripts/e2e.sh runs it: billing configured (against stripe-mock) with a
// publishable key, and Stripe.js unreachable (no internet here; blocked outright below, as an ad
// blocker would). The plans stay, Subscribe says "Payment form not ready", and the free plan works.

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('paying without Stripe.js, and back to free', async () => {
  const page = await newPage(browser);
  await page.route('https://js.stripe.com/**', (route) => route.abort());
  await signUpFamily(page);
  await page.goto('/subscription');
  await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
  const premium = page.getByLabel('Premium', { exact: true });
  await premium.getByText('Most Popular').waitFor();
  await premium.getByText('$19').waitFor();
  assert.equal(await page.getByLabel('Free', { exact: true }).getByRole('button', { name: 'Current Plan' }).isDisabled(), true);
  await page.getByText(/of 500 MB used$/).waitFor();

  await premium.getByRole('button', { name: 'Select Plan' }).click();
  const complete = page.getByLabel('Complete Your Subscription');
  await complete.getByText('Payment form not ready').waitFor();
  await complete.getByRole('button', { name: 'Subscribe to Premium' }).click();
  await page.getByRole('alert').filter({ hasText: 'Payment form not ready' }).first().waitFor();

  // A paid plan started elsewhere (waiting for its payment), then back to free from the page.
  const started = await page.request.post('/api/subscription/create', { data: { tier: 'premium' }, headers: { Origin: BASE_URL } });
  assert.equal(started.status(), 200, await started.text());
  await page.reload();
  await page.getByLabel('Current Subscription').getByText('Waiting for the payment to be confirmed.').waitFor();
  await page.getByLabel('Free', { exact: true }).getByRole('button', { name: 'Get Started' }).click();
  await page.getByText('Successfully switched to free tier').waitFor();
  await page.getByLabel('Free', { exact: true }).getByRole('button', { name: 'Current Plan' }).waitFor();
  assert.equal(await page.getByLabel('Current Subscription').count(), 0);
  await page.close();
});
