// pi's side of hookd's shim (an extension, loaded from ~/.pi/agent/extensions/): each event as Claude
// Code names it, its payload Claude-shaped. PreToolUse runs on `tool_call`: a block returns
// `{block: true, reason}` (pi gives the model the reason), `updatedInput` changes the call's input in
// place. PostToolUse runs on `tool_result`: a block's reason or a context is added to the result the
// model reads. UserPromptSubmit runs on `input`: a block ends the prompt before the model sees it
// (the reason on stderr), a context goes to the model as a message. SessionStart (session_start),
// Stop (agent_end) and SessionEnd (session_shutdown) are awaited by pi; their answers change nothing.
const sessionFields = (ctx) => ({
  session_id: ctx.sessionManager?.getSessionId?.(),
  transcript_path: ctx.sessionManager?.getSessionFile?.(),
});
const run = (event, fields, ctx) => fire(event, { ...sessionFields(ctx), ...fields }, ctx.cwd, projectVars(ctx.cwd));

export default function hookdShim(pi) {
  pi.on('tool_call', async (event, ctx) => {
    const answer = await run(
      'PreToolUse',
      { tool_name: event.toolName, tool_input: event.input, tool_use_id: event.toolCallId },
      ctx,
    );
    if (answer.updatedInput) {
      for (const key of Object.keys(event.input)) delete event.input[key];
      Object.assign(event.input, answer.updatedInput);
    }
    if (answer.block) return { block: true, reason: answer.reason };
    return undefined;
  });
  pi.on('tool_result', async (event, ctx) => {
    const fields = {
      tool_name: event.toolName,
      tool_input: event.input,
      tool_use_id: event.toolCallId,
      tool_response: { content: event.content, isError: event.isError },
    };
    const answer = await run('PostToolUse', fields, ctx);
    const note = [answer.block ? answer.reason : '', answer.context ?? ''].filter(Boolean).join('\n');
    return note ? { content: [...(event.content ?? []), { type: 'text', text: note }] } : undefined;
  });
  // A prompt's hooks run on `input` (awaited; `handled` ends it before the model sees it); their context reaches the model as a message on `before_agent_start`.
  let context;
  pi.on('input', async (event, ctx) => {
    const answer = await run('UserPromptSubmit', { prompt: event.text }, ctx);
    context = answer.context;
    if (!answer.block) return undefined;
    process.stderr.write(`${answer.reason}\n`);
    if (ctx.hasUI) ctx.ui.notify(answer.reason, 'error');
    return { action: 'handled' };
  });
  pi.on('before_agent_start', () => {
    const text = context;
    context = undefined;
    return text ? { message: { customType: 'hookd', content: text, display: false } } : undefined;
  });
  pi.on('session_start', (event, ctx) => run('SessionStart', { source: event.reason }, ctx).then(() => undefined));
  pi.on('agent_end', (_event, ctx) => run('Stop', { stop_hook_active: false }, ctx).then(() => undefined));
  pi.on('session_shutdown', (event, ctx) => run('SessionEnd', { reason: event.reason }, ctx).then(() => undefined));
}
