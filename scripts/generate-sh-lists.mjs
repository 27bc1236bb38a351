// `npm run sh-lists`: writes the sh bridge's lists into bin/hookd between their marker comments,
// from the option table and the profiles (built into dist/ first by the npm script). Run it after
// changing a client's variables or a bridge option; test/bridge/sh-lists.test.ts fails until then.
import { readFileSync, writeFileSync } from 'node:fs';
import { withShLists } from '../dist/bridge/sh-lists.js';

const file = new URL('../bin/hookd', import.meta.url);
const script = readFileSync(file, 'utf8');
const generated = withShLists(script);
if (generated !== script) writeFileSync(file, generated);
