// `hookd clients`: the agent clients hookd knows, whether each is installed here, its hook files,
// which of them the client reads now, and how many of their hooks run through hookd.
import { existsSync } from 'node:fs';
import { CLIENTS } from '../clients/registry.js';
import { clientsOnMachine, pluginSources, userSources } from '../clients/find-sources.js';
import { loadSources } from '../settings/load-sources.js';
import { runsBy } from '../settings/daemon-hooks.js';

export interface ClientsOptions {
  json?: boolean;
}

// An error of a file's own, without the file's name it starts with.
const withoutFile = (file: string) => (error: string) =>
  error.startsWith(`${file}: `) ? error.slice(file.length + 2) : error;

/** List the clients and their files. */
export async function clientsCommand(options: ClientsOptions): Promise<void> {
  const installed = new Set(clientsOnMachine().map((client) => client.id));
  // Plugins' hook files too (Claude Code's, Codex's): read, never edited.
  const results = await loadSources([...userSources(CLIENTS), ...pluginSources(CLIENTS)]);
  const rows = CLIENTS.map((client) => ({
    client: client.id,
    name: client.name,
    installed: installed.has(client.id),
    files: results
      .filter(({ source }) => source.client === client)
      .map(({ source, result, ignored }) => {
        const entries = result.ok ? result.config.entries : [];
        const state = ignored ? 'not read' : !existsSync(source.file) ? 'absent' : result.ok ? 'valid' : 'invalid';
        return {
          file: source.file,
          scope: source.scope,
          state,
          // "absent" says it all; an error names the file, which its line already names.
          reason:
            ignored ??
            (result.ok || state === 'absent' ? null : result.errors.map(withoutFile(source.file)).join('; ')),
          hooks: entries.length,
          bridged: entries.filter((entry) => runsBy(entry, 'record')).length,
          // What the client skips in the file, running the rest; hookd validate names each.
          skipped: result.ok ? (result.config.dropped ?? []).length : 0,
        };
      }),
  }));
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ clients: rows }, null, 2)}\n`);
    return;
  }
  const lines: string[] = [];
  for (const row of rows) {
    lines.push(`${row.name} (${row.client}): ${row.installed ? 'found' : 'not found'}`);
    for (const file of row.files) {
      const skipped = file.skipped
        ? `, ${file.skipped} skipped as ${row.name} skips them (hookd validate names them)`
        : '';
      const detail =
        file.state === 'valid'
          ? `, ${file.hooks} hook(s), ${file.bridged} through hookd${skipped}`
          : file.reason
            ? `: ${file.reason}`
            : '';
      lines.push(`  ${file.file}: ${file.state}${detail}`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
