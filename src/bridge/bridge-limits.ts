// The synchronous bridge's numbers, written once: the Node bridge (sync.ts, read-event.ts) imports
// them, and scripts/build-native.mjs generates them into the C bridge's header (contracts.h), so
// the two bridges cannot drift apart.
import { MAX_ANSWER_BYTES } from '../clients/contract.js';

/** How long a bridge waits for the next byte of an event before taking what it has. */
export const IDLE_MS = 2000;
/** How long it waits for the first byte (under load a client writes a while after the bridge starts). */
export const FIRST_BYTE_MS = 10_000;

/**
 * The most stdout the synchronous bridge holds for the client: the answer bound every way a hook
 * answers shares (clients/contract.ts), far above any real answer, small enough that a flooding
 * hook cannot take the machine's memory. Past it the run fails loudly (INTERNAL_ERROR_EXIT), never a cut answer.
 */
export const STDOUT_HELD_MAX = MAX_ANSWER_BYTES;
/** The first bytes of stderr the run record keeps (stderr itself streams through to the client). */
export const STDERR_KEPT = 64 * 1024;

/**
 * The exit code of a run the bridge itself failed (a system call that failed, stdout past its
 * bound): every client reads it as a failed hook, and it is not 2, which blocks, nor 126/127,
 * which sh uses for a command that cannot start. 125 is what coreutils' timeout and env use for their own failures.
 */
export const INTERNAL_ERROR_EXIT = 125;

/** After the client ends the bridge, how long the hook has to end on the client's signal before SIGKILL. */
export const CLIENT_END_GRACE_MS = 1000;
/** How long the bridge waits for a hook to be gone after SIGKILL: a process stuck in the kernel must not hold the agent. */
export const REAP_WAIT_MS = 1000;

/**
 * The most a bridge waits for a warm handler's answer (`hookd sync --warm`) before it runs the hook
 * cold; never more than a quarter of the time left to hookd's deadline, so the cold run keeps the rest.
 */
export const WARM_BUDGET_MS = 1000;
