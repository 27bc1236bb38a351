// The foreground daemon's logger: JSON lines on stderr from the start (errors before the state
// directory is checked go there only), and into `<state>/daemon.log` too once the daemon holds its
// state directory, so the file is never opened in a directory the daemon has not checked.
import { pino } from 'pino';
import { createLogger, type Logger } from '../common/logger.js';
import { DaemonLogFile, logFileOf } from './log-file.js';

/** The daemon's logger, and how to add its state directory's log file once that is checked. */
export interface DaemonLog {
  logger: Logger;
  /** Also write every line to the log file of `stateDir` (the real path the daemon holds). */
  keepIn(stateDir: string): void;
}

/** A logger on stderr that can be given the log file later. */
export function createDaemonLog(): DaemonLog {
  // Every line the logger lets through goes to every stream: the level is the logger's (HOOKD_LOG_LEVEL).
  const streams = pino.multistream([{ level: 'trace', stream: pino.destination(2) }]);
  const logger = createLogger(streams);
  return {
    logger,
    keepIn(stateDir) {
      try {
        streams.add({ level: 'trace', stream: new DaemonLogFile(logFileOf(stateDir)) });
      } catch (error) {
        logger.warn(
          { error: (error as Error).message },
          'cannot write the log file in the state directory; logging to stderr only (hookd logs has nothing to show)',
        );
      }
    },
  };
}
