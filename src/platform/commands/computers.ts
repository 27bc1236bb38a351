// `hookd api computers list|get|update|install-deps`: the execution hosts of the organization, each
// command building the request of its endpoint (src/platform/api/endpoints.ts) and printing what the answer
// holds, as sent.
import { UsageError } from '../../common/errors.js';
import { getComputer, listComputers, updateComputer } from '../api/endpoints.js';
import { connectApi, type ConnectOptions } from './api-connect.js';
import {
  cell,
  field,
  list,
  orNotFound,
  printAnswer,
  printFields,
  printJson,
  printTable,
  showTime,
} from './api-output.js';

const LIST = 'hookd api computers list shows the computers there are';

interface Common extends ConnectOptions {
  json?: boolean;
}

function printComputer(computer: unknown): void {
  const at = (name: string) => field(computer, name);
  printFields([
    ['id', at('id')],
    ['name', at('name')],
    ['provider', at('providerType')],
    ['status', at('status')],
    ['created', showTime(at('createdAt'))],
    ['hostId', at('hostId')],
    ['hostname', at('hostname')],
    ['remoteUser', at('remoteUser')],
    ['relayClientUrl', at('relayClientUrl')],
    ['relayAgentUrl', at('relayAgentUrl')],
  ]);
  for (const step of list(at('provisioningSteps'))) {
    const name = cell(field(step, 'name')) || cell(field(step, 'id')) || '?';
    const error = cell(field(step, 'error'));
    process.stdout.write(`  step ${name}: ${cell(field(step, 'status')) || 'unknown'}${error ? ` (${error})` : ''}\n`);
  }
}

/** List every computer, newest first. */
export async function computersList(options: Common): Promise<void> {
  const answer = await connectApi(options).read(listComputers, {});
  if (options.json) return printAnswer(answer);
  const rows = list(field(answer.value, 'computers')).map((c) => [
    cell(field(c, 'id')),
    cell(field(c, 'name'), 40),
    cell(field(c, 'providerType')),
    cell(field(c, 'status')),
    cell(field(c, 'hostname'), 60),
    showTime(field(c, 'createdAt')),
  ]);
  printTable(['COMPUTER', 'NAME', 'PROVIDER', 'STATUS', 'HOSTNAME', 'CREATED'], rows, 'no computers');
}

/** Show one computer. */
export async function computersGet(id: string, options: Common): Promise<void> {
  const answer = await orNotFound(connectApi(options).read(getComputer, { params: { computerId: id } }), LIST);
  return options.json ? printAnswer(answer) : printComputer(answer.value);
}

export interface UpdateOptions extends Common {
  name?: string;
  hostId?: string;
  remoteUser?: string;
}

/** Rename a computer, or set its hostId or remote user. */
export async function computersUpdate(id: string, options: UpdateOptions): Promise<void> {
  const body = { name: options.name, hostId: options.hostId, remoteUser: options.remoteUser };
  if (Object.values(body).every((value) => value === undefined))
    throw new UsageError('nothing to update: give --name, --host-id or --remote-user');
  const answer = await orNotFound(connectApi(options).read(updateComputer, { params: { computerId: id }, body }), LIST);
  if (options.json) return printAnswer(answer);
  // A 204 (or a body that is not JSON) says the update was made, not what the computer is now.
  if (answer.value === undefined)
    return void process.stdout.write(
      `updated computer ${id} (HTTP ${answer.status}); hookd api computers get ${id} shows it\n`,
    );
  printComputer(answer.value);
}

/** Retry the install-dependencies step; one already running is reported, not an error. */
export async function computersInstallDeps(id: string, options: Common): Promise<void> {
  const result = await orNotFound(connectApi(options).installDeps(id), LIST);
  if (options.json)
    return result.started
      ? printAnswer({ body: result.body, value: result.computer })
      : printJson({ alreadyRunning: true, detail: result.detail });
  // One line either way: the API's own detail of a 409 says the same (it is kept in --json).
  if (result.started)
    process.stdout.write(
      `install started on computer ${id} (${cell(field(result.computer, 'status')) || 'status unknown'})\n`,
    );
  else
    process.stdout.write(
      `already running: an install of dependencies is in progress on computer ${id}; nothing to do\n`,
    );
}
