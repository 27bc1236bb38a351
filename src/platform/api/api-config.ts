// Where the platform API is and which key to send, resolved once at the edge from the
// environment: HOOKD_API_URL, HOOKD_APP_URL, HOOKD_API_KEY or HOOKD_API_KEY_FILE. A key file
// that group or others can read is refused: the key grants access to the whole organization.
import { readFileSync, statSync } from 'node:fs';
import { UsageError, describeError } from '../../common/errors.js';

/** Placeholders: the platform's public address is not part of the spec; set HOOKD_API_URL. */
export const DEFAULT_API_URL = 'https://api.agent-platform.example';
export const DEFAULT_APP_URL = 'https://app.agent-platform.example';

export interface ApiConfig {
  /** `{base_url}` of the spec, without a trailing slash. */
  apiUrl: string;
  /** `{app_url}`, the host of the readiness endpoint. */
  appUrl: string;
  /** The bearer credential; undefined when none is configured. */
  apiKey: string | undefined;
}

type Env = Record<string, string | undefined>;

function baseUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `${name}: "${value}" is not a URL; expected e.g. https://api.example.com or http://127.0.0.1:8787`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${name}: expected an http or https URL, got ${url.protocol}`);
  if (url.username || url.password)
    throw new UsageError(`${name}: credentials in the URL are not supported; use HOOKD_API_KEY_FILE`);
  return url.href.replace(/\/+$/, '');
}

/** Read a key file, refusing one that group or others can read. */
export function readKeyFile(file: string): string {
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch (error) {
    throw new UsageError(`HOOKD_API_KEY_FILE: cannot read ${file}: ${describeError(error)}`);
  }
  if ((mode & 0o077) !== 0) {
    const octal = (mode & 0o777).toString(8).padStart(4, '0');
    throw new UsageError(
      `HOOKD_API_KEY_FILE: ${file} is readable by group or others (mode ${octal}); run: chmod 600 ${file}`,
    );
  }
  const key = readFileSync(file, 'utf8').trim();
  if (key === '') throw new UsageError(`HOOKD_API_KEY_FILE: ${file} is empty; put the API key in it`);
  if (/\s/.test(key))
    throw new UsageError(`HOOKD_API_KEY_FILE: ${file} holds more than one word; put only the API key in it`);
  return key;
}

/** The API addresses and key from the environment. HOOKD_API_KEY wins over HOOKD_API_KEY_FILE. */
export function resolveApiConfig(env: Env = process.env): ApiConfig {
  const apiUrl = baseUrl(env.HOOKD_API_URL || DEFAULT_API_URL, 'HOOKD_API_URL');
  // Without HOOKD_APP_URL, an API URL set by hand (the emulator, a staging host) serves both.
  const appUrl = baseUrl(env.HOOKD_APP_URL || (env.HOOKD_API_URL ? apiUrl : DEFAULT_APP_URL), 'HOOKD_APP_URL');
  const inline = env.HOOKD_API_KEY?.trim();
  const apiKey = inline ? inline : env.HOOKD_API_KEY_FILE ? readKeyFile(env.HOOKD_API_KEY_FILE) : undefined;
  return { apiUrl, appUrl, apiKey };
}
