// The daemon's logger: JSON lines from pino. It is created once at the edge and passed in;
// components take a child logger. The API key never reaches a log line (redaction).
import { pino, type Logger, type DestinationStream } from 'pino';

export type { Logger };

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** A logger at HOOKD_LOG_LEVEL (default info) writing to `destination` (default stderr). */
export function createLogger(destination?: DestinationStream, level = process.env.HOOKD_LOG_LEVEL): Logger {
  const chosen = level && LEVELS.has(level) ? level : 'info';
  return pino(
    {
      level: chosen,
      base: { pid: process.pid },
      redact: {
        paths: ['apiKey', '*.apiKey', 'headers.authorization', '*.headers.authorization'],
        censor: '[redacted]',
      },
    },
    destination ?? pino.destination(2),
  );
}
