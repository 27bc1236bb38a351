// The pieces every part of hookd's live page uses: the API's address, what the outcomes mean to
// the page, and small helpers that format values and write them with textContent. Loaded first.
'use strict';

const API = '/dashboard/api';
// The daemon's rules, from the page's session (dashboard.ts): how many runs a listing holds, which
// outcomes are failures, and which failed runs can be retried.
let KEPT = 1000;
let FAILED = new Set();
let RETRIABLE = new Set();

const $ = (selector) => document.querySelector(selector);
const ms = (value) => (value === undefined || value === null ? '' : value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`);
const clock = (iso) => (iso ? new Date(iso).toLocaleTimeString() : '');

function cell(row, text, className) {
  const td = row.insertCell();
  td.textContent = text === undefined || text === null ? '' : String(text);
  if (className) td.className = className;
  return td;
}

function outcomeClass(outcome) {
  return outcome === 'ok' ? 'outcome-ok' : FAILED.has(outcome) ? 'outcome-bad' : 'outcome-other';
}

function outcomeText(run) {
  if (run.outcome === 'failed') return run.exitCode !== undefined && run.exitCode !== null ? `failed (exit ${run.exitCode})` : `failed (${run.signal})`;
  return run.outcome;
}

async function getJson(path) {
  const answer = await fetch(`${API}${path}`, { credentials: 'same-origin' });
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return answer.json();
}
