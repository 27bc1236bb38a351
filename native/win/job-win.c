/*
 * A process started inside a Job Object that ends everything in it when its last handle closes
 * (JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE): started suspended and put in the job before its first
 * instruction, so nothing it starts, a grandchild whose parent has exited included, is outside it.
 * The job's handle is never inherited: only the process that made it holds it, and when that process
 * ends, killed or not, the tree ends with it. run-hook-win.c runs the sync bridge's hook so;
 * `hookd-bridge.exe job` (job_bridge) runs any program so for Node's Windows executor, which cannot
 * make a Job Object itself (src/executor/windows-job.ts).
 */
#include "../bridge.h"

void set_kill_on_close(HANDLE job, int on) {
  JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits = { 0 };
  limits.BasicLimitInformation.LimitFlags = on ? JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE : 0;
  (void)SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limits, sizeof limits);
}

HANDLE job_new(void) {
  HANDLE job = CreateJobObjectW(NULL, NULL);
  if (job) set_kill_on_close(job, 1);
  return job;
}

const char *job_start(HANDLE job, wchar_t *line, STARTUPINFOW *si, PROCESS_INFORMATION *pi) {
  if (!CreateProcessW(NULL, line, NULL, NULL, TRUE, CREATE_SUSPENDED | CREATE_NO_WINDOW | CREATE_UNICODE_ENVIRONMENT, NULL, NULL, si, pi))
    return "CreateProcess";
  const char *failed = !AssignProcessToJobObject(job, pi->hProcess) ? "AssignProcessToJobObject"
                       : ResumeThread(pi->hThread) == (DWORD)-1   ? "ResumeThread"
                                                                  : NULL;
  DWORD error = GetLastError();
  if (failed) (void)TerminateProcess(pi->hProcess, 1); /* outside the job, or never to run: not left running */
  CloseHandle(pi->hThread);
  SetLastError(error);
  return failed;
}

/* The command line after `job --`: the program's own, as its caller wrote it (cmd's verbatim quoting
 * included), never parsed and quoted again. NULL when the line does not read `PROGRAM job -- ...`. */
static wchar_t *after_job_words(wchar_t *line) {
  /* The program's name as Windows reads it: up to the closing quote when quoted, else to a blank. */
  if (*line == L'"') {
    for (line++; *line && *line != L'"'; line++) continue;
    if (*line) line++;
  } else {
    while (*line && *line != L' ' && *line != L'\t') line++;
  }
  static const wchar_t *const words[] = { L"job", L"--" };
  for (int i = 0; i < 2; i++) {
    while (*line == L' ' || *line == L'\t') line++;
    size_t len = wcslen(words[i]);
    if (wcsncmp(line, words[i], len) != 0 || (line[len] != L' ' && line[len] != L'\t')) return NULL;
    line += len;
  }
  while (*line == L' ' || *line == L'\t') line++;
  return *line ? line : NULL;
}

int job_bridge(void) {
  wchar_t *tail = after_job_words(GetCommandLineW());
  if (!tail) return fputs("usage: hookd-bridge.exe job -- PROGRAM [ARGS...]\n", stderr), 2;
  wchar_t *line = _wcsdup(tail); /* CreateProcessW may write into its command line */
  HANDLE job = job_new();
  if (!line || !job) return fprintf(stderr, "hookd job: internal error (%s)\n", line ? "CreateJobObject" : "no memory"), INTERNAL_ERROR_EXIT;
  /* The program's standard handles are this bridge's own, byte for byte with nothing copied between. */
  STARTUPINFOW si = { .cb = sizeof si, .dwFlags = STARTF_USESTDHANDLES };
  HANDLE *std[] = { &si.hStdInput, &si.hStdOutput, &si.hStdError };
  for (DWORD i = 0; i < 3; i++) {
    *std[i] = GetStdHandle(STD_INPUT_HANDLE - i);
    if (*std[i] && *std[i] != INVALID_HANDLE_VALUE) (void)SetHandleInformation(*std[i], HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
  }
  PROCESS_INFORMATION pi;
  const char *failed = job_start(job, line, &si, &pi);
  if (failed) {
    fprintf(stderr, "hookd job: the program could not start (%s: Windows error %lu)\n", failed, (unsigned long)GetLastError());
    if (strcmp(failed, "CreateProcess") != 0) CloseHandle(pi.hProcess);
    return INTERNAL_ERROR_EXIT;
  }
  DWORD code = INTERNAL_ERROR_EXIT;
  if (WaitForSingleObject(pi.hProcess, INFINITE) != WAIT_OBJECT_0 || !GetExitCodeProcess(pi.hProcess, &code)) code = INTERNAL_ERROR_EXIT;
  /* It exited by itself: what it left running stays, as on POSIX (only a killed bridge ends the tree). */
  set_kill_on_close(job, 0);
  return (int)code;
}
