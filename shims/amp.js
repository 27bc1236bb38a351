// Amp's side of hookd's shim (a plugin, run by Amp's Bun from ~/.config/amp/plugins/hookd.ts; plain
// JavaScript is valid there): each event as Claude Code names it, its payload Claude-shaped, the
// thread's id as the session. PreToolUse runs on `tool.call`, which Amp awaits: a block is
// `reject-and-continue` (Amp gives the model the message), `updatedInput` is `modify`. PostToolUse runs
// on `tool.result`: a block's reason or a context is added to a text output the model reads.
// UserPromptSubmit runs on `agent.start`: a context is appended to the prompt (Amp has no way to refuse
// one). Stop runs on `agent.end`: a block sends its reason back as the next user message (`continue`),
// as a Claude Code Stop block does. SessionStart (`session.start`) is not awaited: its answer changes
// nothing.
export default function hookdShim(amp) {
  const root = amp.system?.workspaceRoot;
  const directory = root ? amp.helpers.filePathFromURI(root) : process.cwd();
  const vars = projectVars(directory);
  const run = (event, fields, thread) => fire(event, { session_id: thread?.id, ...fields }, directory, vars);

  amp.on('tool.call', async (event) => {
    const answer = await run(
      'PreToolUse',
      { tool_name: event.tool, tool_input: event.input, tool_use_id: event.toolUseID },
      event.thread,
    );
    if (answer.block) return { action: 'reject-and-continue', message: answer.reason };
    if (answer.updatedInput) return { action: 'modify', input: answer.updatedInput };
    return { action: 'allow' };
  });
  amp.on('tool.result', async (event) => {
    const fields = {
      tool_name: event.tool,
      tool_input: event.input,
      tool_use_id: event.toolUseID,
      tool_response: { status: event.status, output: event.output, error: event.error },
    };
    const answer = await run('PostToolUse', fields, event.thread);
    const note = [answer.block ? answer.reason : '', answer.context ?? ''].filter(Boolean).join('\n');
    if (!note || typeof event.output !== 'string') return undefined;
    return { status: event.status, output: `${event.output}\n${note}`, ...(event.error ? { error: event.error } : {}) };
  });
  amp.on('agent.start', async (event) => {
    const answer = await run('UserPromptSubmit', { prompt: event.message }, event.thread);
    // Amp has no way to refuse a prompt: a block cannot be carried, and is said, not turned into something else.
    if (answer.block)
      process.stderr.write(
        `hookd shim: Amp cannot refuse a prompt; a UserPromptSubmit hook blocked it: ${answer.reason}\n`,
      );
    return answer.context ? { message: { content: answer.context, display: false } } : {};
  });
  amp.on('agent.end', async (event) => {
    const answer = await run('Stop', { stop_hook_active: false, status: event.status }, event.thread);
    return answer.block ? { action: 'continue', userMessage: answer.reason } : undefined;
  });
  amp.on('session.start', async (event) => {
    await run('SessionStart', { source: 'startup' }, event.thread);
  });
}
