#!/usr/bin/env node
// no-pipe-to-shell: denies running what a download prints: `curl … | sh`, `wget -O- … | sudo bash`,
// `curl … | python3 -`, `| perl`, `| node`, `| ruby`, `bash <(curl …)`, `sh -c "$(curl …)"`,
// `eval "$(wget …)"`, `source <(curl …)`, `curl -o x.sh … && sh x.sh`, and code that downloads and
// runs code (`python3 -c "exec(urlopen(…).read())"`), whatever the client. A program that reads the
// download as data passes: `curl … | python3 -m json.tool`, `curl … | jq .`, `curl … | node script.js`.
// Download the script to a file, read it, then run it.
//   Set up:  hookd install --add no-pipe-to-shell
//   Reads:   HOOKD_HIF_TOOL, HOOKD_HIF_COMMAND (docs/bridges.md).
import { pathToFileURL } from 'node:url';
import { INTERPRETERS, programOf, runGuard, SHELLS, simpleCommands, tooLong } from './guard-kit.mjs';
import { readsStdin, shellScript } from './kit/bash.mjs';

const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'aria2c', 'http', 'https', 'xh', 'lwp-download', 'GET']);
const interpreterOf = (name) => (INTERPRETERS.has(name) ? name : name.replace(/[\d.]+$/, ''));

/** Whether `words` run a script read from stdin (`sh`, `bash -s`, `python3 -`, a bare `perl`), or from `file`. */
function runsScript(words, file) {
  const name = programOf(words[0]);
  const args = words.slice(1);
  if (name === 'source' || name === '.') {
    const script = args[0];
    return file === undefined ? script === undefined || script === '/dev/stdin' || script === '-' : script === file;
  }
  if (SHELLS.has(name)) {
    const script = shellScript(args);
    return file === undefined ? script.stdin === true : script.file === file;
  }
  if (INTERPRETERS.has(interpreterOf(name))) {
    if (file !== undefined) return args.find((word) => !word.startsWith('-')) === file;
    return readsStdin(interpreterOf(name), args);
  }
  return false;
}

/** The file a download writes: `curl -o FILE`, `wget -O FILE`, `> FILE`. */
function downloadedFile(command) {
  const words = command.words;
  for (let i = 1; i < words.length; i++) {
    if (/^(-o|-O|--output|--output-document)$/.test(words[i]) && words[i + 1] && words[i + 1] !== '-')
      return words[i + 1];
    const eq = /^--output(?:-document)?=(.+)$/.exec(words[i]);
    if (eq && eq[1] !== '-') return eq[1];
  }
  return command.redirects.find((r) => r.op === '>' || r.op === '>>' || r.op === '>|')?.target;
}

/** The reason to deny `input`, or undefined. */
export function check(input) {
  if (input.tool !== 'shell' || !input.command) return undefined;
  const commands = simpleCommands(input.command, input.env);
  const saved = new Map();
  for (const command of commands) {
    const { words, pipedFrom } = command;
    if (command.unparsed) return tooLong('no-pipe-to-shell');
    const program = programOf(words[0]);
    if (DOWNLOADERS.has(program)) {
      const file = downloadedFile(command);
      if (file) saved.set(file, program);
    }
    // Piped from a download, through any filters in between (`curl … | tee x | sh`).
    if (runsScript(words))
      for (let from = pipedFrom; from; from = from.pipedFrom) {
        if (DOWNLOADERS.has(programOf(from.words[0])))
          return `${programOf(from.words[0])} … | ${program}: runs whatever the download holds; save it, read it, then run it (no-pipe-to-shell)`;
      }
    // Given a download's output as its script: <(curl …), "$(curl …)".
    const runner =
      SHELLS.has(program) || INTERPRETERS.has(interpreterOf(program)) || ['source', '.', 'eval'].includes(program);
    if (runner && command.fed.some(({ commands: inner }) => inner.some((c) => DOWNLOADERS.has(programOf(c.words[0])))))
      return `${program} running a download: runs whatever it holds; save it, read it, then run it (no-pipe-to-shell)`;
    // Run straight from the file a download just wrote, unread (`curl -o i.sh … && sh i.sh`).
    for (const [file, downloader] of saved)
      if (runsScript(words, file) || programOf(words[0]) === file.replace(/^\.\//, '') || words[0] === file)
        return `${downloader} -o ${file}, then ${program} ${file}: runs the download unread; save it, read it, then run it (no-pipe-to-shell)`;
  }
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runGuard(check);
