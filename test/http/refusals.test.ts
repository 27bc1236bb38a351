// The daemon's HTTP refusals carry codes from the error catalogue (code -> status -> a command's
// exit), never a status picked by number at the site (issue 34): a site that writes one fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  daemonAnswerCode,
  ERROR_CATALOGUE,
  REFUSALS,
  statusOf,
  type RefusalCode,
} from '../../src/common/error-catalogue.js';
import { sourceFiles } from '../helpers/import-graph.js';
import { ROOT } from '../helpers/paths.js';

// A refusal written with a number: sendError(res, 404, …), refuseBody(req, res, 413, …), { status: 403, detail }.
const BY_NUMBER =
  /sendError\([\w.]+,\s*\d{3}\b|refuseBody\([^,]+,[^,]+,\s*\d{3}\b|\{\s*status:\s*[45]\d\d(?: as const)?,\s*detail\b/;

describe('the daemon’s refusals', () => {
  it('each has one status, an error status, and an exit in the catalogue (400, bad input, exits 2)', () => {
    const codes = Object.keys(REFUSALS) as RefusalCode[];
    const statuses = codes.map(statusOf);
    expect(new Set(statuses).size).toBe(codes.length);
    expect(statuses.every((status) => status >= 400 && status < 600)).toBe(true);
    for (const code of codes) expect(ERROR_CATALOGUE[code].exit).toBe(statusOf(code) === 400 ? 2 : 1);
    // A command that hears a refusal exits as its code says: code -> status -> exit.
    expect(codes.map((code) => ERROR_CATALOGUE[daemonAnswerCode(statusOf(code))].exit)).toEqual(
      codes.map((code) => ERROR_CATALOGUE[code].exit),
    );
    expect(daemonAnswerCode(502)).toBe('EDAEMON');
  });

  it('are named by code at every site of the daemon (the platform’s emulator and API client aside)', () => {
    const daemonSide = sourceFiles(ROOT).filter(
      (file) => !file.startsWith('src/platform/emulator/') && !file.startsWith('src/platform/api/'),
    );
    const byNumber = daemonSide.filter((file) => BY_NUMBER.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(byNumber).toEqual([]);
    expect(BY_NUMBER.test("sendError(res, 404, 'no such run')")).toBe(true);
    expect(BY_NUMBER.test("return { status: 409 as const, detail: 'x' }")).toBe(true);
    expect(BY_NUMBER.test("sendRefusal(res, 'ENOT_FOUND', 'no such run')")).toBe(false);
  });
});
