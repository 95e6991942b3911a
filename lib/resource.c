/* resource.c — data directory search (see resource.h). Only looks at the file system; never
 * reads the environment itself (the caller passes $SKRAB_DATA), so there is no global state. */
#define _DEFAULT_SOURCE 1 /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "skrab/error.h"
#include "skrab/resource.h"

#ifndef SKRAB_DATADIR
#define SKRAB_DATADIR "/usr/local/share/skrab"
#endif

static void add_dir(sk_datadirs *d, const char *dir, size_t len)
{
    if (len == 0 || len >= SK_PATH_MAX || d->count >= SK_DATADIRS_MAX) return;
    memcpy(d->dirs[d->count], dir, len);
    d->dirs[d->count][len] = '\0';
    d->count++;
}

void sk_datadirs_init(sk_datadirs *out, const char *env, const char *exe_path)
{
    out->count = 0;
    if (env) {
        const char *p = env;
        while (*p) {
            const char *colon = strchr(p, ':');
            size_t len = colon ? (size_t)(colon - p) : strlen(p);
            add_dir(out, p, len);
            p += len;
            if (*p == ':') p++;
        }
    }
    if (exe_path) {
        const char *slash = strrchr(exe_path, '/');
        if (slash) {
            char dir[SK_PATH_MAX];
            int n = snprintf(dir, sizeof(dir), "%.*s/../share/skrab", (int)(slash - exe_path),
                             exe_path);
            if (n > 0 && (size_t)n < sizeof(dir)) add_dir(out, dir, (size_t)n);
        }
    }
    add_dir(out, SKRAB_DATADIR, strlen(SKRAB_DATADIR));
}

int sk_datadirs_hold(const sk_datadirs *dirs, const char *path)
{
    char real[PATH_MAX], dir[PATH_MAX];
    if (!realpath(path, real)) return 0;
    for (int i = 0; i < dirs->count; i++) {
        if (!realpath(dirs->dirs[i], dir)) continue;
        size_t n = strlen(dir);
        if (n == 1) return 1; /* "/" holds everything */
        if (strncmp(real, dir, n) == 0 && real[n] == '/') return 1;
    }
    return 0;
}

int sk_resource_is_path(const char *name)
{
    if (strchr(name, '/')) return 1;
    const char *dot = strrchr(name, '.');
    return dot && dot != name && dot[1] != '\0';
}

static int copy_path(char *out, size_t outsz, const char *path)
{
    size_t len = strlen(path);
    if (len >= outsz) return SK_ETOOBIG;
    memcpy(out, path, len + 1);
    return SK_OK;
}

static int try_dir(const char *dir, const char *rel, char *out, size_t outsz)
{
    int n = snprintf(out, outsz, "%s/%s", dir, rel);
    if (n < 0 || (size_t)n >= outsz) return SK_ETOOBIG;
    return access(out, R_OK) == 0 ? SK_OK : SK_ENOTFOUND;
}

int sk_resource_find(const sk_datadirs *dirs, sk_resource_kind kind, const char *name, char *out,
                     size_t outsz)
{
    if (sk_resource_is_path(name)) return copy_path(out, outsz, name);
    if (strlen(name) > 200) return SK_ENOTFOUND;
    char rel[2][256];
    int nrel = 1;
    switch (kind) {
    case SK_RES_BOARD:
        if (strcmp(name, "skrabbkle") == 0)
            snprintf(rel[0], sizeof(rel[0]), "defaultBoard.txt");
        else
            snprintf(rel[0], sizeof(rel[0]), "boards/%s.txt", name);
        break;
    case SK_RES_TILES:
        snprintf(rel[0], sizeof(rel[0]), "tiles/%s.txt", name);
        break;
    case SK_RES_LEXICON:
        snprintf(rel[0], sizeof(rel[0]), "%s.kwg", name);
        snprintf(rel[1], sizeof(rel[1]), "%s.txt", name);
        nrel = 2;
        break;
    case SK_RES_DICE:
        snprintf(rel[0], sizeof(rel[0]), "boggle/%s.txt", name);
        break;
    case SK_RES_LEAVES:
        snprintf(rel[0], sizeof(rel[0]), "leaves/%s.klv2", name);
        break;
    }
    for (int r = 0; r < nrel; r++) {
        for (int i = 0; i < dirs->count; i++) {
            int rc = try_dir(dirs->dirs[i], rel[r], out, outsz);
            if (rc != SK_ENOTFOUND) return rc;
        }
    }
    return SK_ENOTFOUND;
}

int sk_path_relative_to(const char *base, const char *rel, char *out, size_t outsz)
{
    const char *slash = strrchr(base, '/');
    if (rel[0] == '/' || !slash) return copy_path(out, outsz, rel);
    int n = snprintf(out, outsz, "%.*s/%s", (int)(slash - base), base, rel);
    if (n < 0 || (size_t)n >= outsz) return SK_ETOOBIG;
    return SK_OK;
}
