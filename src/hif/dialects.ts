// Each client's dialect of the canonical form (spec hooks/0.1, OpenScribbler/syllago
// docs/spec/hooks/, CC-BY-4.0), as data, gathered from the clients' folders (clients/claude/hif.ts…,
// held by each profile): its event names, tool names, MCP form, matcher style, timeout unit and,
// where the tool is in the event's name, its split. Read through vocabulary.ts.
import type { Dialect } from '../clients/dialect.js';
import { CLIENTS } from '../clients/registry.js';

// In the clients' order, Claude Code's first: install, export and the translation tables read the
// first dialect that names a thing, and the clients that copied Claude Code's names read as it.
const ALL = CLIENTS.flatMap((client) => (client.dialect ? [client.dialect] : []));
export const DIALECTS: readonly Dialect[] = [
  ...ALL.filter((dialect) => dialect.client === 'claude'),
  ...ALL.filter((dialect) => dialect.client !== 'claude'),
];
