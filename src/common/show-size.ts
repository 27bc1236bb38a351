// Sizes as people read them, in every message that names one: one way to write 32 MiB.
export const MIB = 1024 * 1024;

/** Size as people read it: 25 MiB, 512 KiB. */
export function showSize(bytes: number): string {
  return bytes >= MIB ? `${+(bytes / MIB).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
