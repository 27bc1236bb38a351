// A HIF manifest (spec hooks/0.1, hooks.md §3) as hookd reads it: zod is the one source of truth.
// Unknown fields are ignored at every level, as the spec requires (§3.2: a newer manifest still
// reads); what the spec requires is checked, each issue located (`hooks[1].handler: …`).
import { z } from 'zod';

export const SPEC_VERSION = 'hooks/0.1';

const strategy = z.enum(['block', 'warn', 'exclude']);

/** A matcher (spec §6): a canonical tool name, a pattern, an MCP tool, or a list of those. */
const single = z.union([
  z.string().min(1),
  z.object({ pattern: z.string().min(1) }),
  z.object({ mcp: z.object({ server: z.string().min(1), tool: z.string().min(1).optional() }) }),
]);
export const matcherSchema = z.union([single, z.array(single).min(1)]);

const handler = z.object({
  type: z.string().min(1),
  command: z.string().min(1).optional(),
  platform: z.partialRecord(z.enum(['windows', 'linux', 'darwin']), z.string().min(1)).optional(),
  cwd: z.string().min(1).optional(),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a variable name'), z.string()).optional(),
  timeout: z.number().nonnegative().max(86_400).optional(),
  timeout_action: z.enum(['warn', 'block']).optional(),
  async: z.boolean().optional(),
  status_message: z.string().optional(),
  // hookd's own (not in hooks/0.1): the daemon keeps the command running and asks it over JSON lines
  // (docs/bridges.md, "Warm handlers"); it runs cold wherever the daemon cannot answer.
  warm: z.boolean().optional(),
});

const hook = z
  .object({
    name: z.string().min(1).optional(),
    event: z.string().regex(/^[a-z][a-z0-9_]*$/, 'a canonical event name (snake_case, events.md)'),
    matcher: matcherSchema.optional(),
    handler,
    blocking: z.boolean().optional(),
    degradation: z.record(z.string(), strategy).optional(),
    provider_data: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
    capabilities: z.array(z.string()).optional(),
    /**
     * hookd's own field (the spec ignores fields it does not know): the hook answers in this client's
     * own terms (its spec slug, `claude-code`), not in the canonical form. `hookd export` writes it for
     * a client's own hooks, and install puts such a hook only into that client, as it was (issue 41, 1).
     */
    dialect: z.string().min(1).optional(),
  })
  // §3.5: a command handler needs its command.
  .refine((one) => one.handler.type !== 'command' || one.handler.command !== undefined, {
    message: 'a command handler needs "command"',
    path: ['handler', 'command'],
  });

export const manifestSchema = z.object({
  spec: z.literal(SPEC_VERSION, { error: `expected "${SPEC_VERSION}"` }),
  hooks: z.array(hook).min(1, 'the spec requires at least one hook'),
});

export type HifManifest = z.infer<typeof manifestSchema>;
export type HifHook = HifManifest['hooks'][number];
export type HifMatcher = z.infer<typeof matcherSchema>;
export type HifSingleMatcher = z.infer<typeof single>;
export type DegradationStrategy = z.infer<typeof strategy>;
