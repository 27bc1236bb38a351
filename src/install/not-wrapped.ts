// What `hookd install` leaves alone beyond the files it edits, said so that nothing is silent
// (issue 30, item 4): the hook files of the clients' plugins (the plugin manager owns them and
// writes them again on each update), Codex's `config.toml` `[hooks]` tables (read, never edited:
// install writes hooks.json), and, run inside a project, that project's hook files, which install
// edits only when one is named with --settings (a project's files are shared with everyone who
// clones it). Each file comes with every hook in it that does not run through hookd, and why.
import path from 'node:path';
import { homedir } from 'node:os';
import { pluginSources, userSources } from '../clients/find-sources.js';
import { projectSources } from '../clients/project-sources.js';
import type { HookSource } from '../clients/hook-source.js';
import { loadSource } from '../settings/load-sources.js';
import { shellQuote } from '../common/shell-word.js';
import type { HookEntry } from '../settings/config.js';
import type { ClientProfile } from '../clients/profile.js';

/** Why install does not edit `source`, and what to do to run its hooks through hookd. */
function whyNot(source: HookSource, cwd: string): string {
  if (source.scope === 'plugin') {
    return `a plugin's hook file: install does not edit it (${source.client.name}'s plugin manager owns it and writes it again on each update); its hooks run as ${source.client.name} runs them`;
  }
  if (source.scope === 'project') {
    const named = path.relative(cwd, source.file) || source.file;
    return `this project's file: install edits your own files only; hookd install --settings ${shellQuote(named)} wraps this one (see what it would change first with --dry-run)`;
  }
  return `install reads this file and never edits it (it writes ${source.client.name}'s hooks.json); its hooks run as ${source.client.name} runs them: move one to hooks.json and run hookd install to run it through hookd`;
}

/** One hook that does not run through hookd: where, its event, and what it runs (or its type, and why hookd leaves it). */
function hookLine(entry: HookEntry): string {
  if (entry.kind === 'other') {
    const why = entry.unrunnable ?? `a "${entry.type}" hook, which ${entry.client.name} runs itself`;
    return `${entry.location} (${entry.event}): ${why}`;
  }
  return `${entry.location} (${entry.event}): ${entry.command}`;
}

/** The files install leaves alone for `clients`, run in `cwd`: plugins', read-only ones, and the project's when `cwd` is one. */
function leftSources(clients: readonly ClientProfile[], cwd: string, home: string): HookSource[] {
  const own = new Set(userSources(clients, home).map((source) => source.file));
  const inProject =
    path.resolve(cwd) !== path.resolve(home)
      ? projectSources(cwd, clients).filter((source) => !own.has(source.file))
      : [];
  return [
    ...pluginSources(clients, home),
    ...userSources(clients, home).filter((source) => source.readOnly),
    ...inProject,
  ];
}

/**
 * A block of lines for each file of `clients` that install does not edit and that holds hooks not
 * running through hookd: the file, why install leaves it, and each such hook. The same lines with
 * --dry-run and without.
 */
export async function notWrappedBlocks(
  clients: readonly ClientProfile[],
  cwd = process.cwd(),
  home = homedir(),
): Promise<string[][]> {
  const blocks: string[][] = [];
  for (const source of leftSources(clients, cwd, home)) {
    const { result, ignored } = await loadSource(source);
    if (ignored || (!result.ok && result.missing)) continue;
    const where = `${source.file} (${source.client.name}${source.scope === 'plugin' ? ' plugin' : source.scope === 'project' ? ', this project' : ''})`;
    if (!result.ok) {
      blocks.push([`${where}: not wrapped: ${whyNot(source, cwd)}; it cannot be read now (hookd validate says where)`]);
      continue;
    }
    const left = result.config.entries.filter((entry) => entry.kind === 'plain' || entry.kind === 'other');
    const skipped = (result.config.dropped ?? []).map((part) => `  skipped: ${part.message}`);
    if (left.length === 0 && skipped.length === 0) continue;
    blocks.push([
      `${where}: not wrapped, ${left.length} hook(s): ${whyNot(source, cwd)}`,
      ...left.map((entry) => `  ${hookLine(entry)}`),
      ...skipped,
    ]);
  }
  return blocks;
}
