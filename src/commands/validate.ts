// `hookd validate`: check the hook files of the clients on this machine (or the one given); exit 1
// with every located error, warn on the suspicious, note what hookd leaves to the client.
import { lintAcrossFiles, lintConfig, notesFor } from '../settings/lint.js';
import { hookFilesOthersCanWrite, readHookFiles, type HookFileOptions } from './hook-files.js';
import { cleanLine } from '../common/terminal/clean-text.js';
import { runsBy } from '../settings/daemon-hooks.js';
import type { HookEntry } from '../settings/config.js';

export interface ValidateOptions extends HookFileOptions {
  json?: boolean;
}

/** Validate the hook files and print errors and warnings. */
export async function validateCommand(options: ValidateOptions): Promise<void> {
  const loaded = await readHookFiles(options);
  const files = loaded.map(({ source, result, ignored }) => {
    const warnings = result.ok ? lintConfig(result.config, source.file, result.features) : [];
    const notes = result.ok ? notesFor(result.config, source.file) : [];
    const entries = result.ok ? result.config.entries : [];
    return { source, ok: result.ok, errors: result.ok ? [] : result.errors, warnings, notes, entries, ignored };
  });
  // A hook file another user can change is theirs to plant a hook in, however valid it reads (issue 41, 2).
  const exposed = hookFilesOthersCanWrite(loaded);
  const across = [...exposed, ...lintAcrossFiles(loaded.flatMap(({ result }) => (result.ok ? [result.config] : [])))];
  const ok = files.every((file) => file.ok);
  if (options.json) {
    const rows = files.map(({ source, ok: fileOk, errors, warnings, notes, entries, ignored }) => ({
      file: source.file,
      client: source.client.id,
      scope: source.scope,
      ok: fileOk,
      ignored: ignored ?? null,
      errors,
      warnings,
      notes,
      hooks: entries.map(({ event, location, kind, type, run, timeoutMs, matcher, decides }) => ({
        event,
        location,
        kind,
        type,
        run,
        timeoutMs,
        matcher,
        decides,
      })),
    }));
    process.stdout.write(`${JSON.stringify({ ok, files: rows, warnings: across }, null, 2)}\n`);
  } else {
    // What a file says (a cloned project's, say) is printed cleaned of terminal control sequences.
    const say = (stream: NodeJS.WriteStream, line: string) => stream.write(`${cleanLine(line)}\n`);
    for (const file of files) {
      for (const line of file.errors) say(process.stderr, `hookd: ${line}`);
      for (const line of file.warnings) say(process.stderr, `hookd: warning: ${line}`);
      // Notes are information, not trouble: on stdout with the summary.
      for (const line of file.notes) say(process.stdout, line);
      if (file.ignored) say(process.stdout, `${file.source.file}: not read (${file.ignored})`);
      else if (file.ok)
        say(process.stdout, summary(file.source.file, file.source.client.name, file.entries, file.warnings));
    }
    for (const line of across) say(process.stderr, `hookd: warning: ${line}`);
    if (files.length === 0)
      process.stdout.write('no hook files yet in the clients found here; hookd install --add notify starts one\n');
  }
  if (!ok) process.exitCode = 1;
}

function summary(file: string, client: string, entries: readonly HookEntry[], warnings: readonly string[]): string {
  const daemon = entries.filter((entry) => runsBy(entry, 'event')).length;
  const inLine = entries.filter((entry) => entry.kind === 'sync').length;
  const other = entries.filter((entry) => entry.kind === 'other').length;
  const kept = other ? `, ${other} of another type (left to the client)` : '';
  return `${file} (${client}): valid, ${entries.length} hook(s), ${daemon} run by the daemon${inLine ? `, ${inLine} in line (hookd sync)` : ''}${kept}, ${warnings.length} warning(s)`;
}
