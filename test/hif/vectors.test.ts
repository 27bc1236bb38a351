// The HIF spec's conformance vectors (test/fixtures/hif, CC BY 4.0), both ways: the invalid ones are
// refused, each canonical one encodes for Claude Code, Gemini CLI and Cursor to what the provider
// vector means (and hookd says each loss the vector lists), and each provider vector decodes to the
// canonical form and back to itself; Claude Code's round-trip pair is exact. Where the vectors and
// the real clients disagree the test names the difference and why hookd follows the client.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseManifestText } from '../../src/hif/read-manifest.js';
import { encodeFor } from '../../src/hif/encode.js';
import { decodeEntry } from '../../src/hif/decode.js';
import { parseSettingsText } from '../../src/settings/load.js';
import { claude } from '../../src/clients/claude/profile.js';
import { gemini } from '../../src/clients/gemini/profile.js';
import { cursor } from '../../src/clients/cursor/profile.js';
import type { ClientProfile } from '../../src/clients/profile.js';
import type { HifManifest } from '../../src/hif/manifest-schema.js';
import { HIF, encodedRows, realFile, sorted, vector, vectorRows, type Row } from './vector-shapes.js';

const PROVIDERS: [string, ClientProfile, string][] = [
  ['claude-code', claude, '/home/u/.claude/settings.json'],
  ['gemini-cli', gemini, '/home/u/.gemini/settings.json'],
  ['cursor', cursor, '/home/u/.cursor/hooks.json'],
];

const manifestOf = (name: string): HifManifest => {
  const read = parseManifestText(readFileSync(path.join(HIF, 'canonical', `${name}.json`), 'utf8'), name);
  if (!read.ok) throw new Error(read.issues.join('\n'));
  return read.manifest;
};

// Rows hookd writes that a vector leaves out, each for a reason the docs give.
const EXTRA_ROWS: Record<string, Row[]> = {
  // Cursor's docs (and its profile here) list sessionStart; the spec's vector predates it.
  'cursor/full-featured': [{ event: 'sessionStart', command: './init-session.sh', timeout: 30 }],
};

// Rows hookd writes instead of a vector's, where the vector and the real client disagree.
const INSTEAD_ROWS: Record<string, Row[]> = {
  // Gemini CLI 0.61 runs a BeforeTool hook's hookSpecificOutput.tool_input (seen with the binary,
  // test/clients/canonical-guard-real.test.ts; the spec's capabilities.md lists it too): the
  // sanitizing hook is installed as it is, where the vector blocks.
  'gemini-cli/degradation-input-rewrite': [
    { event: 'BeforeTool', command: './sanitize-input.sh', timeout: 10_000, matcher: 'run_shell_command' },
  ],
};

// What each warning a vector lists must show in hookd's lines, or why hookd says nothing.
const WARNING_RULES: [RegExp, string | { deviation: string }][] = [
  [/TIMING SHIFT/, 'TIMING SHIFT'],
  [/'platform' field dropped/, "'platform' overrides"],
  [/'cwd' field dropped/, "'cwd' field dropped"],
  [
    /'env' field dropped — Gemini CLI/,
    {
      deviation: "Gemini CLI 0.61's hook runner sets an entry's env (...hookConfig.env in its bundle): hookd writes it",
    },
  ],
  [/'env' field dropped/, "'env' field dropped"],
  [/provider_data\.windsurf ignored/, 'provider_data.windsurf'],
  [
    /input_rewrite capability not supported by Gemini CLI/,
    {
      deviation:
        "Gemini CLI 0.61 runs a rewrite (hookSpecificOutput.tool_input): hookd hands it the hook's updated_input",
    },
  ],
  [/input_rewrite capability not supported/, 'input_rewrite capability not supported'],
  [/array matcher split/, 'split into separate Cursor events'],
  [/after_tool_execute wildcard mapped to afterFileEdit/, 'after file edits only'],
  [
    /structured_output/,
    { deviation: "hookd translates the canonical answer into each client's own at run time (hookd sync --canonical)" },
  ],
  [/event 'session_start' dropped/, { deviation: 'Cursor has sessionStart now (its docs; the profile lists it)' }],
  [
    /before_prompt blocking=true mapped to beforeSubmitPrompt/,
    { deviation: "the spec's blocking matrix says Cursor's beforeSubmitPrompt prevents; hookd follows the matrix" },
  ],
  [
    /agent_stop blocking=false/,
    { deviation: 'a hook that does not block loses nothing on an event that only observes' },
  ],
];

describe('the spec test vectors', () => {
  it('refuses every invalid manifest, saying where', () => {
    const files = readdirSync(path.join(HIF, 'invalid'));
    expect(files).toHaveLength(6);
    const where: Record<string, RegExp> = {
      'missing-spec.json': /: spec: expected "hooks\/0\.1"/,
      'missing-hooks.json': /: hooks: expected an array/,
      'empty-hooks-array.json': /: hooks: the spec requires at least one hook/,
      'missing-event.json': /: hooks\[0\]\.event: expected a string/,
      'missing-handler.json': /: hooks\[0\]\.handler: expected an object/,
      'invalid-degradation-strategy.json':
        /: hooks\[0\]\.degradation\.input_rewrite: expected "block" or "warn" or "exclude"/,
    };
    for (const file of files) {
      const read = parseManifestText(readFileSync(path.join(HIF, 'invalid', file), 'utf8'), file);
      expect(read.ok, file).toBe(false);
      if (!read.ok) expect(read.issues.join('\n'), file).toMatch(where[file]!);
    }
  });

  for (const name of ['simple-blocking', 'full-featured', 'multi-event', 'degradation-input-rewrite']) {
    for (const [dir, client] of PROVIDERS) {
      const id = `${dir}/${name}`;
      let expected: Record<string, unknown>;
      try {
        expected = vector(dir, name);
      } catch {
        continue;
      }
      it(`encodes ${name} for ${client.name} as ${id} means`, () => {
        const encoded = encodeFor(manifestOf(name), client, 'linux');
        expect(sorted(encodedRows(encoded.hooks))).toEqual(
          sorted([...(INSTEAD_ROWS[id] ?? vectorRows(expected)), ...(EXTRA_ROWS[id] ?? [])]),
        );
        for (const warning of (expected._warnings as string[] | undefined) ?? []) {
          const rule = WARNING_RULES.find(([pattern]) => pattern.test(warning));
          expect(rule, `no rule for the vector's warning: ${warning}`).toBeDefined();
          const [, shows] = rule!;
          if (typeof shows === 'string') expect(encoded.notes.join('\n'), warning).toContain(shows);
        }
      });
    }
  }

  // Provider -> canonical -> provider: what a client's file says survives the trip (degradation vectors replace the command: not decodable back).
  for (const [dir, client, file] of PROVIDERS) {
    for (const name of ['simple-blocking', 'full-featured', 'multi-event']) {
      it(`decodes ${dir}/${name} to the canonical form and back to the same hooks`, () => {
        const rows = vectorRows(vector(dir, name));
        const parsed = parseSettingsText(realFile(rows, client.layout === 'flat'), file, client);
        if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
        const decoded = parsed.config.entries.map((entry) => decodeEntry(entry, client));
        const hooks = decoded.flatMap((one) => ('hook' in one ? [one.hook] : []));
        expect(hooks).toHaveLength(decoded.length);
        const again = encodeFor({ spec: 'hooks/0.1', hooks }, client, 'linux');
        expect(sorted(encodedRows(again.hooks))).toEqual(sorted(rows));
      });
    }
    it(`decodes ${dir}/simple-blocking to exactly the canonical vector`, () => {
      const parsed = parseSettingsText(
        realFile(vectorRows(vector(dir, 'simple-blocking')), client.layout === 'flat'),
        file,
        client,
      );
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      const hooks = parsed.config.entries.map((entry) => decodeEntry(entry, client));
      const { _comment, ...canonical } = vector('canonical', 'simple-blocking');
      expect({ spec: 'hooks/0.1', hooks: hooks.map((one) => ('hook' in one ? one.hook : one)) }).toEqual(canonical);
    });
  }

  it("round-trips Claude Code's pair exactly: source -> canonical -> source", () => {
    const { _comment, ...source } = vector('claude-code', 'roundtrip-source');
    const parsed = parseSettingsText(JSON.stringify(source), '/home/u/.claude/settings.json', claude);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const hooks = parsed.config.entries
      .map((entry) => decodeEntry(entry, claude))
      .map((one) => ('hook' in one ? one.hook : one));
    const { _comment: note, ...canonical } = vector('claude-code', 'roundtrip-canonical');
    expect({ spec: 'hooks/0.1', hooks }).toEqual(canonical);
    const again = encodeFor(canonical as HifManifest, claude, 'linux');
    expect(sorted(encodedRows(again.hooks))).toEqual(sorted(vectorRows(source)));
    expect(note).toBeTypeOf('string');
  });
});
