// What `hookd doctor` and `hookd status` say of the hooks the client waits on that never decide
// anything (history/never-decides.ts finds them): what they cost the agent, and the command that
// would move each behind the asynchronous bridge. Advice only: hookd never moves a hook itself.
import { neverDecidingHooks, type SilentHook } from '../history/never-decides.js';
import { shellQuote } from '../common/shell-word.js';

const seconds = (ms: number) => (ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`);

/**
 * One sentence per silent hook: its runs, the agent time they took, which is what moving it saves
 * (behind hookd emit the agent waits a few milliseconds), and the command that moves it.
 */
export function describeSilentHooks(hooks: readonly SilentHook[]): string[] {
  return hooks.map(
    (hook) =>
      `the ${hook.events.join('/')} hook ${JSON.stringify(hook.command)} ran in line ${hook.runs} times and never decided anything (exit 0, nothing the client acts on), holding the agent ${seconds(hook.agentMs)} in all; if it only notifies or logs, hookd install --async ${shellQuote(hook.command)} moves it behind hookd emit, where the agent no longer waits: it would save the agent about ${seconds(hook.agentMs / hook.runs)} a run`,
  );
}

/** The silent hooks of the history in `stateDir`, and their sentences; none when the history cannot be read. */
export function silentHooksOf(stateDir: string): { hooks: SilentHook[]; lines: string[] } {
  let hooks: SilentHook[] = [];
  try {
    hooks = neverDecidingHooks(stateDir);
  } catch {
    // Advice only: an unreadable history says nothing here (the other checks report it).
  }
  return { hooks, lines: describeSilentHooks(hooks) };
}
