// The live page's files, shipped in the package as they are (no build step, no CDN):
// src/dashboard/page/. Read once, on the first request, and served with headers that keep the
// page to itself: no framing, no sniffing, no referrer, scripts only from this origin.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { packageRoot } from '../common/package-root.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The page's file names, as served under /dashboard/. */
export const PAGE_FILES = [
  'index.html',
  'dashboard.css',
  'page-kit.js',
  'run-detail.js',
  'status-panel.js',
  'health-panel.js',
  'dashboard.js',
  'session-view.css',
  'session-chart.js',
  'session-view.js',
  'favicon.svg',
] as const;

/** Headers of every answer of the page. */
export const PAGE_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const cache = new Map<string, Buffer>();

/** Send page file `name` (one of PAGE_FILES). */
export function sendPageFile(res: ServerResponse, name: (typeof PAGE_FILES)[number]): void {
  let body = cache.get(name);
  if (!body) cache.set(name, (body = readFileSync(path.join(packageRoot(), 'src', 'dashboard', 'page', name))));
  res.writeHead(200, {
    ...PAGE_HEADERS,
    'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream',
    'content-length': body.length,
  });
  res.end(body);
}
