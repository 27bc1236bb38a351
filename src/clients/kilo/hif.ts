// Kilo Code CLI in the canonical form's terms (its dialect, then how it is told an answer), as data:
// OpenCode's fork, through the same shim adapter (shims/opencode.js) and ~/.config/hookd/kilo.json.
import type { Dialect } from '../dialect.js';
import { OPENCODE_DIALECT } from '../opencode/hif.js';
import { CONTEXT, REWRITE, row } from '../answer-row.js';

export const KILO_DIALECT: Dialect = {
  // Not in the spec (hookd's slug). Its tool ids are OpenCode's (seen in the real 7.7.7's requests),
  // with no web search or apply_patch.
  ...OPENCODE_DIALECT,
  client: 'kilo',
  slug: 'kilo',
  tools: {
    shell: 'bash',
    file_read: 'read',
    file_write: 'write',
    file_edit: 'edit',
    search: 'grep',
    find: 'glob',
    web_fetch: 'webfetch',
    agent: 'task',
  },
  toolAliases: {},
};

// As OpenCode's (proven with its binary: test/clients/plugin-clients.test.ts).
export const KILO_ANSWERS = [
  ...row('kilo', ['UserPromptSubmit', 'PostToolUse'], 'context', 0, CONTEXT),
  ...row('kilo', ['PreToolUse'], 'rewrite', 0, REWRITE),
];
