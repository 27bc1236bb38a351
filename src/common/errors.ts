// The few error classes hookd raises. Each carries a code, the exit code the CLI maps it to,
// and an optional cause; src/bin.ts is the one place that turns them into output and exit codes.

/** An error a person can act on: the message says what happened, where, and what to do. */
export class HookdError extends Error {
  readonly code: string;
  readonly exitCode: number;

  constructor(code: string, message: string, options: { exitCode?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'HookdError';
    this.code = code;
    this.exitCode = options.exitCode ?? 1;
  }
}

/** Bad input from the user: a flag, a file, a payload. Exit code 2. */
export class UsageError extends HookdError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('EUSAGE', message, { exitCode: 2, cause: options.cause });
    this.name = 'UsageError';
  }
}

/** Something the command checked did not hold (invalid settings, a failed hook). Exit code 1. */
export class CheckFailed extends HookdError {
  constructor(message: string) {
    super('ECHECK', message, { exitCode: 1 });
    this.name = 'CheckFailed';
  }
}

/** A short description of any thrown value, for one-line messages. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}
