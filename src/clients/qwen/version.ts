// Qwen Code's timeout unit follows its version: the 0.x line reads a command hook's `timeout` of 1000
// or more as milliseconds (0.24.4, the newest the registry serves here, still does), and its 1.x
// line reads every timeout in seconds (a breaking fix, QwenLM/qwen-code PR #11615, from its docs).
// The version is that of the `qwen` on PATH, read from its package.json, once, when a timeout is
// first read (never on the bridge's path): unknown, hookd keeps the 0.x reading it has always had.
import { QWEN_CODE, installedVersion, majorOf } from '../installed-version.js';

/** From this `timeout` on, the 0.x line reads milliseconds. */
export const QWEN_0X_MILLISECONDS_FROM = 1000;

/** The version of the Qwen Code `qwen` on `pathVar` runs, if it can be read. */
export const installedQwenVersion = (pathVar = process.env.PATH): string | undefined =>
  installedVersion(QWEN_CODE, pathVar);

/** From which `timeout` Qwen Code `version` reads milliseconds: 1000 for 0.x (and an unknown version), never from 1.x. */
export function qwenMillisecondsFrom(version: string | undefined): number | undefined {
  return (majorOf(version) ?? 0) >= 1 ? undefined : QWEN_0X_MILLISECONDS_FROM;
}
