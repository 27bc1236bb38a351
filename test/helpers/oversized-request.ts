// A request whose body is over the daemon's cap, sent on a raw socket. The daemon answers 413 and
// closes the connection without reading the rest (src/http/read-body.ts), so a client still
// writing the body gets EPIPE, at a moment that depends on the scheduler: undici then sometimes
// reports the write error instead of the answer already received (and a socket that fails a write
// is destroyed with the answer unread). So this client does what one waiting for an early answer
// does: it sends the head and the start of the body in one write (whole before the daemon can
// answer), then writes nothing more and reads the answer. A daemon that waited for the whole body
// would never answer: the caller's timeout fails the test.
import { connect } from 'node:net';

/** Announce `body` for `method urlPath` on the unix socket `socketPath`, send its first 64 KiB; resolves with the answer's status and its body (parsed JSON, else text). */
export function sendOversized(
  socketPath: string,
  method: string,
  urlPath: string,
  body: Buffer,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    const chunks: Buffer[] = [];
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1];
      if (!status)
        return reject(new Error(`no answer before the connection closed: ${JSON.stringify(text.slice(0, 200))}`));
      const rest = text.slice(text.indexOf('\r\n\r\n') + 4);
      let parsed: unknown = rest;
      try {
        parsed = JSON.parse(rest);
      } catch {
        // Not JSON: hand back the text.
      }
      resolve({ status: Number(status), body: parsed });
    });
    const head = `${method} ${urlPath} HTTP/1.1\r\nhost: hookd\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`;
    socket.write(Buffer.concat([Buffer.from(head), body.subarray(0, 64 * 1024)]));
  });
}
