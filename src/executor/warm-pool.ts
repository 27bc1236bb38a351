// The daemon's warm handlers, one per command a followed file marks warm (`hookd sync --warm`): each
// started when the file names it, asked by the bridges through POST /warm (daemon/warm-route.ts),
// started again after it died, ended when idle for a while or no longer named. A command that keeps
// failing rests for a while: its runs go cold meanwhile, as they would without the daemon.
import { WarmHandler, type WarmLimits } from './warm-handler.js';
import { envMs } from '../common/env-ms.js';
import type { WarmResult } from './warm-answer.js';

export interface WarmPoolOptions extends WarmLimits {
  /** A handler unused this long is ended (and started again by the next request). */
  idleMs: number;
  /** After FAILURES_BEFORE_REST failures in a row, each within this long of the last, the command rests this long. */
  restMs: number;
}

const FAILURES_BEFORE_REST = 3;

const WARM_DEFAULTS: Omit<WarmPoolOptions, 'env'> = {
  hungMs: 10_000,
  maxLineBytes: 1024 * 1024,
  maxRssBytes: 512 * 2 ** 20,
  memoryEveryMs: 5000,
  graceMs: 1000,
  idleMs: 30 * 60_000,
  restMs: 30_000,
};

/** The bounds of the daemon's handlers: the defaults, each of which a test may shorten through the environment. */
export function warmBounds(): Omit<WarmPoolOptions, 'env'> {
  const mib = 2 ** 20;
  return {
    ...WARM_DEFAULTS,
    hungMs: envMs('HOOKD_WARM_HUNG_MS', WARM_DEFAULTS.hungMs),
    idleMs: envMs('HOOKD_WARM_IDLE_MS', WARM_DEFAULTS.idleMs),
    memoryEveryMs: envMs('HOOKD_WARM_MEMORY_EVERY_MS', WARM_DEFAULTS.memoryEveryMs),
    // A whole number the same way as a duration: envMs's rule, in MiB.
    maxRssBytes: envMs('HOOKD_WARM_MAX_RSS_MB', WARM_DEFAULTS.maxRssBytes / mib) * mib,
  };
}

export class WarmPool {
  private readonly handlers = new Map<string, WarmHandler>();
  private readonly failures = new Map<string, { count: number; at: number }>();
  private named = new Set<string>();
  private readonly sweep: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly options: WarmPoolOptions,
    private readonly log: (command: string, why: string) => void,
  ) {
    this.sweep = setInterval(() => this.endIdle(), Math.max(100, options.idleMs / 4)).unref();
  }

  /** The commands the followed files mark warm now: each started, and those no longer named ended. */
  keep(commands: ReadonlySet<string>): void {
    this.named = new Set(commands);
    for (const [command, handler] of this.handlers)
      if (!commands.has(command)) handler.endQuietly('no followed file names it now');
    for (const command of commands) if (!this.stopped && !this.resting(command)) this.handlerOf(command);
  }

  /** Ask `command`'s handler with request `line` (ending in a newline), within `budgetMs`. */
  ask(command: string, line: string, budgetMs: number): Promise<WarmResult> {
    if (this.stopped) return Promise.resolve({ ok: false, why: 'the daemon is stopping' });
    if (!this.named.has(command)) return Promise.resolve({ ok: false, why: 'no followed file names this hook warm' });
    const rest = this.resting(command);
    if (rest) return Promise.resolve({ ok: false, why: rest });
    return this.handlerOf(command).ask(line, budgetMs);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.sweep);
    for (const handler of this.handlers.values()) handler.endQuietly('the daemon stopped');
  }

  private handlerOf(command: string): WarmHandler {
    const running = this.handlers.get(command);
    if (running && !running.ended) return running;
    const handler = new WarmHandler(command, this.options, (ended, why) => this.ended(ended, why));
    this.handlers.set(command, handler);
    return handler;
  }

  private ended(handler: WarmHandler, why: string): void {
    if (this.handlers.get(handler.command) === handler) this.handlers.delete(handler.command);
    if (handler.quiet) return;
    const last = this.failures.get(handler.command);
    const now = Date.now();
    const count = last && now - last.at < this.options.restMs ? last.count + 1 : 1;
    this.failures.set(handler.command, { count, at: now });
    this.log(handler.command, why);
  }

  private resting(command: string): string | undefined {
    const last = this.failures.get(command);
    if (!last || last.count < FAILURES_BEFORE_REST) return undefined;
    const left = last.at + this.options.restMs - Date.now();
    if (left <= 0) return void this.failures.delete(command);
    return `the handler failed ${last.count} times in a row; hookd starts it again in ${Math.ceil(left / 1000)} s`;
  }

  private endIdle(): void {
    const now = Date.now();
    for (const handler of this.handlers.values())
      if (now - handler.lastUsedAt >= this.options.idleMs) handler.endQuietly('idle');
  }
}
