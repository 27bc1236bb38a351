// The in-process shims of the clients that have no command hooks of their own (OpenCode's plugin,
// pi's extension; profile.shim): install writes one, uninstall removes it. A shim is one
// self-contained file: the path of the hook file it reads, shims/core.js (run Claude Code-style
// command hooks) and the client's adapter (shims/<client>.js), under a first line that marks it as
// hookd's: uninstall removes a file only when it starts with that line, and a file of that name
// that does not is never overwritten.
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { CLIENT_FOLDER_MODE, makeDirs } from '../common/make-dirs.js';
import { homedir } from 'node:os';
import path from 'node:path';
import { packageRoot } from '../common/package-root.js';
import { HookdError, describeError } from '../common/errors.js';
import type { ClientProfile } from '../clients/profile.js';
import { SHIM_MARK, isHookdShim, shimPath } from '../clients/shim-file.js';
import type { PlannedFile } from './write-all.js';

export { SHIM_MARK, shimPath } from '../clients/shim-file.js';

/** The text of `client`'s shim reading the hook file `hooksFile`. */
export function renderShim(client: ClientProfile, hooksFile: string): string {
  const part = (name: string) => readFileSync(path.join(packageRoot(), 'shims', name), 'utf8');
  // The variables the shim sets to the project for each hook: the client's own and Claude Code's (its profile's hookVariables).
  const projectVariables = JSON.stringify(client.hookVariables.projectDir);
  return `${SHIM_MARK}\nconst HOOKS_FILE = ${JSON.stringify(hooksFile)};\nconst PROJECT_VARIABLES = ${projectVariables};\n\n${part('core.js')}\n${part(`${client.shim?.adapter ?? client.id}.js`)}`;
}

const isHookds = isHookdShim;

function writeAtomically(file: string, text: string): void {
  makeDirs(path.dirname(file), CLIENT_FOLDER_MODE);
  const temporary = `${file}.hookd-${process.pid}.tmp`;
  // 0644 whatever the umask: the client reads it, nobody else writes it.
  writeFileSync(temporary, text, { mode: 0o600 });
  chmodSync(temporary, 0o644);
  renameSync(temporary, file);
}

/**
 * The other plugins (extensions) beside the shim, each said once: install leaves them alone, and
 * their hooks run inside the client, not through hookd (a user looking for why one is not in
 * `hookd history` learns it here).
 */
function othersBeside(client: ClientProfile, shim: string): string[] {
  let names: string[];
  try {
    names = readdirSync(path.dirname(shim)).filter((name) => /\.(m?[jt]s|cjs)$/.test(name));
  } catch {
    return [];
  }
  const called = client.shim!.called;
  return names
    .map((name) => path.join(path.dirname(shim), name))
    .filter((other) => other !== shim && !isHookds(other))
    .map(
      (other) =>
        `${other}: another ${client.name} ${called}, left alone: what it does runs inside ${client.name}, not through hookd`,
    );
}

/** Install's plan for `client`'s shim reading `hooksFile`: written when absent or out of date; a file of the user's under that name is left alone, and said; so are the other plugins beside it. */
export function planShim(
  client: ClientProfile,
  hooksFile: string,
  dryRun: boolean,
  home = homedir(),
): PlannedFile | undefined {
  const file = shimPath(client, home);
  if (!file) return undefined;
  const planned = planShimFile(client, hooksFile, dryRun, file);
  const others = othersBeside(client, file);
  const { write } = planned;
  // Said after the shim's own line, whether it is written now or not.
  return write
    ? { ...planned, write: async () => [...(await write()), ...others] }
    : { ...planned, lines: [...planned.lines, ...others] };
}

function planShimFile(client: ClientProfile, hooksFile: string, dryRun: boolean, file: string): PlannedFile {
  const where = `${file} (${client.name}'s ${client.shim!.called})`;
  const text = renderShim(client, hooksFile);
  if (existsSync(file) && !isHookds(file))
    return {
      file,
      lines: [
        `${where}: left alone: a file of that name is not hookd's; move it and run hookd install again so that ${client.name} runs the hooks of ${hooksFile}`,
      ],
    };
  const present = existsSync(file) && readFileSync(file, 'utf8') === text;
  if (present) return { file, lines: [`${where}: up to date; it runs the hooks of ${hooksFile}`] };
  if (dryRun)
    return {
      file,
      lines: [`${where}: would be written (dry run: nothing written); it runs the hooks of ${hooksFile}`],
    };
  return {
    file,
    lines: [],
    write: async () => {
      try {
        writeAtomically(file, text);
      } catch (error) {
        throw new HookdError(
          'ESHIM',
          `cannot write ${file}: ${describeError(error)}; fix that and run the same hookd install again`,
        );
      }
      return [`${where}: written; it runs the hooks of ${hooksFile}, and hookd uninstall removes it`];
    },
  };
}

/** Uninstall's plan for `client`'s shim: removed when it is hookd's, else left alone. */
export function planShimRemoval(client: ClientProfile, dryRun: boolean, home = homedir()): PlannedFile | undefined {
  const file = shimPath(client, home);
  if (!file || !existsSync(file)) return undefined;
  if (!isHookds(file)) return { file, lines: [`${file}: left alone: not hookd's shim`] };
  if (dryRun) return { file, lines: [`${file}: would be removed (dry run: nothing removed)`] };
  return {
    file,
    lines: [],
    write: async () => {
      unlinkSync(file);
      return [`${file}: removed (${client.name} runs no hookd hooks now)`];
    },
  };
}
