// The duplicate window: reproduction of issue 11 item 12, identical events 1.9 s apart were
// suppressed forever because every duplicate moved the window on.
import { describe, expect, it } from 'vitest';
import { DUPLICATE_WINDOW_MS, DuplicateFilter } from '../../../src/daemon/pipeline/duplicates.js';

const payload = Buffer.from('{"hook_event_name":"Stop"}');

describe('the duplicate filter', () => {
  it('fixes the window at the first delivery: an event repeated every 1.9 s runs every other time, not once', () => {
    const filter = new DuplicateFilter();
    const verdicts = [0, 1900, 3800, 5700, 7600].map((at, i) => filter.isDuplicate(`r${i}`, 'cmd', payload, at));
    expect(verdicts).toEqual([false, true, false, true, false]);
  });

  it('suppresses a second delivery within the window, not the same record admitted again, nor another command', () => {
    const filter = new DuplicateFilter();
    expect(filter.isDuplicate('a', 'cmd', payload, 1000)).toBe(false);
    expect(filter.isDuplicate('a', 'cmd', payload, 1500)).toBe(false);
    expect(filter.isDuplicate('b', 'cmd', payload, 1000 + DUPLICATE_WINDOW_MS)).toBe(true);
    expect(filter.isDuplicate('c', 'other', payload, 1200)).toBe(false);
    expect(filter.isDuplicate('d', 'cmd', payload, 1001 + DUPLICATE_WINDOW_MS)).toBe(false);
  });
});
