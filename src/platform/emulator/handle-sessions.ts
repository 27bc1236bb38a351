// The emulator's sessions: list (cursor pages, newest first, by computer), create (201), and add a
// message. A message makes an idle session `running` (a busy one answers `pending`); the simulated
// agent turn ends after `runMs`, adding its reply and leaving the session `idle`.
import type { Session } from '../api/session-schemas.js';
import { sendError } from '../../http/answers.js';
import { byNewest } from './emulator-data.js';
import { cursorPage, pageSize, type EndpointContext, type Request } from './emulator-http.js';

let counter = 0;

/** A new id with a prefix, unique within this process. */
export function newId(prefix: string): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter.toString(36).padStart(4, '0')}`;
}

/** GET /api/v0/sessions */
export function listSessions(ctx: EndpointContext, { query }: Request<'listSessions'>): void {
  const all = ctx.data.sessions
    .filter((session) => !query.computerId || session.computerId === query.computerId)
    .sort(byNewest((s: Session) => s.sessionId));
  const result = cursorPage(ctx, all, (session) => session.sessionId, pageSize(ctx, query.limit), query.cursor);
  if (result) ctx.answer({ sessions: result.page, pagination: result.pagination });
}

/** POST /api/v0/sessions */
export function createSession(ctx: EndpointContext, { body }: Request<'createSession'>): void {
  if (!ctx.data.computers.some((computer) => computer.id === body.computerId)) {
    return sendError(ctx.res, 404, `computer ${body.computerId} was not found`);
  }
  const now = Date.now();
  const session: Session = {
    sessionId: newId('ses'),
    status: 'idle',
    messageCount: 0,
    createdAt: now,
    updatedAt: now,
    computerId: body.computerId,
    sessionSettings: {
      model: 'model-large',
      reasoningEffort: 'medium',
      interactionMode: 'auto',
      ...body.sessionSettings,
    },
    ...(body.cwd ? { cwd: body.cwd } : {}),
  };
  ctx.data.sessions.push(session);
  ctx.answer(session);
}

/** POST /api/v0/sessions/{sessionId}/messages */
export function addMessage(ctx: EndpointContext, { params, body }: Request<'addMessage'>): void {
  const session = ctx.data.sessions.find((item) => item.sessionId === params.sessionId);
  if (!session) return sendError(ctx.res, 404, `session ${params.sessionId} was not found`);
  const computerId = body.computerId ?? session.computerId;
  if (!computerId || !ctx.data.computers.some((computer) => computer.id === computerId)) {
    return sendError(ctx.res, 404, `computer ${computerId ?? '(none)'} was not found`);
  }
  const busy = session.status !== 'idle';
  session.messageCount += 1;
  session.updatedAt = Date.now();
  session.status = busy ? 'pending' : 'running';
  session.title ??= body.text.slice(0, 60);
  const messageId = newId('msg');
  // The turn and any queued turn end together: the session goes back to idle.
  ctx.later(() => {
    session.status = 'idle';
    session.messageCount += 1;
    session.updatedAt = Date.now();
  });
  ctx.answer({ messageId, status: session.status });
}
