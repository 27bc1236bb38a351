// How one canonical hook lands in each client (hif/encode.ts and its parts): matchers by each
// client's rule, capabilities by their degradation strategy, blocking by the matrix, timeouts in the
// client's unit; and the matcher forms read back by export. Each case names the rule it pins.
import { describe, expect, it } from 'vitest';
import { encodeFor } from '../../src/hif/encode.js';
import { decodeMatcher } from '../../src/hif/decode.js';
import { encodeMatcher } from '../../src/hif/encode-matcher.js';
import { dialectOf, hasDialect, timeoutFromNative, timeoutToNative } from '../../src/hif/vocabulary.js';
import { manifestAdds } from '../../src/install/manifest-adds.js';
import { clientById, CLIENT_IDS, type ClientId } from '../../src/clients/registry.js';
import { matcherMatches } from '../../src/settings/matcher.js';
import type { HifHook } from '../../src/hif/manifest-schema.js';

// Every client with a hook file hookd can write a manifest's entries into (Cline's hooks are executables named after their events).
const DIALECT_IDS = CLIENT_IDS.filter(hasDialect);
const encode = (id: ClientId, ...hooks: HifHook[]) => encodeFor({ spec: 'hooks/0.1', hooks }, clientById(id)!, 'linux');
const guard = (more: Partial<HifHook> = {}, handler: Partial<HifHook['handler']> = {}): HifHook => ({
  event: 'before_tool_execute',
  matcher: 'shell',
  handler: { type: 'command', command: 'g.sh', timeout: 10, ...handler },
  blocking: true,
  ...more,
});

describe('encoding a manifest for each client', () => {
  it("names each client's shell tool, and its matcher matches that tool by the client's own rule", () => {
    const shells: Record<string, string | undefined> = {
      claude: 'Bash',
      droid: 'Execute',
      qwen: 'run_shell_command',
      gemini: 'run_shell_command',
      codex: 'Bash',
      copilot: undefined,
    };
    for (const [id, shell] of Object.entries(shells)) {
      const [hook] = encode(id as ClientId, guard()).hooks;
      expect(hook?.matcher, id).toBe(shell);
      if (shell) expect(matcherMatches(hook!.matcher, shell, clientById(id)!.matcherRule)).toBe(true);
    }
  });

  it("writes a list by Droid's rule anchored, so that its unanchored regular expressions match those tools only", () => {
    const [hook] = encode('droid', guard({ matcher: ['shell', 'file_write'] })).hooks;
    expect(hook?.matcher).toBe('^(?:Execute|Create)$');
    expect(matcherMatches(hook!.matcher, 'Create', 'droid')).toBe(true);
    expect(matcherMatches(hook!.matcher, 'CreateThing', 'droid')).toBe(false);
    expect(decodeMatcher(dialectOf('droid'), hook!.matcher)).toEqual(['shell', 'file_write']);
  });

  it('leaves out a tool the client lacks, and the whole hook when nothing is left, saying so', () => {
    const partial = encode('codex', guard({ matcher: ['shell', 'file_read'] }));
    expect(partial.hooks.map((hook) => hook.matcher)).toEqual(['Bash']);
    expect(partial.notes.join('\n')).toContain('Codex CLI has no "file_read" tool');
    const none = encode('codex', guard({ matcher: 'web_search' }));
    expect(none.hooks).toEqual([]);
    expect(none.notes.join('\n')).toContain('left out of Codex CLI: none of the tools its matcher names exist there');
  });

  it("passes a name outside the vocabulary through as written, and writes MCP tools in each client's form", () => {
    const odd = encode('claude', guard({ matcher: 'NotebookEdit' }));
    expect(odd.hooks[0]?.matcher).toBe('NotebookEdit');
    expect(odd.notes.join('\n')).toContain('"NotebookEdit" is not in the tool vocabulary');
    const mcp = { mcp: { server: 'github', tool: 'create_issue' } };
    expect(encode('gemini', guard({ matcher: mcp })).hooks[0]?.matcher).toBe('mcp_github_create_issue');
    expect(encode('claude', guard({ matcher: { mcp: { server: 'github' } } })).hooks[0]?.matcher).toBe(
      'mcp__github__.*',
    );
    expect(decodeMatcher(dialectOf('claude'), 'mcp__github__create_issue')).toEqual(mcp);
    expect(decodeMatcher(dialectOf('claude'), 'Bash|Edit')).toEqual(['shell', 'file_edit']);
    expect(decodeMatcher(dialectOf('claude'), 'Bash.*')).toEqual({ pattern: 'Bash.*' });
  });

  it('gives each client its timeout unit (Gemini CLI milliseconds; Qwen Code reads 1000 and up as milliseconds)', () => {
    expect(encode('gemini', guard()).hooks[0]?.timeout).toBe(10_000);
    expect(encode('claude', guard()).hooks[0]?.timeout).toBe(10);
    expect(timeoutToNative('qwen', 999)).toBe(999);
    expect(timeoutToNative('qwen', 1200)).toBe(1_200_000);
    for (const id of DIALECT_IDS)
      for (const seconds of [1, 30, 999, 1200])
        expect(timeoutFromNative(id, timeoutToNative(id, seconds))).toBe(seconds);
  });

  it('degrades by the strategy: warn drops the feature, exclude leaves the hook out, block installs a hook that always blocks', () => {
    const env = { handler: { type: 'command', command: 'g.sh', env: { MODE: 'strict' } } };
    expect(encode('claude', guard(env)).notes.join('\n')).toContain("'env' field dropped");
    expect(encode('copilot', guard(env)).hooks[0]?.env).toEqual({ MODE: 'strict' });
    expect(encode('gemini', guard(env)).hooks[0]?.env).toEqual({ MODE: 'strict' });
    expect(encode('claude', guard({ ...env, degradation: { custom_env: 'exclude' } })).hooks).toEqual([]);
    const blocked = encode('cursor', guard({ ...env, degradation: { custom_env: 'block' } })).hooks[0];
    expect(blocked?.command).toMatch(/^echo 'BLOCKED: custom_env capability required.*' >&2; exit 2$/);
    expect(blocked?.inLine).toBe(true);
    // input_rewrite: installed as it is where the bridge hands a canonical updated_input on (the rows of
    // answer-rows.ts); everywhere else the default strategy blocks.
    const rewrite = guard({ capabilities: ['input_rewrite'] });
    const carried = ['claude', 'codex', 'gemini', 'opencode', 'pi', 'kilo', 'amp'];
    for (const id of DIALECT_IDS)
      if (carried.includes(id)) expect(encode(id, rewrite).hooks[0]?.command, id).toBe('g.sh');
      else expect(encode(id, rewrite).hooks[0]?.command, id).toContain('BLOCKED: input_rewrite');
    expect(DIALECT_IDS.filter((id) => !carried.includes(id)).length).toBeGreaterThan(0);
    expect(encode('droid', { ...rewrite, degradation: { input_rewrite: 'warn' } }).hooks[0]?.command).toBe('g.sh');
    expect(encode('claude', { event: 'agent_stop', handler: { type: 'prompt' } }).notes.join('\n')).toContain(
      'hookd installs command handlers only',
    );
  });

  it("renders the client's own provider_data into its entry, never over hookd's keys, and ignores the others', saying so", () => {
    const hook = guard({
      provider_data: {
        'claude-code': { statusMessage: 'Checking…', command: 'evil.sh' },
        windsurf: { show_output: true },
      },
    });
    const claude = encode('claude', hook);
    expect(claude.hooks[0]?.extra).toEqual({ statusMessage: 'Checking…' });
    expect(claude.notes.join('\n')).toContain(
      'provider_data.claude-code: command not written: hookd writes those keys itself',
    );
    expect(claude.notes.join('\n')).toContain("provider_data.windsurf ignored: not Claude Code's");
    const [add] = manifestAdds(claude.hooks, clientById('claude')!, '/m/hooks.yaml', []);
    expect(add?.entry?.extra).toEqual({ statusMessage: 'Checking…' });
    expect(encode('gemini', hook).hooks[0]?.extra).toBeUndefined();
  });

  it("takes this machine's platform override, and drops the others with a line", () => {
    const hook = guard({}, { platform: { linux: 'g-linux.sh', windows: 'g.ps1' } });
    const encoded = encode('claude', hook);
    expect(encoded.hooks[0]?.command).toBe('g-linux.sh');
    expect(encoded.notes.join('\n')).toContain("'platform' overrides for windows dropped");
  });

  it('puts blocking hooks in line, others behind emit; a blocking hook on an event the client ignores goes behind emit, said', () => {
    expect(encode('claude', guard()).hooks[0]?.inLine).toBe(true);
    expect(encode('claude', guard({ blocking: false })).hooks[0]?.inLine).toBe(false);
    expect(encode('claude', guard({}, { async: true })).hooks[0]?.inLine).toBe(false);
    const end = encode('claude', { event: 'session_end', handler: { type: 'command', command: 'x' }, blocking: true });
    expect(end.hooks[0]?.inLine).toBe(false);
    expect(end.notes.join('\n')).toContain("blocking intent cannot be honored: Claude Code's SessionEnd only observes");
    // Copilot CLI's agentStop decides (the binary), though the spec's matrix has no such event.
    expect(
      encode('copilot', { event: 'agent_stop', handler: { type: 'command', command: 'x' }, blocking: true }).hooks[0],
    ).toMatchObject({ event: 'agentStop', inLine: true });
  });

  it('leaves out an event the client does not have, saying so', () => {
    const encoded = encode('codex', { event: 'notification', handler: { type: 'command', command: 'x' } });
    expect(encoded.hooks).toEqual([]);
    expect(encoded.notes).toEqual(["Hook 1: left out of Codex CLI: event 'notification' has no Codex CLI equivalent"]);
  });

  it('anchors even one name where every matcher is an unanchored regular expression (Crush), and reads it back', () => {
    const anchored = { ...dialectOf('pi'), matcher: 'anchored' as const };
    const notes: string[] = [];
    expect(encodeMatcher(anchored, 'shell', 'Hook 1', 'x')).toEqual({ matcher: '^bash$', notes });
    expect(encodeMatcher(anchored, ['shell', 'file_edit'], 'Hook 1', 'x')).toEqual({
      matcher: '^(?:bash|edit)$',
      notes,
    });
    expect(encodeMatcher(anchored, { pattern: '^mcp_' }, 'Hook 1', 'x')).toEqual({ matcher: '^mcp_', notes });
    expect(decodeMatcher(anchored, '^bash$')).toBe('shell');
    expect(decodeMatcher(anchored, '^(?:bash|edit)$')).toEqual(['shell', 'file_edit']);
    expect(decodeMatcher(anchored, '^bash')).toEqual({ pattern: '^bash' });
  });

  it("gives OpenCode and pi (hookd's shims) their tool names and events, and says what their shims cannot do", () => {
    const hooks: HifHook[] = [
      guard({ matcher: ['shell', 'file_edit', 'web_fetch'] }),
      { name: 'gate', event: 'agent_stop', handler: { type: 'command', command: 'gate.sh' }, blocking: true },
      { name: 'bye', event: 'session_end', handler: { type: 'command', command: 'bye.sh' } },
      {
        name: 'mcp',
        event: 'before_tool_execute',
        matcher: { mcp: { server: 'github' } },
        handler: { type: 'command', command: 'm.sh' },
        blocking: true,
      },
      { name: 'prompt', event: 'before_prompt', handler: { type: 'command', command: 'p.sh' }, blocking: true },
    ];
    const opencode = encode('opencode', ...hooks);
    expect(opencode.hooks.map((hook) => [hook.label, hook.event, hook.matcher, hook.inLine])).toEqual([
      ['Hook 1', 'PreToolUse', 'bash|edit|webfetch', true],
      // OpenCode does not await session.idle: a stop gate only observes, behind hookd emit.
      ['"gate"', 'Stop', undefined, false],
      ['"prompt"', 'UserPromptSubmit', undefined, true],
    ]);
    const said = opencode.notes.join('\n');
    expect(said).toContain(
      '"gate": blocking intent cannot be honored: OpenCode\'s Stop only observes (it ignores the answer',
    );
    expect(said).toContain('"bye": left out of OpenCode: event \'session_end\' has no OpenCode equivalent');
    expect(said).toContain('"mcp": OpenCode cannot match MCP tools in a hook');
    expect(said).toContain('"mcp": left out of OpenCode: none of the tools its matcher names exist there');
    const pi = encode('pi', ...hooks);
    expect(pi.hooks.map((hook) => [hook.label, hook.event, hook.matcher, hook.inLine])).toEqual([
      ['Hook 1', 'PreToolUse', 'bash|edit', true],
      ['"gate"', 'Stop', undefined, false],
      ['"bye"', 'SessionEnd', undefined, false],
      ['"prompt"', 'UserPromptSubmit', undefined, true],
    ]);
    expect(pi.notes.join('\n')).toContain(
      'Hook 1: pi has no "web_fetch" tool hooks can match: left out of the matcher',
    );
    expect(pi.notes.join('\n')).toContain('"gate": blocking intent cannot be honored: pi\'s Stop only observes');
    // Read back by export as the canonical names.
    expect(decodeMatcher(dialectOf('opencode'), 'bash|apply_patch')).toEqual(['shell', 'file_edit']);
    expect(decodeMatcher(dialectOf('pi'), 'grep|find')).toEqual(['search', 'find']);
  });

  it("writes Crush's matchers anchored (each is an unanchored regular expression there), its MCP tools as mcp_SERVER_TOOL, and its TurnEnd only observes", () => {
    const crush = encode(
      'crush',
      guard({ matcher: ['shell', { mcp: { server: 'github', tool: 'create_issue' } }] }),
      guard(),
      { name: 'gate', event: 'agent_stop', handler: { type: 'command', command: 'gate.sh' }, blocking: true },
    );
    expect(crush.hooks.map((hook) => [hook.event, hook.matcher, hook.inLine])).toEqual([
      ['PreToolUse', '^(?:bash|mcp_github_create_issue)$', true],
      ['PreToolUse', '^bash$', true],
      ['TurnEnd', undefined, true],
    ]);
    expect(matcherMatches('^bash$', 'bash', clientById('crush')!.matcherRule)).toBe(true);
    expect(matcherMatches('^bash$', 'mcp_x_bash', clientById('crush')!.matcherRule)).toBe(false);
    expect(crush.notes.join('\n')).toContain(
      `"gate": blocking intent cannot be honored: Crush's TurnEnd only observes`,
    );
    expect(encode('crush', { event: 'before_prompt', handler: { type: 'command', command: 'p.sh' } }).notes).toEqual([
      "Hook 1: left out of Crush: event 'before_prompt' has no Crush equivalent",
    ]);
    expect(decodeMatcher(dialectOf('crush'), '^(?:bash|multiedit)$')).toEqual(['shell', 'file_edit']);
  });

  it("has a dialect for every client (Cline's too: its hooks are files named after their events, which a manifest writes)", () => {
    expect(CLIENT_IDS.filter((id) => !hasDialect(id))).toEqual([]);
  });

  it("names only events each client's profile knows, and only tools its profile lists (the vocabulary cannot drift from the profiles)", () => {
    for (const id of DIALECT_IDS) {
      const profile = clientById(id)!;
      const dialect = dialectOf(id);
      for (const names of Object.values(dialect.events))
        for (const name of names) expect(profile.events, `${id} ${name}`).toContain(name);
      const known = [...(profile.tools?.names ?? []), ...Object.values(profile.tools?.aliases ?? {}).flat()];
      // Copilot CLI and Cursor list no tools in their profiles: nothing to hold them to.
      if (profile.tools)
        for (const tool of Object.values(dialect.tools)) expect(known, `${id} ${tool}`).toContain(tool);
    }
  });
});
