// The few error classes hookd raises. Each carries a code of the catalogue (error-catalogue.ts),
// which gives its exit code, and an optional cause; src/cli/main.ts is the one place that turns them
// into output and exit codes.
import {
  ERROR_CATALOGUE,
  says,
  type ErrorCode,
  type FactsOf,
  type FreeCode,
  type TemplatedCode,
} from './error-catalogue.js';

/** An error a person can act on: the message says what happened, where, and what to do. */
export class HookdError extends Error {
  readonly code: ErrorCode;
  readonly exitCode: number;
  /** The facts the catalogue made the message from, for a layer that says it in another voice. */
  readonly facts: unknown;

  /** A code whose message the catalogue makes is raised with its facts instead (fail), so it cannot be given here. */
  constructor(code: FreeCode, message: string, options: { cause?: unknown; facts?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'HookdError';
    this.code = code;
    this.exitCode = ERROR_CATALOGUE[code].exit;
    this.facts = options.facts;
  }

  /** The same failure told with more context (where a walk stopped, which batch failed): same code, this as cause. */
  retold(message: string): HookdError {
    return new HookdError(this.code as FreeCode, message, { cause: this });
  }
}

/** The error of a code whose message the catalogue makes from `facts`. */
export function fail<C extends TemplatedCode>(
  code: C,
  facts: FactsOf<C>,
  options: { cause?: unknown } = {},
): HookdError {
  return new HookdError(code as ErrorCode as FreeCode, says(code, facts), { ...options, facts });
}

/** The facts of `error` when it is the catalogue's `code`, to say it again in another voice. */
export function factsOf<C extends TemplatedCode>(error: unknown, code: C): FactsOf<C> | undefined {
  return error instanceof HookdError && error.code === code ? (error.facts as FactsOf<C>) : undefined;
}

/** Bad input from the user: a flag, a file, a payload. Exit code 2. */
export class UsageError extends HookdError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('EUSAGE', message, options);
    this.name = 'UsageError';
  }
}

/** Something the command checked did not hold (invalid settings, a failed hook). Exit code 1. */
export class CheckFailed extends HookdError {
  constructor(message: string) {
    super('ECHECK', message);
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
