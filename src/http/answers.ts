// Writing JSON answers and errors in the platform's shape, `{status, title, detail}`: one place for
// the three servers of hookd (the daemon's local API, the proxy's own answers, the emulator).
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { statusOf, type RefusalCode } from '../common/error-catalogue.js';

export interface ErrorShape {
  status: number;
  title: string;
  detail: string;
  metadata?: Record<string, unknown>;
}

/** An error body in the platform's shape; the title is the status's usual reason phrase. */
export function errorBody(status: number, detail: string, metadata?: Record<string, unknown>): ErrorShape {
  const title = STATUS_CODES[status] ?? `HTTP ${status}`;
  return metadata ? { status, title, detail, metadata } : { status, title, detail };
}

/** Answer JSON with `status`. */
export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** Answer an error in the platform's shape. */
export function sendError(
  res: ServerResponse,
  status: number,
  detail: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, errorBody(status, detail), headers);
}

/** Refuse a request with the daemon's refusal `code` (common/error-catalogue.ts gives its status). */
export function sendRefusal(
  res: ServerResponse,
  code: RefusalCode,
  detail: string,
  headers: Record<string, string> = {},
): void {
  sendError(res, statusOf(code), detail, headers);
}
