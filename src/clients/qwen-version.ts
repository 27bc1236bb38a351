// Qwen Code's timeout unit follows its version: the 0.x line reads a command hook's `timeout` of 1000
// or more as milliseconds (0.24.4, the newest the registry serves here, still does), and its 1.x
// line reads every timeout in seconds (a breaking fix, QwenLM/qwen-code PR #11615, from its docs).
// The version is that of the `qwen` on PATH, read from its package.json, once, when a timeout is
// first read (never on the bridge's path): unknown, hookd keeps the 0.x reading it has always had.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findOnPath } from '../common/find-on-path.js';

const PACKAGE = '@qwen-code/qwen-code';

/** The version of the Qwen Code `qwen` on `pathVar` runs, if it can be read. */
export function installedQwenVersion(pathVar = process.env.PATH): string | undefined {
  const bin = findOnPath('qwen', pathVar);
  if (!bin) return undefined;
  for (let dir = path.dirname(bin.real); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === PACKAGE && typeof manifest.version === 'string') return manifest.version;
    } catch {
      // No package.json here: one folder up.
    }
  }
  return undefined;
}

/** From which `timeout` Qwen Code `version` reads milliseconds: 1000 for 0.x (and an unknown version), never from 1.x. */
export function qwenMillisecondsFrom(version: string | undefined): number | undefined {
  const major = Number(/^(\d+)\./.exec(version ?? '')?.[1] ?? 0);
  return major >= 1 ? undefined : 1000;
}
