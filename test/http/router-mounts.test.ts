// The router's prefix mounts: an endpoint mounted under another's path is asked first, whatever the
// order they were mounted in (a transport's endpoint under /hooks/v1/ beside the hook endpoint).
import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type Exchange } from '../../src/http/router.js';

const exchange = (path: string): Exchange => ({
  req: { method: 'POST', resume() {} } as unknown as IncomingMessage,
  res: {} as ServerResponse,
  url: new URL(`http://127.0.0.1${path}`),
});

describe('Router mounts', () => {
  it('asks the longest prefix that fits first, then the shorter ones', async () => {
    const asked: string[] = [];
    const router = new Router({ notFound: () => 'none' });
    router
      .mount('/hooks/v1/', () => void asked.push('hooks'))
      .mount('/hooks/v1/gemini/', () => void asked.push('gemini'));
    await router.handle(exchange('/hooks/v1/gemini/Stop'));
    await router.handle(exchange('/hooks/v1/Stop'));
    expect(asked).toEqual(['gemini', 'hooks']);
  });
});
