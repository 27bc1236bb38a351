// The session view of hookd's live page (issue 25): the agent sessions the history holds, the most
// recently active first, each with its client, project, run count and the time the agent waited on
// hooks; a click draws that session's runs on one time axis (session-chart.js), and a click on a
// bar opens the run as the run list does (run-detail.js). Its section is built here, after the run
// list, so the page's other files only link to it. Data: GET /sessions, GET /sessions/:id/runs.
'use strict';

// The section, built once: the list of sessions and the picture of the one shown.
function sessionSection() {
  const section = document.createElement('section');
  section.id = 'sessions-section';
  const heading = document.createElement('h2');
  heading.append(
    'Sessions ',
    Object.assign(document.createElement('small'), { textContent: 'newest first; where the agent waited on hooks' }),
    ' ',
  );
  const refresh = Object.assign(document.createElement('button'), {
    type: 'button',
    id: 'sessions-refresh',
    textContent: 'refresh',
  });
  heading.append(refresh);
  const table = document.createElement('table');
  table.id = 'sessions';
  const head = table.createTHead().insertRow();
  for (const name of ['last run', 'client', 'project', 'runs', 'agent waited'])
    head.append(Object.assign(document.createElement('th'), { textContent: name }));
  table.createTBody();
  const none = Object.assign(document.createElement('p'), {
    id: 'no-sessions',
    className: 'muted',
    textContent: 'No sessions yet.',
  });
  const view = document.createElement('div');
  view.id = 'session-view';
  view.hidden = true;
  const title = document.createElement('h3');
  title.append('Session ', Object.assign(document.createElement('code'), { id: 'session-id' }));
  const wait = Object.assign(document.createElement('p'), { id: 'session-wait' });
  const chart = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  chart.id = 'session-chart';
  chart.setAttribute('role', 'img');
  view.append(title, wait, chart);
  section.append(heading, table, none, view);
  return section;
}

function sessionRow(body, session) {
  const row = body.insertRow();
  row.dataset.id = session.id;
  cell(row, clock(session.lastAt));
  cell(row, session.client ?? '-');
  cell(row, session.project ?? '-', 'command');
  cell(row, session.runs);
  cell(row, session.inLine ? `${ms(session.waitedMs)} (${session.inLine} in line)` : '-');
  row.addEventListener('click', () => void openSession(session.id));
}

// Until the page has signed in (dashboard.js does it, once), the list is asked for again.
async function listSessions(tries = 20) {
  let answer;
  try {
    answer = await getJson('/sessions');
  } catch (error) {
    if (tries <= 1) throw error;
    await new Promise((resolve) => setTimeout(resolve, 300));
    return listSessions(tries - 1);
  }
  const body = $('#sessions tbody');
  body.replaceChildren();
  for (const session of answer.sessions) sessionRow(body, session);
  for (const row of body.rows) row.classList.toggle('selected', row.dataset.id === $('#session-id').textContent);
  $('#no-sessions').hidden = answer.sessions.length > 0;
  return answer.sessions;
}

// The list every few seconds while the page is in view (GET /sessions reads only what is new), and
// the session on show drawn again when it has new runs.
async function keepUp() {
  if (document.visibilityState !== 'visible') return;
  const sessions = await listSessions(1);
  const shown = sessions.find((session) => session.id === $('#session-id').textContent);
  if (shown && !$('#session-view').hidden && String(shown.runs) !== $('#session-wait').dataset.runs)
    await openSession(shown.id);
}

function waitText(session, picture) {
  const beside = session.runs - session.inLine;
  const drawn = picture.leftOut ? ` (the newest ${picture.runs.length} drawn)` : '';
  return `The agent waited ${ms(session.waitedMs) || '0 ms'} on hooks in this session (${session.inLine} run${session.inLine === 1 ? '' : 's'} in line); ${beside} ran beside it; ${session.runs} runs over ${ms(picture.spanMs) || '0 ms'}${drawn}.`;
}

/** Draw session `id`'s runs on one time axis. */
async function openSession(id) {
  const picture = await getJson(`/sessions/${encodeURIComponent(id)}/runs`);
  $('#session-view').hidden = false;
  $('#session-id').textContent = id;
  $('#session-wait').textContent = waitText(picture.session, picture);
  $('#session-wait').dataset.waitedMs = String(picture.session.waitedMs);
  $('#session-wait').dataset.runs = String(picture.session.runs);
  for (const row of $('#sessions tbody').rows) row.classList.toggle('selected', row.dataset.id === id);
  $('#session-chart').setAttribute(
    'aria-label',
    `the runs of session ${id} on one time axis: ${waitText(picture.session, picture)}`,
  );
  drawSession($('#session-chart'), picture, Math.max(640, $('#sessions-section').clientWidth - 28));
}

function startSessionView() {
  const section = sessionSection();
  ($('#timeline-section') ?? $('main').firstElementChild).after(section);
  $('#sessions-refresh').addEventListener('click', () => void listSessions(1));
  $('#sessions-link')?.addEventListener('click', () => void listSessions(1));
  listSessions()
    .then(() => setInterval(() => void keepUp().catch(() => undefined), 5000))
    .catch((error) => ($('#no-sessions').textContent = `cannot list the sessions: ${error.message}`));
}

startSessionView();
