// The picture of one agent session on hookd's live page (issue 25), drawn in SVG by the page itself:
// its runs as bars on one time axis, the runs in line (the agent waited on them) on the agent's
// lane, the runs the daemon made later on a lane beside it; each bar coloured by outcome and
// labelled with its decision where there is room (its tooltip always says it). Runs at the same
// time go on rows of their own within their lane. Every value is written as text, never as markup.
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';
const CHART = { left: 150, right: 16, top: 26, row: 18, gap: 3, laneGap: 12, charWidth: 6.4, maxLabel: 32 };
const LANES = [
  { name: 'agent', title: 'agent waited', note: 'runs in line' },
  { name: 'beside', title: 'beside the agent', note: 'runs the daemon made' },
];

function svg(name, attributes = {}, text) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

// What a bar says: a run in line, its hook's name where it has one and its decision, or its outcome
// when it went wrong ("check: could not start"); a run beside the agent, its event (and its outcome unless ok).
function barLabel(run) {
  if (run.lane === 'agent') {
    const name = hookName(run.command);
    return `${name ? `${name}: ` : ''}${run.outcome === 'ok' ? decisionOf(run).text : run.label}`;
  }
  return `${run.event || '?'}${run.outcome === 'ok' ? '' : ` (${run.label})`}`;
}

// A step between ticks that people read (1, 2, 5 times a power of ten ms), about `count` of them on `span`.
function tickStep(span, count) {
  const rough = Math.max(1, span / count);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough);
}

// A run goes on the first row of its lane whose last run had ended when it started: a lane has as
// many rows as it had runs at once (the runs in line, one after another, keep to one row).
function packLane(runs, x, limit) {
  const ends = [];
  const rows = [];
  const placed = runs.map((run) => {
    let row = ends.findIndex((end) => end <= run.offsetMs);
    if (row === -1) row = ends.push(0) - 1;
    ends[row] = run.offsetMs + run.lengthMs;
    const left = x(run.offsetMs);
    const one = { run, left, width: Math.max(2, x(run.offsetMs + run.lengthMs) - left), full: barLabel(run), row };
    (rows[row] ??= []).push(one);
    return one;
  });
  for (const bars of rows) labelRow(bars, limit);
  return { placed, rows: Math.max(1, rows.length) };
}

// Each bar's label where its row has room: inside a bar wide enough, else after it, else before it,
// else cut to the larger room; none when not even a few characters fit (the bar's tooltip and its
// run detail hold it).
function labelRow(bars, limit) {
  const cut = (text, chars) => (chars >= text.length ? text : chars >= 4 ? `${text.slice(0, chars - 1)}…` : '');
  const fit = (room) => Math.min(CHART.maxLabel, Math.floor(room / CHART.charWidth));
  let free = CHART.left;
  bars.forEach((bar, i) => {
    const after = (bars[i + 1]?.left ?? limit) - (bar.left + bar.width) - 8;
    const before = bar.left - free - 8;
    const need = Math.min(bar.full.length, CHART.maxLabel) * CHART.charWidth;
    bar.inside = need <= bar.width - 8;
    bar.before = !bar.inside && need > after && (need <= before || before > after);
    bar.label = cut(bar.full, bar.inside ? CHART.maxLabel : fit(bar.before ? before : after));
    free = bar.left + bar.width + (bar.inside || bar.before ? 0 : 4 + bar.label.length * CHART.charWidth);
  });
}

function drawAxis(chart, x, span, width, height) {
  const step = tickStep(span, Math.max(2, Math.floor((width - CHART.left) / 110)));
  for (let at = 0; at <= span; at += step) {
    chart.append(svg('line', { class: 'tick', x1: x(at), x2: x(at), y1: CHART.top - 6, y2: height }));
    chart.append(svg('text', { class: 'tick-label', x: x(at), y: CHART.top - 10 }, `+${ms(at) || '0 ms'}`));
  }
}

function drawRun(group, placed, y) {
  const { run, left, width, full, label, before, inside } = placed;
  const bar = svg('g', { class: `run lane-${run.lane}`, 'data-id': run.id, 'data-label': full, tabindex: 0 });
  bar.append(
    svg(
      'title',
      {},
      `${run.event} · ${run.label} · ${ms(run.durationMs ?? run.lengthMs)}${run.lane === 'agent' ? ` · ${decisionOf(run).text}` : ''}\n${run.command}`,
    ),
    // A denial is painted as one (red), whatever the run's outcome: it ran fine, and said no.
    svg('rect', {
      class: `bar ${decisionOf(run).kind === 'block' ? 'decision-block' : outcomeClass(run)}`,
      x: left,
      y,
      width,
      height: CHART.row,
      rx: 2,
    }),
  );
  const x = inside ? left + 4 : before ? left - 4 : left + width + 4;
  if (label)
    bar.append(
      svg(
        'text',
        {
          class: inside ? 'bar-label inside' : 'bar-label',
          x,
          y: y + CHART.row - 5,
          'text-anchor': before && !inside ? 'end' : 'start',
        },
        label,
      ),
    );
  group.append(bar);
}

/** Draw `picture` (GET /sessions/:id/runs) into the <svg> `chart`, `width` pixels wide; a click on a bar opens that run. */
function drawSession(chart, picture, width) {
  const span = Math.max(1, picture.spanMs);
  const x = (offset) => CHART.left + (offset / span) * (width - CHART.left - CHART.right);
  const bars = svg('g', { class: 'bars' });
  let y = CHART.top;
  const bands = [];
  for (const lane of LANES) {
    const { placed, rows } = packLane(
      picture.runs.filter((run) => run.lane === lane.name),
      x,
      width - CHART.right,
    );
    // At least the height of the lane's title and note.
    const height = Math.max(36, rows * (CHART.row + CHART.gap) + CHART.gap);
    bands.push(svg('rect', { class: `lane lane-${lane.name}`, x: 0, y, width, height }));
    bands.push(svg('text', { class: 'lane-title', x: 8, y: y + 14 }, lane.title));
    bands.push(svg('text', { class: 'lane-note', x: 8, y: y + 28 }, `${placed.length} ${lane.note}`));
    for (const one of placed) drawRun(bars, one, y + CHART.gap + one.row * (CHART.row + CHART.gap));
    y += height + CHART.laneGap;
  }
  chart.replaceChildren();
  chart.setAttribute('width', width);
  chart.setAttribute('height', y);
  chart.setAttribute('viewBox', `0 0 ${width} ${y}`);
  chart.append(...bands);
  drawAxis(chart, x, span, width, y);
  chart.append(bars);
  const open = (event) => {
    const id = event.target.closest?.('[data-id]')?.dataset.id;
    if (id && (event.type === 'click' || event.key === 'Enter')) void showRun(id);
  };
  chart.onclick = open;
  chart.onkeydown = open;
}
