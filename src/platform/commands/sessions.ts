// `hookd api sessions list|create|message`: sessions of the platform, directly with the key or,
// without one, through the daemon's proxy. Each builds the request of its endpoint
// (src/platform/api/endpoints.ts), whose schemas check it before it is sent; each prints what the answer
// holds, as sent, whatever drifted in it.
import { UsageError } from '../../common/errors.js';
import { PAGE_RULES } from '../api/walk-pages.js';
import { addMessage, createSession, listSessions } from '../api/endpoints.js';
import { connectApi, type ConnectOptions } from './api-connect.js';
import { cell, field, list, orNotFound, printAnswer, showTime } from './api-output.js';
import { printCursorList, type ListingSpec } from './api-listing.js';
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

const LISTING: ListingSpec = {
  noun: 'sessions',
  resumeFlag: '--cursor',
  headers: ['SESSION', 'STATUS', 'MESSAGES', 'UPDATED', 'COMPUTER', 'TITLE'],
  empty: 'no sessions',
  row: (s) => [
    cell(field(s, 'sessionId')),
    cell(field(s, 'status')),
    cell(field(s, 'messageCount')),
    showTime(field(s, 'updatedAt')),
    cell(field(s, 'computerId')),
    cell(field(s, 'title'), 40),
  ],
};

/** List one page of sessions, or all of them with --all (each page printed as it arrives). */
export async function sessionsList(options: ListOptions): Promise<void> {
  const client = connectApi({ ...options, viaDaemon: true });
  const read = (cursor: string | undefined) =>
    client.read(listSessions, { query: { limit: options.limit, cursor, computerId: options.computer } });
  return printCursorList(
    {
      read,
      rule: PAGE_RULES.listSessions,
      endpoint: listSessions.name,
      command: 'sessions list',
      warn: (text) => client.warn(text),
    },
    LISTING,
    options,
  );
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
    if (typeof sessionSettings !== 'object' || sessionSettings === null || Array.isArray(sessionSettings))
      throw new UsageError('--settings-json: expected a JSON object');
  }
  const client = connectApi({ ...options, viaDaemon: true });
  const answer = await orNotFound(
    client.read(createSession, { body: { computerId: options.computer, cwd: options.cwd, sessionSettings } }),
    'hookd api computers list shows the computers there are',
  );
  if (options.json) return printAnswer(answer);
  const id = cell(field(answer.value, 'sessionId'));
  const computer = cell(field(answer.value, 'computerId')) || options.computer;
  const status = cell(field(answer.value, 'status'));
  if (id === '') {
    // Created (a 2xx) but unnamed: the listing shows it; creating it again would make a second one.
    process.stdout.write(
      `created a session on computer ${computer} (HTTP ${answer.status}), but the answer names no sessionId: hookd api sessions list --computer ${options.computer} shows it\n`,
    );
    return;
  }
  process.stdout.write(`created session ${id} on computer ${computer}${status ? ` (${status})` : ''}\n`);
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
  const body = {
    text,
    ...(images.length > 0 ? { images } : {}),
    ...(files.length > 0 ? { files } : {}),
    ...(options.computer ? { computerId: options.computer } : {}),
  };
  const lists = options.computer
    ? 'hookd api sessions list and hookd api computers list show what there is'
    : 'hookd api sessions list shows the sessions there are';
  const answer = await orNotFound(client.read(addMessage, { params: { sessionId }, body }), lists);
  if (options.json) return printAnswer(answer);
  const messageId = cell(field(answer.value, 'messageId'));
  const status = cell(field(answer.value, 'status'));
  const added = messageId
    ? `message ${messageId} added to session ${sessionId}`
    : `message added to session ${sessionId} (HTTP ${answer.status})`;
  process.stdout.write(`${added}${status ? `; the agent is ${status}` : ''}\n`);
}
