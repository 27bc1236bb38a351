// One run of hookd's live page: its facts, timings and output, and the retry of a failed one.
// Loaded after page-kit.js; dashboard.js opens it when a row of the timeline is clicked.
'use strict';

// The id of the run on show, for the retry button.
let shown;

function fact(list, name, value) {
  if (value === undefined || value === null || value === '') return;
  const dt = document.createElement('dt');
  dt.textContent = name;
  const dd = document.createElement('dd');
  dd.textContent = String(value);
  list.append(dt, dd);
}

function output(title, text) {
  const block = document.createElement('div');
  const heading = document.createElement('h3');
  heading.textContent = title;
  const pre = document.createElement('pre');
  pre.textContent = text || '(empty)';
  block.append(heading, pre);
  return block;
}

async function showRun(id) {
  const detail = await getJson(`/runs/${encodeURIComponent(id)}`);
  const run = detail.run;
  shown = run.id;
  // The row on show is marked in the list, and only it.
  for (const row of document.querySelectorAll('#timeline tbody tr'))
    row.classList.toggle('selected', row.dataset.id === run.id);
  $('#detail').hidden = false;
  $('#detail-id').textContent = run.id;
  const facts = $('#detail-facts');
  facts.replaceChildren();
  const last = detail.attempts[detail.attempts.length - 1] ?? {};
  fact(facts, 'event', run.event);
  fact(facts, 'client', run.client ?? '-');
  fact(facts, 'session', run.session);
  fact(facts, 'command', run.command);
  fact(facts, 'outcome', run.label);
  fact(facts, 'written by the bridge', clock(last.receivedAt));
  fact(facts, 'taken by the daemon', clock(last.takenAt));
  fact(facts, 'started', clock(last.startedAt));
  fact(facts, 'ended', clock(last.endedAt ?? last.time));
  fact(facts, 'delivery delay', ms(run.delayMs));
  fact(facts, 'run time', ms(run.durationMs));
  fact(facts, 'detail', run.detail);
  fact(facts, 'retry of', run.retryOf);
  const attempts = $('#attempts');
  attempts.replaceChildren();
  detail.attempts.forEach((attempt, i) => {
    const suffix = detail.attempts.length > 1 ? ` (attempt ${i + 1})` : '';
    attempts.append(output(`stdout${suffix}`, attempt.stdout), output(`stderr${suffix}`, attempt.stderr));
  });
  const retry = $('#retry');
  retry.hidden = !(run.retriable && detail.payload && detail.payload.kept);
  $('#retry-result').textContent = '';
  $('#detail').scrollIntoView({ block: 'nearest' });
}

async function retryShown() {
  const answer = await fetch(`${API}/runs/${encodeURIComponent(shown)}/retry`, {
    method: 'POST',
    headers: authHeaders(),
  });
  const body = await answer.json().catch(() => ({}));
  $('#retry-result').textContent =
    answer.status === 202
      ? `queued again as ${body.queued.map((q) => q.id).join(', ')}`
      : `refused: ${body.detail ?? answer.status}`;
}
