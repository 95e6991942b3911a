/* gcg_names.c — what a transcript's pragmas ask for, as the names of our rule sets, boards
 * and tile sets (see gcg.h): MAGPIE's layout names, macondo's guess of the letter distribution
 * from the lexicon's name. Loading them is the caller's business. */
#include <string.h>
#include <strings.h>

#include "skrab/error.h"
#include "skrab/gcg.h"
#include "skrab/tiles.h"

int sk_gcg_ruleset(const sk_gcg *g, sk_ruleset *out, sk_diag_list *diags)
{
    const char *v = g->game_type.value;
    if (g->game_type.at == SK_DIAG_NO_OFFSET || !v[0]) return SK_ENOTFOUND;
    if (strcasecmp(v, "classic") == 0 || strcasecmp(v, "classic_super") == 0) {
        *out = SK_RULES_CLASSIC;
        return SK_OK;
    }
    if (strcasecmp(v, "skrabbkle") == 0) {
        *out = SK_RULES_SKRABBKLE;
        return SK_OK;
    }
    sk_diag_add(diags, SK_SEV_ERROR, g->game_type.at,
                "unrecognized game variant '%s' (expected classic, classic_super or skrabbkle)", v);
    return SK_EINVAL;
}

const char *sk_gcg_board_name(const sk_gcg *g)
{
    const char *v = g->board_layout.value;
    if (g->board_layout.at != SK_DIAG_NO_OFFSET && v[0]) {
        if (strcmp(v, "standard15") == 0) return "CrosswordGame";
        if (strcmp(v, "standard21") == 0) return "SuperCrosswordGame";
        return v;
    }
    if (g->game_type.at != SK_DIAG_NO_OFFSET &&
        strcasecmp(g->game_type.value, "classic_super") == 0)
        return "SuperCrosswordGame";
    return NULL;
}

const char *sk_gcg_tiles_name(const sk_gcg *g)
{
    static const struct {
        const char *prefix, *tiles;
    } guesses[] = {
        {"nwl", "english"},  {"nswl", "english"},    {"twl", "english"},   {"owl", "english"},
        {"csw", "english"},  {"america", "english"}, {"cel", "english"},   {"ecwl", "english"},
        {"iwi", "english"},  {"osps", "polish"},     {"nsf", "norwegian"}, {"fra", "french"},
        {"rd", "german"},    {"deutsch", "german"},  {"cgl", "german"},    {"disc", "catalan"},
        {"fise", "spanish"}, {"file", "spanish"},    {"dsw", "dutch"},     {"slv", "slovene"},
    };
    if (g->tile_distribution.at != SK_DIAG_NO_OFFSET && g->tile_distribution.value[0])
        return g->tile_distribution.value;
    if (g->lexicon.at == SK_DIAG_NO_OFFSET) return NULL;
    for (size_t i = 0; i < sizeof(guesses) / sizeof(guesses[0]); i++)
        if (strncasecmp(g->lexicon.value, guesses[i].prefix, strlen(guesses[i].prefix)) == 0)
            return guesses[i].tiles;
    /* a lexicon named after its language ("GERMAN"): the built-in tile set of that name */
    const char *name;
    for (int i = 0; (name = sk_tileset_builtin_name(i)) != NULL; i++)
        if (strncasecmp(g->lexicon.value, name, strlen(name)) == 0) return name;
    return NULL;
}
