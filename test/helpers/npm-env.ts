// The environment for npm run by a test as a newcomer would run it: none of the npm_* variables
// the test runner itself was started with (npx and npm run set them, and they would steer the
// inner npm), and the packages from this machine's npm cache, so a test needs no network.
import path from 'node:path';

/** The test's environment without npm's own variables, with npm reading this machine's cache first. */
export function npmEnv(extra: Record<string, string> = {}): Record<string, string> {
  const inherited = Object.entries(process.env).filter(([name, value]) => value !== undefined && !/^npm_/i.test(name));
  return {
    ...(Object.fromEntries(inherited) as Record<string, string>),
    npm_config_cache: process.env.npm_config_cache ?? path.join(process.env.HOME ?? '/root', '.npm'),
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    // The registry's certificates, which the other processes of the suite go without (quick-node.ts).
    ...(process.env.HOOKD_TEST_EXTRA_CA_CERTS !== undefined && {
      NODE_EXTRA_CA_CERTS: process.env.HOOKD_TEST_EXTRA_CA_CERTS,
    }),
    ...extra,
  };
}
