// One rule for a timeout written in seconds that reads like a count of milliseconds: 1000 seconds
// and more (a quarter of an hour; every client's default is 10 minutes or less). `"timeout": 5000`
// meant as five seconds holds the agent 83 minutes behind a hook that hangs. The doctor's check of
// the clients' files (cannot-run/timeout-like-milliseconds.ts) and install's note on a manifest
// (hif/encode.ts) both ask here.

/** From this many seconds a timeout reads like milliseconds. */
export const LIKE_MILLISECONDS_FROM_S = 1000;

/** Whether `seconds` of timeout looks like a count of milliseconds written in the wrong unit. */
export const looksLikeMilliseconds = (seconds: number): boolean => seconds >= LIKE_MILLISECONDS_FROM_S;

/** `5000 seconds (83 minutes)`: a timeout read as seconds, and how long that is. */
export const secondsSaid = (seconds: number): string => `${seconds} seconds (${Math.round(seconds / 60)} minutes)`;

/** The seconds meant by `milliseconds` written as seconds: at least one. */
export const secondsMeant = (milliseconds: number): number => Math.max(1, Math.round(milliseconds / 1000));
