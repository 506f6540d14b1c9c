// Takes the README's screenshots from a running app: `BASE_URL=… node e2e/screenshots.mjs`, or with
// the e2e run's mailbox (so the family's address is confirmed and no banner asks for it):
// `scripts/e2e.sh e2e/screenshots.mjs`. Not a test: it writes docs/screenshots/*.png for people to look at.
import { mkdir } from 'node:fs/promises';
import { confirmEmail, launch, newPage, uniqueEmail } from './browser.mjs';

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
  if (process.env.E2E_MAIL_DIR) await confirmEmail(page, email);
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
  if (size === 'desktop') await statsAndShowcase(page, athlete, origin);
  await legacy(page, size);
  await page.context().close();
}

/** The profile with a finished "Download everything" archive, and the delete confirmation. */
async function legacy(page, size) {
  await page.setViewportSize(sizes[size]);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Download everything' }).click();
  await page.getByRole('link', { name: /Download archive/ }).waitFor({ timeout: 60_000 });
  await page.getByRole('region', { name: 'Download everything' }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(5500); // the toasts go
  await page.screenshot({ path: `${out}profile-legacy-${size}.png` });
  await page.getByRole('button', { name: "Delete Sofia Garcia's legacy" }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}profile-delete-${size}.png` });
  await page.keyboard.press('Escape');
}

/** Numbers, achievements, a QR code and a published page, then the stats and showcase screenshots. */
async function statsAndShowcase(page, athlete, headers) {
  const connect = async (providerId) =>
    (await page.request.post('/api/stats/connect-platform', { data: { providerId, externalAthleteId: '12', externalTeamId: '', username: '', athleteId: athlete.id }, headers })).json();
  const gc = await connect('gamechanger');
  const csv = ',,,Batting,,,,,,,Pitching,,,\r\nNumber,Last,First,GP,AB,H,2B,HR,RBI,BB,IP,ER,SO\r\n12,Garcia,Sofia,10,30,11,3,2,9,4,6.2,3,8\r\nTotals,,,10,58,18,4,2,12,5,6.2,3,8\r\n';
  await page.request.post(`/api/stats/athlete-platforms/${gc.id}/imports`, { multipart: { file: { name: 'season.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }, season: `${new Date().getFullYear()} Spring`, teamName: 'Roosevelt Varsity' }, headers });
  const mp = await connect('maxpreps');
  const opponents = ['North High', 'East High', 'West High', 'Central', 'Lincoln', 'Jefferson', 'Madison'];
  for (const [i, opponent] of opponents.entries()) {
    const txt = `Jersey|AtBats|Runs|Hits|RunsBattedIn|BaseOnBalls|StruckOut|InningsPitched|PartialInningPitched|EarnedRuns\n12|4|${i % 3}|${(i * 7) % 4}|${i % 3}|${i % 2}|${(i * 5) % 3}|${3 + (i % 3)}|${i % 3}|${i % 4}\n`;
    await page.request.post(`/api/stats/athlete-platforms/${mp.id}/imports`, {
      multipart: { file: { name: `game${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from(txt) }, gameDate: `${new Date().getFullYear()}-04-${String(3 + i * 3).padStart(2, '0')}`, opponent, location: i % 2 ? 'Away' : 'Home', result: i % 3 ? 'Win' : 'Loss', score: `${4 + i}-3` },
      headers,
    });
  }
  const slug = `sofia-${Date.now().toString(36)}`;
  await page.request.put(`/api/athletes/${athlete.id}/showcase`, { data: { slug, published: true, showGpa: true, showStats: true, contact: 'Coach Rivera: rivera@roosevelt.example' }, headers });
  for (const [title, category, template, stats] of [['Perfect game in the regional final', 'game', 'standard', { strikeouts: 12, pitches: 88, era: '0.00' }], ['All-State First Team', 'award', 'victory', { wins: 9 }], ['Honor roll, spring semester', 'academic', 'milestone', { gpa: '3.9' }]]) {
    await page.request.post(`/api/athletes/${athlete.id}/achievements`, { data: { title, description: 'A day to remember.', date: new Date().toISOString().slice(0, 10), category, stats, onShowcase: true, template }, headers });
  }
  await page.request.post(`/api/athletes/${athlete.id}/qr-codes`, { data: { title: 'Athlete Showcase', description: 'Scan for highlights', targetUrl: '' }, headers });

  // The worker imports the files; wait for every game and the cards before looking.
  for (let tries = 0; tries < 100; tries++) {
    const games = await (await page.request.get(`/api/stats/games/${athlete.id}`)).json();
    const cards = await (await page.request.get(`/api/athletes/${athlete.id}/achievements`)).json();
    if (games.length === opponents.length && cards.every((a) => a.card.status === 'ready')) break;
    await page.waitForTimeout(300);
  }
  await page.goto('/stats');
  await page.getByText(/^Current season:/).waitFor({ timeout: 30_000 });
  await page.getByText('Best games').waitFor({ timeout: 30_000 });
  await page.screenshot({ path: `${out}stats-desktop.png`, fullPage: true });
  await page.goto('/showcase');
  await page.getByRole('img', { name: /QR code/ }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${out}showcase-desktop.png`, fullPage: true });

  await page.setViewportSize(sizes.phone);
  await page.goto('/stats');
  await page.getByRole('tab', { name: 'Trends' }).click();
  await page.locator('.recharts-line-curve').first().waitFor();
  await page.screenshot({ path: `${out}stats-trends-phone.png`, fullPage: true });
  const visitor = await newPage(browser, sizes.phone);
  await visitor.goto(`/a/${slug}`);
  await visitor.getByRole('heading', { name: 'Sofia Garcia' }).waitFor();
  await visitor.waitForLoadState('networkidle');
  await visitor.screenshot({ path: `${out}public-page-phone.png`, fullPage: true });
  await visitor.context().close();
}
await browser.close();
console.log(`screenshots written to ${out}`);
