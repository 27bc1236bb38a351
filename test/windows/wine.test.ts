// The tier's ground: what the other Windows tests stand on, proven first (node.exe runs, spawns cmd,
// serves a named pipe, passes bytes through unchanged).
import { describe, expect, it } from 'vitest';
import { runWindows } from './wine.js';

describe('Node for Windows under wine', () => {
  it('runs node.exe with stdin and output byte for byte, CRLF and non-ASCII kept', async () => {
    const input = Buffer.from('{"a":"é\r\nb"}\r\n\u0000tail');
    const run = await runWindows(
      'node.exe',
      ['-e', 'process.stdin.pipe(process.stdout); console.error(process.platform)'],
      {
        input,
      },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toEqual(input);
    expect(String(run.stderr).trim()).toBe('win32');
  });

  it('runs cmd, with its own %VAR% expansion and exit code', async () => {
    const run = await runWindows('cmd', ['/d', '/s', '/c', 'echo %HOOKD_WINE_PROBE%& exit /b 3'], {
      env: { HOOKD_WINE_PROBE: 'seen here' },
    });
    expect(run.code).toBe(3);
    expect(String(run.stdout).trim()).toBe('seen here');
  });

  it('serves and answers on a named pipe', async () => {
    const script = `const net = require('net');
      const name = '\\\\\\\\.\\\\pipe\\\\hookd-wine-probe-' + process.pid;
      const server = net.createServer((s) => s.end('pong')).listen(name, () => {
        net.connect(name).on('data', (d) => { process.stdout.write(d); server.close(); });
      });`;
    const run = await runWindows('node.exe', ['-e', script]);
    expect(String(run.stdout)).toBe('pong');
  });
});
