/* cmd_replay.c — `skrab replay [GCG...]`: reads each GCG transcript (standard input when none
 * is given, or '-'), loads the rule set, board, tile set and lexicon its pragmas name (or the
 * -R -b -t -l options), replays it move by move and reports every finding as
 * FILE:LINE:COL: error: MESSAGE, then one summary line a file on standard output. */
#include <string.h>
#include <strings.h>

#include "cli_game.h"
#include "cli_commands.h"
#include "skrab/error.h"
#include "skrab/gcg.h"

enum { OPT_JSON, OPT_QUIET };
/* The game options of cli_game.h (their ids), with what they default to here. */
const sk_cli_option sk_replay_options[] = {
    SK_CLI_GAME_OPTION_ROWS("rule set: skrabbkle or classic (default: #game-type, else classic)",
                            "board layout: a name or file (default: #board-layout)",
                            "tile set: a name or file (default: #tile-distribution)",
                            "word list or KWG (default: #lexicon); 'none' skips word checks",
                            SK_CLI_LEXICON_NONE_VALUES),
    {OPT_JSON, "json", 0, NULL, "print findings as JSON Lines on standard output (keys as lint)",
     NULL},
    {OPT_QUIET, "quiet", 'q', NULL, "print nothing; only the exit status tells", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

typedef struct {
    sk_cli *cli;
    sk_cli_game game;
    int json, quiet;
} replaying;

/* NAME from a pragma is relative to the transcript's directory; a name without '/' or an
 * extension is a resource name. */
static const char *from_file(const char *name, const char *source, char *buf, size_t size)
{
    if (!source || !sk_resource_is_path(name) || name[0] == '/') return name;
    return sk_path_relative_to(source, name, buf, size) == SK_OK ? buf : name;
}

static int tiles_available(sk_cli *cli, const char *name)
{
    sk_tileset t;
    char path[SK_PATH_MAX];
    if (!sk_resource_is_path(name) && sk_tileset_builtin(&t, name) == SK_OK) return 1;
    return sk_resource_find(&cli->datadirs, SK_RES_TILES, name, path, sizeof(path)) == SK_OK;
}

/* Loads what G's pragmas (or the options) name into v->game. Returns SK_EXIT_OK with *RULES
 * set (NULL: replay without the board, the reason added to D), or SK_EXIT_ERROR after printing
 * why a named resource could not be loaded. */
static int setup(replaying *v, const sk_gcg *g, const sk_buf *text, const char *source,
                 const char *shown, sk_diag_list *d, const sk_rules **rules)
{
    sk_cli *cli = v->cli;
    sk_cli_game *game = &v->game;
    char buf[SK_PATH_MAX];
    *rules = NULL;
    sk_ruleset rs = SK_RULES_CLASSIC;
    if (game->rules_name)
        sk_ruleset_from_name(game->rules_name, &rs); /* checked with the options */
    else if (sk_gcg_ruleset(g, &rs, d) != SK_OK)
        rs = SK_RULES_CLASSIC;
    const char *tiles = game->tiles_name ? game->tiles_name : sk_gcg_tiles_name(g);
    if (!game->tiles_name && tiles &&
        !tiles_available(cli, from_file(tiles, source, buf, sizeof(buf)))) {
        size_t at =
            g->tile_distribution.at != SK_DIAG_NO_OFFSET ? g->tile_distribution.at : g->lexicon.at;
        sk_diag_add(d, SK_SEV_WARNING, at,
                    "no tile set '%s' here (give one with -t): the board, racks and scores are "
                    "not checked, only the notation, turns and running totals",
                    tiles);
        return SK_EXIT_OK;
    }
    /* the rest goes through the position loader, as for every other command */
    sk_position pos;
    sk_position_init(&pos, 1, 1);
    sk_position_set_op(&pos, "var", sk_ruleset_name(rs));
    const char *board = game->board_name ? game->board_name : sk_gcg_board_name(g);
    if (!board) board = rs == SK_RULES_SKRABBKLE ? "skrabbkle" : "CrosswordGame";
    if (!game->board_name) sk_position_set_op(&pos, "bdn", board);
    sk_board layout;
    int status = sk_cli_load_board(
        cli, game->board_name ? board : from_file(board, source, buf, sizeof(buf)),
        SK_BOARD_FORMAT_AUTO, &layout);
    if (status != SK_EXIT_OK) return SK_EXIT_ERROR;
    pos.width = layout.width;
    pos.height = layout.height;
    if (!game->tiles_name && tiles) sk_position_set_op(&pos, "ld", tiles);
    const char *saved_lexicon = game->lexicon_name;
    if (!game->lexicon_name && g->lexicon.at != SK_DIAG_NO_OFFSET) {
        char lexbuf[SK_PATH_MAX];
        const char *lex = from_file(g->lexicon.value, source, lexbuf, sizeof(lexbuf));
        if (sk_lexicon_find(&cli->datadirs, lex, buf, sizeof(buf)) != SK_OK) {
            int line = 0, col = 0;
            sk_diag_locate(text->data, text->len, g->lexicon.at, &line, &col);
            fprintf(cli->err,
                    "%s:%d:%d: error: no lexicon named '%s' here: give its word list or KWG "
                    "with -l FILE, or -l none to skip word checks\n",
                    shown, line, col, g->lexicon.value);
            return SK_EXIT_ERROR;
        }
        sk_position_set_op(&pos, "lex", g->lexicon.value);
    } else if (!game->lexicon_name && rs == SK_RULES_CLASSIC) {
        sk_diag_add(d, SK_SEV_ERROR, g->first_event_at,
                    "no lexicon: the transcript has no #lexicon line before the first event; "
                    "name one with -l (or -l none to skip word checks)");
        game->lexicon_name = "none";
    }
    status = sk_cli_game_setup(cli, game, &pos, source, shown, 1);
    game->lexicon_name = saved_lexicon;
    if (status != SK_EXIT_OK) return SK_EXIT_ERROR;
    *rules = &game->rules;
    return SK_EXIT_OK;
}

static int summary(replaying *v, const char *shown, const sk_gcg *g, const sk_gcg_result *res,
                   const sk_diag_list *d)
{
    sk_buf o;
    sk_buf_init(&o);
    sk_buf_printf(&o, "%s: ", shown);
    if (d->errors)
        sk_buf_printf(&o, "%zu error%s", d->errors, d->errors == 1 ? "" : "s");
    else
        sk_buf_puts(&o, "ok");
    if (d->warnings) sk_buf_printf(&o, ", %zu warning%s", d->warnings, d->warnings == 1 ? "" : "s");
    sk_buf_printf(&o, ": %d event%s, %s", res->events, res->events == 1 ? "" : "s",
                  res->game_over ? "game over" : "unfinished");
    for (int p = 0; p < g->nplayers; p++)
        sk_buf_printf(&o, "%s %s %d", p ? "," : ";", g->players[p].nick, res->scores[p]);
    if (!res->board_checked)
        sk_buf_puts(&o, "; board not checked");
    else if (res->board_stopped)
        sk_buf_puts(&o, "; board checks stopped early");
    sk_buf_putc(&o, '\n');
    int status = sk_cli_write(v->cli, &o);
    fflush(v->cli->out); /* each file's summary after its findings, in a pipe too */
    sk_buf_free(&o);
    return status;
}

/* Replays the transcript TEXT (from SHOWN; SOURCE its path, or NULL) and prints what it finds.
 * Returns the exit status. */
static int replay_text(replaying *v, const sk_buf *text, const char *shown, const char *source)
{
    sk_diag_list d;
    sk_diag_list_init(&d);
    sk_gcg g;
    int status = SK_EXIT_OK;
    int rc = sk_gcg_parse(&g, sk_buf_str(text), text->len, &d);
    if (rc == SK_ENOMEM) {
        sk_cli_error(v->cli, "%s: out of memory", shown);
        status = SK_EXIT_ERROR;
    }
    const sk_rules *rules = NULL;
    if (status == SK_EXIT_OK) status = setup(v, &g, text, source, shown, &d, &rules);
    sk_gcg_result res;
    if (status == SK_EXIT_OK && sk_gcg_replay(&g, rules, &res, &d) == SK_ENOMEM) {
        sk_cli_error(v->cli, "%s: out of memory", shown);
        status = SK_EXIT_ERROR;
    }
    if (!v->quiet) {
        sk_diag_list_sort(&d);
        sk_cli_print_diags(v->cli, shown, 0, sk_buf_str(text), text->len, &d,
                           v->json ? SK_CLI_DIAG_JSON : 0u);
        if (status == SK_EXIT_OK && !v->json) status = summary(v, shown, &g, &res, &d);
    }
    if (status == SK_EXIT_OK && d.errors) status = SK_EXIT_FINDINGS;
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    return status;
}

static int replay_input(replaying *v, const char *arg)
{
    int is_stdin = strcmp(arg, "-") == 0;
    const char *shown = is_stdin ? "<stdin>" : arg, *source = is_stdin ? NULL : arg;
    sk_buf text;
    sk_buf_init(&text);
    int status = sk_cli_read(v->cli, arg, SK_GCG_FILE_MAX, &text, 0) == SK_OK
                     ? replay_text(v, &text, shown, source)
                     : SK_EXIT_ERROR;
    sk_buf_free(&text);
    return status;
}

int sk_cmd_replay(sk_cli *cli, int argc, char **argv)
{
    replaying v = {.cli = cli};
    sk_cli_game_init(&v.game);
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
    sk_ruleset rs;
    if (v.game.rules_name && sk_ruleset_from_name(v.game.rules_name, &rs) != SK_OK)
        return sk_cli_usage_error(cli, "unknown rule set '%s' (expected skrabbkle or classic)",
                                  v.game.rules_name);
    int status = SK_EXIT_OK;
    if (o.optind == argc) status = replay_input(&v, "-");
    for (int i = o.optind; i < argc; i++) {
        int st = replay_input(&v, argv[i]);
        if (st > status) status = st;
    }
    sk_cli_game_free(&v.game);
    return status;
}
