// The picture of one agent session on hookd's live page (issue 25), drawn in SVG by the page itself:
// its runs as bars on one time axis, the runs in line (the agent waited on them) on the agent's
// lane, the runs the daemon made later on a lane beside it; each bar coloured by outcome and
// labelled with its decision. Bars that would overlap (or whose labels would) go on rows of their
// own within their lane. Every value is written as text (textContent), never as markup.
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

// What a bar says: a run in line, its decision (the outcome too when it went wrong); a run beside
// the agent, its event (and its outcome unless ok).
function barLabel(run) {
  const trouble = run.outcome === 'ok' ? '' : ` (${outcomeText(run)})`;
  const text = run.lane === 'agent' ? `${run.decision ?? 'none'}${trouble}` : `${run.event || '?'}${trouble}`;
  return text.length > CHART.maxLabel ? `${text.slice(0, CHART.maxLabel - 1)}…` : text;
}

// A step between ticks that people read (1, 2, 5 times a power of ten ms), about `count` of them on `span`.
function tickStep(span, count) {
  const rough = Math.max(1, span / count);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough);
}

// Place each run of one lane on the first row where neither it nor its label meets another. A label
// goes after its bar, or before it when it would pass `limit` (the chart's right edge).
function packLane(runs, x, limit) {
  const rowEnds = [];
  const placed = runs.map((run) => {
    const left = x(run.offsetMs);
    const width = Math.max(2, x(run.offsetMs + run.lengthMs) - left);
    const label = barLabel(run);
    const labelWidth = 4 + label.length * CHART.charWidth;
    const before = left + width + labelWidth > limit && left - labelWidth >= CHART.left;
    const [from, end] = before ? [left - labelWidth, left + width] : [left, left + width + labelWidth];
    let row = rowEnds.findIndex((rowEnd) => rowEnd <= from);
    if (row === -1) row = rowEnds.push(0) - 1;
    rowEnds[row] = end + 4;
    return { run, left, width, label, row, before };
  });
  return { placed, rows: Math.max(1, rowEnds.length) };
}

function drawAxis(chart, x, span, width, height) {
  const step = tickStep(span, Math.max(2, Math.floor((width - CHART.left) / 110)));
  for (let at = 0; at <= span; at += step) {
    chart.append(svg('line', { class: 'tick', x1: x(at), x2: x(at), y1: CHART.top - 6, y2: height }));
    chart.append(svg('text', { class: 'tick-label', x: x(at), y: CHART.top - 10 }, `+${ms(at) || '0 ms'}`));
  }
}

function drawRun(group, placed, y) {
  const { run, left, width, label, before } = placed;
  const bar = svg('g', { class: `run lane-${run.lane}`, 'data-id': run.id, tabindex: 0 });
  bar.append(
    svg('title', {}, `${run.event} · ${outcomeText(run)} · ${ms(run.durationMs ?? run.lengthMs)}${run.lane === 'agent' ? ` · ${run.decision ?? 'none'}` : ''}\n${run.command}`),
    svg('rect', { class: `bar ${outcomeClass(run.outcome)}`, x: left, y, width, height: CHART.row, rx: 2 }),
    svg('text', { class: 'bar-label', x: before ? left - 4 : left + width + 4, y: y + CHART.row - 5, 'text-anchor': before ? 'end' : 'start' }, label),
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
    const { placed, rows } = packLane(picture.runs.filter((run) => run.lane === lane.name), x, width - CHART.right);
    const height = rows * (CHART.row + CHART.gap) + CHART.gap;
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
