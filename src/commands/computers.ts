// `hookd computers list|get|update|install-deps`: the execution hosts of the organization, each
// command building the request of its endpoint (src/api/endpoints.ts).
import { UsageError } from '../common/errors.js';
import type { Computer } from '../api/computer-schemas.js';
import { getComputer, listComputers, updateComputer } from '../api/endpoints.js';
import { connectApi } from './api-connect.js';
import { orNotFound, printFields, printJson, printTable, showTime } from './api-output.js';

const LIST = 'hookd computers list shows the computers there are';

interface Common {
  json?: boolean;
}

function printComputer(computer: Computer): void {
  printFields([
    ['id', computer.id],
    ['name', computer.name],
    ['provider', computer.providerType],
    ['status', computer.status],
    ['created', showTime(computer.createdAt)],
    ['hostId', computer.hostId],
    ['hostname', computer.hostname],
    ['remoteUser', computer.remoteUser],
    ['relayClientUrl', computer.relayClientUrl],
    ['relayAgentUrl', computer.relayAgentUrl],
  ]);
  for (const step of computer.provisioningSteps ?? []) {
    process.stdout.write(`  step ${step.name ?? step.id ?? '?'}: ${step.status ?? 'unknown'}${step.error ? ` (${step.error})` : ''}\n`);
  }
}

/** List every computer, newest first. */
export async function computersList(options: Common): Promise<void> {
  const result = await connectApi().call(listComputers, {});
  if (options.json) return printJson(result);
  const rows = result.computers.map((c) => [c.id, c.name, c.providerType, c.status ?? '', c.hostname ?? '', showTime(c.createdAt)]);
  printTable(['COMPUTER', 'NAME', 'PROVIDER', 'STATUS', 'HOSTNAME', 'CREATED'], rows, 'no computers');
}

/** Show one computer. */
export async function computersGet(id: string, options: Common): Promise<void> {
  const computer = await orNotFound(connectApi().call(getComputer, { params: { computerId: id } }), LIST);
  return options.json ? printJson(computer) : printComputer(computer);
}

export interface UpdateOptions extends Common {
  name?: string;
  hostId?: string;
  remoteUser?: string;
}

/** Rename a computer, or set its hostId or remote user. */
export async function computersUpdate(id: string, options: UpdateOptions): Promise<void> {
  const body = { name: options.name, hostId: options.hostId, remoteUser: options.remoteUser };
  if (Object.values(body).every((value) => value === undefined)) throw new UsageError('nothing to update: give --name, --host-id or --remote-user');
  const computer = await orNotFound(connectApi().call(updateComputer, { params: { computerId: id }, body }), LIST);
  return options.json ? printJson(computer) : printComputer(computer);
}

/** Retry the install-dependencies step; one already running is reported, not an error. */
export async function computersInstallDeps(id: string, options: Common): Promise<void> {
  const result = await orNotFound(connectApi().installDeps(id), LIST);
  if (options.json) return printJson(result.started ? result.computer : { alreadyRunning: true, detail: result.detail });
  // One line either way: the API's own detail of a 409 says the same (it is kept in --json).
  if (result.started) process.stdout.write(`install started on computer ${id} (${result.computer.status ?? 'status unknown'})\n`);
  else process.stdout.write(`already running: an install of dependencies is in progress on computer ${id}; nothing to do\n`);
}
