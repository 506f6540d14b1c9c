import http from 'node:http';
import { BASE_URL } from './browser.mjs';

/**
 * A phone's connection to the api under test: a proxy in front of it that passes everything through
 * until told to cut the next PATCH (an upload's chunk) after some bytes. Then both sockets are destroyed,
 * as when the signal goes, and every connection is refused (no signal) for `outageMs`, or until
 * `restore()` when no time is given.
 */
export async function phoneConnection() {
  const upstream = new URL(BASE_URL);
  let armed = null;
  let outageUntil = 0;
  const server = http.createServer((req, res) => {
    if (Date.now() < outageUntil) {
      req.socket.destroy();
      return;
    }
    const proxied = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    proxied.on('error', () => req.socket.destroy());
    const cut = req.method === 'PATCH' && armed ? armed : null;
    if (!cut) {
      req.pipe(proxied);
      return;
    }
    armed = null;
    let passed = 0;
    req.on('data', (chunk) => {
      const room = cut.bytes - passed;
      if (room > 0) proxied.write(room >= chunk.length ? chunk : chunk.subarray(0, room));
      passed += chunk.length;
      if (passed >= cut.bytes) {
        outageUntil = Date.now() + cut.outageMs;
        // Let the bytes reach the api, then the signal goes: both connections break.
        setTimeout(() => {
          proxied.destroy();
          req.socket.destroy();
        }, 200);
        req.pause();
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    cut: (bytes, outageMs = Infinity) => {
      armed = { bytes, outageMs };
    },
    restore: () => {
      outageUntil = 0;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
