// Every error code hookd raises, what it means, the exit code the CLI gives it, and, where one
// sentence fits every throw site, the message made from typed facts. Throw sites name a code and
// never an exit code, so a code means one exit code wherever it is raised; a layer that needs the
// message in another voice (`hookd emit` has no flag to name) asks the catalogue with other facts
// instead of rewriting the text. Plain data with no imports: `hookd emit` loads it.

/** The facts of the daemon-needed message: what needs it, where it was asked, why it did not answer. */
export interface NoDaemonFacts {
  /** The start of the sentence: `--follow needs the daemon`. */
  needs: string;
  socket: string;
  why: string;
}

/** The facts of a daemon's error answer: what was asked, the status, and the daemon's own sentence if it gave one. */
export interface DaemonAnswerFacts {
  /** `GET /sessions`; omitted when the command says it well enough. */
  asked?: string;
  status: number;
  /** The answer's `detail`: a whole sentence when it is a string, said as is. */
  detail?: unknown;
}

// The daemon's sentence when it gave one, else what was asked and the status.
const daemonAnswered = (facts: DaemonAnswerFacts) =>
  typeof facts.detail === 'string'
    ? facts.detail
    : `${facts.asked ? `${facts.asked}: ` : ''}the daemon answered HTTP ${facts.status}`;

/** One code: its exit code, what it means (for a reader of the table), and its message if it has one. */
interface Entry {
  readonly exit: 1 | 2;
  readonly means: string;
  readonly says?: (facts: never) => string;
}

/** A refusal the daemon answers over HTTP: a code, its status, and the exit a command gives it. */
interface Refusal extends Entry {
  readonly http: number;
}

/**
 * The daemon's HTTP refusals (its local API, the hook endpoint, the page), by code: a site names the
 * code, and the status comes from here (http/answers.ts, sendRefusal), as fastify's catalogue
 * maps a code to its status in one row. Bad input exits 2 in a command that hears it, the rest 1.
 */
export const REFUSALS = {
  EREQUEST: {
    http: 400,
    exit: 2,
    means: 'a request the daemon refuses as bad input (a bad path, query, body or command)',
  },
  EAUTH: { http: 401, exit: 1, means: 'a request without the local token' },
  EFORBIDDEN: {
    http: 403,
    exit: 1,
    means: 'a request the daemon will not serve: from a web page, for another Host, a command no followed file names',
  },
  ENOT_FOUND: { http: 404, exit: 1, means: 'no such path, run or endpoint' },
  EMETHOD: { http: 405, exit: 1, means: 'a method the path does not take' },
  ESTALLED: { http: 408, exit: 1, means: 'a body that did not arrive in time' },
  ERUN_STATE: {
    http: 409,
    exit: 1,
    means: 'a run not in a state for what was asked (a retry of a run that did not fail)',
  },
  EGONE: { http: 410, exit: 1, means: 'what was asked for is no longer kept' },
  ETOO_LARGE: { http: 413, exit: 1, means: 'a body over its bound' },
  EMEDIA: { http: 415, exit: 1, means: 'a body that is not JSON' },
  EMISDIRECTED: { http: 421, exit: 1, means: 'a request for another Host than this listener' },
  EINTERNAL: { http: 500, exit: 1, means: 'the daemon failed on the request' },
  EBUSY: { http: 503, exit: 1, means: 'the daemon cannot take it now (too many streams, the daemon stopping)' },
} as const satisfies Record<string, Refusal>;

/** A code the daemon refuses a request with. */
export type RefusalCode = keyof typeof REFUSALS;

/** The HTTP status of refusal `code`. */
export const statusOf = (code: RefusalCode): number => REFUSALS[code].http;

/** The code a command raises for the daemon's error answer of `status`: its refusal's exit says (bad input: 2). */
export const daemonAnswerCode = (status: number): 'EDAEMON_REFUSED' | 'EDAEMON' =>
  Object.values(REFUSALS).find((row) => row.http === status)?.exit === 2 ? 'EDAEMON_REFUSED' : 'EDAEMON';

/** The catalogue. A code not here does not compile at a throw site (see ErrorCode). */
export const ERROR_CATALOGUE = {
  ...REFUSALS,
  // Bad input: exit 2, the code every command's table gives to "bad input".
  EUSAGE: { exit: 2, means: 'bad input: an unknown option, a bad value, a file that is not there' },
  ESETTINGS: { exit: 2, means: 'a settings or hook file hookd cannot read or must not run' },
  ESTATE_RELATIVE: {
    exit: 2,
    means: 'a state directory given as a relative path',
    says: (facts: { from?: string; given: string }) =>
      `${facts.from ? `${facts.from}: ` : ''}the state directory must be an absolute path (or start with ~/), got ${JSON.stringify(facts.given)}`,
  },
  EAMBIGUOUS: { exit: 2, means: 'a run id that ends the ids of several runs' },
  EDAEMON_REFUSED: { exit: 2, means: 'the daemon refused the request as bad input (HTTP 400)', says: daemonAnswered },
  // A check that did not hold, or a part that could not do its work: exit 1.
  ECHECK: { exit: 1, means: 'something the command checked did not hold' },
  ENODAEMON: {
    exit: 1,
    means: 'the command needs the daemon, and it is not running',
    says: (facts: NoDaemonFacts) =>
      `${facts.needs}, and it is not running (no answer on ${facts.socket}: ${facts.why}); start it with: hookd daemon`,
  },
  EDAEMON: { exit: 1, means: 'the daemon answered with an error', says: daemonAnswered },
  EDAEMON_BODY: {
    exit: 1,
    means: 'the daemon answered a body hookd does not expect',
    says: (facts: { asked: string; status: number; problems: string }) =>
      `${facts.asked}: the daemon answered HTTP ${facts.status} with an unexpected body (${facts.problems}); is it another version of hookd?`,
  },
  ELOST: { exit: 1, means: 'the daemon lost its state directory or socket' },
  ELOCK: { exit: 1, means: 'the daemon lock could not be taken' },
  ELOCKED: { exit: 1, means: 'another daemon holds the lock or the socket, or it is a file hookd does not replace' },
  ELISTEN: {
    exit: 1,
    means: 'a socket or port could not be listened on',
    says: (facts: { where: string; reason: string }) => `cannot listen on ${facts.where}: ${facts.reason}`,
  },
  EADDRINUSE: { exit: 1, means: 'the port is taken' },
  ESTATEDIR: { exit: 1, means: 'a state directory another user owns, can write, or could redirect' },
  ENOLOG: { exit: 1, means: 'no daemon log where it was looked for' },
  EDASHBOARD: { exit: 1, means: 'the daemon gave no dashboard link' },
  ETOKEN: { exit: 1, means: 'the daemon did not rotate the token' },
  EWRITE: { exit: 1, means: 'a file (a backup, a temp file, the service file) could not be written' },
  ECONFLICT: { exit: 1, means: 'a settings file changed while hookd edited it' },
  EVERIFY: { exit: 1, means: 'an edited settings file did not validate; the edit was undone' },
  EEDIT: { exit: 1, means: 'a settings file cannot be edited in place' },
  EMANIFEST: { exit: 1, means: 'the install record cannot be read or written' },
  EEXAMPLES: { exit: 1, means: 'the example hooks could not be copied' },
  ESHIM: { exit: 1, means: "a client's shim (OpenCode's plugin, pi's extension) could not be written" },
  ESERVICE: { exit: 1, means: 'the service manager failed' },
  EPLATFORM: { exit: 1, means: 'no service manager hookd supports here' },
  ENOBUILD: { exit: 1, means: 'hookd is not built' },
  EAPI: { exit: 1, means: 'the API answered an error' },
  EAPI_RESPONSE: { exit: 1, means: 'the API answered something hookd cannot use' },
  ETIMEOUT: { exit: 1, means: 'the API did not answer in time' },
  ENETWORK: { exit: 1, means: 'the API could not be reached, or the connection closed' },
  EREDIRECT: { exit: 1, means: 'the API redirected too often' },
} as const satisfies Record<string, Entry>;

type Catalogue = typeof ERROR_CATALOGUE;

/** A code hookd may raise. */
export type ErrorCode = keyof Catalogue;

/** The codes whose message the throw site writes. */
export type FreeCode = Exclude<ErrorCode, TemplatedCode>;

/** The codes whose message the catalogue makes. */
export type TemplatedCode = {
  [C in ErrorCode]: Catalogue[C] extends { says: (facts: never) => string } ? C : never;
}[ErrorCode];

/** The facts the message of `C` is made from. */
export type FactsOf<C extends TemplatedCode> = Catalogue[C] extends { says: (facts: infer F) => string } ? F : never;

/** The message of a templated code. */
export function says<C extends TemplatedCode>(code: C, facts: FactsOf<C>): string {
  return (ERROR_CATALOGUE[code].says as (facts: FactsOf<C>) => string)(facts);
}
