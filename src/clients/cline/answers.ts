// How Cline is told a canonical answer (answer-row.ts has the shape): it reads no exit code; only
// `{"cancel": true}` on stdout stops it (the task: it has nothing finer).
import { row } from '../answer-row.js';

export const CLINE_ANSWERS = row('cline', ['*'], 'deny', 0, '{"cancel":true,"errorMessage":%r}');
