// Crush at the file level, against its documented contract (its npm package downloads the binary
// from GitHub at install, which cannot work here: docs/clients.md). Its crush.json read by its
// rules (comments, hooks straight in the event list, a regular expression matcher, seconds, default
// 30); install wraps each hook in place behind the bridge that keeps its say, naming the event its
// payload names only as `event`; uninstall gives the file back byte for byte; and the synchronous
// bridge hands Crush exit 2 (block) and exit 49 (halt) unchanged, and a timeout as "no opinion".
// Fixtures: test/fixtures/crush/ (shaped from Crush's docs/hooks/README.md). Real files, the built hookd.
import { afterEach, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSettingsText } from '../../src/settings/load.js';
import { clientById, clientForPath } from '../../src/clients/registry.js';
import { matcherMatches } from '../../src/settings/matcher.js';
import { syncCommand, wrapCommand } from '../../src/install/quote-command.js';
import { runHookd } from '../helpers/run-hookd.js';
import { ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'crush');
const crush = clientById('crush')!;
const PAYLOAD = readFileSync(path.join(FIXTURES, 'pre-tool-use.json'));

describe('Crush', () => {
  it("reads crush.json by Crush's rules: comments, flat lists, regular expression matchers, 30 s by default", () => {
    expect(clientForPath('/p/crush.json')?.id).toBe('crush');
    expect(clientForPath('/p/.crush.json')?.id).toBe('crush');
    expect(clientForPath('/home/u/.config/crush/crush.json')?.id).toBe('crush');
    const result = parseSettingsText(readFileSync(path.join(FIXTURES, 'crush.json'), 'utf8'), 'crush.json', crush);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.config.entries.map((entry) => [entry.event, entry.decides, entry.timeoutMs, entry.location])).toEqual(
      [
        ['PreToolUse', true, 10_000, 'hooks.PreToolUse[0]'],
        ['PreToolUse', true, 30_000, 'hooks.PreToolUse[1]'],
        ['SessionEnd', false, 30_000, 'hooks.SessionEnd[0]'],
      ],
    );
    // An unanchored regular expression, always: `bash` also matches an MCP tool that ends in it.
    expect(matcherMatches('bash', 'mcp_x_bash', crush.matcherRule)).toBe(true);
    expect(matcherMatches('^bash$', 'mcp_x_bash', crush.matcherRule)).toBe(false);
  });

  it('install wraps each hook in place, naming the event; uninstall gives crush.json back byte for byte', async () => {
    const project = tempDir();
    const file = path.join(project, 'crush.json');
    copyFileSync(path.join(FIXTURES, 'crush.json'), file);
    const before = readFileSync(file, 'utf8');
    const env = { HOME: tempDir(), HOOKD_STATE_DIR: path.join(tempDir(), 'state') };

    const install = await runHookd(['install', '--settings', file], { env });
    expect(install.exitCode, install.stderr + install.stdout).toBe(0);
    const after = readFileSync(file, 'utf8');
    // The comments stay; only the command literals changed.
    expect(after).toContain('// Shaped as Crush');
    expect(after.split('\n').length).toBe(before.split('\n').length);
    const result = parseSettingsText(after, 'crush.json', crush);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    const commands = result.config.entries.map((entry) => entry.command);
    expect(commands).toEqual([
      syncCommand('./hooks/no-rm-rf.sh', { client: 'crush', event: 'PreToolUse', timeoutSec: 10 }),
      syncCommand(`echo '{"decision":"allow"}'`, { client: 'crush', event: 'PreToolUse', timeoutSec: 30 }),
      wrapCommand('echo "$(date -Iseconds) end" >> ./tools.log', ['--event', 'SessionEnd']),
    ]);

    const uninstall = await runHookd(['uninstall', '--settings', file], { env });
    expect(uninstall.exitCode, uninstall.stderr + uninstall.stdout).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('a crush.json install makes is written as Crush documents it: no "version" key (Cursor\'s and Copilot CLI\'s files have one)', async () => {
    const home = tempDir();
    mkdirSync(path.join(home, '.config', 'crush'), { recursive: true });
    const env = {
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      HOOKD_STATE_DIR: path.join(tempDir(), 'state'),
    };
    const install = await runHookd(['install', '--client', 'crush', '--add', 'notify'], { env });
    expect(install.exitCode, install.stderr + install.stdout).toBe(0);
    const written = JSON.parse(readFileSync(path.join(home, '.config', 'crush', 'crush.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(Object.keys(written)).toEqual(['hooks']);
  });

  it('the synchronous bridge hands Crush its answers unchanged: exit 2 blocks, exit 49 halts, a timeout is no opinion', async () => {
    const env = { HOOKD_STATE_DIR: path.join(tempDir(), 'state') };
    const sync = (command: string, timeout = '10') =>
      runHookd(['sync', '--client', 'crush', '--event', 'PreToolUse', '--timeout', timeout, '--', command], {
        env,
        input: PAYLOAD,
      });
    const block = await sync('echo "Refusing to run rm -rf against root" >&2; exit 2');
    expect([block.exitCode, block.stderr.trim()]).toEqual([2, 'Refusing to run rm -rf against root']);
    const halt = await sync('cat > /dev/null; echo "secrets found" >&2; exit 49');
    expect([halt.exitCode, halt.stderr.trim()]).toEqual([49, 'secrets found']);
    const envelope = '{"decision":"allow","context":"Scrubbed secrets","updated_input":{"command":"ls"}}';
    const allow = await sync(`cat > /dev/null; printf '%s' '${envelope}'`);
    expect([allow.exitCode, allow.stdout]).toEqual([0, envelope]);
    // hookd ends a hook a little before Crush would: it answers as a failed hook, which Crush ignores (never 2 or 49).
    const late = await sync('sleep 5', '1');
    expect(late.exitCode).toBe(1);
    expect(late.stdout).toBe('');
    expect(late.stderr).toMatch(/hookd sync: the hook timed out/);
  });

  it('the history reads exit 49 as a block on any event, exit 2 only where Crush can block', async () => {
    const { readDecision } = await import('../../src/clients/contract.js');
    const out = { text: '', bytes: 0, truncated: false };
    expect(readDecision(crush.contract, 'PreToolUse', 49, out, 'halt').reads).toBe('block: halt');
    expect(readDecision(crush.contract, 'TurnEnd', 49, out, 'halt').reads).toBe('block: halt');
    expect(readDecision(crush.contract, 'TurnEnd', 2, out, 'nothing to block').reads).toBe('none');
    expect(readDecision(crush.contract, 'PreToolUse', 2, out, 'no').reads).toBe('block: no');
  });
});
