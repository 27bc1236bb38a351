// The seam between hookd and the operating system for what is not a hook's process (the executor,
// src/executor/, owns starting, watching and ending hooks): who holds a listening port, read from
// /proc on Linux. Everything else imports these from here only (test/os/os-seam.test.ts fails on a
// /proc path elsewhere), so a Windows build fills this one module: GetExtendedTcpTable for the
// listener's owner. The POSIX implementations are the files beside it.
export { foreignListeners, holdersOf, listenersOn, userName, type Holder, type Listener } from './listener-owner.js';
