// The clients' hook configuration, as zod schemas: the single source of truth for the types used
// in code and for the JSON Schema files in schemas/. Loose on purpose: a hook type, a key or an
// event hookd does not know is kept and left to the client, never a reason to refuse the file.
// Only `hooks` is hookd's business; every other key of the file belongs to the client.
import { z } from 'zod';
import { postingOf, postsWith } from './entry-kinds.js';

const HOOK_TYPE_MESSAGE = 'expected a hook type such as "command"';

// The variables a hook's entry sets (Copilot CLI's and Qwen Code's `env`), which the daemon sets for
// the hook as its client does: each must be one a process can be given (a name of letters, digits and
// `_`; a string value without a NUL byte, which no environment can hold). Refused here, named, rather
// than dropped at run time without a word. At most a few names are said. HOOKD_* names are allowed:
// the client gives them to the bridge it starts (HOOKD_STATE_DIR, say); the hook the daemon runs gets
// hookd's own instead (runner/hook-env.ts).
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SAID = 3;
const EnvSchema = z.record(z.string(), z.string()).superRefine((env, ctx) => {
  const bad = Object.entries(env).flatMap(([name, value]) => {
    const shown = JSON.stringify(name.length > 40 ? `${name.slice(0, 37)}...` : name);
    if (!VARIABLE_NAME.test(name))
      return [`${shown}: expected a variable name (letters, digits and _, not starting with a digit)`];
    return value.includes('\0') ? [`${shown}: expected a value without a NUL byte`] : [];
  });
  for (const message of bad.slice(0, SAID)) ctx.addIssue({ code: 'custom', message, input: undefined });
  if (bad.length > SAID)
    ctx.addIssue({ code: 'custom', message: `and ${bad.length - SAID} more variable(s) like these`, input: undefined });
});

// `typeRequired`: grouped files write `type` on every hook, as the clients require; Cursor's flat
// list leaves it out for commands.
const hookShape = (typeRequired: boolean) =>
  z
    .looseObject({
      type: z.string().min(1, HOOK_TYPE_MESSAGE).optional(),
      command: z.string().optional(),
      timeout: z.number().nonnegative('expected a positive number of seconds (milliseconds for Gemini CLI)').optional(),
      async: z.boolean().optional(),
      env: EnvSchema.optional(),
    })
    .superRefine((hook, ctx) => {
      if (hook.type === undefined && typeRequired)
        ctx.addIssue({ code: 'custom', message: HOOK_TYPE_MESSAGE, input: undefined, path: ['type'] });
      if (postsWith(hook.type)) return checkPostingHook(hook.type!, hook.url, ctx);
      if ((hook.type ?? 'command') !== 'command') return;
      if (hook.command === undefined)
        ctx.addIssue({ code: 'invalid_type', expected: 'string', input: undefined, path: ['command'] });
      else if (hook.command === '')
        ctx.addIssue({ code: 'custom', message: 'expected a non-empty command', input: '', path: ['command'] });
    });

// An http hook (a posting one: entry-kinds.ts) needs a URL; one that points at hookd's endpoint must name the command to run.
function checkPostingHook(type: string, url: unknown, ctx: z.RefinementCtx): void {
  if (typeof url !== 'string')
    return ctx.addIssue({ code: 'invalid_type', expected: 'string', input: url, path: ['url'] });
  const hookd = postingOf(type, url)?.hookd;
  if (hookd && !hookd.command) {
    ctx.addIssue({
      code: 'custom',
      message: `points at hookd's hook endpoint but names no command: add ?command=<URL-encoded command>`,
      input: url,
      path: ['url'],
    });
  }
}

// An http hook to hookd stands under the event its URL names: the client posts every event of the
// group to that URL, and the daemon runs the command only for the event the URL names.
function checkHttpEvents(
  map: Record<string, { hooks: { type?: string; url?: unknown }[] }[]>,
  ctx: z.RefinementCtx,
): void {
  for (const [event, groups] of Object.entries(map)) {
    groups.forEach((group, index) =>
      group.hooks.forEach((hook, hookIndex) => {
        const posted = hook.type === undefined ? undefined : postingOf(hook.type, hook.url);
        if (!posted || posted.hookd.event === event) return;
        const { hookd, posting } = posted;
        const message = `the URL names the event "${hookd.event}" (${posting.prefix}${hookd.event}) but the hook stands under "${event}": hookd would refuse every request; use ${posting.prefix}${event}`;
        ctx.addIssue({ code: 'custom', message, input: hook.url, path: [event, index, 'hooks', hookIndex, 'url'] });
      }),
    );
  }
}

/**
 * One hook. `type` is `command` (run by hookd behind the bridge, or by the client) or another
 * type the client knows (`http`, `prompt`, `agent`, `mcp_tool`), kept and skipped. `timeout` is in
 * the client's unit (seconds; milliseconds for Gemini CLI).
 */
export const HookSchema = hookShape(true);

/** A hook straight in Cursor's event list: `type` defaults to `command`; the hook carries its matcher. */
export const FlatHookSchema = hookShape(false).and(z.looseObject({ matcher: z.string().optional() }));

/** A group of hooks, optionally restricted by a matcher. */
export const HookGroupSchema = z.looseObject({
  matcher: z.string().optional(),
  hooks: z.array(HookSchema),
});

/** Event name → groups. Event names are open: clients add new ones over time. */
export const EventMapSchema = z.record(z.string(), z.array(HookGroupSchema)).superRefine(checkHttpEvents);

/** Cursor's flat layout: event name → hooks, each with its own matcher. */
export const FlatEventMapSchema = z.record(z.string(), z.array(FlatHookSchema));

/**
 * A hook of Copilot CLI: its command under `bash` (Unix) or `powershell` (Windows), at least one;
 * `cwd`, `env` and `timeoutSec` (seconds) optional. Copilot CLI 1.0.102 also runs VS Code's shape,
 * `{"command": …, "timeout": 15}`, and an entry with no `type` as a command (checked with its binary).
 */
export const ShellKeysHookSchema = z
  .looseObject({
    type: z.string().min(1, HOOK_TYPE_MESSAGE).optional(),
    bash: z.string().min(1, 'expected a non-empty command').optional(),
    powershell: z.string().min(1, 'expected a non-empty command').optional(),
    command: z.string().min(1, 'expected a non-empty command').optional(),
    cwd: z.string().optional(),
    env: EnvSchema.optional(),
    timeoutSec: z.number().nonnegative('expected a positive number of seconds').optional(),
    timeout: z.number().nonnegative('expected a positive number of seconds').optional(),
  })
  .superRefine((hook, ctx) => {
    if (
      (hook.type ?? 'command') === 'command' &&
      hook.bash === undefined &&
      hook.powershell === undefined &&
      hook.command === undefined
    ) {
      ctx.addIssue({
        code: 'custom',
        message: 'expected a command under "bash" (or "powershell" for Windows, or "command")',
        input: undefined,
        path: ['bash'],
      });
    }
  });

/** Copilot CLI's event map: event name → hooks, each naming its command per shell. */
export const ShellKeysEventMapSchema = z.record(z.string(), z.array(ShellKeysHookSchema));

/** The settings file shape (`settings.json`): hooks under a `hooks` key, other keys kept. */
export const SettingsFileSchema = z.looseObject({ hooks: EventMapSchema.optional() }).meta({
  $id: 'https://hookd.dev/schemas/settings.schema.json',
  title: 'Agent client settings (hooks)',
  description: 'The client settings file; hookd reads `hooks` and leaves every other key alone.',
});

/** The separate hooks file shape (`hooks.json`): the event map at the top level. */
export const HooksFileSchema = EventMapSchema.meta({
  $id: 'https://hookd.dev/schemas/hooks.schema.json',
  title: 'Agent client hooks file',
  description: 'A hooks file whose top level is the event map itself.',
});

export type Hook = z.infer<typeof HookSchema>;
export type HookGroup = z.infer<typeof HookGroupSchema>;
export type EventMap = z.infer<typeof EventMapSchema>;
