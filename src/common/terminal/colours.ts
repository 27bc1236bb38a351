// Colour for output a person reads, and only there: on a terminal that shows colour (Node's own
// reading of TERM, NO_COLOR, NODE_DISABLE_COLORS and FORCE_COLOR for a tty), or when FORCE_COLOR
// asks for it on a pipe. NO_COLOR always wins. Not picocolors' own rule: it also colours a pipe
// whenever CI is set, and a CI log of `hookd history | grep` should read as plain text.
import type { WriteStream } from 'node:tty';
import picocolors from 'picocolors';

type Env = Record<string, string | undefined>;

/** Whether output to `stream` gets colour. */
export function colourOn(stream: NodeJS.WriteStream = process.stdout, env: Env = process.env): boolean {
  if (env.NO_COLOR) return false;
  if ((stream as WriteStream).isTTY && typeof (stream as WriteStream).hasColors === 'function')
    return (stream as WriteStream).hasColors(env);
  return env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
}

/** The colours, on or off, for one stream. */
export type Colours = ReturnType<typeof picocolors.createColors>;

/** Colours for `stream` (stdout by default): plain strings when it gets none. */
export function coloursFor(stream: NodeJS.WriteStream = process.stdout): Colours {
  return picocolors.createColors(colourOn(stream));
}
