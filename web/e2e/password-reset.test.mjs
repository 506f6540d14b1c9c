import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, newPage, uniqueEmail } from './browser.mjs';
import { mailTo } from './mailbox.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a parent who forgot the password gets a link by e-mail, chooses a new one, is signed in, and the link works only once', async () => {
  const email = uniqueEmail('forgetful');
  // Signed in on another device, which the new password signs out.
  const laptop = await newPage(browser);
  const registered = await laptop.request.post('/api/register', {
    data: { firstName: 'Maria', lastName: 'Garcia', email, password: 'Softball2026' },
    headers: { Origin: BASE_URL },
  });
  assert.equal(registered.status(), 201);

  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.goto('/early-access');
  const signIn = phone.getByRole('tabpanel', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByRole('button', { name: 'Forgot password?' }).click();
  assert.equal(await signIn.getByLabel('Email').inputValue(), email, 'the address typed is kept');
  await signIn.getByRole('button', { name: 'Send the link' }).click();
  await signIn.getByText(/If an account uses that e-mail address, we have sent it a link/).waitFor();

  const body = await mailTo(email, /Subject: Choose a new Legacy Locker password/);
  const link = body.match(/https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/)?.[0];
  assert.ok(link, `a reset link in the e-mail: ${body}`);
  assert.ok(link.startsWith(BASE_URL), 'the link points at the app');

  await phone.goto(link);
  await phone.getByLabel('New password', { exact: true }).fill('Shortstop2027');
  await phone.getByLabel('Confirm new password').fill('Shortstop2027');
  await phone.getByRole('button', { name: 'Save and sign in' }).click();
  await phone.waitForURL('**/dashboard');
  const session = await (await phone.request.get('/api/session')).json();
  assert.equal(session.user?.email, email, 'this browser is signed in');
  const other = await (await laptop.request.get('/api/session')).json();
  assert.equal(other.user, null, 'the other device was signed out');

  // The same link again: spent, with a way to ask for another.
  const again = await newPage(browser);
  await again.goto(link);
  await again.getByText('This password reset link has already been used', { exact: false }).waitFor();
  await again.getByRole('link', { name: 'Ask for a new link' }).click();
  await again.waitForURL('**/early-access?forgot=1');
  await again.getByRole('button', { name: 'Send the link' }).waitFor();

  const login = await again.request.post('/api/login', { data: { email, password: 'Shortstop2027' }, headers: { Origin: BASE_URL } });
  assert.equal(login.status(), 200, 'the new password signs in');
});
