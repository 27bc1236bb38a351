// The ways `hookd emit` runs, each to store the same record: bin/hookd's sh path, the native front
// door (the program an install puts in bin/hookd's place, emit in C) and Node's (HOOKD_BRIDGE_NODE=1).
import { FRONT_DOOR, HOOKD } from './paths.js';

export interface EmitWay {
  name: string;
  hookd: string;
  env: Record<string, string>;
}

export const EMIT_WAYS: readonly EmitWay[] = [
  { name: 'sh', hookd: HOOKD, env: {} },
  { name: 'front door', hookd: FRONT_DOOR, env: {} },
  { name: 'Node', hookd: HOOKD, env: { HOOKD_BRIDGE_NODE: '1' } },
];
