/* testutil.h — shared helpers for the cmocka unit tests: cmocka's includes in the right order,
 * running `skrab ARGS...` in-process with captured streams, and reading repository files. */
#ifndef SKRAB_TESTUTIL_H
#define SKRAB_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "skrab/buf.h"

typedef struct {
    int status;
    sk_buf out, err;
} tu_run;

/* Runs the skrab command line ARGV (NULL-terminated, without "skrab") with STDIN_TEXT (may be
 * NULL) as standard input; the data directory is the build tree's share/skrab. */
void tu_run_cli(tu_run *r, const char *stdin_text, const char *const *argv);
void tu_run_free(tu_run *r);

/* Reads SOURCE_DIR/REL into OUT; fails the test if it cannot. */
void tu_read_source(sk_buf *out, const char *rel);

#endif
