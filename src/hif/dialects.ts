// Each client's dialect of the canonical form (spec hooks/0.1, OpenScribbler/syllago
// docs/spec/hooks/, CC-BY-4.0), as data: its event names, tool names, MCP form, matcher style and
// timeout unit. Where the spec's tables and a client's real binary disagree, the binary wins (each
// such row says so; docs/hooks-manifest.md lists them). Read through vocabulary.ts.
import type { Dialect } from './dialect.js';
import {
  CLAUDE_DIALECT,
  DROID_DIALECT,
  COPILOT_DIALECT,
  GEMINI_DIALECT,
  CODEX_DIALECT,
  CURSOR_DIALECT,
} from './dialects-in-spec.js';
import { QWEN_DIALECT, OPENCODE_DIALECT, PI_DIALECT, CRUSH_DIALECT, CLINE_DIALECT } from './dialects-beyond-spec.js';

// In this order: install, export and the translation tables read the first dialect that names a thing.
export const DIALECTS: readonly Dialect[] = [
  CLAUDE_DIALECT,
  DROID_DIALECT,
  COPILOT_DIALECT,
  QWEN_DIALECT,
  GEMINI_DIALECT,
  CODEX_DIALECT,
  CURSOR_DIALECT,
  OPENCODE_DIALECT,
  PI_DIALECT,
  CRUSH_DIALECT,
  CLINE_DIALECT,
];
