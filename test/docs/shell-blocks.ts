// What a reader pastes from a Markdown page: its shell blocks, and the commands in them. Kept apart
// from the test that runs them so the rules for "a block that starts the daemon" and "the test
// command" have one home.
import { readFileSync } from 'node:fs';

/** A fenced shell block of a Markdown page: its text and the line its fence opens on. */
export interface ShellBlock {
  text: string;
  line: number;
}

/** Every ```sh (or bash, shell) block of `markdown`, in order. */
export function shellBlocks(markdown: string): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(sh|bash|shell)\s*$/.test(lines[i]!)) continue;
    const start = i;
    const body: string[] = [];
    while (++i < lines.length && !lines[i]!.startsWith('```')) body.push(lines[i]!);
    blocks.push({ text: body.join('\n'), line: start + 1 });
  }
  return blocks;
}

/** The commands of a block: each line without its trailing `# comment`, blank lines dropped. */
export function commandsOf(block: ShellBlock): string[] {
  return block.text
    .split('\n')
    .map((line) => line.replace(/\s+#[^'"]*$/, '').trim())
    .filter((line) => line && !line.startsWith('#'));
}

/** Whether the block's last command runs the daemon in the foreground (a terminal of its own). */
export function startsDaemon(block: ShellBlock): boolean {
  return /(^|[\s/])hookd daemon$/.test(commandsOf(block).at(-1) ?? '');
}

/** The test command CI runs: the last command line of `.ci/run`. */
export function ciTestCommand(ciScript: string): string {
  const lines = readFileSync(ciScript, 'utf8')
    .split('\n')
    .map((line) => line.trim());
  return lines.filter((line) => line && !line.startsWith('#') && !/^(fi|then|else)\b/.test(line)).at(-1)!;
}
