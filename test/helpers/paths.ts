// Paths of the repository, the built binary and the shared fixtures.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HOOKD = path.join(ROOT, 'bin', 'hookd');
export const HOOK_FIXTURES = path.join(ROOT, 'test', 'fixtures', 'hooks');
/** ../shared/fixtures beside the checkout (sample payloads and settings). */
export const SHARED_FIXTURES = path.resolve(ROOT, '..', 'shared', 'fixtures');
