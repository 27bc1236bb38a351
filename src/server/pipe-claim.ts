// Taking a Windows named pipe (`\\.\pipe\NAME`) for the daemon lock and the local API, where a
// unix socket's file would be. A pipe needs none of socket-claim.ts's care for dead files: Windows
// removes a pipe with its last handle, so a crashed daemon leaves nothing to clean up. What it
// needs instead is a check for a live one: a name is anyone's to create first, another user's
// program included, and Windows (FILE_FLAG_FIRST_PIPE_INSTANCE, which libuv asks for) refuses a
// second server, where wine lets it be added as a second instance. So a pipe that answers is
// refused before listening, whoever serves it, and a listen refused anyway says so: never a
// daemon that shares its name, never a hang.
import type { Server } from 'node:net';
import { isPipeName } from '../common/paths.js';
import { probeSocket, type Claimed, type Refusal } from './socket-claim.js';

/** What a pipe's claim holds: no file, so no identity to compare (the pipe is its server's while it listens). */
export const PIPE_CLAIM: Claimed = { dev: 0, ino: 0 };

/** Serve `server` on the pipe `name`, refusing one that answers already or that Windows will not give. */
export async function claimPipe(server: Server, name: string, refuse: Refusal): Promise<Claimed> {
  const found = await probeSocket(name);
  if (found.state === 'live' || found.state === 'unreachable') throw refuse(found);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' || error.code === 'EACCES'
          ? refuse({ state: 'unreachable', code: error.code })
          : error,
      ),
    );
    server.listen(name, () => resolve());
  });
  return PIPE_CLAIM;
}
