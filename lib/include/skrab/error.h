/* error.h — the error codes every fallible libskrab function returns (0 or a negative SK_E*).
 * Details of what went wrong travel in an sk_diag_list (diag.h), never on stderr. */
#ifndef SKRAB_ERROR_H
#define SKRAB_ERROR_H

#include "skrab/api.h"

enum {
    SK_OK = 0,
    SK_EINVAL = -1,       /* the input is malformed: diagnostics say where and why */
    SK_ENOMEM = -2,       /* out of memory */
    SK_EIO = -3,          /* a file could not be read or written */
    SK_ENOTFOUND = -4,    /* a named resource or file does not exist */
    SK_ETOOBIG = -5,      /* the input exceeds a documented size bound */
    SK_EUNSUPPORTED = -6, /* valid but not supported here (e.g. multi-letter tiles) */
    SK_ENOTREG = -7       /* a file was expected and the path names a directory, a FIFO, a
                             device or a socket */
};

/* Returns a short lowercase description of an SK_E* code ("out of memory"); never NULL. */
SK_API const char *sk_strerror(int code);

#endif
