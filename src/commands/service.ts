// `hookd service install|uninstall|status`: the user service that runs the daemon.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_FOLDER_MODE } from '../common/make-dirs.js';
import { CheckFailed, HookdError, describeError } from '../common/errors.js';
import { currentServiceSpec } from '../service/service-spec.js';
import { serviceManager, type ServiceFile, type ServiceManager } from '../service/service-manager.js';

export interface ServiceOptions {
  dryRun?: boolean;
}

const readOrUndefined = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

function writeAtomically(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: CLIENT_FOLDER_MODE });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    // 0600: a service file names the user's settings and environment, which other users need not read.
    writeFileSync(temp, text, { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new HookdError('EWRITE', `${file}: cannot write the service file: ${describeError(error)}`);
  }
}

const shown = (files: readonly ServiceFile[]): string[] => files.flatMap(({ file, text }) => [`${file}:`, '', text]);

async function install(manager: ServiceManager, options: ServiceOptions, out: string[]): Promise<void> {
  const { spec, notes } = currentServiceSpec();
  const files = manager.render(spec);
  out.push(...notes.map((note) => `note: ${note}`));
  if (options.dryRun) {
    out.push(`${manager.name} files would be:`, '', ...shown(files));
    return;
  }
  const why = await manager.unavailable();
  if (why) {
    out.push('These are the files hookd would install:', '', ...shown(files));
    throw new CheckFailed(
      `cannot install the service: ${why}. Nothing was written. Run the daemon another way (hookd daemon), or install the files above by hand where a service manager runs`,
    );
  }
  if (!existsSync(spec.script))
    throw new HookdError(
      'ENOBUILD',
      `${spec.script} does not exist: build hookd first (npm run build), then run hookd service install again`,
    );
  const changed = files.filter(({ file, text }) => readOrUndefined(file) !== text).map(({ file }) => file);
  for (const { file, text } of files) if (changed.includes(file)) writeAtomically(file, text);
  // Files an earlier hookd wrote 0644 are made private even when their text is unchanged.
  for (const { file } of files) if (!changed.includes(file)) chmodSync(file, 0o600);
  try {
    await manager.activate(changed);
  } catch (error) {
    throw new HookdError(
      'ESERVICE',
      `${(error as Error).message}. ${manager.files.join(' and ')} are in place; fix the cause and run hookd service install again`,
    );
  }
  out.push(
    ...files.map(({ file }) => `${changed.includes(file) ? 'wrote' : 'unchanged:'} ${file}`),
    `service ${await manager.state()} (${manager.name}); check it with: hookd doctor`,
  );
}

async function uninstall(manager: ServiceManager, options: ServiceOptions, out: string[]): Promise<void> {
  const installed = manager.files.filter((file) => readOrUndefined(file) !== undefined);
  if (!installed.length) {
    out.push(`${manager.files.join(', ')}: not installed; nothing to remove`);
    return;
  }
  if (options.dryRun) {
    out.push(`would stop and disable the service and remove ${installed.join(', ')}`);
    return;
  }
  const why = await manager.unavailable();
  if (why) out.push(`note: ${why}; removing the files only`);
  else await manager.deactivate();
  for (const file of installed) {
    rmSync(file, { force: true });
    out.push(`removed ${file}`);
  }
  if (!why) await manager.forget();
}

async function status(manager: ServiceManager, out: string[]): Promise<void> {
  const files = manager.render(currentServiceSpec().spec);
  const installed = files.map(({ file }) => readOrUndefined(file));
  const why = await manager.unavailable();
  const state = why ? `unknown (${why})` : await manager.state();
  out.push(
    ...files.map(
      ({ file, text }, i) =>
        `file:    ${file} (${installed[i] === undefined ? 'not installed' : installed[i] === text ? 'installed, current' : 'installed, differs from what hookd service install would write now'})`,
    ),
    `service: ${state}`,
  );
  if (installed[0] === undefined || why || !/^(active|running)$/.test(state)) {
    throw new CheckFailed(
      installed[0] === undefined
        ? 'the service is not installed; hookd service install installs and starts it'
        : 'the service is not running; see the lines above',
    );
  }
}

export type ServiceAction = 'install' | 'uninstall' | 'status';

/** Run `hookd service ACTION`, pushing what it has to say onto `out` (also when it then fails). */
export async function runService(
  action: ServiceAction,
  options: ServiceOptions,
  out: string[],
  manager = serviceManager(),
): Promise<void> {
  if (action === 'install') await install(manager, options, out);
  else if (action === 'uninstall') await uninstall(manager, options, out);
  else await status(manager, out);
}

/** `hookd service ACTION`. */
export async function serviceCommand(action: ServiceAction, options: ServiceOptions): Promise<void> {
  const out: string[] = [];
  try {
    await runService(action, options, out);
  } finally {
    if (out.length) process.stdout.write(`${out.join('\n')}\n`);
  }
}
