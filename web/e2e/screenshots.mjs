// Takes the README's screenshots from a running app: `BASE_URL=… node e2e/screenshots.mjs`.
// Not a test: it writes docs/screenshots/*.png for people to look at.
import { mkdir } from 'node:fs/promises';
import { launch, newPage, uniqueEmail } from './browser.mjs';

const out = new URL('../../docs/screenshots/', import.meta.url).pathname;
await mkdir(out, { recursive: true });
const browser = await launch();
const journalEntries = [
  {
    title: 'Bullpen with Coach Ruiz', date: new Date().toISOString().slice(0, 10), tags: ['training'], enhanceWithAI: true,
    content: 'threw 40 pitches today  worked on keeping my front shoulder closed\ncoach said my changeup finally has some drop , i felt more relaxed than last week',
  },
  {
    title: 'Semifinal vs Central', date: new Date(Date.now() - 86400000).toISOString().slice(0, 10), tags: ['game reflection'], enhanceWithAI: false,
    content: 'We won 4-2. I pitched five innings and struck out seven. I was nervous in the first inning but settled down after the double play.',
  },
];
const sizes = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

for (const [size, viewport] of Object.entries(sizes)) {
  const page = await newPage(browser, viewport);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${out}landing-${size}.png`, fullPage: size === 'desktop' });
  await page.goto('/early-access');
  await page.getByRole('tab', { name: 'Sign In' }).waitFor();
  await page.screenshot({ path: `${out}early-access-${size}.png` });

  const email = uniqueEmail(`shots-${size}`);
  const res = await page.request.post('/api/register', {
    data: { firstName: 'Maria', lastName: 'Garcia', email, password: 'Softball2026' },
    headers: { Origin: new URL(page.url()).origin },
  });
  if (!res.ok()) throw new Error(`register: ${res.status()} ${await res.text()}`);
  const origin = { Origin: new URL(page.url()).origin };
  const athlete = await (await page.request.post('/api/athletes', {
    data: { name: 'Sofia Garcia', sports: 'Softball, Basketball', position: 'Shortstop', graduationYear: new Date().getFullYear() + 3, gpa: 3.92, school: 'Roosevelt High School', bio: '' },
    headers: origin,
  })).json();
  for (const entry of journalEntries) {
    await page.request.post(`/api/athletes/${athlete.id}/journal`, { data: entry, headers: origin });
  }
  await page.goto('/dashboard');
  await page.getByText('Sofia Garcia').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${out}dashboard-${size}.png`, fullPage: size === 'desktop' });

  await page.goto('/journal');
  await page.getByText('Cleaned up offline — no AI used').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${out}journal-${size}.png`, fullPage: size === 'desktop' });
  await page.context().close();
}
await browser.close();
console.log(`screenshots written to ${out}`);
