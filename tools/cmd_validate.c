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
    {OPT_QUIET, "quiet", 'q', NULL, "print nothing; only the exit status tells", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

typedef struct {
    sk_cli *cli;
    sk_cli_game game;
    int json, quiet;
} validating;

static void report(validating *v, const char *shown, int line, const sk_diag_list *d)
{
    if (v->quiet) return;
    for (size_t i = 0; i < d->count; i++) {
        const sk_diag *e = &d->items[i];
        if (v->json) {
            sk_buf o;
            sk_buf_init(&o);
            sk_buf_puts(&o, "{\"file\":");
            sk_json_string(&o, shown);
            sk_buf_printf(&o, ",\"line\":%d,\"col\":0,\"severity\":\"%s\",\"message\":", line,
                          sk_severity_name(e->severity));
            sk_json_string(&o, e->message);
            sk_buf_puts(&o, "}\n");
            sk_cli_write(v->cli, &o);
            sk_buf_free(&o);
        } else {
            fprintf(v->cli->err, "%s:%d: %s: %s\n", shown, line, sk_severity_name(e->severity),
                    e->message);
        }
    }
}

static int validate_input(validating *v, const char *arg)
{
    sk_cli_posinput in;
    int readable = sk_cli_posinput_read(v->cli, arg, &in) == SK_OK;
    int status = readable ? SK_EXIT_OK : SK_EXIT_ERROR, lineno = 0;
    size_t cursor = 0, len;
    const char *line;
    while (readable && sk_cli_posinput_next(&in, &cursor, &line, &len, &lineno)) {
        sk_position pos;
        int st = sk_cli_parse_position(v->cli, &in, line, len, lineno, &pos);
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
    sk_cli_posinput_free(&in);
    return status;
}

int sk_cmd_validate(sk_cli *cli, int argc, char **argv)
{
    validating v = {.cli = cli};
    sk_cli_game_init(&v.game);
    v.game.no_count_warning = 1;
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
    if (opt == SK_OPT_ERROR) return SK_EXIT_ERROR;
    if (opt == SK_OPT_HELP) return SK_EXIT_OK;
    int status = SK_EXIT_OK;
    if (o.optind == argc) status = validate_input(&v, "-");
    for (int i = o.optind; i < argc; i++) {
        int st = validate_input(&v, argv[i]);
        if (st > status) status = st;
    }
    sk_cli_game_free(&v.game);
    return status;
}
