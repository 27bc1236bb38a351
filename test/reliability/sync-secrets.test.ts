// hookd's secrets never reach a hook, through the synchronous bridge too. A hook behind `hookd emit`
// or an http entry never saw HOOKD_TOKEN (runner/hook-env.ts, issue 21), but `hookd sync` handed its
// hook the client's whole environment: a token the user exported for their http hooks (or a Qwen Code
// entry's env that set one) reached every in-line hook, through the native bridge and the Node one.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const SECRETS = {
  HOOKD_TOKEN: 'f'.repeat(64),
  HOOKD_API_KEY: 'api-secret-456',
  OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer otlp-secret-123',
};

describe('hookd sync keeps hookd secrets from its hook (native and Node bridges)', () => {
  for (const [bridge, extra] of [
    ['native', {}],
    ['node', { HOOKD_BRIDGE_NODE: '1' }],
  ] as const) {
    it(`${bridge}: the hook runs with the client's variables but none of hookd's secrets, and is recorded`, async () => {
      const out = tempDir();
      const command = `env > ${out}/env`;
      const daemon = testDaemon({
        PreToolUse: [{ hooks: [{ type: 'command', command: `hookd sync --client qwen -- '${command}'` }] }],
      });
      await daemon.start();
      // The client's environment as Qwen Code gives it to the bridge: the user's exports and the entry's env.
      const env = { ...daemon.env, ...extra, ...SECRETS, QWEN_CODE_SESSION_ID: 's', TEAM: 'blue' };
      const payload = JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Bash', cwd: out });
      const run = await execa('sh', ['-c', `hookd sync --client qwen -- '${command}'`], {
        env,
        input: payload,
        reject: false,
        timeout: 20_000,
      });
      expect(run.exitCode, run.stderr).toBe(0);
      const seen = readFileSync(path.join(out, 'env'), 'utf8');
      expect(seen).toMatch(/^TEAM=blue$/m);
      expect(seen).toMatch(/^HOOKD_STATE_DIR=/m);
      for (const [name, value] of Object.entries(SECRETS)) {
        expect(seen, name).not.toContain(value);
        expect(seen, name).not.toMatch(new RegExp(`^${name}=`, 'm'));
      }
      await waitFor('the run in the history', () =>
        daemon.history().some((line) => line.command === command && line.outcome === 'ok'),
      );
    });
  }
});
