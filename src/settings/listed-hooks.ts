// Kiro CLI 3's hook file lists named hooks, each naming its trigger, instead of mapping events to
// hooks: `{"version": "v1", "hooks": [{"name", "trigger", "matcher", "action": {"type": "command",
// "command"}, "timeout", "enabled"}]}`. hookd reads it as the grouped event map every other client's
// file is (one group per listed hook, in the file's order), so validate, run, export, doctor and the
// daemon read it as any other; install/listed-hooks.ts wraps its commands in place, by their index
// in the list. A hook turned off (`"enabled": false`) or whose action is an agent prompt runs no
// command: it is left out of the view.
import { parseJsonText } from './parse-json-text.js';

/** The version of the list form hookd reads (Kiro CLI 3.0's docs). */
export const LISTED_VERSION = 'v1';

/** One listed hook that runs a command, and where it is in the file's list. */
export interface ListedCommand {
  index: number;
  trigger: string;
  command: string;
  matcher?: string;
  timeout?: number;
}

type Listed = { ok: true; commands: ListedCommand[] } | { ok: false; errors: string[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The hooks of a listed file that run a command, or what is wrong with it, each error located at `hooks[i]`. */
export function listedCommands(text: string, file: string): Listed {
  const parsed = parseJsonText(text, file);
  if (!parsed.ok) return { ok: false, errors: [parsed.error] };
  if (parsed.data === undefined) return { ok: true, commands: [] };
  const data = parsed.data;
  if (!isObject(data)) return { ok: false, errors: [`${file}: expected a JSON object at the top level`] };
  if (!Array.isArray(data.hooks))
    return {
      ok: false,
      errors: [
        `${file}: hooks: expected a list of named hooks (Kiro CLI 3: {"version": "${LISTED_VERSION}", "hooks": [{"name", "trigger", "action"}]})`,
      ],
    };
  const errors: string[] = [];
  if (data.version !== LISTED_VERSION)
    errors.push(`${file}: version: expected "${LISTED_VERSION}", found ${JSON.stringify(data.version ?? null)}`);
  const commands: ListedCommand[] = [];
  data.hooks.forEach((hook: unknown, index) => {
    const at = `${file}: hooks[${index}]`;
    if (!isObject(hook)) return void errors.push(`${at}: expected an object`);
    const { trigger, action, matcher, timeout, enabled } = hook;
    if (typeof trigger !== 'string' || trigger === '') errors.push(`${at}.trigger: expected the name of a trigger`);
    if (!isObject(action)) return void errors.push(`${at}.action: expected {"type": "command", "command": …}`);
    if (matcher !== undefined && typeof matcher !== 'string') errors.push(`${at}.matcher: expected a string`);
    if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0)))
      errors.push(`${at}.timeout: expected a positive number of seconds`);
    if (enabled !== undefined && typeof enabled !== 'boolean') errors.push(`${at}.enabled: expected true or false`);
    if (action.type === 'agent') return;
    if (action.type !== 'command') return void errors.push(`${at}.action.type: expected "command" or "agent"`);
    if (typeof action.command !== 'string' || action.command.trim() === '')
      return void errors.push(`${at}.action.command: expected a command`);
    if (enabled === false || typeof trigger !== 'string') return;
    commands.push({
      index,
      trigger,
      command: action.command,
      ...(typeof matcher === 'string' ? { matcher } : {}),
      ...(typeof timeout === 'number' ? { timeout } : {}),
    });
  });
  return errors.length ? { ok: false, errors } : { ok: true, commands };
}

/** The grouped event map a listed file reads as (one group per hook that runs a command), as JSON text. */
export function listedDocument(commands: readonly ListedCommand[]): string {
  const hooks: Record<string, unknown[]> = {};
  for (const { trigger, command, matcher, timeout } of commands)
    (hooks[trigger] ??= []).push({
      ...(matcher !== undefined ? { matcher } : {}),
      hooks: [{ type: 'command', command, ...(timeout !== undefined ? { timeout } : {}) }],
    });
  return JSON.stringify({ hooks });
}
