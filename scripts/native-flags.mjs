// The C flags of every build of native/: the one here (scripts/build-native.mjs) and the prebuilt
// bridges of a release (scripts/pack-release.mjs), so both are hardened alike.
// Hardened (a buffer overrun the compiler can see stops the program, a smashed stack is caught)
// and kept warning-free under these warnings: `--strict` (test/bridge/native-build.test.ts) turns
// them into errors. -U first: some compilers define _FORTIFY_SOURCE themselves.
export const CFLAGS = [
  '-O2',
  '-U_FORTIFY_SOURCE',
  '-D_FORTIFY_SOURCE=2',
  '-fstack-protector-strong',
  '-Wall',
  '-Wextra',
  '-Wconversion',
];

// The files of native/ the Windows bridge is compiled from (the prebuilt @hookd-dev/hookd-win32-x64): the
// shared ones, whose system calls native/win/posix.h gives a Windows body, and native/win/, which takes the
// place of the POSIX hook process (run-hook.c, end-hook.c), the front door (front-door*.c) and the warm
// path's unix socket (ask-warm.c). Paths from the root.
export const WINDOWS_SOURCES = [
  'bridge-options.c',
  'canonical-answer.c',
  'canonical-input.c',
  'emit.c',
  'event-name.c',
  'hook-output.c',
  'hookd-bridge.c',
  'inbox-writer.c',
  'json-string.c',
  'read-event.c',
  'record-bytes.c',
  'run-record.c',
  'win/ask-warm-win.c',
  'win/job-win.c',
  'win/main-win.c',
  'win/posix.c',
  'win/run-hook-win.c',
].map((name) => `native/${name}`);
