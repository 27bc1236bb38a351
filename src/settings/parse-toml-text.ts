// Reads the `[hooks]` tables of Codex's config.toml, read only (install never edits this file: it
// writes Codex's hooks.json): `[[hooks.Stop]]` is one `{matcher?, hooks: [...]}` group and
// `[[hooks.Stop.hooks]]` one hook, the same vocabulary as hooks.json. `[hooks.state]` is where Codex
// keeps each hook's trust, not an event, and is left out. smol-toml parses; the rest of the file
// (the model, providers, features) is Codex's and is not looked at.
import { parse, TomlError } from 'smol-toml';
import type { ParsedJsonText } from './parse-json-text.js';

/** The hooks of TOML `text` as `{"hooks": {...}}` (or `{}` without a `[hooks]` table), or one located error. */
export function parseTomlText(text: string, file: string): ParsedJsonText {
  let data: Record<string, unknown>;
  try {
    data = parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    if (error instanceof TomlError)
      return {
        ok: false,
        error: `${file}: not valid TOML: line ${error.line} column ${error.column}: ${error.message.split('\n')[0]}`,
      };
    return { ok: false, error: `${file}: cannot be read as TOML: ${(error as Error).message}` };
  }
  const hooks = data.hooks;
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks) || hooks instanceof Date)
    return { ok: true, data: {}, bom: false, comments: false, trailingCommas: false };
  const events = Object.fromEntries(Object.entries(hooks).filter(([key]) => key !== 'state'));
  return { ok: true, data: { hooks: events }, bom: false, comments: false, trailingCommas: false };
}
