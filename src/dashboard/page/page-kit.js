// The pieces every part of hookd's live page uses: the API's address, how an outcome is painted,
// and small helpers that format values and write them with textContent. Loaded first.
'use strict';

const API = '/dashboard/api';
// How many runs a listing holds, from the page's session (dashboard.ts). What an outcome means
// (failed, retriable, its words) comes with each run from the daemon's one table: the page keeps no copy.
let KEPT = 1000;

const $ = (selector) => document.querySelector(selector);
const ms = (value) =>
  value === undefined || value === null
    ? ''
    : value < 1000
      ? `${Math.round(value)} ms`
      : `${(value / 1000).toFixed(2)} s`;
// The one time format people read, as the CLI writes it (src/common/terminal/local-time.ts): the
// local time to the second with its zone, `2026-05-01 14:03:07 CEST`.
const pad2 = (n) => String(n).padStart(2, '0');
function clock(iso) {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  const day = `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
  return `${day} ${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())} ${zone}`.trimEnd();
}

function cell(row, text, className) {
  const td = row.insertCell();
  td.textContent = text === undefined || text === null ? '' : String(text);
  if (className) td.className = className;
  return td;
}

// A small label beside a value (a retried run), with its meaning on hover.
function mark(text, title) {
  const span = document.createElement('span');
  span.className = 'mark';
  span.textContent = text;
  span.title = title;
  return span;
}

function outcomeClass(run) {
  return run.outcome === 'ok' ? 'outcome-ok' : run.failed ? 'outcome-bad' : 'outcome-other';
}

// The hook's name, where its command shows one: the script it runs without its folder and
// extension (hookd's guard `…/guards/no-force-push.mjs` and example `…/examples/notify.sh` too).
const SCRIPT = /^(?:.*\/)?([^/\s]+)\.(?:sh|bash|zsh|py|mjs|cjs|js|ts|rb|pl|php)$/;
function hookName(command) {
  const words = String(command ?? '').match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
  for (const word of words) {
    const name = SCRIPT.exec(word.replace(/^['"]|['"]$/g, ''))?.[1];
    if (name) return name;
  }
  return undefined;
}

// What a run decided, in the words a person reads, and how it is painted: a hook in line (hookd sync)
// blocked (with its reason), added context, allowed, or answered otherwise; a run the daemon made
// after the agent moved on decided nothing. Read from the run's `decision` (clients/contract.ts's words).
function decisionOf(run) {
  if (run.bridge !== 'sync')
    return { kind: 'beside', text: '—', title: 'run by the daemon after the agent moved on: it decides nothing' };
  const reads = run.decision ?? 'none';
  const stops = /^(block|deny|stop)(?::\s*([\s\S]*))?$/.exec(reads);
  if (run.decided === true && stops) {
    const word = stops[1] === 'stop' ? 'stopped' : 'blocked';
    return { kind: 'block', text: stops[2] ? `${word}: ${stops[2]}` : word };
  }
  if (run.decided === true && reads.startsWith('context'))
    return { kind: 'context', text: `context added${reads.slice('context'.length)}` };
  if (reads === 'allow') return { kind: 'allow', text: 'allowed' };
  if (run.decided !== false) return { kind: 'other', text: reads };
  return run.outcome === 'ok'
    ? { kind: 'allow', text: 'allowed (no answer)' }
    : { kind: 'none', text: `none: ${run.label}, the client went on` };
}

// The session id lives in this origin's storage (port included), and goes in a header: never a
// cookie, which every port of 127.0.0.1 would receive (dashboard-keys.ts).
const SESSION_KEY = 'hookd-session';
const authHeaders = () => ({ 'x-hookd-session': localStorage.getItem(SESSION_KEY) ?? '' });

// Trade the ticket of the address's fragment for a session, once, and take it out of the address.
async function signIn() {
  const ticket = new URLSearchParams(location.hash.slice(1)).get('ticket');
  if (ticket) {
    history.replaceState(null, '', location.pathname);
    const answer = await fetch(`${API}/sign-in`, { method: 'POST', headers: { 'x-hookd-ticket': ticket } });
    const body = await answer.json().catch(() => ({}));
    if (answer.status !== 201) throw signedOut(body.detail ?? `signing in answered ${answer.status}`);
    localStorage.setItem(SESSION_KEY, body.session);
  }
  if (!localStorage.getItem(SESSION_KEY)) throw signedOut('this page has no sign-in yet');
}

// The link was used already, has expired, or the session ended: the page says what to do instead.
function signedOut(reason) {
  const error = new Error(reason);
  error.name = 'SignedOut';
  return error;
}

function showSignedOut(reason) {
  localStorage.removeItem(SESSION_KEY);
  $('main').hidden = true;
  $('#signed-out').hidden = false;
  $('#signed-out-reason').textContent = reason;
  $('#daemon').textContent = 'not signed in';
}

async function getJson(path) {
  const answer = await fetch(`${API}${path}`, { headers: authHeaders() });
  if (answer.status === 401 || answer.status === 403)
    throw signedOut((await answer.json().catch(() => ({}))).detail ?? `${path}: ${answer.status}`);
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return answer.json();
}
