// The Windows bridge (hookd-bridge.exe: native/win/ and the shared files, as the release compiles it) under
// wine, run as a client runs it: the event on stdin, the answer read from stdout, stderr and the exit
// code. Each answer and record is compared with the POSIX bridge's (dist/hookd-bridge) on the same
// input: the same tables, the same record, the same answers. The hooks run in cmd.exe (%VAR% is
// cmd's); the deadline ends the hook's whole tree (its Job Object), a grandchild with it.
import { execa } from 'execa';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FRONT_DOOR, ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { parseRecord, type RecordContent } from '../../src/inbox/record-format.js';
import { INTERNAL_ERROR_EXIT, STDOUT_HELD_MAX } from '../../src/bridge/bridge-limits.js';
import { ensureWine, lingerProgram, windowsBridge, wineEnv, windowsPath } from './bridge-exe.mjs';
import { startWindows } from './wine.js';

const POSIX_BRIDGE = path.join(ROOT, 'dist', 'hookd-bridge');
// A payload with CRLF line ends and UTF-8 beyond ASCII: every byte must reach the hook as it came.
const PAYLOAD = Buffer.from(
  '{"hook_event_name":"PreToolUse","tool_name":"Bash",\r\n"tool_input":{"command":"rm -rf / # ünïcode"}}\r\n',
);

const ASCII_PAYLOAD = Buffer.from(
  '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}\n',
);

let bridge: string;
let linger: string;
/** The folders whose linger.exe processes the file ends at its end (a failed test may leave some). */
const lingerTags: string[] = [];

beforeAll(async () => {
  await ensureWine();
  [bridge, linger] = await Promise.all([windowsBridge(), lingerProgram()]);
}, 10 * 60_000);

afterEach(cleanupTempDirs);
afterAll(async () => {
  for (const tag of lingerTags) for (const pid of await running(tag)) process.kill(pid, 'SIGKILL');
});

interface Answer {
  exitCode: number | undefined;
  stdout: Buffer;
  stderr: string;
}

const answerOf = (run: { exitCode?: number; stdout: Uint8Array; stderr: Uint8Array }): Answer => ({
  exitCode: run.exitCode,
  stdout: Buffer.from(run.stdout),
  stderr: Buffer.from(run.stderr).toString(),
});

/**
 * The Windows bridge under wine, with `env` beside wine's. Its stderr goes to a file: under wine every
 * process a Windows program starts keeps its parent's Unix stderr (wine's process start passes on
 * descriptor 2 whatever the handles say), so a grandchild a hook leaves running would hold a pipe
 * open past the bridge's exit. Windows itself passes on only the handles given (the bridge's own are
 * not inheritable, run-hook-win.c).
 */
const windows = (args: string[], input: Buffer, env: Record<string, string> = {}): Promise<Answer> => {
  const stderr = path.join(tempDir(), 'stderr');
  const fd = openSync(stderr, 'w');
  const child = spawn('wine', [bridge, ...args], {
    env: wineEnv({ ...process.env, ...env }),
    stdio: ['pipe', 'pipe', fd],
  });
  closeSync(fd);
  const out: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
  child.stdin!.on('error', () => undefined); // a bridge that stopped reading
  child.stdin!.end(input);
  return new Promise((resolve) =>
    child.on('close', (code) =>
      resolve({ exitCode: code ?? undefined, stdout: Buffer.concat(out), stderr: readFileSync(stderr, 'utf8') }),
    ),
  );
};

/** The POSIX bridge on the same words (`hookd-bridge sync …`, or the front door's `hookd emit …`). */
const posix = async (args: string[], input: Buffer, env: Record<string, string> = {}) =>
  answerOf(
    await execa(args[0] === 'emit' ? FRONT_DOOR : POSIX_BRIDGE, args, {
      input,
      env: { ...process.env, ...env },
      reject: false,
      encoding: 'buffer',
      stripFinalNewline: false,
    }),
  );

/** The records in a state directory's inbox, as the daemon reads them (each committed by its marker in new/). */
const recordsIn = (state: string): RecordContent[] => {
  const inbox = path.join(state, 'inbox');
  if (!existsSync(path.join(inbox, 'new'))) return [];
  return readdirSync(path.join(inbox, 'new')).map((id) => {
    const parsed = parseRecord(readFileSync(path.join(inbox, 'tmp', id)));
    if (!parsed.ok) throw new Error(`record ${id}: ${parsed.reason}`);
    return parsed.content;
  });
};

/** One run's record, without what differs between two systems by nature: times, working folder, environment. */
const comparable = (state: string) => {
  const [record] = recordsIn(state);
  const run = record!.run!;
  const { durationMs: _duration, ...outcome } = run.outcome;
  return {
    payload: record!.payload,
    client: run.client,
    event: run.event,
    timeoutMs: run.timeoutMs,
    answer: run.answer,
    outcome,
  };
};

/** Whether a process whose command line holds `tag` runs (wine's processes are this system's, by their Windows command line). */
const running = async (tag: string) => {
  const ps = await execa('ps', ['-ww', '-eo', 'pid=,args=']);
  return ps.stdout
    .split('\n')
    .filter((line) => line.includes(tag))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
};

describe('hookd-bridge.exe sync under wine', () => {
  it('hands the client the hook stdout and exit code byte for byte, stdin as the client sent it (CRLF and all), and records the run as the POSIX bridge does', async () => {
    const [winState, posixState] = [tempDir(), tempDir()];
    // The hook copies its stdin to stdout (the bridge's own `read`, a Windows program), says why on stderr and exits 3.
    const win = await windows(
      [
        'sync',
        '--client',
        'claude',
        '--state-dir',
        windowsPath(winState),
        '--',
        `"${windowsPath(bridge)}" read & <nul >&2 set /p =no& exit 3`,
      ],
      PAYLOAD,
    );
    const unix = await posix(
      ['sync', '--client', 'claude', '--state-dir', posixState, '--', 'cat; printf no >&2; exit 3'],
      PAYLOAD,
    );
    expect(win.stdout.equals(PAYLOAD)).toBe(true);
    expect({ exitCode: win.exitCode, stderr: win.stderr }).toEqual({ exitCode: 3, stderr: 'no' });
    expect(unix).toEqual(win);
    expect(comparable(winState)).toEqual(comparable(posixState));
    expect(recordsIn(winState)[0]!.command).toBe(`"${windowsPath(bridge)}" read & <nul >&2 set /p =no& exit 3`);
  });

  it('records an exit code past 2^31 (a crash, STATUS_CONTROL_C_EXIT) as Windows gives it, and hands it on', async () => {
    const state = tempDir();
    const run = await windows(['sync', '--state-dir', windowsPath(state), '--', 'exit -1073741510'], PAYLOAD);
    expect(recordsIn(state)[0]!.run!.outcome).toMatchObject({ exitCode: 0xc000013a, signal: null });
    // wine hands Linux the exit code's low byte.
    expect(run.exitCode).toBe(0x3a);
  });

  it('withholds an answer past STDOUT_HELD_MAX and ends the hook, as the POSIX bridge does', async () => {
    const big = path.join(tempDir(), 'big answer.json');
    writeFileSync(big, Buffer.alloc(STDOUT_HELD_MAX + 1, 'x'));
    const [winState, posixState] = [tempDir(), tempDir()];
    const win = await windows(
      ['sync', '--state-dir', windowsPath(winState), '--', `type "${windowsPath(big)}"`],
      PAYLOAD,
    );
    const unix = await posix(['sync', '--state-dir', posixState, '--', `cat '${big}'`], PAYLOAD);
    expect(win).toEqual(unix);
    expect(win.exitCode).toBe(INTERNAL_ERROR_EXIT);
    expect(recordsIn(winState)[0]!.run!.outcome.error).toBe(recordsIn(posixState)[0]!.run!.outcome.error);
  });

  it('puts a canonical hook answer in the client terms by the same tables as the POSIX bridge', async () => {
    const [winState, posixState] = [tempDir(), tempDir()];
    const args = (state: string, hook: string) => [
      'sync',
      '--canonical',
      '--client',
      'claude',
      '--state-dir',
      state,
      '--',
      hook,
    ];
    // The reason names the canonical fields the bridge gave the hook (the tables' event, tool and command).
    // ASCII: cmd writes its code page, not UTF-8, so a hook's non-ASCII text is the hook's own affair.
    const win = await windows(
      args(windowsPath(winState), '<nul >&2 set /p =no %HOOKD_HIF_EVENT% %HOOKD_HIF_TOOL% %HOOKD_HIF_COMMAND%& exit 2'),
      ASCII_PAYLOAD,
    );
    const unix = await posix(
      args(posixState, 'printf "no %s %s %s" "$HOOKD_HIF_EVENT" "$HOOKD_HIF_TOOL" "$HOOKD_HIF_COMMAND" >&2; exit 2'),
      ASCII_PAYLOAD,
    );
    expect(win).toEqual(unix);
    // Claude Code's deny of a PreToolUse: its JSON on stdout, with the hook's reason.
    expect(win.exitCode).toBe(0);
    expect(JSON.parse(win.stdout.toString())).toMatchObject({
      hookSpecificOutput: {
        permissionDecision: 'deny',
        permissionDecisionReason: 'no before_tool_execute shell rm -rf /',
      },
    });
    // A decision on stdout, exit 0: the client's own form of a deny.
    const decision = '{"decision":"deny","reason":"not here"}';
    const winDeny = await windows(args(windowsPath(tempDir()), `echo ${decision}`), PAYLOAD);
    const unixDeny = await posix(args(tempDir(), `echo '${decision}'`), PAYLOAD);
    expect(winDeny).toEqual(unixDeny);
    expect(winDeny.stdout.toString()).toContain('not here');
  });

  it('expands %VAR% in the command as cmd does, and runs a script in a folder with spaces, with the state in one with spaces and beyond ASCII', async () => {
    const folder = path.join(tempDir(), 'with space');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'hook.cmd'), '@echo off\r\necho %~1 %HOOK_WORD%\r\nexit /b 4\r\n');
    const state = path.join(tempDir(), 'état de hookd');
    const command = `"${windowsPath(path.join(folder, 'hook.cmd'))}" "arg with spaces"`;
    const run = await windows(['sync', '--state-dir', windowsPath(state), '--', command], PAYLOAD, {
      HOOK_WORD: 'said',
    });
    expect({ exitCode: run.exitCode, stdout: run.stdout.toString() }).toEqual({
      exitCode: 4,
      stdout: 'arg with spaces said\r\n',
    });
    const variable = await windows(['sync', '--state-dir', windowsPath(state), '--', 'echo %HOOK_WORD%'], PAYLOAD, {
      HOOK_WORD: 'from the client',
    });
    expect(variable.stdout.toString()).toBe('from the client\r\n');
    // hookd's own secrets never reach a hook (cmd leaves an unset %NAME% as it is written).
    const secret = await windows(['sync', '--state-dir', windowsPath(state), '--', 'echo [%HOOKD_TOKEN%]'], PAYLOAD, {
      HOOKD_TOKEN: 'secret',
    });
    expect(secret.stdout.toString()).toBe('[%HOOKD_TOKEN%]\r\n');
    const commands = recordsIn(state).map((record) => record.command);
    expect(commands.sort()).toEqual([command, 'echo %HOOK_WORD%', 'echo [%HOOKD_TOKEN%]'].sort());
  });

  it('at the deadline ends the hook and the grandchild it started, and answers as the POSIX bridge does for a timeout', async () => {
    const dir = tempDir();
    lingerTags.push(windowsPath(dir));
    const [child, grandchild] = [path.join(dir, 'child-started'), path.join(dir, 'grandchild-started')] as const;
    const [winState, posixState] = [tempDir(), tempDir()];
    const hook = `start /b "" "${windowsPath(linger)}" 600000 "${windowsPath(grandchild)}" & "${windowsPath(linger)}" 600000 "${windowsPath(child)}"`;
    const win = await windows(
      ['sync', '--client', 'claude', '--timeout', '3', '--state-dir', windowsPath(winState), '--', hook],
      PAYLOAD,
    );
    const unix = await posix(
      ['sync', '--client', 'claude', '--timeout', '3', '--state-dir', posixState, '--', 'sleep 60'],
      PAYLOAD,
    );
    expect(win).toEqual(unix);
    expect(win.stderr).toMatch(/the hook timed out after 2\.\d s; hookd ended it/);
    // Both started (they wrote their files), and neither is left running.
    expect([existsSync(child), existsSync(grandchild)]).toEqual([true, true]);
    await waitFor('the hook processes ended', async () => (await running(windowsPath(dir))).length === 0, 30_000);
    const record = recordsIn(winState)[0]!.run!;
    expect(record.outcome).toMatchObject({ status: 'timed_out', signal: 'SIGTERM', exitCode: null });
  });

  it('a client that kills the bridge outright (its own timeout) ends the hook tree with it: the job closes with its last handle', async () => {
    const dir = tempDir();
    lingerTags.push(windowsPath(dir));
    const [child, grandchild] = [path.join(dir, 'child-started'), path.join(dir, 'grandchild-started')] as const;
    const hook = `start /b "" "${windowsPath(linger)}" 600000 "${windowsPath(grandchild)}" & "${windowsPath(linger)}" 600000 "${windowsPath(child)}"`;
    const client = execa('wine', [bridge, 'sync', '--state-dir', windowsPath(tempDir()), '--', hook], {
      input: PAYLOAD,
      env: wineEnv(),
      reject: false,
      stdout: 'ignore',
      stderr: 'ignore',
    });
    await waitFor('both started', () => existsSync(child) && existsSync(grandchild));
    expect((await running(windowsPath(dir))).length).toBeGreaterThanOrEqual(2); // the bridge, its cmd, the two lingers
    client.kill('SIGKILL');
    expect((await client).signal).toBe('SIGKILL');
    await waitFor('the hook processes ended', async () => (await running(windowsPath(dir))).length === 0, 30_000);
  });

  it('a hook that exits by itself is over then: a grandchild it started holds neither the answer nor the client, and stays, as on POSIX', async () => {
    const dir = tempDir();
    lingerTags.push(windowsPath(dir));
    const grandchild = path.join(dir, 'grandchild-started');
    const hook = `start /b "" "${windowsPath(linger)}" 600000 "${windowsPath(grandchild)}" & echo {"decision":"approve"} & exit 0`;
    const win = await windows(
      ['sync', '--client', 'claude', '--state-dir', windowsPath(tempDir()), '--', hook],
      PAYLOAD,
    );
    expect({ exitCode: win.exitCode, stdout: win.stdout.toString() }).toEqual({
      exitCode: 0,
      stdout: '{"decision":"approve"} \r\n',
    });
    await waitFor('the grandchild runs', async () => (await running(windowsPath(dir))).length > 0);
  });
});

describe('hookd-bridge.exe emit under wine', () => {
  it('stores the event as the POSIX bridge does: the command, the carried variables, the event and the payload byte for byte', async () => {
    const [winState, posixState] = [path.join(tempDir(), 'with space'), tempDir()];
    const env = { CLAUDE_CODE_ENTRYPOINT: 'cli', MY_API_KEY: 'secret', CLAUDE_PROJECT_DIR: '/project' };
    const args = (state: string) => ['emit', '--state-dir', state, '--event', 'PostToolUse', '--', 'echo %MY_VAR%'];
    const win = await windows(args(windowsPath(winState)), PAYLOAD, env);
    const unix = await posix(args(posixState), PAYLOAD, env);
    expect(win).toEqual({ exitCode: 0, stdout: Buffer.alloc(0), stderr: '' });
    expect(unix).toEqual(win);
    const [winRecord, posixRecord] = [recordsIn(winState), recordsIn(posixState)].map((records) => {
      expect(records).toHaveLength(1);
      const { command, payload, clientEnv } = records[0]!;
      const kept = ['CLAUDE_CODE_ENTRYPOINT', 'CLAUDE_PROJECT_DIR', 'MY_API_KEY', 'HOOKD_BRIDGE_EVENT'];
      return {
        command,
        payload,
        env: Object.fromEntries(kept.map((name) => [name, clientEnv[name]])),
        cwd: 'HOOKD_BRIDGE_CWD' in clientEnv,
      };
    });
    expect(winRecord).toEqual(posixRecord);
    expect(winRecord).toEqual({
      command: 'echo %MY_VAR%',
      payload: PAYLOAD,
      env: {
        CLAUDE_CODE_ENTRYPOINT: 'cli',
        CLAUDE_PROJECT_DIR: '/project',
        MY_API_KEY: undefined,
        HOOKD_BRIDGE_EVENT: 'PostToolUse',
      },
      cwd: true,
    });
  });

  it('an event it stores while the daemon is down is run by the Windows daemon (node.exe) once it is up', async () => {
    const home = path.join(tempDir(), 'Jürgen Ñoño');
    const state = path.join(home, 'AppData', 'Local', 'hookd');
    const settings = path.join(home, 'settings.json');
    const ran = path.join(tempDir(), 'ran');
    mkdirSync(home, { recursive: true });
    writeFileSync(settings, '{"hooks":{}}\n');
    const stored = await windows(
      ['emit', '--state-dir', windowsPath(state), '--', `echo ran %CLAUDE_CODE_ENTRYPOINT%> "${windowsPath(ran)}"`],
      // A Stop as a Windows client may write it: CRLF line ends.
      Buffer.from('{\r\n"session_id": "s-1",\r\n"hook_event_name": "Stop"\r\n}\r\n'),
      { CLAUDE_CODE_ENTRYPOINT: 'cli' },
    );
    expect(stored).toEqual({ exitCode: 0, stdout: Buffer.alloc(0), stderr: '' });
    expect(recordsIn(state)).toHaveLength(1);
    const daemon = startWindows(
      'node.exe',
      [path.join(ROOT, 'dist', 'bin.js'), 'daemon', '--settings', windowsPath(settings), '--tcp-port', '0'],
      { HOOKD_STATE_DIR: windowsPath(state) },
    );
    try {
      // cmd creates the file, then writes its line: the line is the run's mark, with the variable the record carried.
      const line = await waitFor(
        'the daemon ran the stored event',
        () => existsSync(ran) && readFileSync(ran, 'utf8').trim(),
        90_000,
      ).catch((error: Error) => {
        const log = path.join(state, 'daemon.log');
        throw new Error(`${error.message}\n${existsSync(log) ? readFileSync(log, 'utf8') : 'no daemon.log'}`);
      });
      expect(line).toBe('ran cli');
    } finally {
      daemon.kill('SIGKILL');
      if (daemon.exitCode === null && daemon.signalCode === null)
        await new Promise((done) => daemon.once('exit', done));
    }
  });

  it('refuses a relative state directory as the POSIX bridge does, and stores nothing', async () => {
    const args = ['emit', '--state-dir', 'relative\\state', '--', 'echo hi'];
    const win = await windows(args, PAYLOAD);
    expect(win.stderr).toBe(
      'hookd emit: the state directory must be an absolute path (or start with ~/), got "relative\\\\state"; the event was not stored\n',
    );
    expect(win.exitCode).toBe(0);
  });
});
