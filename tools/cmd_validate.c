/* cmd_validate.c — `skrab validate [POS...]`: whole-board validity of every CGP line of every
 * POS (files, '-', literal lines; stdin when none): runs are words, tiles connected, start
 * covered, no lone tile, counts within the bag. Findings as FILE:LINE: error: MESSAGE. */
#include <string.h>

#include "cli_game.h"
#include "cli_commands.h"
#include "skrab/error.h"
#include "skrab/validate.h"

enum { OPT_JSON, OPT_QUIET };
const sk_cli_option sk_validate_options[] = {
    SK_CLI_GAME_OPTIONS,
    {OPT_JSON, "json", 0, NULL, "print findings as JSON Lines on standard output (keys as lint)",
     NULL},
    {OPT_QUIET, "quiet", 'q', NULL,
     "print no findings; the exit status tells (a file that cannot be read is still said)", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

typedef struct {
    sk_cli *cli;
    sk_cli_game game;
    int json, quiet;
} validating;

/* Prints the findings D about line LINE of SHOWN: the whole position, no column. */
static void report(validating *v, const char *shown, int line, sk_diag_list *d)
{
    sk_cli_game_findings(v->cli, &v->game, shown, line, NULL, 0, d);
}

static int validate_input(validating *v, const char *arg)
{
    sk_cli_posinput in;
    int readable = sk_cli_posinput_open(v->cli, arg, &in) == SK_OK;
    int status = readable ? SK_EXIT_OK : SK_EXIT_ERROR, lineno, got = 0, positions = 0;
    size_t len;
    const char *line;
    while (readable && (got = sk_cli_posinput_getline(v->cli, &in, &line, &len, &lineno)) == 1) {
        positions++;
        sk_position pos;
        int st = sk_cli_parse_position(v->cli, &v->game, &in, line, len, lineno, &pos);
        if (st == SK_EXIT_OK)
            st = sk_cli_game_setup(v->cli, &v->game, &pos, in.source, in.shown, lineno);
        if (st == SK_EXIT_OK) {
            sk_diag_list d;
            sk_diag_list_init(&d);
            if (sk_position_validate(&pos, &v->game.loaded.board, &v->game.loaded.tiles,
                                     v->game.loaded.lexicon, &d) != SK_OK)
                st = SK_EXIT_FINDINGS;
            report(v, in.shown, lineno, &d);
            sk_diag_list_free(&d);
        }
        if (st > status) status = st;
    }
    if (got < 0) status = SK_EXIT_ERROR;
    if (readable && got == 0 && positions == 0) { /* empty, or blank and '#' lines only */
        sk_cli_error(v->cli, "%s: no CGP line", in.shown);
        status = SK_EXIT_ERROR;
    }
    sk_cli_posinput_free(&in);
    return status;
}

int sk_cmd_validate(sk_cli *cli, int argc, char **argv)
{
    validating v = {.cli = cli};
    sk_cli_game_init(&v.game);
    v.game.no_count_warning = 1;
    v.game.bounded = 1; /* a file of positions is linted: its findings are bounded as a file's */
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        if (sk_cli_game_option(&v.game, opt, o.optarg)) continue;
        if (opt == OPT_JSON)
            v.json = 1;
        else if (opt == OPT_QUIET)
            v.quiet = 1;
    }
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    /* every finding about a position where --json puts findings (--quiet: none printed) */
    v.game.diag_flags = v.quiet ? SK_CLI_DIAG_NONE : v.json ? SK_CLI_DIAG_JSON : 0u;
    int status = SK_EXIT_OK;
    if (o.optind == argc) status = validate_input(&v, "-");
    for (int i = o.optind; i < argc; i++) {
        int st = validate_input(&v, argv[i]);
        if (st > status) status = st;
    }
    sk_cli_game_free(&v.game);
    return status;
}
