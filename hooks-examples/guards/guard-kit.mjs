// What every guard of hooks-examples/guards/ shares. A guard is a hook in the canonical form (HIF
// hooks/0.1), written once for every client: installed with `hookd install --add NAME`, it runs as
// `hookd sync --canonical … -- 'NODE …/guards/NAME.mjs'` (or `hookd guard NAME`, or several at once
// through guards.mjs), reads the canonical fields (HOOKD_HIF_TOOL, HOOKD_HIF_COMMAND, HOOKD_HIF_FILE:
// docs/bridges.md) and denies (exit 2, the reason on stderr) or says nothing (allow); hookd hands that
// to each client in its terms. The shell command is read with bash's grammar (kit/bash.mjs), never
// with regular expressions over the raw string.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalFields, clientFromEnv, clientIds } from './kit/canonical.mjs';
import { realPath, resolveTarget } from './kit/paths.mjs';

export { programOf, simpleCommands, SHELLS, INTERPRETERS } from './kit/bash.mjs';
export { expandGlob, globMatches, namesWholeFolder, realPath, resolveTarget } from './kit/paths.mjs';

/**
 * What the guard reads: the canonical fields, the event's directory, the project, the payload. The
 * fields come from the HOOKD_HIF_* variables only when they are hookd's: a known client, and the
 * tool, command and file its bridge reads from this very payload. Anything else (run by a client
 * itself, a variable inherited from a shell, an empty or made-up one) and the guard reads the payload
 * itself by the bridges' rule (dist/hif/canonical-input.js of this package), as a hook the client runs
 * without hookd (`direct`): a variable can never switch a guard off.
 */
export async function readInput(env = process.env, payload = readPayload(), cwdNow = process.cwd()) {
  const claimed = Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('HOOKD_HIF_')));
  const direct = !(await fromHookd(claimed, payload));
  if (direct) {
    const own = Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('HOOKD_HIF_')));
    const client = (await clientFromEnv(own))?.id ?? 'generic';
    env = { ...own, ...(await canonicalFields(client, nativeEvent(payload), payload)) };
  }
  // Cursor's payloads carry its version and workspace roots, whatever its variables say.
  const client =
    direct && (typeof payload.cursor_version === 'string' || Array.isArray(payload.workspace_roots))
      ? 'cursor'
      : env.HOOKD_HIF_CLIENT;
  const cwd =
    typeof payload.cwd === 'string' && payload.cwd
      ? payload.cwd
      : Array.isArray(payload.workspace_roots) && typeof payload.workspace_roots[0] === 'string'
        ? payload.workspace_roots[0]
        : cwdNow;
  const project =
    env.CLAUDE_PROJECT_DIR ||
    env.FACTORY_PROJECT_DIR ||
    env.QWEN_PROJECT_DIR ||
    env.GEMINI_PROJECT_DIR ||
    env.COPILOT_PROJECT_DIR ||
    env.CURSOR_PROJECT_DIR ||
    env.OPENCODE_PROJECT_DIR ||
    env.PI_PROJECT_DIR ||
    env.CRUSH_PROJECT_DIR ||
    cwd;
  return {
    direct,
    client,
    event: env.HOOKD_HIF_EVENT ?? '',
    tool: env.HOOKD_HIF_TOOL ?? '',
    command: env.HOOKD_HIF_COMMAND,
    file: env.HOOKD_HIF_FILE,
    cwd: path.resolve(cwdNow, cwd),
    project: path.resolve(cwdNow, project),
    payload,
    env,
  };
}

const nativeEvent = (payload) => (typeof payload.hook_event_name === 'string' ? payload.hook_event_name : '');

/** Whether the HOOKD_HIF_* values are what hookd's bridge reads from `payload` for the client they name. */
async function fromHookd(claimed, payload) {
  const client = claimed.HOOKD_HIF_CLIENT;
  if (!client || !(await clientIds()).includes(client)) return false;
  const own = await canonicalFields(client, nativeEvent(payload), payload);
  for (const name of ['HOOKD_HIF_COMMAND', 'HOOKD_HIF_FILE']) if (own[name] !== claimed[name]) return false;
  // The tool: the payload's own name, or (Cursor's split events) its event's, when the payload says it.
  if (own.HOOKD_HIF_TOOL !== undefined && own.HOOKD_HIF_TOOL !== claimed.HOOKD_HIF_TOOL) return false;
  return claimed.HOOKD_HIF_TOOL !== undefined || own.HOOKD_HIF_TOOL === undefined;
}

/** The client's payload on stdin, as an object (`{}` when it is not one). */
export function readPayload(text) {
  try {
    const data = JSON.parse(text ?? readFileSync(0, 'utf8'));
    return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

/** The reason to deny a command too long for the guard to read (kit/bash.mjs reads 256 KB at most). */
export const tooLong = (guard) =>
  `the command is longer than the 256 KB the guard reads: it cannot tell what it runs (${guard})`;

/**
 * Whether `target` (from `cwd`) lies inside `project` (not the project itself), where it really points:
 * through the symlinks of its folders (and of itself when `followLast`).
 */
export function insideProject(target, cwd, project, followLast) {
  const full = resolveTarget(target, cwd, followLast);
  const rel = path.relative(realPath(project), full);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/**
 * Answer the client: deny with `reason`, or nothing (allow). The denial is the spec's exit 2 with
 * the reason on stderr rather than `{"decision": "deny"}`: hookd translates both alike, and exit 2
 * is also what Claude Code, Droid, Qwen Code, Codex, Gemini CLI, Copilot CLI (its preToolUse denies
 * on exit 1 and 2) and hookd's OpenCode and pi shims read as a denial from a hook they run
 * themselves, so the guard keeps denying when run without hookd (`input.direct`). Cursor, run
 * without hookd, is also told in its documented fields on stdout: its before-events read
 * `{"permission": "deny"}`, and that holds whatever it makes of the exit code.
 */
export function answer(reason, input) {
  if (!reason) return;
  if (input?.direct && input.client === 'cursor')
    process.stdout.write(`${JSON.stringify({ permission: 'deny', user_message: reason, agent_message: reason })}\n`);
  process.stderr.write(`${reason}\n`);
  process.exitCode = 2;
}

/** Run `check(input)` on this process's input: its reason denies, undefined allows. */
export async function runGuard(check) {
  const input = await readInput();
  answer(check(input), input);
}
