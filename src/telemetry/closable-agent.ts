// An HTTP agent that can be shut for good. The OTLP exporter retries a failed export with backoff
// until its own timeout (10 s by default), on timers that keep the process alive: a collector that
// hangs would hold the daemon's exit that long. Once shut, requests in flight fail with an error
// the exporter does not retry, and new ones cannot connect.
import { Agent, type AgentOptions } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Socket } from 'node:net';

type Connect = (error: Error | null, socket?: Socket) => void;

const stopped = () => Object.assign(new Error('hookd is stopping: spans not exported'), { code: 'EHOOKDSTOPPED' });

// The same override on both agents: refuse to connect once shut.
function shutOnce<T extends Agent>(agent: T, shut: () => boolean): T {
  const create = agent.createConnection.bind(agent) as (options: object, callback: Connect) => Socket | undefined;
  (agent as unknown as { createConnection: typeof create }).createConnection = (options, callback) => {
    if (!shut()) return create(options, callback);
    callback(stopped());
    return undefined;
  };
  return agent;
}

/** An http and an https agent for the exporter, and `shut`, which ends their requests and refuses more. */
export function closableAgents(options: AgentOptions = { keepAlive: true }): {
  http: Agent;
  https: HttpsAgent;
  shut(): void;
} {
  let isShut = false;
  const http = shutOnce(new Agent(options), () => isShut);
  const https = shutOnce(new HttpsAgent(options), () => isShut);
  return {
    http,
    https,
    shut() {
      isShut = true;
      for (const agent of [http, https]) {
        for (const sockets of Object.values(agent.sockets))
          for (const socket of sockets ?? []) socket.destroy(stopped());
        agent.destroy();
      }
    },
  };
}
