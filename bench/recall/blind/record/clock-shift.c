/*
 * LD_PRELOAD shim for the blind recordings: shifts the wall clock (CLOCK_REALTIME, gettimeofday,
 * time) of Claude Code and every tool it runs by REC_CLOCK_OFFSET seconds, so each session is
 * recorded on its own scripted day (transcript timestamps, git commit dates, `date`). Monotonic
 * clocks are untouched. Programs named in REC_CLOCK_EXEMPT (space-separated, e.g. "make") keep the
 * real clock: make compares it with the real mtimes of the files it builds.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

static long long offset;
static int ready;

static int exempt(void) {
  const char *list = getenv("REC_CLOCK_EXEMPT");
  const char *me = program_invocation_short_name;
  size_t n = strlen(me);
  for (const char *p = list; p && *p;) {
    const char *end = strchr(p, ' ');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len == n && strncmp(p, me, n) == 0) return 1;
    p = end ? end + 1 : NULL;
  }
  return 0;
}

static void setup(void) {
  if (ready) return;
  ready = 1;
  const char *s = getenv("REC_CLOCK_OFFSET");
  if (s && !exempt()) offset = atoll(s);
}

int clock_gettime(clockid_t clk, struct timespec *ts) {
  static int (*real)(clockid_t, struct timespec *);
  if (!real) real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
  int r = real(clk, ts);
  setup();
  if (r == 0 && (clk == CLOCK_REALTIME || clk == CLOCK_REALTIME_COARSE)) ts->tv_sec += offset;
  return r;
}

int gettimeofday(struct timeval *tv, void *tz) {
  static int (*real)(struct timeval *, void *);
  if (!real) real = (int (*)(struct timeval *, void *))dlsym(RTLD_NEXT, "gettimeofday");
  int r = real(tv, tz);
  setup();
  if (r == 0 && tv) tv->tv_sec += offset;
  return r;
}

time_t time(time_t *t) {
  struct timespec ts;
  if (clock_gettime(CLOCK_REALTIME, &ts) != 0) return (time_t)-1;
  if (t) *t = ts.tv_sec;
  return ts.tv_sec;
}
