// A duration a test may shorten through the environment (the launcher's idle time, the loopback
// listener's retry): read in one place so that every such variable takes the same values.

/** `name` from the environment as whole milliseconds (1 up to setTimeout's limit), else `fallback`. */
export function envMs(name: string, fallback: number): number {
  const set = Number(process.env[name]);
  return Number.isInteger(set) && set > 0 && set < 2 ** 31 ? set : fallback;
}
