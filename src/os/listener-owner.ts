// Who holds the loopback listener's port, from the kernel's socket tables (/proc/net/tcp and
// tcp6), before hookd sends its token there. Another local user can bind 127.0.0.1:PORT while the
// daemon is down, or [::1]:PORT (which `localhost` may reach first) at any time; a listener's uid
// is the kernel's word on whose it is, whatever it answers. On a system without these tables
// (macOS) nothing is known and callers say so. The process behind a socket is found only among
// the processes whose descriptors this user may read (its own), which is the case that matters:
// a listener of ours that is not the daemon.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { userInfo } from 'node:os';

/** A listening TCP socket on the port: the address it is bound to, its owner, and its process when ours. */
export interface Listener {
  address: string;
  uid: number;
  inode: string;
}

/** A process holding a socket: its pid and command line, clipped. */
export interface Holder {
  pid: number;
  command: string;
}

// Addresses a connection to 127.0.0.1 or ::1 reaches, as /proc/net writes them (each 32-bit word in host order, little-endian here).
const REACHING: Record<string, string> = {
  '0100007F': '127.0.0.1',
  '00000000': '0.0.0.0',
  '00000000000000000000000001000000': '::1',
  '00000000000000000000000000000000': '::',
  '0000000000000000FFFF00000100007F': '::ffff:127.0.0.1',
  '0000000000000000FFFF000000000000': '::ffff:0.0.0.0',
};
const LISTEN = '0A';

function table(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(1);
  } catch {
    return [];
  }
}

/** The listening sockets that loopback connections to `port` reach; undefined where the kernel's tables cannot be read (not Linux). */
export function listenersOn(port: number): Listener[] | undefined {
  if (process.platform !== 'linux') return undefined;
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: Listener[] = [];
  for (const line of [...table('/proc/net/tcp'), ...table('/proc/net/tcp6')]) {
    const fields = line.trim().split(/\s+/);
    const [address, at] = (fields[1] ?? '').split(':');
    if (at !== hexPort || fields[3] !== LISTEN || !address || !(address in REACHING)) continue;
    found.push({ address: REACHING[address]!, uid: Number(fields[7]), inode: fields[9] ?? '' });
  }
  return found;
}

/** The processes of this user that hold `listener` (a walk of /proc: for doctor, not for every request). */
export function holdersOf(listener: Listener): Holder[] {
  const target = `socket:[${listener.inode}]`;
  const found: Holder[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (holds(pid, target)) found.push({ pid: Number(pid), command: commandOf(pid) });
  }
  return found;
}

function holds(pid: string, target: string): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === target;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

function commandOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 120);
  } catch {
    return '?';
  }
}

/** A user's name for messages: `name (uid N)`, or `uid N` when the system has no name for it. */
export function userName(uid: number): string {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((entry) => entry.split(':')[2] === String(uid));
    return line ? `${line.split(':')[0]} (uid ${uid})` : `uid ${uid}`;
  } catch {
    return `uid ${uid}`;
  }
}

/** The listeners on `port` that belong to another user. */
export function foreignListeners(port: number): Listener[] {
  const me = process.getuid?.() ?? userInfo().uid;
  return (listenersOn(port) ?? []).filter((listener) => listener.uid !== me);
}
