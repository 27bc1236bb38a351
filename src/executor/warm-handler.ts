// One warm handler: a hook's command kept running by the daemon, asked one request at a time over
// JSON lines (docs/bridges.md, "Warm handlers"): a request line on its stdin, one answer line on its
// stdout, in the canonical form. Whatever goes wrong (it never started, it died, it hangs, it wrote
// garbage, two answers or a line past the bound, it grew past its memory bound) ends the handler and
// answers the request "cold": the bridge then runs the same hook itself, so the decision is always
// the hook's own. A request the bridge stopped waiting for keeps its place in the line: the handler's
// next line is still its answer, read and dropped, so no answer ever reaches the wrong request.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { homedir } from 'node:os';
import { spawnShell } from './posix-shell.js';
import { endSession } from './posix-end-session.js';
import { groupMemory } from './posix-group-memory.js';
import { readAnswer, type WarmResult } from './warm-answer.js';

/** The bounds of one handler. */
export interface WarmLimits {
  /** How long one request may take before the handler counts as hung and is ended. */
  hungMs: number;
  /** The longest answer line. */
  maxLineBytes: number;
  /** The most memory (resident, its whole session) the handler may hold. */
  maxRssBytes: number;
  /** How often a request checks that bound (reading /proc costs a few milliseconds). */
  memoryEveryMs: number;
  /** How long SIGTERM has before SIGKILL. */
  graceMs: number;
  /** The handler's environment (the daemon's, less hookd's secrets); HOOKD_WARM is added. */
  env: Readonly<Record<string, string>>;
}

interface Pending {
  line: string;
  /** Resolves the request; a no-op once the bridge's budget passed (it went cold). */
  settle: (result: WarmResult) => void;
  settled: boolean;
}

/** The variable that tells a handler to speak JSON lines (hooks-examples/guards/guards.mjs reads it). */
export const WARM_VARIABLE = 'HOOKD_WARM';

export class WarmHandler {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly queue: Pending[] = [];
  private inFlight: Pending | undefined;
  private hung: NodeJS.Timeout | undefined;
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private why: string | undefined;
  /** The handler's last words on stderr, for the reason it failed. */
  private stderrTail = '';
  private memoryCheckedAt = 0;
  readonly startedAt = Date.now();
  lastUsedAt = Date.now();

  constructor(
    readonly command: string,
    private readonly limits: WarmLimits,
    private readonly onEnd: (handler: WarmHandler, why: string) => void,
  ) {
    this.child = spawnShell(command, {
      cwd: homedir(),
      env: { ...this.limits.env, [WARM_VARIABLE]: '1' },
    });
    this.child.on('error', (error) => this.end(`it could not start (${error.message})`));
    this.child.on('exit', (code, signal) =>
      this.end(
        `it exited (${signal ?? `exit ${code}`})${this.stderrTail ? `: ${this.stderrTail.trim().slice(-200)}` : ''}`,
      ),
    );
    // A handler that stops reading its stdin fails the write, never the daemon.
    this.child.stdin.on('error', (error) => this.end(`its stdin failed (${error.message})`));
    this.child.stdout.on('data', (chunk: Buffer) => this.take(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-1000);
    });
  }

  get ended(): boolean {
    return this.why !== undefined;
  }

  /** Ask the handler; resolves with its answer, or cold after `budgetMs` (the handler keeps the request's place). */
  ask(line: string, budgetMs: number): Promise<WarmResult> {
    if (this.why) return Promise.resolve({ ok: false, why: `the handler failed: ${this.why}` });
    if (Date.now() - this.memoryCheckedAt >= this.limits.memoryEveryMs) {
      this.memoryCheckedAt = Date.now();
      const memory = groupMemory(this.child.pid!);
      const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
      if (memory !== undefined && memory > this.limits.maxRssBytes) {
        this.end(`it held ${mb(memory)}, over its bound of ${mb(this.limits.maxRssBytes)}`);
        return Promise.resolve({ ok: false, why: `the handler failed: ${this.why!}` });
      }
    }
    this.lastUsedAt = Date.now();
    return new Promise((resolve) => {
      const budget = setTimeout(() => pending.settle({ ok: false, why: `no answer within ${budgetMs} ms` }), budgetMs);
      const pending: Pending = {
        line,
        settled: false,
        settle: (result) => {
          if (pending.settled) return;
          pending.settled = true;
          clearTimeout(budget);
          resolve(result);
        },
      };
      this.queue.push(pending);
      this.next();
    });
  }

  /** Ended by hookd, not by a failure of its own (idle, no longer named, the daemon stopping). */
  quiet = false;

  /** End it for a reason of hookd's own: not counted as a failure. */
  endQuietly(why: string): void {
    if (!this.why) this.quiet = true;
    this.end(why);
  }

  /** End the handler's whole session, and answer every request it holds cold with `why`. */
  end(why: string): void {
    if (this.why) return;
    this.why = why;
    clearTimeout(this.hung);
    for (const pending of [this.inFlight, ...this.queue])
      pending?.settle({ ok: false, why: `the handler failed: ${why}` });
    this.queue.length = 0;
    this.inFlight = undefined;
    const pid = this.child.pid;
    if (pid !== undefined && this.child.exitCode === null && this.child.signalCode === null) {
      endSession(pid, 'SIGTERM', false);
      // One that ignores SIGTERM is ended all the same; the timer does not hold the daemon.
      setTimeout(
        () => endSession(pid, 'SIGKILL', this.child.exitCode !== null || this.child.signalCode !== null),
        this.limits.graceMs,
      ).unref();
    } else if (pid !== undefined) endSession(pid, 'SIGKILL', true);
    this.child.stdin.destroy();
    this.child.stdout.destroy();
    this.child.stderr.destroy();
    this.onEnd(this, why);
  }

  private next(): void {
    if (this.inFlight || this.why) return;
    const pending = this.queue.shift();
    if (!pending) return;
    this.inFlight = pending;
    this.hung = setTimeout(() => this.end(`it did not answer within ${this.limits.hungMs} ms`), this.limits.hungMs);
    this.child.stdin.write(pending.line);
  }

  // Lines from stdout: each answers the request in flight; a line with none in flight is a second answer.
  private take(chunk: Buffer): void {
    let at = chunk.indexOf(10);
    while (at !== -1 && !this.why) {
      const line = Buffer.concat([...this.buffered, chunk.subarray(0, at)]);
      this.buffered = [];
      this.bufferedBytes = 0;
      chunk = chunk.subarray(at + 1);
      this.answer(line);
      at = chunk.indexOf(10);
    }
    if (this.why || chunk.length === 0) return;
    this.bufferedBytes += chunk.length;
    if (this.bufferedBytes > this.limits.maxLineBytes)
      return this.end(`it wrote a line longer than ${this.limits.maxLineBytes} bytes`);
    this.buffered.push(chunk);
  }

  private answer(line: Buffer): void {
    const pending = this.inFlight;
    if (!pending) return this.end('it wrote a line nobody asked for (two answers to one request?)');
    clearTimeout(this.hung);
    this.inFlight = undefined;
    pending.settle(readAnswer(line));
    this.next();
  }
}
