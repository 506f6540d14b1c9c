// A mailbox for the browser tests: the smallest SMTP server the worker's real client can talk to
// (no STARTTLS, no AUTH offered), writing each message it receives, raw, to a directory.
// scripts/e2e.sh runs it as `node e2e/smtp-sink.mjs PORT DIR` and points the worker's SMTP_URL at it;
// tests read what arrived with mailTo() from ./mailbox.mjs.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const [port, dir] = process.argv.slice(2);
let received = 0;

createServer((socket) => {
  socket.setEncoding('utf8');
  let buffer = '';
  let inData = false;
  let data = '';
  const reply = (line) => socket.write(`${line}\r\n`);
  reply('220 legacy-locker-e2e ESMTP');
  socket.on('data', (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          writeFileSync(join(dir, `${String(++received).padStart(5, '0')}.eml`), data);
          data = '';
          reply('250 OK: queued');
        } else {
          data += (line.startsWith('..') ? line.slice(1) : line) + '\r\n';
        }
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') reply('250 legacy-locker-e2e');
      else if (verb === 'DATA') {
        inData = true;
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
      } else reply('250 OK');
    }
  });
  socket.on('error', () => {});
}).listen(Number(port), '127.0.0.1');
