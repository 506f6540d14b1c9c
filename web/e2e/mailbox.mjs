import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Decodes a quoted-printable body (soft line breaks and =XX bytes) as UTF-8. */
function decodeQuotedPrintable(text) {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The body of the newest e-mail to `to` whose subject matches, as the test SMTP server received it
 * (E2E_MAIL_DIR, set by scripts/e2e.sh). Waits for it: the worker sends in the background.
 */
export async function mailTo(to, subject, timeoutMs = 30_000) {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the browser tests through scripts/e2e.sh');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of readdirSync(dir).sort().reverse()) {
      const raw = readFileSync(join(dir, name), 'utf8');
      const [head, ...rest] = raw.split('\r\n\r\n');
      if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(head)) continue;
      if (!subject.test(head)) continue;
      return decodeQuotedPrintable(rest.join('\r\n\r\n'));
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}
