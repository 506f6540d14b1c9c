// A PDF previews inside the app: the preview embeds the stored file, and the browser is allowed to
// frame it (the api answers it with frame-ancestors 'self', not X-Frame-Options: DENY, which made
// Chromium block it with ERR_BLOCKED_BY_RESPONSE and always show the fallback).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A one-page PDF the test writes itself: "Report card" in Helvetica. */
function onePagePdf() {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null, // the content stream, below
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const content = 'BT /F1 24 Tf 40 100 Td (Report card) Tj ET';
  objects[3] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('a PDF opens in the preview, framed by the app, not blocked', async () => {
  const page = await newPage(browser);
  const athlete = await signUpFamily(page);
  const uploaded = await page.request.post(`/api/athletes/${athlete.id}/media`, {
    headers: { Origin: BASE_URL },
    multipart: {
      title: 'Report card',
      date: '2026-05-01',
      file: { name: 'report-card.pdf', mimeType: 'application/pdf', buffer: onePagePdf() },
    },
  });
  assert.equal(uploaded.status(), 202, await uploaded.text());
  const item = await uploaded.json();

  const refused = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  page.on('requestfailed', (request) => refused.push(`${request.url()} ${request.failure()?.errorText}`));
  await page.goto('/media');
  await page.getByRole('button', { name: 'Open Report card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report card' });
  const embedded = dialog.locator(`object[data="${item.mediaUrl}"]`);
  await embedded.waitFor();
  // The browser's PDF viewer replaces the object's fallback; a blocked or refused PDF shows it.
  await page.waitForTimeout(1500);
  assert.equal(await dialog.getByText("This browser can't show the PDF here.").isVisible(), false, 'the preview fell back');
  const box = await embedded.boundingBox();
  assert.ok(box && box.height > 200, `the PDF is shown in the dialog (${JSON.stringify(box)})`);
  assert.deepEqual(refused.filter((r) => /BLOCKED_BY_RESPONSE|Content Security Policy|object-src/.test(r)), [], 'the PDF was refused');

  const file = await page.request.get(item.mediaUrl);
  assert.equal(file.headers()['content-type'], 'application/pdf');
  assert.notEqual(file.headers()['x-frame-options'], 'DENY');
  assert.match(file.headers()['content-security-policy'] ?? '', /frame-ancestors 'self'/, 'only the app may frame it');
});

test('the stats report prints each cell in its column, the catalogue labels, the seasons named from the games and dated charts', async () => {
  const page = await newPage(browser);
  const athlete = await signUpFamily(page, { sports: 'Softball, Basketball', position: 'Pitcher' });
  const headers = { Origin: BASE_URL };
  const games = [
    ['2026-04-11', 'Central Eagles', 'softball', { atBats: 4, hits: 2, rbi: 3, walks: 1, inningsPitched: '6.0', earnedRuns: 1 }],
    ['2026-04-18', 'Central Eagles Christian Academy of the Valley', 'softball', { atBats: 4, hits: 4, rbi: 4, inningsPitched: '5.1', earnedRuns: 2 }],
    ['2026-04-25', 'North High', 'softball', { atBats: 3, hits: 1, rbi: 0, inningsPitched: '7.0', earnedRuns: 0 }],
    ['2026-01-09', 'Hoops High', 'basketball', { points: 14, rebounds: 6 }],
    ['2026-01-16', 'Lakeside', 'basketball', { points: 9, rebounds: 8 }],
  ];
  for (const [gameDate, opponent, sport, stats] of games) {
    const res = await page.request.post(`/api/stats/games/${athlete.id}`, { headers, data: { gameDate, opponent, sport, stats } });
    assert.equal(res.status(), 201, await res.text());
  }

  // Made in November or any other month: the games were played in the spring.
  await page.goto('/stats');
  const [started] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/stats/reports/${athlete.id}`)),
    page.getByRole('button', { name: 'Generate Stats Report' }).click(),
  ]);
  const { id } = await started.json();
  let report;
  for (let i = 0; i < 300 && report?.status !== 'ready'; i++) {
    report = await (await page.request.get(`/api/stats/reports/${athlete.id}/${id}`)).json();
    assert.notEqual(report.status, 'failed', report.statusReason);
    if (report.status !== 'ready') await page.waitForTimeout(200);
  }
  assert.equal(report.status, 'ready');
  const pdf = await (await page.request.get(report.url)).body();
  const dir = mkdtempSync(join(tmpdir(), 'll-e2e-report-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    // Each cell in its column: the name that fits whole, the long one cut with an ellipsis, and
    // a gap between a name and the number beside it.
    assert.match(text, /Central Eagles {2,}\d/, text);
    assert.match(text, /Central Eagles Christian[^\n]*… +\d/, text);
    assert.doesNotMatch(text, /Eagles?\d/, text);
    for (const label of ['RBI', 'OPS', 'ERA', 'PTS', 'REB', 'Batting Average, rolling 5 games', 'Points by game']) assert.ok(text.includes(label), `${label} in\n${text}`);
    for (const word of ['Rbi', 'Ops']) assert.ok(!text.includes(word), `${word} in\n${text}`);
    assert.ok(text.includes('2026 Spring') && text.includes('2025–26 Winter'), text);
    assert.ok(!text.includes('Fall'), text);
    assert.match(text, /Apr 11 .*Apr 25/, 'the chart is dated');
    if (process.env.SCREENSHOT_DIR) {
      execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '2', file, join(process.env.SCREENSHOT_DIR, 'stats-report-page')]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await page.close();
});
