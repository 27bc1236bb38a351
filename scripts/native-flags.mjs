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
