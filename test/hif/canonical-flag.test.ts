// `--canonical` (issue 31): an entry whose hook speaks the canonical form (HIF hooks/0.1) is still a
// hookd entry of its bridge, in the bare and the guarded form, and install writes it so; the sh
// bridge notes it in the record for the daemon.
import { describe, expect, it } from 'vitest';
import { EMIT_OPTIONS, SYNC_OPTIONS, parseBridgeArgs } from '../../src/clients/bridge-options.js';
import { classifyCommand } from '../../src/settings/classify-command.js';
import { syncCommand, wrapCommand } from '../../src/install/quote-command.js';
import { parseSettingsText } from '../../src/settings/load.js';
import { claude } from '../../src/clients/claude/profile.js';

describe('--canonical', () => {
  it('is a switch of both bridges', () => {
    expect(parseBridgeArgs(SYNC_OPTIONS, ['--canonical', '--client', 'claude', '--', 'g.sh']).options).toEqual({
      canonical: true,
      client: 'claude',
    });
    expect(parseBridgeArgs(EMIT_OPTIONS, ['--event', 'agentStop', '--canonical', '--', 'n.sh']).options).toEqual({
      event: 'agentStop',
      canonical: true,
    });
  });

  it('marks sync and emit entries, bare or guarded, and nothing else', () => {
    expect(
      classifyCommand(`hookd sync --canonical --client codex --event PreToolUse --timeout 10 -- 'node g.mjs'`),
    ).toMatchObject({
      kind: 'sync',
      inner: 'node g.mjs',
      canonical: true,
      sync: { client: 'codex', event: 'PreToolUse', timeoutSec: 10 },
    });
    expect(classifyCommand(`hookd emit --canonical -- 'notify.sh'`)).toMatchObject({
      kind: 'bridge',
      inner: 'notify.sh',
      canonical: true,
    });
    expect(classifyCommand(`hookd sync --client claude -- 'g.sh'`)).toMatchObject({ kind: 'sync', canonical: false });
    expect(classifyCommand(`hookd emit -- 'n.sh'`)).toMatchObject({ kind: 'bridge', canonical: false });
    // An entry shell-quote cannot read (an unclosed `${`) is judged by its words up front.
    expect(classifyCommand('hookd sync --canonical --client claude -- echo ${oops')).toMatchObject({
      kind: 'sync',
      canonical: true,
    });
    expect(classifyCommand('hookd sync --client claude -- echo --canonical ${oops')).toMatchObject({
      kind: 'sync',
      canonical: false,
    });
    // --warm implies --canonical, read by its words too; on emit it is nothing of the bridge's.
    expect(classifyCommand(`hookd sync --warm --client claude -- 'node g.mjs'`)).toMatchObject({
      kind: 'sync',
      canonical: true,
      sync: { client: 'claude', warm: true },
    });
    expect(classifyCommand('hookd sync --warm --client claude -- echo ${oops')).toMatchObject({
      kind: 'sync',
      canonical: true,
      sync: { warm: true },
    });
    const notWarm = classifyCommand('hookd sync --client claude -- echo --warm ${oops');
    expect(notWarm).toMatchObject({ kind: 'sync', canonical: false });
    expect(notWarm.kind === 'sync' ? notWarm.sync.warm : 'not sync').toBeUndefined();
    // After CMD the word is CMD's, not the bridge's.
    expect(classifyCommand(`hookd sync -- g.sh --canonical`)).toMatchObject({
      kind: 'sync',
      canonical: false,
      inner: 'g.sh --canonical',
    });
    const guarded = syncCommand('node ~/guards/no-rm.mjs', {
      client: 'claude',
      event: 'PreToolUse',
      timeoutSec: 10,
      canonical: true,
    });
    expect(guarded).toContain('hookd sync --canonical --client claude');
    expect(classifyCommand(guarded)).toMatchObject({
      kind: 'sync',
      fallback: true,
      canonical: true,
      inner: 'node ~/guards/no-rm.mjs',
    });
    expect(classifyCommand(wrapCommand('n.sh', ['--canonical']))).toMatchObject({
      kind: 'bridge',
      fallback: true,
      canonical: true,
      inner: 'n.sh',
    });
  });

  it('reaches the entry hookd reads from a settings file', () => {
    const text = JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `hookd sync --canonical -- 'g.sh'` }] }],
      },
    });
    const parsed = parseSettingsText(text, '/home/u/.claude/settings.json', claude);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const { entries } = parsed.config;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'sync', run: 'g.sh', canonical: true });
  });
});
