/* resource.h — finding named data files (boards, tile sets, lexicons, dice) in the data
 * directories: each entry of $SKRAB_DATA (colon-separated), then <dir of the
 * executable>/../share/skrab (the build tree and an installed tree have this same shape), then the
 * compiled-in install datadir. A name containing '/' or ending in a file extension is a path and is
 * used as is. */
#ifndef SKRAB_RESOURCE_H
#define SKRAB_RESOURCE_H

#include <stddef.h>

#include "skrab/api.h"

#define SK_PATH_MAX 1024
#define SK_DATADIRS_MAX 12

typedef struct {
    int count;
    char dirs[SK_DATADIRS_MAX][SK_PATH_MAX];
} sk_datadirs;

typedef enum {
    SK_RES_BOARD,
    SK_RES_TILES,
    SK_RES_LEXICON,
    SK_RES_DICE,
    SK_RES_LEAVES
} sk_resource_kind;

/* The message for a board name no data directory has (one %s: the name). */
#define SK_BOARD_MISSING_FMT                                                                       \
    "no board named '%s' in the data directories (skrab ships skrabbkle, CrosswordGame and "       \
    "SuperCrosswordGame there; or give a path)"

/* Fills OUT with the search list. ENV is the value of $SKRAB_DATA or NULL; EXE_PATH the absolute
 * path of the running executable or NULL. Entries that do not fit are skipped. */
SK_API void sk_datadirs_init(sk_datadirs *out, const char *env, const char *exe_path);

/* 1 when the real path of PATH (symbolic links resolved) lies inside the real path of one of
 * DIRS, else 0 (and for a PATH that does not exist): the untrusted rule for a file that data
 * names (docs/commands.md, "Untrusted input"). */
SK_API int sk_datadirs_hold(const sk_datadirs *dirs, const char *path);

/* 1 if NAME is to be taken as a path (contains '/', or ends in ".ext"), else 0. */
SK_API int sk_resource_is_path(const char *name);

/* Resolves NAME of KIND to a readable file and writes its path into OUT[OUTSZ].
 * Boards: boards/NAME.txt (alias "skrabbkle" = defaultBoard.txt); tiles: tiles/NAME.txt;
 * lexicons: NAME.kwg, then NAME.txt; dice: boggle/NAME.txt; leave values: leaves/NAME.klv2. Returns
 * SK_OK, SK_ENOTFOUND, or SK_ETOOBIG when the path does not fit. */
SK_API int sk_resource_find(const sk_datadirs *dirs, sk_resource_kind kind, const char *name,
                            char *out, size_t outsz);

/* Resolves REL relative to the directory of the file BASE (as a data file naming another file
 * does); an absolute REL is copied. Returns SK_OK or SK_ETOOBIG. */
SK_API int sk_path_relative_to(const char *base, const char *rel, char *out, size_t outsz);

#endif
