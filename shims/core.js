// The part of hookd's in-process shims (OpenCode's plugin, pi's extension) that runs Claude Code-style
// command hooks: it reads HOOKS_FILE (`{"hooks": {Event: [{matcher, hooks: [{type, command, timeout}]}]}}`)
// whenever it changed, runs the hooks of an event as Claude Code does (`sh -c`, the payload as one
// line of JSON on stdin, in parallel, each under its timeout in seconds, its process group ended when
// it runs over) and reads their answers by Claude Code's contract (exit 2 blocks with stderr; exit 0
// may print JSON: a denial or block with its reason, `updatedInput`, `additionalContext`; anything
// else lets the agent go on). `hookd install` writes its entries as guarded bridge lines
// (`command -v hookd … && exec hookd sync|emit … -- 'CMD'; CMD`), so with hookd missing the same
// entry runs CMD itself. No event with no hook costs more than a stat of HOOKS_FILE.
// install/shim-files.ts puts `const HOOKS_FILE = "…";` and `const PROJECT_VARIABLES = […];` (the
// variables set to the project for each hook) before this text and a client's adapter after it.
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';

const DEFAULT_TIMEOUT_S = 60;
const KILL_GRACE_MS = 2000;
// Far above any real answer; past it the answer is not read (a cut JSON answer is no answer).
const MAX_OUTPUT = 16 * 1024 * 1024;
let loaded = { key: '', hooks: {} };

/** The variables each hook gets for the project `directory`: the client's name for it and Claude Code's. */
const projectVars = (directory) => Object.fromEntries(PROJECT_VARIABLES.map((name) => [name, directory]));

function hookMap() {
  let stat;
  try {
    // No exception for a missing file: building one costs more than the stat.
    stat = statSync(HOOKS_FILE, { throwIfNoEntry: false });
  } catch {
    return {};
  }
  if (!stat) return {};
  const key = `${stat.mtimeMs}:${stat.size}`;
  if (key === loaded.key) return loaded.hooks;
  let hooks = {};
  try {
    const parsed = JSON.parse(readFileSync(HOOKS_FILE, 'utf8'));
    hooks = parsed && typeof parsed.hooks === 'object' && parsed.hooks !== null ? parsed.hooks : {};
  } catch (error) {
    // As a client does with a settings file it cannot read: say so, run none of its hooks.
    process.stderr.write(
      `hookd shim: ${HOOKS_FILE}: ${error.message}; no hooks run until it reads as JSON (hookd validate says where)\n`,
    );
  }
  loaded = { key, hooks };
  return hooks;
}

// Claude Code's matcher: empty, `*` or absent match all; names and `|` lists match exactly; anything else is a regular expression.
function matches(matcher, value) {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  if (typeof matcher !== 'string' || typeof value !== 'string') return false;
  if (/^[A-Za-z0-9_|-]+$/.test(matcher)) return matcher.split('|').includes(value);
  try {
    return new RegExp(matcher).test(value);
  } catch {
    return false;
  }
}

/** The command hooks of `event` whose group matches `target` (the tool's name; undefined: every group). */
function hooksFor(event, target) {
  const groups = hookMap()[event];
  if (!Array.isArray(groups)) return [];
  return groups
    .filter((group) => group && (target === undefined || matches(group.matcher, target)))
    .flatMap((group) => (Array.isArray(group.hooks) ? group.hooks : []))
    .filter((hook) => hook && (hook.type === undefined || hook.type === 'command') && typeof hook.command === 'string');
}

function runHook(hook, line, cwd, vars) {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn('/bin/sh', ['-c', hook.command], {
        cwd,
        env: { ...process.env, ...vars },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      });
    } catch (error) {
      resolve({ code: null, stdout: '', stderr: String(error.message), over: false });
      return;
    }
    const out = { stdout: '', stderr: '', over: false };
    const keep = (name) => (chunk) => {
      if (out[name].length + chunk.length > MAX_OUTPUT) out.over = true;
      else out[name] += chunk;
    };
    child.stdout.setEncoding('utf8').on('data', keep('stdout'));
    child.stderr.setEncoding('utf8').on('data', keep('stderr'));
    const seconds = typeof hook.timeout === 'number' && hook.timeout > 0 ? hook.timeout : DEFAULT_TIMEOUT_S;
    const signal = (name) => {
      try {
        process.kill(-child.pid, name);
      } catch {
        // Already gone.
      }
    };
    let killer;
    const timer = setTimeout(() => {
      signal('SIGTERM');
      killer = setTimeout(() => signal('SIGKILL'), KILL_GRACE_MS);
    }, seconds * 1000);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, stdout: '', stderr: String(error.message), over: false });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      clearTimeout(killer);
      resolve({ code, ...out });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(line);
  });
}

// One hook's answer, as Claude Code reads it.
function answerOf(result, event) {
  if (result.code === 2) return { block: true, reason: result.stderr.trim() || `a ${event} hook exited 2` };
  if (result.code !== 0 || result.over) return {};
  const text = result.stdout.trim();
  if (!text.startsWith('{')) return text && event === 'UserPromptSubmit' ? { context: text } : {};
  let answer;
  try {
    answer = JSON.parse(text);
  } catch {
    return {};
  }
  const specific = answer.hookSpecificOutput ?? {};
  const permission = specific.permissionDecision ?? answer.permissionDecision;
  const reason =
    specific.permissionDecisionReason ?? answer.permissionDecisionReason ?? answer.reason ?? answer.stopReason;
  if (permission === 'deny' || answer.decision === 'block' || answer.decision === 'deny' || answer.continue === false) {
    return { block: true, reason: typeof reason === 'string' && reason ? reason : `blocked by a ${event} hook` };
  }
  const context = specific.additionalContext ?? answer.additionalContext;
  return { updatedInput: specific.updatedInput, context: typeof context === 'string' && context ? context : undefined };
}

/**
 * Run the hooks of `event` on a payload of `fields` (Claude Code's names: session_id, tool_name,
 * tool_input…) and return what they decided together: `{block, reason, updatedInput, context}`.
 * With no hook for the event it returns at once.
 */
async function fire(event, fields, cwd, vars) {
  const hooks = hooksFor(event, fields.tool_name);
  if (hooks.length === 0) return {};
  const line = `${JSON.stringify({ ...fields, cwd, hook_event_name: event })}\n`;
  const answers = (await Promise.all(hooks.map((hook) => runHook(hook, line, cwd, vars)))).map((result) =>
    answerOf(result, event),
  );
  const blocks = answers.filter((answer) => answer.block);
  const contexts = answers.map((answer) => answer.context).filter(Boolean);
  return {
    block: blocks.length > 0,
    reason: blocks.map((answer) => answer.reason).join('\n'),
    updatedInput: answers
      .map((answer) => answer.updatedInput)
      .filter((input) => input && typeof input === 'object')
      .at(-1),
    context: contexts.length ? contexts.join('\n') : undefined,
  };
}
