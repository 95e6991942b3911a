/* game_load.c — loading the game a spec names: board, tile set, lexicon (kept by the loader, one
 * copy a file) and the rules over them (see gamespec.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "skrab/buf.h"
#include "skrab/error.h"
#include "skrab/gamespec.h"
#include "skrab/resource.h"

struct sk_game_loader {
    sk_datadirs dirs;
    char cache_dir[SK_PATH_MAX]; /* "" none */
    sk_game_report_fn report;
    void *ctx;
    sk_lexicon **lex; /* every lexicon loaded, with the path it came from and the alphabet its
                         words were read in: a word list read in Spanish is another lexicon than
                         the same list read in English */
    char (*lex_path)[SK_PATH_MAX];
    uint64_t *lex_abc; /* [i]: the alphabet lex[i] was read in (alphabet_id) */
    int nlex;
    /* the last built-in tile set loaded, kept because a stream of positions loads one a line
     * and building it means parsing its table; "" none */
    char builtin_name[32];
    sk_tileset builtin;
    /* the last tile set file read, by path: a file is read once even when its alphabet is asked
     * for before the game is loaded (a pipe can be read only once); "" none */
    char file_path[SK_PATH_MAX];
    sk_tileset file;
};

int sk_game_loader_new(sk_game_loader **out, const sk_datadirs *dirs, const char *cache_dir,
                       sk_game_report_fn report, void *ctx)
{
    *out = calloc(1, sizeof(**out));
    if (!*out) return SK_ENOMEM;
    if (dirs) (*out)->dirs = *dirs;
    if (cache_dir) snprintf((*out)->cache_dir, SK_PATH_MAX, "%s", cache_dir);
    (*out)->report = report;
    (*out)->ctx = ctx;
    return SK_OK;
}

void sk_game_loader_set_report(sk_game_loader *loader, sk_game_report_fn report, void *ctx)
{
    loader->report = report;
    loader->ctx = ctx;
}

void sk_game_loader_free(sk_game_loader *loader)
{
    if (!loader) return;
    for (int i = 0; i < loader->nlex; i++)
        sk_lexicon_free(loader->lex[i]);
    free(loader->lex);
    free(loader->lex_path);
    free(loader->lex_abc);
    free(loader);
}

void sk_game_copy(sk_game *dst, const sk_game *src)
{
    memcpy(dst, src, sizeof(*dst));
    dst->rules.board = &dst->board;
    dst->rules.tiles = &dst->tiles;
}

static void report(sk_game_loader *l, const char *path, const sk_buf *text, sk_diag_list *d)
{
    if (!l->report || d->count == 0) return;
    sk_diag_list_sort(d);
    l->report(l->ctx, path, text->data ? text->data : "", text->len, d);
}

/* Reads PATH into TEXT: a regular file only when REGULAR (a file data names), else a pipe too.
 * Returns as sk_buf_read_file, WHY saying why not. */
static int read_file(const char *path, size_t max, int regular, sk_buf *text, char *why,
                     size_t why_size)
{
    errno = 0;
    int rc = regular ? sk_buf_read_regular(text, path, max) : sk_buf_read_file(text, path, max);
    int err = errno;
    if (rc == SK_OK)
        sk_buf_drop_bom(text);
    else
        sk_buf_read_error(path, path, rc, err, max, why, why_size);
    return rc;
}

/* What a file of each kind is, as "BY names PATH: not ..." says it. */
static const char *const kind_name[3] = {"a board file", "a tile set file",
                                         "a lexicon (a word list or KWG)"};

/* Checks PATH, the file that file WHICH of a game resolved to, when data named it (BY, the op or
 * pragma; NULL: the caller did, and nothing is checked): under UNTRUSTED its real path must lie
 * inside a data directory (docs/commands.md, "Untrusted input"). That it is a regular file is
 * checked as it is read (sk_file_open), and said by not_regular. Returns SK_OK, or SK_EINVAL
 * with WHY saying why. */
static int check_named(const sk_game_loader *l, const char *by, int untrusted, const char *path,
                       char *why, size_t why_size)
{
    if (!by || !untrusted) return SK_OK;
    if (access(path, F_OK) == 0 && !sk_datadirs_hold(&l->dirs, path)) {
        snprintf(why, why_size,
                 "%s names %s: outside the data directories, which untrusted input may not name",
                 by, path);
        return SK_EINVAL;
    }
    return SK_OK;
}

/* WHY for a PATH that is not a regular file, named by BY (NULL: the caller). */
static void not_regular(const char *by, const char *path, char *why, size_t why_size)
{
    if (by)
        snprintf(why, why_size, "%s names %s: not a regular file (%s)", by, path,
                 sk_file_kind(path));
    else
        snprintf(why, why_size, "%s: not a regular file (%s)", path, sk_file_kind(path));
}

static int parse_board(void *out, const char *text, size_t len, sk_diag_list *d)
{
    return sk_board_parse(out, text, len, SK_BOARD_FORMAT_AUTO, d);
}

static int parse_tiles(void *out, const char *text, size_t len, sk_diag_list *d)
{
    return sk_tileset_parse(out, text, len, SK_TILES_FORMAT_AUTO, d);
}

/* Reads PATH (at most MAX bytes) and parses it into OUT with PARSE, reporting its findings; a
 * file named by data (BY not NULL) that is not of its format (file WHICH's) is one line in WHY
 * instead, which never quotes it. */
static int read_parsed(sk_game_loader *l, const char *path, size_t max,
                       int (*parse)(void *, const char *, size_t, sk_diag_list *), void *out,
                       const char *by, sk_spec_file which, char *why, size_t why_size)
{
    sk_buf text;
    sk_buf_init(&text);
    int rc = read_file(path, max, by != NULL, &text, why, why_size);
    if (rc == SK_ENOTREG) not_regular(by, path, why, why_size);
    if (rc == SK_ETOOBIG && l->report) { /* past the bound of its format: an invalid file */
        sk_diag_list d;
        sk_diag_list_init(&d);
        sk_diag_add(&d, SK_SEV_ERROR, SK_DIAG_NO_OFFSET, "file is larger than %zu bytes: not %s",
                    max, kind_name[which]);
        report(l, path, &text, &d);
        sk_diag_list_free(&d);
        why[0] = '\0';
        rc = SK_EINVAL;
    }
    if (rc == SK_OK) {
        sk_diag_list d;
        sk_diag_list_init(&d);
        rc = parse(out, text.data, text.len, &d);
        if (rc == SK_ETOOBIG) rc = SK_EINVAL; /* past a bound of the format: D says which */
        if (by && rc != SK_OK && !sk_diag_header_parsed(&d, text.data, text.len))
            snprintf(why, why_size, "%s names %s: not %s", by, path, kind_name[which]);
        else
            report(l, path, &text, &d);
        sk_diag_list_free(&d);
        if (rc != SK_OK && rc != SK_EINVAL && !why[0])
            snprintf(why, why_size, "%s: %s", path, sk_strerror(rc));
    }
    sk_buf_free(&text);
    return rc;
}

static int load_board(sk_game_loader *l, const char *name, sk_game *out, char *why, size_t why_size)
{
    char *path = out->path[SK_SPEC_BOARD];
    if (sk_resource_find(&l->dirs, SK_RES_BOARD, name, path, SK_PATH_MAX) != SK_OK) {
        path[0] = '\0';
        snprintf(why, why_size, SK_BOARD_MISSING_FMT, name);
        return SK_ENOTFOUND;
    }
    const char *by = out->spec.named_by[SK_SPEC_BOARD];
    int rc = check_named(l, by, out->spec.untrusted, path, why, why_size);
    if (rc != SK_OK) return rc;
    return read_parsed(l, path, SK_BOARD_FILE_MAX, parse_board, &out->board, by, SK_SPEC_BOARD, why,
                       why_size);
}

/* Loads the tile set NAME (named by BY, NULL the caller; held to the untrusted rule when
 * UNTRUSTED) as sk_game_load_tiles says. */
static int load_tiles_named(sk_game_loader *l, const char *name, const char *by, int untrusted,
                            sk_tileset *out, char *path, size_t path_size, char *why,
                            size_t why_size)
{
    why[0] = '\0';
    if (path_size) path[0] = '\0';
    if (!sk_resource_is_path(name) && strcmp(name, l->builtin_name) == 0) {
        *out = l->builtin;
        return SK_OK;
    }
    if (!sk_resource_is_path(name) && sk_tileset_builtin(out, name) == SK_OK) {
        if (strlen(name) < sizeof(l->builtin_name)) {
            snprintf(l->builtin_name, sizeof(l->builtin_name), "%s", name);
            l->builtin = *out;
        }
        return SK_OK;
    }
    if (sk_resource_find(&l->dirs, SK_RES_TILES, name, path, path_size) != SK_OK) {
        if (path_size) path[0] = '\0';
        sk_buf names;
        sk_buf_init(&names);
        for (int i = 0; sk_tileset_builtin_name(i); i++)
            sk_buf_printf(&names, "%s%s", i ? ", " : "", sk_tileset_builtin_name(i));
        snprintf(why, why_size, "no tile set named '%s' (built-in: %s; or a path)", name,
                 sk_buf_str(&names));
        sk_buf_free(&names);
        return SK_ENOTFOUND;
    }
    int rc = check_named(l, by, untrusted, path, why, why_size);
    if (rc != SK_OK) return rc;
    if (path_size && path[0] && strcmp(path, l->file_path) == 0) {
        *out = l->file;
        return SK_OK;
    }
    rc =
        read_parsed(l, path, SK_TILES_FILE_MAX, parse_tiles, out, by, SK_SPEC_TILES, why, why_size);
    if (rc == SK_OK && path_size && strlen(path) < sizeof(l->file_path)) {
        snprintf(l->file_path, sizeof(l->file_path), "%s", path);
        l->file = *out;
    }
    return rc;
}

int sk_game_load_tiles(sk_game_loader *l, const char *name, sk_tileset *out, char *path,
                       size_t path_size, char *why, size_t why_size)
{
    return load_tiles_named(l, name, NULL, 0, out, path, path_size, why, why_size);
}

int sk_game_load_spec_tiles(sk_game_loader *l, const sk_game_spec *spec, sk_tileset *out,
                            char *path, size_t path_size, char *why, size_t why_size)
{
    const char *name =
        spec->file[SK_SPEC_TILES][0]
            ? spec->file[SK_SPEC_TILES]
            : sk_ruleset_default_tiles(spec->has_ruleset ? spec->ruleset : SK_RULES_CLASSIC);
    return load_tiles_named(l, name, spec->named_by[SK_SPEC_TILES], spec->untrusted, out, path,
                            path_size, why, why_size);
}

static int load_tiles(sk_game_loader *l, const char *name, sk_game *out, char *why, size_t why_size)
{
    char *path = out->path[SK_SPEC_TILES];
    return load_tiles_named(l, name, out->spec.named_by[SK_SPEC_TILES], out->spec.untrusted,
                            &out->tiles, path, SK_PATH_MAX, why, why_size);
}

/* An identity of the alphabet A (NULL: A..Z, 0): a hash of its labels in number order. */
static uint64_t alphabet_id(const sk_alphabet *a)
{
    uint64_t h = 0;
    for (int k = 0; a && k < a->size; k++)
        for (const char *p = a->upper[k];; p++) {
            h = (h ^ (unsigned char)*p) * 0x100000001B3ull; /* FNV-1a, 0 between labels */
            if (!*p) break;
        }
    return h;
}

/* Refuses LEX for the tile set of OUT when a node holds a tile the set does not define: a KWG
 * says no alphabet, so its tile numbers are the set's (docs/formats.md, "Compiled lexicons
 * (KWG)"), and a tile past the set's letters is one nothing could write, read or score. */
static int check_lexicon_tiles(const sk_lexicon *lex, sk_game *out, char *why, size_t why_size)
{
    unsigned top = sk_lexicon_max_tile(lex);
    int letters = out->tiles.alphabet.size - 1;
    if (top <= (unsigned)letters) return SK_OK;
    out->lexicon = NULL;
    snprintf(why, why_size,
             "%s holds tile %u, but tile set '%s' has letters 1..%d: a lexicon of another "
             "alphabet?",
             out->path[SK_SPEC_LEXICON], top, out->spec.file[SK_SPEC_TILES], letters);
    return SK_EINVAL;
}

/* Loads the lexicon NAME for OUT, whose tile set is loaded already: a word list is read in that
 * set's letters (labels of several characters without brackets, accents the set lacks folded,
 * words with other letters left out with a warning) unless the set is A..Z (docs/formats.md,
 * "Word lists"); a KWG's tile numbers are the set's. */
static int load_lexicon(sk_game_loader *l, const char *name, sk_game *out, char *why,
                        size_t why_size)
{
    char *path = out->path[SK_SPEC_LEXICON];
    path[0] = '\0';
    out->lexicon = NULL;
    if (strcmp(name, "none") == 0) return SK_OK;
    if (sk_lexicon_find(&l->dirs, name, path, SK_PATH_MAX) != SK_OK) {
        path[0] = '\0';
        snprintf(why, why_size, "no lexicon named '%s'", name);
        return SK_ENOTFOUND;
    }
    const char *by = out->spec.named_by[SK_SPEC_LEXICON];
    /* a word list is read in the letters of the game's tile set when they are not A..Z, its
     * accents folded, as `lexicon build -t` reads it (docs/lexicon.md, "Other languages"); a
     * KWG holds tile numbers and reads the same in any */
    const sk_alphabet *abc = sk_tileset_is_latin(&out->tiles) ? NULL : &out->tiles.alphabet;
    size_t plen = strlen(path);
    if (abc && !sk_resource_is_path(name) && plen > 4 && strcmp(path + plen - 4, ".kwg") == 0) {
        /* a name found both as a KWG and as a word list (the shipped wordlist): the KWG's
         * numbers are those of the set it was built for, A..Z for the shipped one, so the word
         * list is read in this game's letters instead (compiled once, cached per set) */
        char txt[SK_PATH_MAX];
        if (snprintf(txt, sizeof(txt), "%.*s.txt", (int)(plen - 4), path) < (int)sizeof(txt) &&
            access(txt, R_OK) == 0)
            memcpy(path + plen - 4, ".txt", 4);
    }
    sk_kwg_build_options opts = {.alphabet = abc, .fold_accents = abc != NULL};
    uint64_t id = alphabet_id(abc);
    int checked = check_named(l, by, out->spec.untrusted, path, why, why_size);
    if (checked != SK_OK) return checked;
    for (int i = 0; i < l->nlex; i++)
        if (strcmp(l->lex_path[i], path) == 0 && l->lex_abc[i] == id) {
            out->lexicon = l->lex[i]; /* loaded for an earlier game: nothing is read again */
            return check_lexicon_tiles(out->lexicon, out, why, why_size);
        }
    if (by) { /* a lexicon data names is a regular file, not even a FIFO */
        int fd, open_rc = sk_file_open(path, 0, &fd);
        if (open_rc == SK_OK) close(fd);
        if (open_rc == SK_ENOTREG) {
            not_regular(by, path, why, why_size);
            return SK_ENOTREG;
        }
    }
    sk_lexicon **lexs = realloc(l->lex, (size_t)(l->nlex + 1) * sizeof(*lexs));
    if (lexs) l->lex = lexs;
    char(*paths)[SK_PATH_MAX] = realloc(l->lex_path, (size_t)(l->nlex + 1) * sizeof(*paths));
    if (paths) l->lex_path = paths;
    uint64_t *ids = realloc(l->lex_abc, (size_t)(l->nlex + 1) * sizeof(*ids));
    if (ids) l->lex_abc = ids;
    if (!lexs || !paths || !ids) {
        snprintf(why, why_size, "out of memory");
        return SK_ENOMEM;
    }
    sk_diag_list d;
    sk_diag_list_init(&d);
    sk_buf text;
    sk_buf_init(&text);
    sk_lexicon *lex = NULL;
    errno = 0;
    int rc = sk_lexicon_load(&lex, path, l->cache_dir[0] ? l->cache_dir : NULL, abc ? &opts : NULL,
                             &text, &d);
    int err = errno;
    if (by && rc != SK_OK && text.len && !sk_diag_header_parsed(&d, text.data, text.len))
        snprintf(why, why_size, "%s names %s: not %s", by, path, kind_name[SK_SPEC_LEXICON]);
    else
        report(l, path, &text, &d);
    if (rc == SK_ENOTREG)
        not_regular(by, path, why, why_size);
    else if (rc != SK_OK && d.errors == 0) /* nothing said yet */
        snprintf(why, why_size, "%s: cannot load the lexicon: %s", path,
                 rc == SK_EIO && err ? strerror(err) : sk_strerror(rc));
    sk_diag_list_free(&d);
    sk_buf_free(&text);
    if (rc != SK_OK) return rc;
    l->lex[l->nlex] = lex;
    snprintf(l->lex_path[l->nlex], SK_PATH_MAX, "%s", path);
    l->lex_abc[l->nlex] = id;
    l->nlex++;
    out->lexicon = lex;
    return check_lexicon_tiles(lex, out, why, why_size);
}

int sk_game_load(sk_game_loader *loader, const sk_game_spec *spec, sk_game *out,
                 sk_spec_file *which, char *why, size_t why_size)
{
    memset(out, 0, sizeof(*out));
    why[0] = '\0';
    out->spec = *spec;
    sk_game_spec *s = &out->spec;
    s->has_ruleset = 1;
    const char *defaults[3] = {sk_ruleset_default_board(s->ruleset),
                               sk_ruleset_default_tiles(s->ruleset), SK_LEXICON_DEFAULT};
    for (int f = 0; f < 3; f++)
        if (!s->file[f][0]) snprintf(s->file[f], SK_PATH_MAX, "%s", defaults[f]);
    int (*const load[3])(sk_game_loader *, const char *, sk_game *, char *,
                         size_t) = {load_board, load_tiles, load_lexicon};
    for (int f = 0; f < 3; f++) {
        int rc = load[f](loader, s->file[f], out, why, why_size);
        if (rc != SK_OK) {
            if (which) *which = (sk_spec_file)f;
            return rc;
        }
    }
    sk_rules *r = &out->rules;
    sk_rules_init(r, s->ruleset, &out->board, &out->tiles, out->lexicon);
    int *numbers[6] = {&s->rack_size, &s->bingo_bonus,    &s->exchange_min,
                       &s->end_turns, &s->end_per_player, &s->end_passes_only};
    if (s->exchange_min == SK_SPEC_DEFAULT && s->rack_size != SK_SPEC_DEFAULT)
        s->exchange_min = s->rack_size; /* the exchange minimum follows the rack */
    int *fields[6] = {&r->rack_size, &r->bingo_bonus,    &r->exchange_min,
                      &r->end_turns, &r->end_per_player, &r->end_passes_only};
    for (int i = 0; i < 6; i++) {
        if (*numbers[i] == SK_SPEC_DEFAULT)
            *numbers[i] = *fields[i];
        else
            *fields[i] = *numbers[i];
    }
    return SK_OK;
}
