// The ways `hookd install --transport NAME` can send a client's events to the daemon, in one list:
// each transport's name, its words in --transport's help, and its plan of one file's edit with the
// notes it adds. The command table reads the names and the help from here (cli/options.ts), so this
// file stays light: a transport's plan is imported only when install runs.
import type { AddRequest, Plan, PlanOptions } from './plan-edit.js';
import type { InstallMode } from './route-hooks.js';
import type { ClientProfile } from '../clients/profile.js';

/** What a transport plans an install of one file from. */
export interface TransportInput {
  text: string;
  exists: boolean;
  /** The events named (--events); every event of the file when undefined. */
  events: readonly string[] | undefined;
  adds: readonly AddRequest[];
  client: ClientProfile;
  mode: InstallMode;
  /** The bridges' options and where the file's hooks stand. */
  options: PlanOptions;
  /** The loopback listener's port (--tcp-port, HOOKD_TCP_PORT); its default when undefined. */
  tcpPort: number | undefined;
  stateDir: string;
}

/** A transport's edit of one file, and what it says of the client beside it. */
export interface TransportPlan {
  plan: Plan;
  notes: string[];
}

interface Transport {
  /** Its words in --transport's help. */
  help: string;
  /** Its planner, imported on demand. */
  load(): Promise<(input: TransportInput) => TransportPlan>;
}

export const TRANSPORTS = {
  bridge: {
    help: 'the client runs hookd emit',
    load: async () => {
      const { planInstall } = await import('./plan-edit.js');
      return (input) => ({
        plan: planInstall(input.text, input.exists, input.events, input.adds, input.options),
        notes: [],
      });
    },
  },
  http: {
    help: 'Claude Code posts the event to the daemon (other clients keep the bridge)',
    load: async () => (await import('./http-plan.js')).httpTransport,
  },
} satisfies Record<string, Transport>;

export type TransportName = keyof typeof TRANSPORTS;

/** The transports' names, the default first. */
export const TRANSPORT_NAMES = Object.keys(TRANSPORTS) as TransportName[];

/** --transport's help: each transport's name and what it does. */
export const transportHelp = (): string =>
  TRANSPORT_NAMES.map((name) => `${name}: ${TRANSPORTS[name].help}`).join('; ');
