import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { jsonSchemaFiles } from '../../src/settings/json-schema-files.js';
import { ROOT } from '../helpers/paths.js';

describe('schemas/', () => {
  const generated = jsonSchemaFiles();

  it('holds exactly the generated files', () => {
    expect(readdirSync(path.join(ROOT, 'schemas')).sort()).toEqual(Object.keys(generated).sort());
  });

  for (const [name, text] of Object.entries(generated)) {
    it(`${name} matches the zod schema (run \`npm run schemas\` after changing one)`, () => {
      expect(readFileSync(path.join(ROOT, 'schemas', name), 'utf8')).toBe(text);
    });
  }
});
