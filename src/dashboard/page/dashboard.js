// hookd's live page. Plain script, no build step: it reads the daemon's own answers under
// /dashboard/api/ (status, runs, one run, the run stream) and writes every value with textContent.
'use strict';

const runs = [];

// ---- the timeline ----
function timelineRow(run, fresh) {
  const body = $('#timeline tbody');
  const row = body.insertRow(fresh ? 0 : -1);
  row.dataset.id = run.id;
  if (fresh) row.classList.add('fresh');
  cell(row, clock(run.time));
  cell(row, run.client ?? '-');
  cell(row, run.event);
  cell(row, hookName(run.command) ?? '', 'hook');
  // The decision first: a denial reads as one (red, with its reason), whatever the run's outcome.
  const decision = decisionOf(run);
  const said = cell(row, decision.text, `decision decision-${decision.kind}`);
  if (decision.title) said.title = decision.title;
  row.classList.add(`decision-${decision.kind}`);
  // A denial ran fine (its outcome is ok) and said no: its outcome is not painted green beside it.
  const outcome = cell(row, run.label, decision.kind === 'block' ? 'outcome-plain' : outcomeClass(run));
  // A retried run says so beside its outcome (its detail names the run it retries).
  if (run.retryOf) outcome.append(mark('retry', `a retry of ${run.retryOf}`));
  cell(row, ms(run.durationMs));
  cell(row, ms(run.delayMs));
  cell(row, run.command, 'command');
  row.addEventListener('click', () => void showRun(run.id));
  if (run.id === shown) row.classList.add('selected');
  while (body.rows.length > KEPT) body.deleteRow(-1);
  $('#no-runs').hidden = true;
}

// ---- per hook ----
function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function renderHooks() {
  const byCommand = new Map();
  for (const run of runs) {
    if (run.probe) continue;
    const hook = byCommand.get(run.command) ?? { runs: 0, failed: 0, durations: [], lastError: undefined };
    hook.runs += 1;
    if (run.failed) {
      hook.failed += 1;
      // runs are newest first: the first failure met is the last one.
      hook.lastError ??= `${run.label}${run.stderrHead ? `: ${run.stderrHead}` : run.detail ? `: ${run.detail}` : ''}`;
    }
    if (typeof run.durationMs === 'number') hook.durations.push(run.durationMs);
    byCommand.set(run.command, hook);
  }
  const body = $('#hooks tbody');
  body.replaceChildren();
  for (const [command, hook] of [...byCommand].sort((a, b) => b[1].runs - a[1].runs)) {
    const sorted = hook.durations.sort((a, b) => a - b);
    const row = body.insertRow();
    cell(row, command, 'command');
    cell(row, hook.runs);
    cell(row, `${Math.round((100 * hook.failed) / hook.runs)}%`, hook.failed ? 'outcome-bad' : '');
    cell(row, ms(percentile(sorted, 50)));
    cell(row, ms(percentile(sorted, 95)));
    cell(row, hook.lastError ?? '', 'error');
  }
}

// Runs already shown: the stream opens before the list is read, so a run may come by both.
const seen = new Set();
const keyOf = (run) => `${run.id} ${run.attempt} ${run.time}`;

function addRun(run, fresh) {
  if (seen.has(keyOf(run))) return;
  seen.add(keyOf(run));
  if (fresh) runs.unshift(run);
  else runs.push(run);
  if (runs.length > KEPT) seen.delete(keyOf(runs.pop()));
  timelineRow(run, fresh);
}

// ---- live ----
let statusTimer;
function onRun(run) {
  addRun(run, true);
  renderHooks();
  clearTimeout(statusTimer);
  statusTimer = setTimeout(() => void renderStatus().catch(() => undefined), 300);
}

function setLive(text, on) {
  $('#live').textContent = text;
  $('#live').className = on ? 'badge live' : 'badge';
}

// One tab of this origin holds the stream and hands its runs to the others: a browser opens at
// most six connections to one host, so a hundred tabs each with a stream would starve.
function follow() {
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(`hookd-runs-${location.port}`) : undefined;
  // fetch, not EventSource: the session goes in a header, which EventSource cannot send.
  const stream = () =>
    new Promise(() => {
      const connect = async () => {
        try {
          const answer = await fetch(`${API}/runs/stream`, { headers: authHeaders() });
          if (!answer.ok || !answer.body) throw new Error(String(answer.status));
          setLive('live', true);
          const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
          for (let text = '', part = await reader.read(); !part.done; part = await reader.read()) {
            const events = (text += part.value).split('\n\n');
            text = events.pop();
            for (const data of events
              .map((event) =>
                event
                  .split('\n')
                  .filter((line) => line.startsWith('data: '))
                  .map((line) => line.slice(6))
                  .join('\n'),
              )
              .filter(Boolean)) {
              const run = JSON.parse(data);
              onRun(run);
              channel?.postMessage(run);
            }
          }
        } catch {
          // Refused or cut: tried again below.
        }
        setLive('reconnecting…', false);
        setTimeout(() => void connect(), 2000);
      };
      void connect();
    });
  if (channel && navigator.locks) {
    channel.onmessage = (message) => onRun(message.data);
    setLive('live (through another tab)', true);
    void navigator.locks.request(`hookd-stream-${location.port}`, () => {
      channel.onmessage = null;
      return stream();
    });
  } else void stream();
}

async function start() {
  $('#close-detail').addEventListener('click', () => {
    $('#detail').hidden = true;
    shown = undefined;
    for (const row of document.querySelectorAll('#timeline tbody tr.selected')) row.classList.remove('selected');
  });
  $('#retry').addEventListener('click', () => void retryShown());
  await signIn();
  const session = await getJson('/session');
  KEPT = session.maxRuns;
  follow();
  const listed = await getJson(`/runs?limit=${KEPT}`);
  for (const run of listed.runs) addRun(run, false);
  renderHooks();
  await renderStatus();
  setInterval(() => void renderStatus().catch(() => undefined), 5000);
}

start().catch((error) => {
  if (error.name === 'SignedOut') showSignedOut(error.message);
  else $('#daemon').textContent = `cannot reach the daemon: ${error.message}`;
});
