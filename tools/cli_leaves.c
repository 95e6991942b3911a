/* cli_leaves.c — the leave values a command ranks by (see cli_leaves.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_leaves.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"
#include "skrab/resource.h"

void sk_cli_leaves_init(sk_cli_leaves *l)
{
    memset(l, 0, sizeof(*l));
}

void sk_cli_leaves_free(sk_cli_leaves *l)
{
    sk_leaves_free(l->given);
    for (int i = 0; i < 2; i++)
        sk_leaves_free(l->shipped[i]);
    memset(l, 0, sizeof(*l));
}

/* Loads PATH into *OUT, printing its problems. Returns SK_EXIT_OK or SK_EXIT_ERROR. */
static int load(sk_cli *cli, const char *path, sk_leaves **out)
{
    sk_diag_list d;
    sk_diag_list_init(&d);
    int rc = sk_leaves_load(out, path, &d);
    sk_cli_print_diags(cli, path, 0, NULL, 0, &d, 0); /* a binary file: no lines */
    size_t found = d.count;
    sk_diag_list_free(&d);
    if (rc == SK_OK) return SK_EXIT_OK;
    if (!found) sk_cli_error(cli, "%s: %s", path, sk_strerror(rc));
    return SK_EXIT_ERROR;
}

int sk_cli_leaves_option(sk_cli *cli, sk_cli_leaves *l, const char *arg)
{
    sk_leaves_free(l->given);
    l->given = NULL;
    l->given_path = arg;
    l->none = strcmp(arg, "none") == 0;
    return l->none ? SK_EXIT_OK : load(cli, arg, &l->given);
}

/* 1 when PATH is the file the lexicon name SK_LEXICON_DEFAULT finds in the data directories
 * (the same file: device and inode). */
static int is_shipped_lexicon(sk_cli *cli, sk_cli_leaves *l, const char *path)
{
    if (l->shipped_lexicon == 0) {
        char found[SK_PATH_MAX];
        struct stat st;
        l->shipped_lexicon = -1;
        if (sk_resource_find(&cli->datadirs, SK_RES_LEXICON, SK_LEXICON_DEFAULT, found,
                             sizeof(found)) == SK_OK &&
            stat(found, &st) == 0) {
            l->lexicon_dev = st.st_dev;
            l->lexicon_ino = st.st_ino;
            l->shipped_lexicon = 1;
        }
    }
    struct stat st;
    return l->shipped_lexicon > 0 && path[0] && stat(path, &st) == 0 &&
           st.st_dev == l->lexicon_dev && st.st_ino == l->lexicon_ino;
}

const sk_leaves *sk_cli_leaves_for(sk_cli *cli, sk_cli_leaves *l, const sk_game *game)
{
    if (l->given || l->none) return l->given;
    int rs = game->rules.ruleset == SK_RULES_CLASSIC;
    if (!game->lexicon || !is_shipped_lexicon(cli, l, game->path[2])) return NULL;
    if (!l->tried[rs]) {
        l->tried[rs] = 1;
        char name[64], path[SK_PATH_MAX];
        snprintf(name, sizeof(name), "%s-%s", SK_LEXICON_DEFAULT,
                 sk_ruleset_name(game->rules.ruleset));
        if (sk_resource_find(&cli->datadirs, SK_RES_LEAVES, name, path, sizeof(path)) == SK_OK &&
            load(cli, path, &l->shipped[rs]) != SK_EXIT_OK)
            l->shipped[rs] = NULL; /* reported; the heuristic stands in */
    }
    char why[200];
    return l->shipped[rs] && sk_leaves_fit(l->shipped[rs], &game->tiles, why, sizeof(why))
               ? l->shipped[rs]
               : NULL;
}
