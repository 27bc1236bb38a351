// How `hookd logs` shows one of the daemon's JSON log lines to a person: local time with its zone,
// the level, the message, then the other fields as key=value. Values come from payloads and hooks
// (event names, commands, stderr), so every line is cleaned of terminal control sequences.
import { cleanLine } from '../common/terminal/clean-text.js';
import type { Colours } from '../common/terminal/colours.js';
import { localTime } from '../common/terminal/local-time.js';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// Fields every line has, shown in their own columns or not at all.
const OWN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg']);

function shown(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

function paintLevel(level: number, name: string, colours: Colours): string {
  if (level >= 50) return colours.red(colours.bold(name));
  if (level >= 40) return colours.yellow(name);
  if (level <= 20) return colours.dim(name);
  return colours.green(name);
}

/** One log line as a person reads it; a line that is not a JSON object comes back cleaned as it was. */
export function readableLogLine(line: string, colours: Colours): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return cleanLine(line);
  }
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return cleanLine(line);
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const name = (LEVELS[level] ?? String(level)).padEnd(5);
  const fields = Object.entries(entry)
    .filter(([key]) => !OWN_FIELDS.has(key))
    .map(([key, value]) => `${colours.dim(`${key}=`)}${cleanLine(shown(value))}`);
  const time = colours.dim(localTime(typeof entry.time === 'number' ? entry.time : undefined));
  return [time, paintLevel(level, name, colours), cleanLine(String(entry.msg ?? '')), ...fields].join('  ');
}
