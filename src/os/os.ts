// The seam between hookd and the operating system, in one module: starting a hook's `sh -c`, its
// process group and session, reading /proc (a process's state, start time and session), and who
// holds a listening port. Everything else imports these from here only (test/os/os-seam.test.ts
// fails on a /proc path, a `detached` spawn or a group kill elsewhere), so a Windows build fills
// this one module: a job object for the group, the process table for /proc, GetExtendedTcpTable
// for the listener's owner. The POSIX implementations are the files beside it.
export { spawnShell } from './shell.js';
export { killGroup } from './kill-group.js';
export { endSession } from './end-session.js';
export { groupMemory } from './group-memory.js';
export { endGroups, groupOf, hasExited, identify, startTimeOf, type HookGroup } from './process-groups.js';
export { foreignListeners, holdersOf, listenersOn, userName, type Holder, type Listener } from './listener-owner.js';
