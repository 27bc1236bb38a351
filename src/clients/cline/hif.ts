// Cline in the canonical form's terms: no dialect (its hooks are files named after events, not
// entries install writes), only how it is told an answer (answer-row.ts has the shape): it reads no
// exit code; only `{"cancel": true}` on stdout stops it (the task: it has nothing finer).
import { row } from '../answer-row.js';

export const CLINE_ANSWERS = row('cline', ['*'], 'deny', 0, '{"cancel":true,"errorMessage":%r}');
