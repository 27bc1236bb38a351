// The status panel of hookd's live page: the daemon, its bridge, the hook listener's ports, the queue,
// the followed settings files, and the hooks that cannot run or did not fire (GET /status).
// Loaded after page-kit.js and before dashboard.js, which calls renderStatus on start and on each run.
'use strict';

async function renderStatus() {
  const status = await getJson('/status');
  $('#daemon').textContent = `${status.version}, pid ${status.pid}, up ${Math.round(status.uptimeMs / 1000)} s`;
  // The bridge deciding hooks wait on (issue 33): said, never silent; Node's is a warning with how to get the native one.
  $('#bridge').hidden = !status.bridge;
  $('#bridge').textContent = status.bridge ? `bridge: ${status.bridge.summary}` : '';
  $('#bridge').classList.toggle('warning', status.bridge?.kind === 'node');
  // An address the hook listener lacks is one where another process answers the http hooks: said at the top until it is taken back.
  const missing = status.loopback?.missing ?? [];
  $('#port-warning').hidden = missing.length === 0;
  $('#port-warning').textContent = missing
    .map(
      (m) =>
        `WARNING: the hook listener lacks ${m.host.includes(':') ? `[${m.host}]` : m.host}:${m.port} since ${clock(m.since)} (${m.heldBy ? `${m.heldBy} holds it` : m.code}): http hooks sent there reach whoever holds it, and a deciding hook gets its answer. The daemon takes it back as soon as it is free.`,
    )
    .join('\n');
  $('#queue').textContent =
    `${status.queue.running} running, ${status.queue.pending} queued, ${status.queue.waitingInInbox} waiting in the inbox`;
  const list = $('#settings');
  list.replaceChildren();
  for (const file of status.settings.files) {
    if (file.missing) continue;
    const item = document.createElement('li');
    item.textContent = `${file.path} (${file.client}): ${file.ignored ? `not read: ${file.ignored}` : `${file.daemonHooks} daemon hook(s), loaded ${clock(file.loadedAt) || 'never'}`}`;
    if (file.lastError) {
      const error = document.createElement('div');
      error.className = 'error-text';
      error.textContent = `last reload failed at ${clock(file.lastReloadAt)}, keeping the last good config:\n${file.lastError.join('\n')}`;
      item.append(error);
    }
    list.append(item);
  }
  if (!list.children.length) list.textContent = 'none of the followed files exists yet';
  renderHealth(status);
  renderCannotRun(status.cannotRun ?? []);
  renderSilentHooks(status.didNotFire ?? []);
}

// Configured hooks that did not fire where their siblings did (GET /status didNotFire): the hook, its file, the sessions, the likeliest cause.
function renderSilentHooks(hooks) {
  $('#silent-hooks-section').hidden = hooks.length === 0;
  const list = $('#silent-hooks');
  list.replaceChildren();
  for (const hook of hooks) {
    const item = document.createElement('li');
    item.className = 'silent-hook';
    item.textContent = `${hook.client} ${hook.event} hook ${hook.command} (${hook.file}, ${hook.location}) did not fire in ${hook.sessions.length} session(s): ${hook.sessions.join(', ')}`;
    const cause = document.createElement('div');
    cause.className = 'muted';
    cause.textContent = `likeliest: ${hook.cause}`;
    item.append(cause);
    list.append(item);
  }
}

// Configured hooks their client will not run (GET /status cannotRun, cannot-run/): the hook, why, and the fix.
function renderCannotRun(rows) {
  $('#cannot-run-section').hidden = rows.length === 0;
  const list = $('#cannot-run');
  list.replaceChildren();
  for (const row of rows) {
    const item = document.createElement('li');
    item.className = 'cannot-run';
    item.dataset.reason = row.reason;
    item.textContent = `${row.client} ${row.event} hook ${row.command} (${row.file}, ${row.location}): ${row.why}`;
    const fix = document.createElement('div');
    fix.className = 'muted';
    fix.textContent = `→ ${row.fix}`;
    item.append(fix);
    list.append(item);
  }
}
