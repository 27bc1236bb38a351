// A duration a test may shorten through the environment (the launcher's idle time, the loopback
// listener's retry): read in one place so that every such variable takes the same values.

/** `name` from the environment as whole milliseconds in decimal digits (1 up to setTimeout's limit), else `fallback`. */
export function envMs(name: string, fallback: number): number {
  const text = process.env[name]?.trim() ?? '';
  const set = /^\d+$/.test(text) ? Number(text) : NaN;
  return set > 0 && set < 2 ** 31 ? set : fallback;
}
