// `npm run schemas`: writes schemas/ from the zod schemas (built into dist/ first by the npm script).
import { writeFileSync } from 'node:fs';
import { jsonSchemaFiles } from '../dist/settings/json-schema-files.js';

const dir = new URL('../schemas/', import.meta.url);
for (const [name, text] of Object.entries(jsonSchemaFiles())) writeFileSync(new URL(name, dir), text);
