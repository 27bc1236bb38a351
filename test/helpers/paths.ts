// Paths of the repository, the built binary and the fixtures (all inside the repository: a fresh
// clone passes on its own).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HOOKD = path.join(ROOT, 'bin', 'hookd');
export const HOOK_FIXTURES = path.join(ROOT, 'test', 'fixtures', 'hooks');
/** Sample payloads (payloads/) and settings files. */
export const FIXTURES = path.join(ROOT, 'test', 'fixtures');
