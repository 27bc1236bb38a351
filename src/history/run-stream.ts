// GET /runs/stream: server-sent events, one `data:` line of JSON (a RunSummary) per run as its
// outcome is recorded (the run bus's `recorded`, once the history line is written). A client that
// does not read is not buffered for without bound: once more than MAX_BUFFERED bytes wait for it,
// it is dropped (it reconnects and catches up with GET /runs).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HistoryEntry } from '../runs/history-line.js';
import type { RunBus } from '../runs/run-bus.js';
import { matches, type RunFilter } from './run-filter.js';
import { summaryOf } from './run-summary.js';
import { sendRefusal } from '../http/answers.js';

/** Bytes that may wait for one slow client before it is dropped: well above a burst of runs recorded in one turn. */
export const MAX_BUFFERED = 1024 * 1024;
/** Streams open at once; one more is refused (503). */
export const MAX_CLIENTS = 200;
// A comment line now and then: proxies keep the stream open, and a vanished client is noticed.
// The timer runs only while a stream is open: an idle daemon is not woken for it (issue 24).
const KEEPALIVE_MS = 15_000;

interface Client {
  res: ServerResponse;
  filter: RunFilter;
}

/** The open streams of one daemon, fed by its run bus. */
export class RunStream {
  private readonly clients = new Set<Client>();
  private readonly stopHearing: () => void;
  private keepalive: NodeJS.Timeout | undefined;
  /** Clients dropped for not reading (for the tests and the log). */
  dropped = 0;

  constructor(
    runs: RunBus,
    private readonly limits = { maxBuffered: MAX_BUFFERED, maxClients: MAX_CLIENTS },
  ) {
    this.stopHearing = runs.on('recorded', (entry) => this.send(entry));
  }

  /** Streams open now. */
  get size(): number {
    return this.clients.size;
  }

  /** Answer one GET /runs/stream: keep `res` open and send it every run that passes `filter`. */
  open(req: IncomingMessage, res: ServerResponse, filter: RunFilter): void {
    if (this.clients.size >= this.limits.maxClients)
      return sendRefusal(res, 'EBUSY', `too many run streams open (${this.limits.maxClients}); close some`);
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': hookd runs\n\n');
    const client: Client = { res, filter };
    this.clients.add(client);
    this.keepalive ??= setInterval(() => this.broadcast(': keepalive\n\n'), KEEPALIVE_MS).unref();
    const forget = () => this.forget(client);
    res.once('close', forget);
    req.once('close', forget);
  }

  private send(entry: HistoryEntry): void {
    let line: string | undefined;
    for (const client of this.clients) {
      if (!matches(entry, client.filter)) continue;
      line ??= `data: ${JSON.stringify(summaryOf(entry))}\n\n`;
      this.write(client, line);
    }
  }

  private forget(client: Client): void {
    this.clients.delete(client);
    if (this.clients.size > 0) return;
    clearInterval(this.keepalive);
    this.keepalive = undefined;
  }

  private broadcast(text: string): void {
    for (const client of this.clients) this.write(client, text);
  }

  private write(client: Client, text: string): void {
    if (client.res.writableLength + text.length > this.limits.maxBuffered) {
      // It does not read: drop it rather than hold ever more for it.
      this.forget(client);
      this.dropped += 1;
      client.res.destroy();
      return;
    }
    client.res.write(text);
  }

  /** End every stream and stop listening (the daemon stops). */
  close(): void {
    this.stopHearing();
    clearInterval(this.keepalive);
    for (const client of this.clients) client.res.end();
    this.clients.clear();
  }
}
