#!/usr/bin/env node
// no-pipe-to-shell: denies running what a download prints: `curl … | sh`, `wget -O- … | sudo bash`,
// `bash <(curl …)`, `sh -c "$(curl …)"`, `eval "$(wget …)"`, whatever the client. Download the
// script to a file, read it, then run it.
//   Set up:  hookd install --add no-pipe-to-shell
//   Reads:   HOOKD_HIF_TOOL, HOOKD_HIF_COMMAND (docs/bridges.md).
import { pathToFileURL } from 'node:url';
import { programOf, runGuard, simpleCommands } from './guard-kit.mjs';

const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'aria2c', 'http', 'https', 'xh']);
const RUNNERS = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'fish',
  'busybox',
  'python',
  'python3',
  'perl',
  'ruby',
  'node',
  'php',
  'source',
  '.',
  'eval',
]);

/** The reason to deny `input`, or undefined. */
export function check(input) {
  if (input.tool !== 'shell' || !input.command) return undefined;
  const commands = simpleCommands(input.command, input.env);
  for (const { words, pipedFrom } of commands) {
    const program = programOf(words[0]);
    if (!RUNNERS.has(program)) continue;
    // Piped from a download, through any filters in between (`curl … | tee x | sh`).
    for (let from = pipedFrom; from; from = from.pipedFrom) {
      if (DOWNLOADERS.has(programOf(from.words[0])))
        return `${programOf(from.words[0])} … | ${program}: runs whatever the download holds; save it, read it, then run it (no-pipe-to-shell)`;
    }
    // Given a download's output as its script: <(curl …), "$(curl …)".
    const fed = words
      .slice(1)
      .some((word) =>
        simpleCommands(word.replace(/^<\((.*)\)$/s, '$1'), input.env).some(
          (inner) =>
            DOWNLOADERS.has(programOf(inner.words[0])) &&
            (word.startsWith('<(') || word.includes('$(') || word.includes('`')),
        ),
      );
    if (fed)
      return `${program} running a download: runs whatever it holds; save it, read it, then run it (no-pipe-to-shell)`;
  }
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runGuard(check);
