// A setup file of every test file (vitest.config.ts). This machine exports NODE_EXTRA_CA_CERTS,
// which every Node process reads at its start: about 50 ms each, three times a bare start. The
// suite starts thousands (hookd's commands, daemons, bridges, launchers, the clients), none of
// which speaks TLS to anything: they go without it. npm, which may reach the registry, gets it
// back (npm-env.ts); benchmarks keep it, and compare within one run.
const extra = process.env.NODE_EXTRA_CA_CERTS;
if (extra !== undefined) {
  process.env.HOOKD_TEST_EXTRA_CA_CERTS = extra;
  delete process.env.NODE_EXTRA_CA_CERTS;
}
