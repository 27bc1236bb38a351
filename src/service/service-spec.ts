// What the service runs: this Node and this package's dist/bin.js, by absolute path, so the
// service does not depend on the PATH it starts with; and the port the service holds for the
// hook endpoint (the one `hookd install --transport http` writes into hook URLs).
import path from 'node:path';
import { packageRoot } from '../common/package-root.js';
import { hookPort } from '../server/hook-port.js';
import { serviceEnvironment } from './service-env.js';

export interface ServiceSpec {
  node: string;
  script: string;
  env: Record<string, string>;
  /** The hook endpoint's port, held by the service manager where it can pass it (hookd.socket). */
  port: number;
}

/** The port of HOOKD_TCP_PORT when it names one, else the default. */
function portOf(value: string | undefined): number {
  const port = Number(value);
  return hookPort(Number.isInteger(port) && port <= 65535 ? port : undefined);
}

/** The spec for the current Node, package and environment, with notes for the user. */
export function currentServiceSpec(env: NodeJS.ProcessEnv = process.env): { spec: ServiceSpec; notes: string[] } {
  const { vars, notes } = serviceEnvironment(env);
  return {
    spec: {
      node: process.execPath,
      script: path.join(packageRoot(), 'dist', 'bin.js'),
      env: vars,
      port: portOf(env.HOOKD_TCP_PORT),
    },
    notes,
  };
}
