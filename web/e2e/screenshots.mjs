// Takes the README's screenshots from a running app: `BASE_URL=… node e2e/screenshots.mjs`.
// Not a test: it writes docs/screenshots/*.png for people to look at.
import { mkdir } from 'node:fs/promises';
import { launch, newPage, uniqueEmail } from './browser.mjs';

const out = new URL('../../docs/screenshots/', import.meta.url).pathname;
await mkdir(out, { recursive: true });
const browser = await launch();
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
  await page.request.post('/api/athletes', {
    data: { name: 'Sofia Garcia', sports: 'Softball, Basketball', position: 'Shortstop', graduationYear: new Date().getFullYear() + 3, gpa: 3.92, school: 'Roosevelt High School', bio: '' },
    headers: { Origin: new URL(page.url()).origin },
  });
  await page.goto('/dashboard');
  await page.getByText('Sofia Garcia').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${out}dashboard-${size}.png`, fullPage: size === 'desktop' });
  await page.context().close();
}
await browser.close();
console.log(`screenshots written to ${out}`);
