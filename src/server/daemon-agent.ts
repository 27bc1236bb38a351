// The undici Agent whose connections go to the daemon's unix socket (`connect.socketPath`, whatever
// the URL's host): for what needs more than one request-answer, the API client through the
// daemon's proxy (platform/commands/api-connect.ts) and `hookd history --follow`'s stream.
import { Agent } from 'undici';

const agents = new Map<string, Agent>();

/** The Agent for the daemon's socket at `socketPath` (one per path). */
export function daemonAgent(socketPath: string): Agent {
  let agent = agents.get(socketPath);
  if (!agent) agents.set(socketPath, (agent = new Agent({ connect: { socketPath } })));
  return agent;
}
