// Runs a real agent client (Claude Code, Gemini CLI, Codex, Droid, Copilot CLI, Qwen Code, OpenCode, pi, Kilo Code, Auggie) for one turn, offline, against a fake
// of its model API on loopback: a private HOME with the client's settings and the hooks a test
// gives, the environment /work/shared/CLIENTS.md describes, the built `hookd` first on PATH, and
// HOOKD_STATE_DIR so that the bridge writes into the test daemon's inbox. Used by the vitest suite
// (test/clients/*.test.ts), the sample capture (capture-samples.mjs) and bench/real-client.mjs.
// Plain ESM, so node runs it without a build step; run-client.d.mts gives its types.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_BINS, COPILOT_CACHE } from './install-clients.mjs';
import { startAnthropicFake } from './fakes/anthropic.mjs';
import { startGeminiFake } from './fakes/gemini.mjs';
import { startOpenAiFake } from './fakes/openai.mjs';
import { startChatFake } from './fakes/openai-chat.mjs';
import { startAugmentFake } from './fakes/augment.mjs';
import { renderShim } from '../../dist/install/shim-files.js';
import { clientById } from '../../dist/clients/registry.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The directory of the built `hookd` put first on the client's PATH. */
export const HOOKD_BIN_DIR = path.join(ROOT, 'bin');

/** The key every fake accepts; not a secret. */
export const FAKE_API_KEY = 'sk-ant-api03-hookd-e2e-fake-key-0123456789abcdef';

// The variables a client gives its hooks on top of what it inherited, by name (CLIENTS.md).
const OWN_VARIABLES = {
  claude: /^(CLAUDE_.*|CLAUDECODE|AI_AGENT)$/,
  gemini: /^(GEMINI_.*|CLAUDE_PROJECT_DIR)$/,
  codex: /^CODEX_.*$/,
  droid: /^(FACTORY_.*|DROID_.*|CLAUDE_PROJECT_DIR|CLAUDE_PLUGIN_ROOT)$/,
  copilot: /^(COPILOT_.*|CLAUDE_PROJECT_DIR)$/,
  qwen: /^(QWEN_.*|CLAUDE_PROJECT_DIR|GEMINI_PROJECT_DIR)$/,
  // What hookd's shim sets for each hook, and the client's own (OpenCode's OPENCODE, OPENCODE_PID).
  opencode: /^(OPENCODE.*|CLAUDE_PROJECT_DIR)$/,
  kilo: /^(KILO.*|CLAUDE_PROJECT_DIR)$/,
  auggie: /^AUGMENT_.*$/,
  pi: /^(PI_.*|CLAUDE_PROJECT_DIR)$/,
};

/**
 * Of `hookEnv` (a hook's environment as the client gave it), the client's own variables: those
 * whose names are the client's and that `launchEnv` (what the client was started with) did not
 * hold with the same value.
 */
export function clientOwnVariables(name, hookEnv, launchEnv) {
  return Object.fromEntries(
    Object.entries(hookEnv).filter(([key, value]) => OWN_VARIABLES[name].test(key) && launchEnv[key] !== value),
  );
}

/**
 * A bridge command as a user writes it: `hookd emit -- 'CMD'`, CMD as one single-quoted word; with
 * `event`, `hookd emit --event EVENT -- 'CMD'` (for a payload that does not name its event).
 */
export function bridge(command, event = undefined) {
  return `hookd emit ${event ? `--event ${event} ` : ''}-- '${command.replace(/'/g, `'\\''`)}'`;
}

/** Start the fake model API the client `name` talks to. */
export function startFake(name, options = {}) {
  if (name === 'claude') return startAnthropicFake(options);
  if (name === 'gemini') return startGeminiFake(options);
  if (name === 'codex') return startOpenAiFake(options);
  if (name === 'droid') return startAnthropicFake(options);
  if (['copilot', 'qwen', 'opencode', 'pi', 'kilo'].includes(name)) return startChatFake(options);
  if (name === 'auggie') return startAugmentFake(options);
  throw new Error(`unknown client ${name}`);
}

/** Parse `env -0` output (NAME=value NUL-separated), as a hook writes it with `env -0 > FILE`. */
export function parseEnv0(text) {
  const env = {};
  for (const entry of text.split('\0')) {
    const eq = entry.indexOf('=');
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return env;
}

/** Claude Code's hook shape as Copilot CLI writes it: hooks straight in the event list, the command under `bash`. */
function copilotHooks(hooks) {
  return Object.fromEntries(
    Object.entries(hooks).map(([event, groups]) => [
      event,
      groups.flatMap((group) =>
        group.hooks.map((hook) => ({
          type: 'command',
          bash: hook.command,
          ...(hook.timeout !== undefined ? { timeoutSec: hook.timeout } : {}),
        })),
      ),
    ]),
  );
}

function writeJson(file, value) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * A client ready to run in `dir`: HOME is `dir`/home, the project `dir`/home/src/demo.
 * @param {'claude'|'gemini'|'codex'|'droid'|'copilot'|'qwen'|'opencode'|'pi'|'kilo'|'auggie'} name
 * @param {{ dir: string, fakeUrl: string, stateDir: string, hooks?: object, env?: Record<string,string>, model?: string | null }} options
 */
export function prepareClient(name, options) {
  const home = path.join(options.dir, 'home');
  const project = path.join(home, 'src', 'demo');
  mkdirSync(project, { recursive: true });
  // The user's own bin directory first, as a login shell has it: a PATH no daemon inherits.
  const userBin = path.join(home, '.local', 'bin');
  mkdirSync(userBin, { recursive: true });
  // The client's own temp files (Claude Code's sockets and notes) stay in `dir`, removed with it.
  const tmp = path.join(options.dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const env = {
    PATH: `${userBin}:${HOOKD_BIN_DIR}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home,
    LANG: 'C.UTF-8',
    // A terminal's variables, as when the client runs in one (these values reach no real terminal).
    TERM: 'xterm-256color',
    TERM_PROGRAM: 'hookd-e2e-terminal',
    TMPDIR: tmp,
    HOOKD_STATE_DIR: options.stateDir,
  };
  let settingsFile;
  let writeHooks;
  if (name === 'claude') {
    Object.assign(env, {
      ANTHROPIC_BASE_URL: options.fakeUrl,
      ANTHROPIC_API_KEY: FAKE_API_KEY,
      // Nothing but the fake: no telemetry, error reports, update checks or other traffic.
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      DISABLE_AUTOUPDATER: '1',
      // An interactive session otherwise clones the plugin marketplace from github.com.
      CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1',
    });
    settingsFile = path.join(home, '.claude', 'settings.json');
    writeHooks = (hooks) => writeJson(settingsFile, { hooks });
    // What an interactive session needs to start without dialogs (-p needs none of it).
    writeJson(path.join(home, '.claude.json'), {
      hasCompletedOnboarding: true,
      autoUpdates: false,
      customApiKeyResponses: { approved: [FAKE_API_KEY.slice(-20)], rejected: [] },
      projects: { [project]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
    });
  } else if (name === 'gemini') {
    Object.assign(env, {
      GEMINI_API_KEY: FAKE_API_KEY,
      GOOGLE_GEMINI_BASE_URL: options.fakeUrl,
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
      // Gemini CLI starts a second Node with a larger heap and runs the session there: a second
      // start-up (about 0.7 s of CPU) that changes nothing a hook sees. The relaunched child runs
      // with this very variable set.
      GEMINI_CLI_NO_RELAUNCH: 'true',
    });
    settingsFile = path.join(home, '.gemini', 'settings.json');
    writeHooks = (hooks) =>
      writeJson(settingsFile, {
        security: { auth: { selectedType: 'gemini-api-key' } },
        // No usage statistics, telemetry or update checks: nothing leaves loopback.
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
        hooks,
      });
  } else if (name === 'codex') {
    Object.assign(env, { OPENAI_FAKE_API_KEY: FAKE_API_KEY });
    const codexHome = path.join(home, '.codex');
    mkdirSync(codexHome, { recursive: true });
    writeFileSync(
      path.join(codexHome, 'config.toml'),
      [
        // null: Codex's own default model name (it reaches the fake all the same).
        ...(options.model === null ? [] : [`model = "${options.model ?? 'gpt-fake'}"`]),
        'model_provider = "fake"',
        // No update check, analytics, feedback, or plugin sync (a `git ls-remote` to github.com).
        'check_for_update_on_startup = false',
        '',
        '[analytics]',
        'enabled = false',
        '',
        '[feedback]',
        'enabled = false',
        '',
        '[features]',
        'plugins = false',
        'remote_plugin = false',
        'apps = false',
        '',
        '[model_providers.fake]',
        'name = "Fake"',
        `base_url = "${options.fakeUrl}/v1"`,
        'env_key = "OPENAI_FAKE_API_KEY"',
        'wire_api = "responses"',
        '',
      ].join('\n'),
    );
    settingsFile = path.join(codexHome, 'hooks.json');
    writeHooks = (hooks) => writeJson(settingsFile, { hooks });
  } else if (name === 'droid') {
    // Air-gapped: no login, no telemetry, only custom models; the model is the fake's.
    Object.assign(env, { FACTORY_AIRGAP_ENABLED: '1' });
    settingsFile = path.join(home, '.factory', 'settings.json');
    const customModels = [
      {
        model: 'fake-model',
        displayName: 'Fake',
        provider: 'anthropic',
        baseUrl: options.fakeUrl,
        apiKey: FAKE_API_KEY,
        maxOutputTokens: 1024,
      },
    ];
    writeHooks = (hooks) => writeJson(settingsFile, { customModels, hooks });
  } else if (name === 'copilot') {
    // Offline with a provider of our own: no GitHub login; the unpacked client is kept across runs.
    Object.assign(env, {
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_BASE_URL: `${options.fakeUrl}/v1`,
      COPILOT_MODEL: 'gpt-4.1',
      COPILOT_CACHE_HOME: COPILOT_CACHE,
    });
    settingsFile = path.join(home, '.copilot', 'hooks', 'hooks.json');
    writeHooks = (hooks) => writeJson(settingsFile, { version: 1, hooks: copilotHooks(hooks) });
  } else if (name === 'qwen') {
    Object.assign(env, {
      OPENAI_BASE_URL: `${options.fakeUrl}/v1`,
      OPENAI_API_KEY: FAKE_API_KEY,
      OPENAI_MODEL: 'gpt-fake',
      QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
      // Qwen Code is Gemini CLI's fork, relaunch included (see gemini above).
      QWEN_CODE_NO_RELAUNCH: 'true',
    });
    settingsFile = path.join(home, '.qwen', 'settings.json');
    writeHooks = (hooks) =>
      writeJson(settingsFile, {
        security: { auth: { selectedType: 'openai' } },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        general: { enableAutoUpdate: false, disableAutoUpdate: true },
        hooks,
      });
  } else if (name === 'opencode' || name === 'kilo') {
    // No models.dev catalogue, update check, default plugins or LSP downloads: nothing leaves loopback.
    // OpenCode runs its tools in the directory PWD names, not in its own working directory. Kilo Code,
    // its fork, reads the same settings under its own names (KILO_*, ~/.config/kilo/kilo.json) and
    // also has telemetry, session ingest and codebase indexing to turn off.
    const prefix = name === 'kilo' ? 'KILO' : 'OPENCODE';
    Object.assign(env, {
      [`${prefix}_DISABLE_MODELS_FETCH`]: '1',
      [`${prefix}_DISABLE_AUTOUPDATE`]: '1',
      [`${prefix}_DISABLE_DEFAULT_PLUGINS`]: '1',
      [`${prefix}_DISABLE_LSP_DOWNLOAD`]: '1',
      [`${prefix}_DISABLE_SHARE`]: '1',
      PWD: project,
    });
    if (name === 'kilo')
      Object.assign(env, {
        KILO_TELEMETRY_LEVEL: 'off',
        KILO_DISABLE_SESSION_INGEST: '1',
        KILO_DISABLE_CODEBASE_INDEXING: '1',
        KILO_DISABLE_PRESENCE: '1',
      });
    const config = name === 'kilo' ? ['kilo', 'kilo.json'] : ['opencode', 'opencode.json'];
    writeJson(path.join(home, '.config', ...config), {
      provider: {
        fake: {
          npm: '@ai-sdk/openai-compatible',
          options: { baseURL: `${options.fakeUrl}/v1`, apiKey: FAKE_API_KEY },
          models: { 'gpt-4.1': { name: 'fake' } },
        },
      },
      model: 'fake/gpt-4.1',
      permission: { bash: 'allow' },
      autoupdate: false,
      share: 'disabled',
      // No git snapshot of the project before each step.
      snapshot: false,
    });
    settingsFile = path.join(home, '.config', 'hookd', `${name}.json`);
    writeHooks = (hooks) => writeJson(settingsFile, { hooks });
  } else if (name === 'pi') {
    Object.assign(env, { PI_OFFLINE: '1', PI_SKIP_VERSION_CHECK: '1', PI_TELEMETRY: '0' });
    const cost = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
    writeJson(path.join(home, '.pi', 'agent', 'models.json'), {
      providers: {
        fake: {
          baseUrl: `${options.fakeUrl}/v1`,
          api: 'openai-completions',
          apiKey: FAKE_API_KEY,
          models: [
            {
              id: 'gpt-4.1',
              name: 'fake',
              reasoning: false,
              input: ['text'],
              contextWindow: 128000,
              maxTokens: 4096,
              cost,
            },
          ],
        },
      },
    });
    settingsFile = path.join(home, '.config', 'hookd', 'pi.json');
    writeHooks = (hooks) => writeJson(settingsFile, { hooks });
  } else if (name === 'auggie') {
    // Auggie talks to its tenant's backend, named with the session it would keep after `auggie
    // login`: the fake of that backend (fakes/augment.mjs) is the tenant. No update check.
    Object.assign(env, {
      AUGMENT_SESSION_AUTH: JSON.stringify({
        accessToken: FAKE_API_KEY,
        tenantURL: `${options.fakeUrl}/`,
        scopes: ['read', 'write'],
      }),
      AUGMENT_DISABLE_AUTO_UPDATE: '1',
    });
    settingsFile = path.join(home, '.augment', 'settings.json');
    writeHooks = (hooks) => writeJson(settingsFile, { hooks });
  } else {
    throw new Error(`unknown client ${name}`);
  }
  // A client with no command hooks of its own runs them through hookd's shim, as `hookd install` writes it.
  const profile = clientById(name);
  if (profile?.shim) {
    mkdirSync(path.dirname(path.join(home, profile.shim.file)), { recursive: true });
    writeFileSync(path.join(home, profile.shim.file), renderShim(profile, settingsFile));
  }
  Object.assign(env, options.env ?? {});
  writeHooks(options.hooks ?? {});

  /** The argv of one non-interactive turn with `prompt`. */
  function turnArgs(prompt) {
    if (name === 'claude') return [CLIENT_BINS.claude, '-p', prompt, '--output-format', 'json'];
    if (name === 'gemini') return [CLIENT_BINS.gemini, '-p', prompt];
    if (name === 'droid') return [CLIENT_BINS.droid, 'exec', '--auto', 'low', '--model', 'custom:fake-model', prompt];
    if (name === 'copilot') return [CLIENT_BINS.copilot, '-p', prompt, '--allow-all-tools', '--no-auto-update'];
    // Without --yolo a headless run offers the model no shell tool.
    if (name === 'qwen') return [process.execPath, CLIENT_BINS.qwen, '--yolo', '-p', prompt];
    if (name === 'opencode' || name === 'kilo') return [CLIENT_BINS[name], 'run', prompt];
    if (name === 'auggie') return [process.execPath, CLIENT_BINS.auggie, '--print', prompt];
    if (name === 'pi')
      return [process.execPath, CLIENT_BINS.pi, '--provider', 'fake', '--model', 'gpt-4.1', '-p', prompt];
    return [CLIENT_BINS.codex, 'exec', '--skip-git-repo-check', '--dangerously-bypass-hook-trust', prompt];
  }

  return {
    name,
    home,
    project,
    settingsFile,
    env,
    writeHooks,
    turnArgs,
    /**
     * One turn with `prompt` ("say hi"), killed (its whole process group) after `timeoutMs`.
     * @param {{ prompt?: string, timeoutMs?: number }} [runOptions]
     */
    run(runOptions = {}) {
      const [file, ...args] = turnArgs(runOptions.prompt ?? 'say hi');
      return runProcess(file, args, { cwd: project, env, timeoutMs: runOptions.timeoutMs ?? 60_000 });
    },
  };
}

/**
 * Run `file args` in its own process group with stdin at EOF; resolves with its exit, output and
 * wall time (spawn to exit). After `timeoutMs` the group is killed and `timedOut` is set.
 * @returns {Promise<{ exitCode: number | null, signal: string | null, stdout: string, stderr: string, wallMs: number, exitedAt: number, timedOut: boolean, command: string }>}
 */
export function runProcess(file, args, options) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    let timedOut = false;
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (exitCode, signal) => {
      const wallMs = performance.now() - started;
      const exitedAt = Date.now();
      clearTimeout(timer);
      // Output may still be in the pipes; a grandchild holding them open gets 2 s.
      const done = () =>
        resolve({ exitCode, signal, stdout, stderr, wallMs, exitedAt, timedOut, command: [file, ...args].join(' ') });
      if (child.stdout.readableEnded && child.stderr.readableEnded) return done();
      const grace = setTimeout(done, 2000);
      child.on('close', () => {
        clearTimeout(grace);
        done();
      });
    });
  });
}

/**
 * Kill what a client left running in a session of its own, which its process group's kill does not
 * reach: every process whose command line holds `marker` (a turn's temp folder), or that runs in it. Cline 3.0.65's
 * `--json` run starts a hub daemon (`--cline-hub-daemon --cwd <project>`) that outlives the turn.
 */
export function killStrays(marker) {
  // An empty or short marker is in every command line (this process's too): only a temp folder's path will do.
  if (typeof marker !== 'string' || !marker.startsWith('/') || marker.length < 8)
    throw new Error(`killStrays wants a temp folder's path, not ${JSON.stringify(marker)}`);
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // Named in its command line (Cline's hub: `--cwd <project>`), or running in the folder (`opencode run`, `qwen`).
      const inside =
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker) ||
        `${readlinkSync(`/proc/${pid}/cwd`)}/`.startsWith(`${marker}/`);
      if (inside && Number(pid) !== process.pid) process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Gone between the listing and the read, or not ours to read.
    }
  }
}

/** `text` without terminal escape sequences, for searching a pty's output. */
export function stripAnsi(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(
    /\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78NOcM]/g,
    '',
  );
}

/**
 * Start `argv` in a pseudo-terminal (util-linux `script`), as a user's terminal would: write keys
 * with `type`, read the screen output with `output()`, end with `kill()`.
 * @param {string[]} argv
 * @param {{ cwd: string, env: Record<string,string>, cols?: number, rows?: number }} options
 */
export function startInPty(argv, options) {
  const quoted = argv.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
  const inner = `stty cols ${options.cols ?? 120} rows ${options.rows ?? 40} 2>/dev/null; exec ${quoted}`;
  const started = performance.now();
  const child = spawn('script', ['-qfec', inner, '/dev/null'], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.stdin.on('error', () => {});
  /** @type {Promise<{ exitCode: number | null, signal: string | null, wallMs: number }>} */
  const exited = new Promise((resolve) =>
    child.on('exit', (exitCode, signal) => resolve({ exitCode, signal, wallMs: performance.now() - started })),
  );
  return {
    child,
    exited,
    output: () => output,
    screen: () => stripAnsi(output),
    type(text) {
      child.stdin.write(text);
    },
    kill() {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
  };
}
