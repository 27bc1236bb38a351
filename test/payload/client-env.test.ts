// The client's environment travels with the event: the sh bridge (bin/hookd), the front door's C and the Node bridge
// carry exactly what src/payload/client-env.ts says, and the daemon hands it to the hook.
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { BRIDGE_NOTES, CARRIED, clientEnvOf } from '../../src/payload/client-env.js';
import { CLIENTS } from '../../src/clients/registry.js';
import { parseRecord } from '../../src/inbox/record-format.js';
import { HOOKD } from '../helpers/paths.js';
import { EMIT_WAYS, type EmitWay } from '../helpers/emit-ways.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopPayload } from '../helpers/daemon-process.js';

afterEach(cleanupTempDirs);

// What a Claude Code plugin hook in a tmux pane sees, plus variables the bridge must not carry.
const CLIENT_ENV = {
  PATH: `/home/dev/.nvm/versions/node/v22.12.0/bin:${process.env.PATH}`,
  CLAUDE_PROJECT_DIR: '/home/dev/src/demo',
  CLAUDE_PLUGIN_ROOT: '/home/dev/.claude/plugins/cache/acme/stop-gate/1.2.0',
  CLAUDECODE: '1',
  CLAUDE_CODE_ENTRYPOINT: 'cli',
  TMUX: '/tmp/tmux-1000/default,1234,0',
  TMUX_PANE: '%3',
  TERM: 'tmux-256color',
  LC_ALL: 'C.UTF-8',
  SLACK_WEBHOOK: 'https://hooks.example/abc',
  GEMINI_API_KEY: 'gemini-key-marker',
  CLAUDE_CODE_MESSAGING_TOKEN: 'messaging-token-marker',
  WEBHOOK_TOKEN: 'named-token',
  UNRELATED_SECRET: 'not-for-the-hook',
  HOOKD_API_KEY: 'key-marker',
  HOOKD_LOCAL_TOKEN: 'token-marker',
};
const COMMAND = '${CLAUDE_PLUGIN_ROOT}/hooks/stop.sh --notify "$SLACK_WEBHOOK" --token "$WEBHOOK_TOKEN"';

async function emitThrough(way: EmitWay, args: string[], input: string | undefined, cwd?: string) {
  const state = tempDir();
  const result = await execa(way.hookd, ['emit', ...args], {
    ...(cwd ? { cwd } : {}),
    env: { ...CLIENT_ENV, HOOKD_STATE_DIR: state, ...way.env },
    extendEnv: false,
    input,
    reject: false,
  });
  expect(result).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  const [id] = readdirSync(path.join(state, 'inbox', 'new'));
  const record = parseRecord(readFileSync(path.join(state, 'inbox', 'tmp', id!)));
  if (!record.ok) throw new Error(record.reason);
  return record.content;
}

describe('the bridge carries the client environment a hook needs', () => {
  for (const way of EMIT_WAYS) {
    it(`through the ${way.name} path: named variables, the client's, the terminal's and PATH; secrets only when named; never HOOKD_*`, async () => {
      const record = await emitThrough(way, ['--', COMMAND], stopPayload());
      // The bridge's own notes (the event its entry names, its directory) are no variables of the client's.
      const carried = Object.fromEntries(
        Object.entries(record.clientEnv).filter(([name]) => !Object.values<string>(BRIDGE_NOTES).includes(name)),
      );
      expect(carried).toMatchObject({
        PATH: CLIENT_ENV.PATH,
        CLAUDE_PLUGIN_ROOT: CLIENT_ENV.CLAUDE_PLUGIN_ROOT,
        CLAUDE_PROJECT_DIR: CLIENT_ENV.CLAUDE_PROJECT_DIR,
        CLAUDECODE: '1',
        TMUX_PANE: '%3',
        TERM: 'tmux-256color',
        LC_ALL: 'C.UTF-8',
        SLACK_WEBHOOK: CLIENT_ENV.SLACK_WEBHOOK,
      });
      expect(Object.keys(carried)).not.toContain('UNRELATED_SECRET');
      // The client's secrets stay out of the inbox unless the command names one.
      expect(Object.keys(carried)).not.toContain('GEMINI_API_KEY');
      expect(Object.keys(carried)).not.toContain('CLAUDE_CODE_MESSAGING_TOKEN');
      expect(carried.WEBHOOK_TOKEN).toBe('named-token');
      expect(Object.keys(carried).filter((name) => name.startsWith('HOOKD_'))).toEqual([]);
      // The sh path and the rule in src/payload/client-env.ts agree name for name.
      expect(Object.keys(carried).sort()).toEqual(Object.keys(clientEnvOf({ ...CLIENT_ENV }, COMMAND)).sort());
    });
  }

  it("bin/hookd's pattern names every client's prefixes and markers (the two homes of the rule stay in step)", () => {
    const script = readFileSync(HOOKD, 'utf8');
    const pattern = script.slice(script.indexOf('carry_env()'), script.indexOf('if [ "$1" = emit ]'));
    for (const prefix of CARRIED.prefixes) expect(pattern, prefix).toContain(`${prefix}*`);
    for (const suffix of CARRIED.suffixes) expect(pattern, suffix).toContain(`*${suffix}`);
    for (const client of CLIENTS) {
      for (const marker of client.envMarkers)
        expect(CARRIED.prefixes.some((prefix) => marker.startsWith(prefix)) || pattern.includes(marker), marker).toBe(
          true,
        );
    }
  });
});

describe('what the bridge notes beside the variables: the event its entry names, the directory it ran in', () => {
  for (const way of EMIT_WAYS) {
    it(`through the ${way.name} path: --event NAME and the working directory, under names no hook sees`, async () => {
      const project = tempDir();
      // Copilot CLI's camelCase payload names no event.
      const payload = JSON.stringify({ sessionId: 's1', timestamp: 1, cwd: project, stopReason: 'end_turn' });
      const named = await emitThrough(way, ['--event', 'agentStop', '--', 'log.sh'], payload, project);
      expect(named.command).toBe('log.sh');
      expect(named.clientEnv[BRIDGE_NOTES.event]).toBe('agentStop');
      expect(named.clientEnv[BRIDGE_NOTES.cwd]).toBe(project);
      expect(named.payload.toString()).toBe(payload);
      const unnamed = await emitThrough(way, ['--', 'log.sh'], payload, project);
      expect(unnamed.clientEnv[BRIDGE_NOTES.event]).toBeUndefined();
      expect(unnamed.clientEnv[BRIDGE_NOTES.cwd]).toBe(project);
    });
  }
});

describe("Codex's notify form: the event as the last argument", () => {
  const payload = JSON.stringify({
    type: 'agent-turn-complete',
    'turn-id': 't1',
    'input-messages': ['hi'],
    'last-assistant-message': "it's done",
  });
  for (const way of EMIT_WAYS) {
    it(`through the ${way.name} path: --payload-arg stores the last argument as the payload and the rest as the command`, async () => {
      const record = await emitThrough(way, ['--payload-arg', '--', 'notify-send', 'Codex', payload], undefined);
      expect(record.command).toBe('notify-send Codex');
      expect(record.payload.toString()).toBe(payload);
    });
  }
});
