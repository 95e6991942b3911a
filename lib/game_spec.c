/* game_spec.c — which game is being played, read from a CGP line, a GCG transcript or a CS104
 * configuration (see gamespec.h). Loading the files it names: game_load.c. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal/textscan.h"
#include "skrab/error.h"
#include "skrab/gamespec.h"

void sk_game_spec_init(sk_game_spec *spec)
{
    memset(spec, 0, sizeof(*spec));
    spec->ruleset = SK_RULES_CLASSIC;
    spec->rack_size = spec->bingo_bonus = spec->exchange_min = SK_SPEC_DEFAULT;
    spec->end_turns = spec->end_per_player = spec->end_passes_only = SK_SPEC_DEFAULT;
}

void sk_game_spec_set_ruleset(sk_game_spec *spec, sk_ruleset ruleset)
{
    if (spec->has_ruleset) return;
    spec->has_ruleset = 1;
    spec->ruleset = ruleset;
}

int sk_game_spec_set_file(sk_game_spec *spec, sk_spec_file which, const char *name,
                          const char *base)
{
    if (!name || !name[0]) return SK_EINVAL;
    char *slot = spec->file[which];
    if (slot[0]) return SK_OK;
    if (!base || !sk_resource_is_path(name) || name[0] == '/') {
        size_t n = strlen(name);
        if (n >= SK_PATH_MAX) return SK_ETOOBIG;
        memcpy(slot, name, n + 1);
        return SK_OK;
    }
    return sk_path_relative_to(base, name, slot, SK_PATH_MAX);
}

int sk_game_name_is_confined(const char *name)
{
    if (name[0] == '/') return 0;
    for (const char *p = name; *p;) {
        size_t n = strcspn(p, "/");
        if (n == 2 && p[0] == '.' && p[1] == '.') return 0;
        p += n;
        if (*p == '/') p++;
    }
    return 1;
}

/* Sets file WHICH of SPEC to NAME given by data (BY says where: "op 'bdn'"), relative to BASE,
 * unless it is set. Returns as sk_game_spec_set_file, or SK_EINVAL when SPEC is untrusted and
 * NAME is not confined (sk_game_name_is_confined). */
static int set_named_file(sk_game_spec *spec, sk_spec_file which, const char *name,
                          const char *base, const char *by)
{
    if (spec->file[which][0]) return SK_OK;
    if (spec->untrusted && !sk_game_name_is_confined(name)) return SK_EINVAL;
    int rc = sk_game_spec_set_file(spec, which, name, base);
    if (rc == SK_OK) spec->named_by[which] = by;
    return rc;
}

/* Says in WHY that BY's NAME breaks the untrusted rule. */
static void not_confined(const char *by, const char *name, char *why, size_t why_size)
{
    snprintf(why, why_size,
             "%s: '%s' is not allowed in untrusted input (an absolute path or '..'; name a "
             "resource or a file in the data directories)",
             by, name);
}

/* The number of op CODE into *OUT (unless set), LO..HI (each at most 1000000, which
 * sk_parse_int clamps to). */
static int op_number(const sk_position *pos, const char *code, int lo, int hi, int *out, char *why,
                     size_t why_size)
{
    const char *arg = sk_position_op(pos, code);
    if (!arg || *out != SK_SPEC_DEFAULT) return SK_OK;
    long v = 0;
    if (!sk_parse_int(arg, strlen(arg), &v) || v < lo || v > hi) {
        snprintf(why, why_size, "op '%s %s': expected a number %d..%d", code, arg, lo, hi);
        return SK_EINVAL;
    }
    *out = (int)v;
    return SK_OK;
}

int sk_game_spec_from_cgp(sk_game_spec *spec, const sk_position *pos, const char *source, char *why,
                          size_t why_size)
{
    const char *var = sk_position_op(pos, "var");
    if (var && !spec->has_ruleset) {
        sk_ruleset rs;
        if (sk_ruleset_from_name(var, &rs) != SK_OK) {
            snprintf(why, why_size, "unknown rule set '%s' (expected skrabbkle or classic)", var);
            return SK_ENOTFOUND;
        }
        sk_game_spec_set_ruleset(spec, rs);
    }
    static const char *const codes[3] = {"bdn", "ld", "lex"};
    static const char *const by[3] = {"op 'bdn'", "op 'ld'", "op 'lex'"};
    for (int f = 0; f < 3; f++) {
        const char *name = sk_position_op(pos, codes[f]);
        if (!name || !name[0]) continue;
        int rc = set_named_file(spec, (sk_spec_file)f, name, source, by[f]);
        if (rc == SK_EINVAL) {
            not_confined(by[f], name, why, why_size);
            return SK_EINVAL;
        }
        if (rc != SK_OK) {
            snprintf(why, why_size, "op '%s': the path is too long", codes[f]);
            return SK_ETOOBIG;
        }
    }
    if (op_number(pos, "rs", 1, SK_RACK_MAX, &spec->rack_size, why, why_size) != SK_OK ||
        op_number(pos, "bb", 0, 1000, &spec->bingo_bonus, why, why_size) != SK_OK ||
        op_number(pos, "etl", 0, 1000, &spec->exchange_min, why, why_size) != SK_OK ||
        op_number(pos, "mcnz", 1, 1000, &spec->end_turns, why, why_size) != SK_OK)
        return SK_EINVAL;
    if (sk_position_op(pos, "mcnz") && spec->end_per_player == SK_SPEC_DEFAULT)
        spec->end_per_player = 0; /* a count of turns, whoever takes them */
    return SK_OK;
}

int sk_game_spec_from_gcg(sk_game_spec *spec, const sk_gcg *g, const char *source,
                          sk_diag_list *diags)
{
    int rc = SK_OK;
    if (!spec->has_ruleset) {
        sk_ruleset rs;
        int found = sk_gcg_ruleset(g, &rs, diags);
        if (found == SK_OK) sk_game_spec_set_ruleset(spec, rs);
        if (found == SK_EINVAL) rc = SK_EINVAL;
    }
    const char *names[3] = {
        sk_gcg_board_name(g), sk_gcg_tiles_name(g),
        g->lexicon.at != SK_DIAG_NO_OFFSET && g->lexicon.value[0] ? g->lexicon.value : NULL};
    static const char *const by[3] = {"pragma #board-layout", "pragma #tile-distribution",
                                      "pragma #lexicon"};
    const sk_gcg_pragma *pragmas[3] = {&g->board_layout, &g->tile_distribution, &g->lexicon};
    for (int f = 0; f < 3; f++) {
        if (!names[f]) continue;
        int set = set_named_file(spec, (sk_spec_file)f, names[f], source, by[f]);
        size_t at = pragmas[f]->at != SK_DIAG_NO_OFFSET ? pragmas[f]->at : g->first_event_at;
        if (set == SK_EINVAL) {
            char why[SK_PATH_MAX + 200];
            not_confined(by[f], names[f], why, sizeof(why));
            sk_diag_add(diags, SK_SEV_ERROR, at, "%s", why);
            rc = SK_EINVAL;
        } else if (set != SK_OK) {
            sk_diag_add(diags, SK_SEV_ERROR, g->first_event_at, "a pragma's path is too long");
            rc = SK_EINVAL;
        }
    }
    return rc;
}

int sk_game_spec_from_config(sk_game_spec *spec, const sk_config *config, const char *source,
                             char *why, size_t why_size)
{
    sk_game_spec_set_ruleset(spec, SK_RULES_CLASSIC);
    const char *names[3] = {config->board, config->tiles, config->dictionary};
    static const char *const by[3] = {"BOARD line", "TILES line", "DICTIONARY line"};
    for (int f = 0; f < 3; f++) {
        if (!names[f][0] || spec->file[f][0]) continue;
        if (spec->untrusted && !sk_game_name_is_confined(names[f])) {
            not_confined(by[f], names[f], why, why_size);
            return SK_EINVAL;
        }
        /* a configuration names files: "dict" is the file dict beside it; a name that is no
         * path (no '/', no extension) and no file there is a resource ("english") */
        char joined[SK_PATH_MAX], path[SK_PATH_MAX + 2];
        if (source) {
            if (sk_path_relative_to(source, names[f], joined, sizeof(joined)) != SK_OK) {
                snprintf(why, why_size, "%s: the path is too long", by[f]);
                return SK_ETOOBIG;
            }
        } else {
            snprintf(joined, sizeof(joined), "%s", names[f]);
        }
        if (!sk_resource_is_path(names[f]) && access(joined, F_OK) != 0)
            snprintf(path, sizeof(path), "%s", names[f]);
        else
            snprintf(path, sizeof(path), "%s%s", sk_resource_is_path(joined) ? "" : "./", joined);
        if (sk_game_spec_set_file(spec, (sk_spec_file)f, path, NULL) != SK_OK) {
            snprintf(why, why_size, "%s: the path is too long", by[f]);
            return SK_ETOOBIG;
        }
        spec->named_by[f] = by[f];
    }
    if (spec->rack_size == SK_SPEC_DEFAULT) spec->rack_size = config->handsize;
    if (spec->exchange_min == SK_SPEC_DEFAULT) spec->exchange_min = config->handsize;
    if (spec->end_turns == SK_SPEC_DEFAULT) { /* every player passed in one round */
        spec->end_turns = 1;
        spec->end_per_player = 1;
    }
    if (spec->end_passes_only == SK_SPEC_DEFAULT) spec->end_passes_only = 1;
    return SK_OK;
}

/* PATH as an absolute path, "." segments dropped; a resource name or an absolute path as is. */
static int absolute(const char *path, char *out, size_t size)
{
    char joined[2 * SK_PATH_MAX];
    if (!sk_resource_is_path(path) || path[0] == '/') {
        snprintf(joined, sizeof(joined), "%s", path);
    } else {
        char cwd[SK_PATH_MAX];
        if (!getcwd(cwd, sizeof(cwd))) return SK_EIO;
        snprintf(joined, sizeof(joined), "%s/%s", cwd, path);
    }
    size_t n = 0;
    for (const char *p = joined; *p;) {
        if (p[0] == '/' && p[1] == '.' && (p[2] == '/' || p[2] == '\0')) {
            p += 2; /* "/./" and a final "/." */
            continue;
        }
        if (p[0] == '/' && p[1] == '/') {
            p++;
            continue;
        }
        if (n + 1 >= size) return SK_ETOOBIG;
        out[n++] = *p++;
    }
    if (n == 0) out[n++] = '/';
    out[n] = '\0';
    return SK_OK;
}

int sk_game_file_name(const sk_game *game, sk_spec_file which, char *out, size_t size)
{
    return absolute(game->spec.file[which], out, size);
}

int sk_game_write_ops(const sk_game *game, sk_position *pos)
{
    const sk_game_spec *s = &game->spec;
    if (sk_position_op(pos, "var") || s->ruleset != SK_RULES_CLASSIC) {
        int rc = sk_position_set_op(pos, "var", sk_ruleset_name(s->ruleset));
        if (rc != SK_OK) return rc;
    }
    static const char *const codes[3] = {"bdn", "ld", "lex"};
    const char *defaults[3] = {sk_ruleset_default_board(s->ruleset),
                               sk_ruleset_default_tiles(s->ruleset), SK_LEXICON_DEFAULT};
    for (int f = 0; f < 3; f++) {
        const char *name = s->file[f];
        if (strcmp(name, "none") == 0 ||
            (!sk_position_op(pos, codes[f]) && strcmp(name, defaults[f]) == 0))
            continue;
        char abs[SK_PATH_MAX];
        int rc = sk_game_file_name(game, (sk_spec_file)f, abs, sizeof(abs));
        if (rc == SK_OK) rc = sk_position_set_op(pos, codes[f], abs);
        if (rc != SK_OK) return rc;
    }
    return SK_OK;
}
