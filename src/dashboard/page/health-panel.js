// The first panel of hookd's live page: "is everything wired and healthy?", answered from GET
// /status in a few lines, each ✓ or ✗: the daemon, the bridge deciding hooks wait on, the clients
// whose hook files were found, how many hooks run through hookd, the hooks that will not run or did
// not fire, and files that failed to load. Loaded after page-kit.js; status-panel.js calls renderHealth.
'use strict';

// The kinds of hooks GET /status counts (settings/entry-kinds.ts), in the words `hookd status` uses.
const KIND_WORDS = { bridge: 'hookd emit', sync: 'hookd sync', http: 'http' };

function healthChecks(status) {
  const files = status.settings.files.filter((file) => !file.missing && !file.ignored);
  const clients = [...new Set(files.map((file) => file.client).filter(Boolean))];
  const kinds = Object.entries(status.settings.hooksByKind ?? {}).filter(([, n]) => n > 0);
  const hooks = status.settings.daemonHooks;
  const cannotRun = status.cannotRun ?? [];
  const silent = status.didNotFire ?? [];
  const broken = files.filter((file) => file.lastError);
  const checks = [
    {
      ok: true,
      text: `daemon running: ${status.version}, pid ${status.pid}, up ${Math.round(status.uptimeMs / 1000)} s`,
    },
    status.bridge && {
      ok: status.bridge.kind !== 'node',
      text: `deciding hooks wait on: ${status.bridge.summary}`,
    },
    clients.length
      ? { ok: true, text: `clients found: ${clients.join(', ')} (${files.length} hook file(s))` }
      : { ok: false, text: "clients found: none (no client's hook file exists here yet)" },
    hooks > 0
      ? {
          ok: true,
          text: `hooks through hookd: ${hooks}${kinds.length ? ` (${kinds.map(([kind, n]) => `${n} ${KIND_WORDS[kind] ?? kind}`).join(', ')})` : ''}`,
        }
      : { ok: false, text: 'hooks through hookd: none (hookd install puts your hooks through it)' },
    cannotRun.length
      ? { ok: false, text: `hooks that will not run: ${cannotRun.length} (below, each with why and the fix)` }
      : { ok: true, text: 'hooks that will not run: none' },
    silent.length && {
      ok: false,
      text: `silent hooks: ${silent.length} did not fire where their siblings did (below)`,
    },
    broken.length && {
      ok: false,
      text: `hook files that failed to load: ${broken.map((file) => file.path).join(', ')} (the last good one is kept)`,
    },
    {
      ok: true,
      text: `queue: ${status.queue.running} running, ${status.queue.pending} queued, ${status.queue.waitingInInbox} waiting in the inbox`,
    },
  ];
  return checks.filter(Boolean);
}

function renderHealth(status) {
  const list = $('#health-checks');
  list.replaceChildren();
  for (const check of healthChecks(status)) {
    const item = document.createElement('li');
    item.textContent = check.text;
    if (!check.ok) item.className = 'bad';
    list.append(item);
  }
}
