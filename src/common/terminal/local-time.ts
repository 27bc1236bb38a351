// The one time format people read, in every printer of the CLI (status, history, run): the local
// time to the second with its zone, `2026-05-01 14:03:07 CEST`. `--json` keeps ISO 8601 as stored.
// The live page writes the same with its own copy of this rule (src/dashboard/page/page-kit.js).

const pad = (n: number) => String(n).padStart(2, '0');

// The zone's short name where it has one (UTC, CET, EST), else its offset (GMT+5:30), as Intl says.
function zoneOf(date: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/** `iso` (or ms since the epoch) as local time with the zone; an unreadable value comes back as it was. */
export function localTime(iso: string | number | null | undefined): string {
  if (iso === undefined || iso === null) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${zoneOf(date)}`.trimEnd();
}
