// Reads the client's settings file into a HookConfig, or into a list of located errors.
// Both shapes are read: `{"hooks": {...}}` (settings.json) and a bare event map (hooks.json).
import { readFile } from 'node:fs/promises';
import { buildConfig, EMPTY_CONFIG, type HookConfig } from './config.js';
import { EventMapSchema } from './schema.js';
import { formatIssues } from '../common/format-issues.js';
import { describeError } from '../common/errors.js';

export type LoadResult =
  | { ok: true; config: HookConfig }
  | { ok: false; missing: boolean; errors: string[] };

/** Where a JSON syntax error stands, as `line L column C`, from V8's "position N". */
function locateSyntaxError(text: string, message: string): string {
  const match = /position (\d+)/.exec(message);
  const position = match ? Number(match[1]) : /end of JSON input/.test(message) ? text.length : undefined;
  if (position === undefined) return message;
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `line ${line} column ${column}: ${message.replace(/ in JSON at position \d+.*$/, '')}`;
}

/** Parse settings text; `file` names the source in every error. */
export function parseSettingsText(text: string, file: string): LoadResult {
  if (text.trim() === '') return { ok: true, config: EMPTY_CONFIG };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, missing: false, errors: [`${file}: not valid JSON: ${locateSyntaxError(text, (error as Error).message)}`] };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, missing: false, errors: [`${file}: expected a JSON object at the top level`] };
  }
  const record = data as Record<string, unknown>;
  if ('hooks' in record) {
    const parsed = EventMapSchema.safeParse(record.hooks, { reportInput: true });
    if (!parsed.success) return { ok: false, missing: false, errors: formatIssues(parsed.error.issues, file, ['hooks']) };
    return { ok: true, config: buildConfig(parsed.data, 'settings', ['hooks']) };
  }
  // A hooks file: the event map is the top level. Keys whose value is not a list are the
  // client's own (model, theme...) and are not ours to judge.
  const events = Object.fromEntries(Object.entries(record).filter(([, value]) => Array.isArray(value)));
  if (Object.keys(events).length === 0) return { ok: true, config: EMPTY_CONFIG };
  const parsed = EventMapSchema.safeParse(events, { reportInput: true });
  if (!parsed.success) return { ok: false, missing: false, errors: formatIssues(parsed.error.issues, file) };
  return { ok: true, config: buildConfig(parsed.data, 'hooks-file', []) };
}

/** Read and parse the settings file at `file`. */
export async function loadSettings(file: string): Promise<LoadResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const why = missing ? 'no such file (set --settings or HOOKD_SETTINGS)' : describeError(error);
    return { ok: false, missing, errors: [`${file}: cannot read: ${why}`] };
  }
  return parseSettingsText(text, file);
}
