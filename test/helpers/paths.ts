// Paths of the repository, the built binary and the fixtures (all inside the repository: a fresh
// clone passes on its own).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HOOKD = path.join(ROOT, 'bin', 'hookd');
/** The native front door as `npm run build` leaves it in a clone (a link named hookd to dist/hookd-bridge): what an install puts in bin/hookd's place. */
export const FRONT_DOOR = path.join(ROOT, 'dist', 'front-door', 'hookd');
export const HOOK_FIXTURES = path.join(ROOT, 'test', 'fixtures', 'hooks');
/** Sample payloads (payloads/) and settings files. */
export const FIXTURES = path.join(ROOT, 'test', 'fixtures');
