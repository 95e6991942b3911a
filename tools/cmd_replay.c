/* cmd_replay.c — `skrab replay [GCG...]`: reads each GCG transcript (standard input when none
 * is given, or '-'), loads the rule set, board, tile set and lexicon its pragmas name (or the
 * -R -b -t -l options), replays it move by move and reports every finding as
 * FILE:LINE:COL: error: MESSAGE, then one summary line a file on standard output (--json: one
 * verdict object a file after its findings). --positions prints instead the CGP line before
 * each turn, with the move played from it (docs/replay.md, "Positions of a game"). */
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli_game.h"
#include "cli_commands.h"
#include "skrab/error.h"
#include "skrab/gcg.h"

enum { OPT_JSON, OPT_QUIET, OPT_POSITIONS };
/* The game options of cli_game.h (their ids), with what they default to here. */
const sk_cli_option sk_replay_options[] = {
    SK_CLI_GAME_OPTION_ROWS("rule set: skrabbkle or classic (default: #game-type, else classic)",
                            "board layout: a name or file (default: #board-layout)",
                            "tile set: a name or file (default: #tile-distribution)",
                            "word list or KWG (default: #lexicon); 'none' skips word checks",
                            SK_CLI_LEXICON_NONE_VALUES),
    {OPT_JSON, "json", 0, NULL,
     "print findings and each file's verdict as JSON Lines on standard output", NULL},
    {OPT_QUIET, "quiet", 'q', NULL,
     "print no findings (a file that cannot be read is still said); with --json, the verdicts "
     "alone",
     NULL},
    {OPT_POSITIONS, "positions", 0, NULL,
     "print the position before each turn (CGP; the move played in an op)", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

typedef struct {
    sk_cli *cli;
    sk_cli_game game;
    int json, quiet, positions;
    int write_status; /* --positions: SK_EXIT_ERROR once a write failed (nothing more is written) */
} replaying;

/* What print_turn is told of: the command, and the transcript being replayed (SHOWN its name). */
typedef struct {
    replaying *v;
    const sk_gcg *gcg;
    const char *shown;
} turn_printer;

/* Whether the board or tile set (KIND) NAME, a resource name or a path, is here to be loaded
 * for a game: a path that exists (what it holds is the load's to judge), a built-in tile set, or
 * a resource in the data directories. */
static int file_available(sk_cli *cli, sk_resource_kind kind, const char *name)
{
    char path[SK_PATH_MAX];
    if (sk_resource_is_path(name)) return access(name, F_OK) == 0;
    return sk_cli_resource_here(cli, kind, name, path, sizeof(path));
}

/* Loads the game of G's pragmas (paths relative to SOURCE), the options winning, into
 * v->game. What the transcript names but this machine lacks is a warning in D, and the replay
 * does without it: a lexicon (word checks skipped), a board or a tile set (the board not
 * checked).
 * Returns SK_EXIT_OK with *RULES set (NULL: replay without the board), or SK_EXIT_FINDINGS or
 * SK_EXIT_ERROR after printing why the game could not be loaded. */
static int setup(replaying *v, const sk_gcg *g, const char *source, sk_diag_list *d,
                 const sk_rules **rules)
{
    sk_cli *cli = v->cli;
    sk_cli_game *game = &v->game;
    *rules = NULL;
    sk_game_spec spec;
    if (sk_cli_game_spec(cli, game, &spec) != SK_EXIT_OK) return SK_EXIT_ERROR;
    int lexicon_given = spec.file[SK_SPEC_LEXICON][0] != '\0';
    int tiles_given = spec.file[SK_SPEC_TILES][0] != '\0';
    int board_given = spec.file[SK_SPEC_BOARD][0] != '\0';
    sk_game_spec_from_gcg(&spec, g, source, d);
    const char *board = spec.file[SK_SPEC_BOARD];
    if (!board_given && board[0] && g->board_layout.at != SK_DIAG_NO_OFFSET &&
        !file_available(cli, SK_RES_BOARD, board)) {
        sk_diag_add(d, SK_SEV_WARNING, g->board_layout.at,
                    "no board '%s' here (give one with -b): the board, racks and scores are not "
                    "checked, only the notation, turns and running totals",
                    g->board_layout.value);
        return SK_EXIT_OK;
    }
    const char *tiles = spec.file[SK_SPEC_TILES];
    if (!tiles_given && tiles[0] && !file_available(cli, SK_RES_TILES, tiles)) {
        size_t at =
            g->tile_distribution.at != SK_DIAG_NO_OFFSET ? g->tile_distribution.at : g->lexicon.at;
        sk_diag_add(d, SK_SEV_WARNING, at,
                    "no tile set '%s' here (give one with -t): the board, racks and scores are "
                    "not checked, only the notation, turns and running totals",
                    sk_gcg_tiles_name(g));
        return SK_EXIT_OK;
    }
    char path[SK_PATH_MAX];
    const char *lex = spec.file[SK_SPEC_LEXICON];
    if (!lexicon_given && lex[0] &&
        sk_lexicon_find(&cli->datadirs, lex, path, sizeof(path)) != SK_OK) {
        sk_diag_add(d, SK_SEV_WARNING, g->lexicon.at,
                    "no lexicon named '%s' here: words are not checked, everything else is (give "
                    "its word list or KWG with -l FILE)",
                    g->lexicon.value);
        snprintf(spec.file[SK_SPEC_LEXICON], SK_PATH_MAX, "none");
    } else if (!lexicon_given && !lex[0] && g->lexicon.at != SK_DIAG_NO_OFFSET) {
        /* a #lexicon the untrusted rule refused, reported already: no word checks */
        snprintf(spec.file[SK_SPEC_LEXICON], SK_PATH_MAX, "none");
    } else if (!lexicon_given && !lex[0] && spec.ruleset == SK_RULES_CLASSIC) {
        /* classic without a #lexicon line: which words count is unknown */
        sk_diag_add(d, SK_SEV_ERROR, g->first_event_at,
                    "no lexicon: the transcript has no #lexicon line before the first event; "
                    "name one with -l (or -l none to skip word checks)");
        snprintf(spec.file[SK_SPEC_LEXICON], SK_PATH_MAX, "none");
    }
    /* a file a pragma names that is not of its kind, or that the untrusted rule refuses, is a
     * finding of the transcript (status 1); one that cannot be read an error */
    int status = sk_cli_game_load(cli, game, &spec);
    if (status != SK_EXIT_OK) return status;
    *rules = &game->loaded.rules;
    return SK_EXIT_OK;
}

/* Sets op CODE of POS to ARG unless ARG would end the op early (';'), which no move or nickname
 * a transcript can read holds. */
static void set_text_op(sk_position *pos, const char *code, const char *arg)
{
    if (!strchr(arg, ';')) sk_position_set_op(pos, code, arg);
}

/* --positions: the CGP line before TURN, with the game's ops, then `played MOVE;` and
 * `player NICK;` (docs/formats.md, "Positions (CGP)"). */
static void print_turn(void *ctx, const sk_gcg_turn *turn)
{
    const turn_printer *tp = ctx;
    replaying *v = tp->v;
    if (v->write_status != SK_EXIT_OK) return;
    sk_position pos = *turn->before;
    if (sk_game_write_ops(&v->game.loaded, &pos) != SK_OK) { /* a path longer than an op holds */
        sk_cli_error(v->cli, "%s: no room in the position for the game's ops", tp->shown);
        v->write_status = SK_EXIT_ERROR;
        return;
    }
    /* a lexicon the replay did without (not here, or -l none) is still the game's: named, so
     * that a suggester asks for it rather than use another */
    if (!v->game.loaded.lexicon && tp->gcg->lexicon.value[0])
        set_text_op(&pos, "lex", tp->gcg->lexicon.value);
    set_text_op(&pos, "played", turn->event->notation);
    if (turn->player >= 0 && turn->player < tp->gcg->nplayers) {
        /* as the summary shows it: a Latin-1 transcript's nickname in UTF-8 */
        sk_buf nick;
        sk_buf_init(&nick);
        sk_cli_text(&nick, tp->gcg->players[turn->player].nick);
        set_text_op(&pos, "player", sk_buf_str(&nick));
        sk_buf_free(&nick);
    }
    sk_buf o;
    sk_buf_init(&o);
    sk_position_write_cgp(&pos, &v->game.loaded.tiles.alphabet, &o);
    sk_buf_putc(&o, '\n');
    v->write_status = sk_cli_write(v->cli, &o);
    sk_buf_free(&o);
}

/* --json: the verdict on one file after its findings: file, ok, errors, warnings, and what the
 * replay found (null when the file was not replayed: RES NULL). A file that could not be read
 * or replayed counts one error, so that `ok` is false exactly when `errors` is not 0. */
static int json_verdict(replaying *v, const char *shown, const sk_gcg *g, const sk_gcg_result *res,
                        size_t errors, size_t warnings)
{
    sk_buf o;
    sk_buf_init(&o);
    if (!res && errors == 0) errors = 1;
    sk_buf_puts(&o, "{\"file\":");
    sk_json_string(&o, shown);
    sk_buf_printf(&o, ",\"ok\":%s,\"errors\":%zu,\"warnings\":%zu", errors ? "false" : "true",
                  errors, warnings);
    if (res) {
        sk_buf_printf(&o, ",\"events\":%d,\"game_over\":%s,\"players\":[", res->events,
                      res->game_over ? "true" : "false");
        for (int p = 0; p < g->nplayers; p++) {
            sk_buf_puts(&o, p ? ",{\"nick\":" : "{\"nick\":");
            sk_json_string(&o, g->players[p].nick);
            sk_buf_printf(&o, ",\"score\":%d}", res->scores[p]);
        }
        sk_buf_puts(&o, "]}\n");
    } else {
        sk_buf_puts(&o, ",\"events\":null,\"game_over\":null,\"players\":null}\n");
    }
    int status = sk_cli_write(v->cli, &o);
    sk_buf_free(&o);
    return status;
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
    for (int p = 0; p < g->nplayers; p++) {
        sk_buf_puts(&o, p ? ", " : "; ");
        if (!g->players[p].nick[0]) /* a #playerN line missing: an error said above */
            sk_buf_printf(&o, "(no #player%d)", p + 1);
        sk_cli_text(&o, g->players[p].nick); /* Latin-1 unless the file says UTF-8 */
        sk_buf_printf(&o, " %d", res->scores[p]);
    }
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
    sk_diag_list d, first;
    sk_diag_list_init(&d);
    sk_diag_list_init(&first);
    sk_gcg g;
    int status = SK_EXIT_OK;
    /* The pragmas name the game; the game's tile set is the alphabet of the racks and moves
     * (docs/formats.md, "Transcripts (GCG)"): a first reading finds the game, a second reads
     * the events in its tile set. Only the second one's findings count. */
    int rc = sk_gcg_parse(&g, sk_buf_str(text), text->len, &first);
    const sk_rules *rules = NULL;
    if (rc != SK_ENOMEM) status = setup(v, &g, source, &d, &rules);
    /* a game that cannot be loaded (reported) leaves the tile set unknown: the events are not
     * read again, and nothing is said of their tiles */
    if (rc != SK_ENOMEM && status == SK_EXIT_OK) {
        const sk_tileset *tiles = rules ? &v->game.loaded.tiles : NULL;
        const char *name = v->game.loaded.spec.file[SK_SPEC_TILES];
        sk_gcg_free(&g);
        rc = sk_gcg_parse_tiles(&g, sk_buf_str(text), text->len, tiles ? &tiles->alphabet : NULL,
                                name, &d);
    }
    if (rc == SK_ENOMEM) {
        sk_cli_error(v->cli, "%s: out of memory", shown);
        status = SK_EXIT_ERROR;
    }
    sk_gcg_result res;
    turn_printer tp = {v, &g, shown};
    if (status == SK_EXIT_OK &&
        sk_gcg_replay_turns(&g, rules, &res, &d, v->positions ? print_turn : NULL, &tp) ==
            SK_ENOMEM) {
        sk_cli_error(v->cli, "%s: out of memory", shown);
        status = SK_EXIT_ERROR;
    }
    if (v->write_status != SK_EXIT_OK) status = v->write_status;
    if (!v->quiet || v->json) { /* -q --json: the verdicts alone */
        sk_diag_list_sort(&d);
        sk_cli_print_diags(v->cli, shown, 0, sk_buf_str(text), text->len, &d,
                           (v->json ? SK_CLI_DIAG_JSON : 0u) | (v->quiet ? SK_CLI_DIAG_NONE : 0u));
        if (v->json) {
            int st = json_verdict(v, shown, &g, status == SK_EXIT_OK ? &res : NULL, d.errors,
                                  d.warnings);
            if (st > status) status = st;
        } else if (status == SK_EXIT_OK && !v->positions) {
            status = summary(v, shown, &g, &res, &d);
        }
    }
    if (status == SK_EXIT_OK && d.errors) status = SK_EXIT_FINDINGS;
    sk_gcg_free(&g);
    sk_diag_list_free(&first);
    sk_diag_list_free(&d);
    return status;
}

static int replay_input(replaying *v, const char *arg)
{
    int is_stdin = strcmp(arg, "-") == 0;
    const char *shown = is_stdin ? "<stdin>" : arg, *source = is_stdin ? NULL : arg;
    sk_buf text;
    sk_buf_init(&text);
    int status = SK_EXIT_ERROR;
    if (sk_cli_read(v->cli, arg, SK_GCG_FILE_MAX, &text, 0) == SK_OK)
        status = replay_text(v, &text, shown, source);
    else if (v->json) /* the reason is on standard error */
        json_verdict(v, shown, NULL, NULL, 1, 0);
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
        else if (opt == OPT_POSITIONS)
            v.positions = 1;
    }
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    if (v.positions && (v.json || v.quiet))
        return sk_cli_usage_error(cli, "--positions cannot be combined with %s",
                                  v.json ? "--json" : "-q");
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
