// The split of a tool event for a client whose tool is in the event's name is the dialect's data,
// not Cursor's code (issue 42, 7): a second such dialect, Windsurf's (issue 43),
// lands the canonical vectors' tool hooks on the events the windsurf vectors name, reads them back,
// and names each event's tool for the run-time fields; one with no "other tools" event says so.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventTools, fromSplit, splitTargets } from '../../src/hif/split-events.js';
import { parseManifestText } from '../../src/hif/read-manifest.js';
import { CURSOR_DIALECT } from '../../src/clients/cursor/hif.js';
import { WINDSURF_DIALECT } from '../../src/clients/windsurf/hif.js';
import { HIF } from './vector-shapes.js';

// Windsurf's own dialect (src/clients/windsurf/hif.ts), checked against the spec's windsurf column.
const WINDSURF = WINDSURF_DIALECT;

const vectorFile = (side: string, name: string) => readFileSync(path.join(HIF, side, `${name}.json`), 'utf8');

describe('a tool event split by the dialect', () => {
  it("lands the canonical multi-event vector's tool hooks where the windsurf vector does", () => {
    const read = parseManifestText(vectorFile('canonical', 'multi-event'), 'multi-event');
    if (!read.ok) throw new Error(read.issues.join('\n'));
    const notes: string[] = [];
    const events = read.manifest.hooks
      .filter((hook) => hook.event === 'before_tool_execute' || hook.event === 'after_tool_execute')
      .flatMap((hook) =>
        splitTargets(WINDSURF, 'Windsurf', hook.event as 'before_tool_execute', hook.matcher, 'Hook', notes).map(
          (target) => [target.event, hook.handler.command],
        ),
      );
    const expected = Object.entries(JSON.parse(vectorFile('windsurf', 'multi-event')).hooks as object)
      .filter(([event]) => event !== 'pre_user_prompt' && event !== 'post_cascade_response')
      .flatMap(([event, hooks]) => (hooks as { command: string }[]).map((hook) => [event, hook.command]));
    expect(events.sort()).toEqual(expected.sort());
    expect(notes).toEqual([
      "Hook: the matcher's tools split into separate Windsurf events: pre_run_command, pre_write_code",
    ]);
  });

  it('reads each split event back as its canonical event and tool, and names the tool for the run-time fields', () => {
    expect(fromSplit(WINDSURF, 'pre_write_code', undefined)).toEqual({
      event: 'before_tool_execute',
      tool: 'file_write',
    });
    expect(fromSplit(WINDSURF, 'post_run_command', undefined)).toEqual({ event: 'after_tool_execute', tool: 'shell' });
    expect(fromSplit(WINDSURF, 'pre_mcp_tool_use', 'github__create_issue')).toEqual({
      event: 'before_tool_execute',
      mcp: 'github__create_issue',
    });
    expect(fromSplit(WINDSURF, 'pre_user_prompt', undefined)).toBeUndefined();
    expect(Object.fromEntries(eventTools(WINDSURF))).toEqual({
      pre_run_command: 'shell',
      pre_read_code: 'file_read',
      pre_write_code: 'file_write',
      post_run_command: 'shell',
      post_read_code: 'file_read',
      post_write_code: 'file_write',
    });
  });

  it('says a tool with no event of its own where the client has no "other tools" event, and keeps Cursor\'s', () => {
    const notes: string[] = [];
    expect(splitTargets(WINDSURF, 'Windsurf', 'before_tool_execute', ['shell', 'web_fetch'], 'Hook', notes)).toEqual([
      { event: 'pre_run_command' },
    ]);
    expect(notes).toEqual(['Hook: Windsurf has no event for "web_fetch": left out of the matcher']);
    expect(splitTargets(CURSOR_DIALECT, 'Cursor', 'before_tool_execute', 'web_fetch', 'Hook', [])).toEqual([]);
    expect(splitTargets(CURSOR_DIALECT, 'Cursor', 'before_tool_execute', 'search', 'Hook', [])).toEqual([
      { event: 'preToolUse', matcher: 'grep_search' },
    ]);
  });
});
