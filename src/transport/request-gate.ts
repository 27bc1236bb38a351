// How much the hook requests in flight may hold at once. Each may bring a payload of up to 32 MiB
// into memory: the gate admits requests while the bytes they announce (Content-Length; the cap for
// a chunked body) fit a budget, and answers the others 503 at once, without reading their bodies,
// so that the client logs why (a connection closed without a word logs only "socket hang up").
// A burst of ordinary events (a few KiB each) fits many times over.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_PAYLOAD_BYTES } from '../payload/parse-payload.js';
import { refuseBody } from '../http/read-body.js';
import { showSize } from '../common/show-size.js';

/** The bytes of payloads the hook requests in flight may hold together: eight at the cap. */
export const HOOK_BYTES_AT_ONCE = 8 * MAX_PAYLOAD_BYTES;

/** A gate over the bytes in flight: `enter` answers 503 and returns undefined past the budget, else a `leave` function. */
export function requestGate(
  budget = HOOK_BYTES_AT_ONCE,
): (req: IncomingMessage, res: ServerResponse) => (() => void) | undefined {
  let inFlight = 0;
  return (req, res) => {
    const announced = Number(req.headers['content-length']);
    const bytes =
      Number.isInteger(announced) && announced >= 0 ? Math.min(announced, MAX_PAYLOAD_BYTES) : MAX_PAYLOAD_BYTES;
    // One request is always let in, whatever its size: the cap on a payload is checked as it is read.
    if (inFlight > 0 && inFlight + bytes > budget) {
      refuseBody(
        req,
        res,
        'EBUSY',
        `the daemon is reading ${showSize(inFlight)} of hook requests already; nothing was stored, send it again shortly`,
      );
      return undefined;
    }
    inFlight += bytes;
    return () => void (inFlight -= bytes);
  };
}
