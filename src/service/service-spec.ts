// What the service runs: this Node and this package's dist/bin.js, by absolute path, so the
// service does not depend on the PATH it starts with.
import path from 'node:path';
import { packageRoot } from '../common/package-root.js';
import { serviceEnvironment } from './service-env.js';

export interface ServiceSpec {
  node: string;
  script: string;
  env: Record<string, string>;
}

/** The spec for the current Node, package and environment, with notes for the user. */
export function currentServiceSpec(env: NodeJS.ProcessEnv = process.env): { spec: ServiceSpec; notes: string[] } {
  const { vars, notes } = serviceEnvironment(env);
  return { spec: { node: process.execPath, script: path.join(packageRoot(), 'dist', 'bin.js'), env: vars }, notes };
}
