// `hookd sessions list|create|message`: sessions of the platform, directly with the key or,
// without one, through the daemon's proxy. Each builds the request of its endpoint
// (src/api/endpoints.ts), whose schemas check it before it is sent.
import { UsageError } from '../common/errors.js';
import { collect, walkSessions } from '../api/walk-pages.js';
import type { Session } from '../api/session-schemas.js';
import { addMessage, createSession, listSessions } from '../api/endpoints.js';
import { connectApi, type ConnectOptions } from './api-connect.js';
import { clip, hint, orNotFound, printJson, printTable, showTime } from './api-output.js';
import { readAttachment, readImage } from './api-attachments.js';

interface Common extends ConnectOptions {
  json?: boolean;
}

export interface ListOptions extends Common {
  limit?: string;
  cursor?: string;
  computer?: string;
  all?: boolean;
}

function printSessions(sessions: Session[]): void {
  const rows = sessions.map((s) => [s.sessionId, s.status, String(s.messageCount), showTime(s.updatedAt), s.computerId ?? '', clip(s.title)]);
  printTable(['SESSION', 'STATUS', 'MESSAGES', 'UPDATED', 'COMPUTER', 'TITLE'], rows, 'no sessions');
}

/** List one page of sessions, or all of them with --all. */
export async function sessionsList(options: ListOptions): Promise<void> {
  const client = connectApi({ ...options, viaDaemon: true });
  const query = { limit: options.limit, cursor: options.cursor, computerId: options.computer };
  if (options.all) {
    const sessions = await collect(walkSessions(client, query));
    return options.json ? printJson({ sessions }) : printSessions(sessions);
  }
  const page = await client.call(listSessions, { query });
  if (options.json) return printJson(page);
  printSessions(page.sessions);
  if (page.pagination.hasMore && page.pagination.nextCursor) hint(`more sessions: add --cursor ${page.pagination.nextCursor}, or --all`);
}

export interface CreateOptions extends Common {
  computer: string;
  cwd?: string;
  settingsJson?: string;
}

/** Create a session on a computer. */
export async function sessionsCreate(options: CreateOptions): Promise<void> {
  let sessionSettings: Record<string, unknown> | undefined;
  if (options.settingsJson !== undefined) {
    try {
      sessionSettings = JSON.parse(options.settingsJson) as Record<string, unknown>;
    } catch (error) {
      throw new UsageError(`--settings-json: not valid JSON: ${(error as Error).message}`);
    }
    if (typeof sessionSettings !== 'object' || sessionSettings === null || Array.isArray(sessionSettings)) throw new UsageError('--settings-json: expected a JSON object');
  }
  const client = connectApi({ ...options, viaDaemon: true });
  const session = await orNotFound(client.call(createSession, { body: { computerId: options.computer, cwd: options.cwd, sessionSettings } }), 'hookd computers list shows the computers there are');
  if (options.json) return printJson(session);
  process.stdout.write(`created session ${session.sessionId} on computer ${session.computerId ?? options.computer} (${session.status})\n`);
}

export interface MessageOptions extends Common {
  image?: string[];
  file?: string[];
  computer?: string;
}

/** Add a message, with images and files, to a session. */
export async function sessionsMessage(sessionId: string, text: string, options: MessageOptions): Promise<void> {
  const images = await Promise.all((options.image ?? []).map(readImage));
  const files = await Promise.all((options.file ?? []).map(readAttachment));
  const client = connectApi({ ...options, viaDaemon: true });
  const body = { text, ...(images.length > 0 ? { images } : {}), ...(files.length > 0 ? { files } : {}), ...(options.computer ? { computerId: options.computer } : {}) };
  const lists = options.computer ? 'hookd sessions list and hookd computers list show what there is' : 'hookd sessions list shows the sessions there are';
  const result = await orNotFound(client.call(addMessage, { params: { sessionId }, body }), lists);
  if (options.json) return printJson(result);
  process.stdout.write(`message ${result.messageId} added to session ${sessionId}; the agent is ${result.status}\n`);
}
