// What each command's exit code means, in one place: every command's `--help` ends with its
// table (program.ts adds it), and the README's command reference says the same. The exit code of
// each error comes from the error catalogue, whose bad-input wording these tables share (a test
// checks they agree). Plain data, importing only the catalogue (itself import-free), so
// `hookd emit --help` can show it without loading more than it needs.
import { ERROR_CATALOGUE } from '../common/error-catalogue.js';

type Codes = readonly (readonly [code: number, meaning: string])[];

const BAD_INPUT = ERROR_CATALOGUE.EUSAGE.means;
const API: Codes = [
  [0, 'done'],
  [1, 'the API answered an error, or could not be reached'],
  [2, `${BAD_INPUT}; or a request refused before anything was sent, or no API key`],
];
const EDIT = (done: string): Codes => [
  [0, done],
  [1, 'the edit could not be made (a concurrent edit, a write that failed); the file is as it was'],
  [2, `${BAD_INPUT}, or a settings file hookd cannot read`],
];

/** Exit codes by command path (`service status`); commands not listed succeed with 0, fail with 1, refuse bad input with 2. */
export const EXIT_CODES: Record<string, Codes> = {
  emit: [
    [
      0,
      'always, even when the event could not be stored (the reason goes to stderr): a failing bridge must not fail the agent',
    ],
  ],
  run: [
    [0, 'every hook succeeded (or none matched the payload)'],
    [
      1,
      "a hook failed, timed out or could not start, or a hook file was skipped for its errors (the valid files' hooks ran)",
    ],
    [2, `${BAD_INPUT}, an unknown event, the file given with --settings is invalid, or no hook file is valid`],
    [
      3,
      'no hook failed, and a hook blocked: the client would stop the action (a blocking exit code, or an answer that blocks or denies)',
    ],
  ],
  validate: [
    [0, 'the hook files are valid (warnings do not fail)'],
    [1, 'a hook file has errors'],
    [2, BAD_INPUT],
  ],
  daemon: [
    [0, 'stopped by SIGTERM or SIGINT'],
    [1, 'could not start, or its state directory or socket was deleted under it'],
    [2, BAD_INPUT],
  ],
  status: [
    [0, 'the daemon answered'],
    [1, 'the daemon is not running'],
    [2, BAD_INPUT],
  ],
  install: EDIT('done, or nothing to change'),
  uninstall: EDIT('done, or nothing to undo'),
  'service install': [
    [0, 'the service is installed and started'],
    [1, 'no service manager here (nothing was written), or it failed'],
    [2, BAD_INPUT],
  ],
  'service uninstall': [
    [0, 'the service is removed, or was not installed'],
    [1, 'the service manager failed'],
    [2, BAD_INPUT],
  ],
  'service status': [
    [0, 'the service is installed and running'],
    [1, 'it is not installed, or not running'],
    [2, BAD_INPUT],
  ],
  doctor: [
    [0, 'every check passed'],
    [1, 'a check failed'],
    [2, BAD_INPUT],
  ],
  'api sessions list': API,
  'api sessions create': API,
  'api sessions message': API,
  'api computers list': API,
  'api computers get': API,
  'api computers update': API,
  'api computers install-deps': [[0, 'the install started, or one is already running'], ...API.slice(1)],
  'api reports list': API,
  'api controls history': API,
  'api limits set': [
    [0, 'every user was updated'],
    [1, 'no user could be updated, or the API answered an error, or could not be reached'],
    API[2] as Codes[number],
    [3, 'partial success: some users were updated and others not (each is listed)'],
  ],
  api: [
    [0, 'the API answered 2xx (the answer is printed)'],
    [1, 'the API answered another status (its body is printed), or could not be reached'],
    [2, `${BAD_INPUT}, or no API key`],
  ],
  'api emulator': [
    [0, 'stopped by SIGTERM or SIGINT'],
    [1, 'could not start (the port is taken)'],
    [2, BAD_INPUT],
  ],
};

export const DEFAULT_EXIT_CODES: Codes = [
  [0, 'success'],
  [1, 'the command failed'],
  [2, BAD_INPUT],
];

/** Whether the command at `path` has exit codes of its own (a leaf, or a parent that also runs, as `api`). */
export function hasExitCodes(path: string): boolean {
  return path in EXIT_CODES;
}

/** The "Exit codes:" section of the help of the command at `path` (`service status`). */
export function exitCodesHelp(path: string): string {
  const codes = EXIT_CODES[path] ?? DEFAULT_EXIT_CODES;
  return `\nExit codes:\n${codes.map(([code, meaning]) => `  ${code}  ${meaning}`).join('\n')}`;
}
