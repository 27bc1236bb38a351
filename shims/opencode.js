// OpenCode's side of hookd's shim (a plugin, loaded from ~/.config/opencode/plugin/, and Kilo Code's
// from ~/.config/kilo/plugin/: its fork calls plugins the same way): each event as
// Claude Code names it, its payload Claude-shaped. PreToolUse runs in `tool.execute.before`, which
// OpenCode awaits: a block throws (OpenCode gives the model the error's message), `updatedInput`
// changes the arguments in place. PostToolUse runs in `tool.execute.after`: a block's reason or a
// context is added to the tool's output the model reads. UserPromptSubmit runs in `chat.message`:
// a block ends the prompt, a context is added to it. SessionStart (session.created) and Stop
// (session.idle) come as events OpenCode does not await: their answers change nothing.
export const HookdShim = async ({ directory }) => {
  const vars = projectVars(directory);
  return {
    'tool.execute.before': async (input, output) => {
      const fields = {
        session_id: input.sessionID,
        tool_name: input.tool,
        tool_input: output.args,
        tool_use_id: input.callID,
      };
      const answer = await fire('PreToolUse', fields, directory, vars);
      if (answer.block) throw new Error(answer.reason);
      // In place: OpenCode runs the tool with the object it handed over, not with output.args.
      if (answer.updatedInput) {
        for (const key of Object.keys(output.args)) delete output.args[key];
        Object.assign(output.args, answer.updatedInput);
      }
    },
    // Awaited before the prompt is saved and sent: a context becomes a synthetic part of the prompt
    // (as OpenCode adds its own notes); a block throws, which ends `opencode run` before any model
    // request, with the reason on stderr (OpenCode itself reports only a server error).
    'chat.message': async (input, output) => {
      const texts = output.parts.filter((part) => part.type === 'text' && !part.synthetic);
      const answer = await fire(
        'UserPromptSubmit',
        { session_id: input.sessionID, prompt: texts.map((part) => part.text).join('\n') },
        directory,
        vars,
      );
      if (answer.block) {
        process.stderr.write(`${answer.reason}\n`);
        throw new Error(answer.reason);
      }
      const last = output.parts.at(-1);
      // A part id sorting after the prompt's own (OpenCode's ids ascend).
      if (answer.context && last)
        output.parts.push({ ...last, type: 'text', id: `${last.id}h`, text: answer.context, synthetic: true });
    },
    'tool.execute.after': async (input, output) => {
      const fields = {
        session_id: input.sessionID,
        tool_name: input.tool,
        tool_input: input.args,
        tool_use_id: input.callID,
        tool_response: { output: output.output, metadata: output.metadata },
      };
      const answer = await fire('PostToolUse', fields, directory, vars);
      const note = [answer.block ? answer.reason : '', answer.context ?? ''].filter(Boolean).join('\n');
      if (note && typeof output.output === 'string') output.output = `${output.output}\n${note}`;
    },
    event: async ({ event }) => {
      const session = event.properties?.sessionID;
      if (event.type === 'session.created')
        await fire('SessionStart', { session_id: session, source: 'startup' }, directory, vars);
      else if (event.type === 'session.idle')
        await fire('Stop', { session_id: session, stop_hook_active: false }, directory, vars);
    },
  };
};
