/** A port free on both loopback addresses right now (see free-port.mjs). */
export function freePort(): Promise<number>;
