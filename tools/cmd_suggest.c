/* cmd_suggest.c — `skrab suggest [POS]`: the best moves for the player to move, for each CGP line
 * of POS (standard input when none), in input order. Ranked by equity (score + leave value) or
 * score; --best prints one move line per position (the engine protocol of selfplay); --jobs N
 * spreads a stream of positions over N threads. Here the options and the stream of positions
 * (each line read, set up and checked); not solving them nor the threads: cmd_suggest_batch.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_game.h"
#include "cli_commands.h"
#include "cmd_suggest.h"
#include "skrab/endgame.h"
#include "skrab/error.h"
#include "skrab/leave.h"
#include "skrab/movegen.h"
#include "skrab/players.h"
#include "skrab/sim.h"
#include "skrab/wordmap.h"

enum {
    OPT_COUNT,
    OPT_ALL,
    OPT_BEST,
    OPT_JSON,
    OPT_NOTATION,
    OPT_RANK,
    OPT_LEAVES,
    OPT_JOBS,
    OPT_VERBOSE,
    OPT_WORD_MAP,
    OPT_ENDGAME,
    OPT_TIME_LIMIT,
    OPT_SIM,
    OPT_CANDIDATES,
    OPT_PLIES,
    OPT_SEED
};
const sk_cli_option sk_suggest_options[] = {
    SK_CLI_GAME_OPTIONS_LEXICON_NEEDED,
    {OPT_COUNT, "count", 'n', "N", "how many moves to print per position (default 10)", "<number>"},
    {OPT_ALL, "all", 'a', NULL, "print every legal move (classic: exchanges; the pass last)", NULL},
    {OPT_BEST, "best", 'B', NULL,
     "print only the best move of each position, nothing else (for engines)", NULL},
    {OPT_JSON, "json", 0, NULL,
     "one JSON object per move (line move score words leave equity), then one per position", NULL},
    {OPT_NOTATION, "notation", 'N', "NOTATION", "write moves as gcg (default), skrabbkle or cs104",
     "gcg skrabbkle cs104"},
    {OPT_RANK, "rank", 'r', "BY", "rank by equity (score + leave value; default) or score",
     "equity score"},
    {OPT_LEAVES, "leaves", 0, "FILE",
     "leave values: a KLV/KLV2 file, or none (the built-in heuristic)", "none <file>"},
    {OPT_JOBS, "jobs", 'j', "N",
     "use N threads for a stream of positions, answered 256 at a time; with --sim, for each "
     "position's continuations (default 1)",
     "<number>"},
    {OPT_VERBOSE, "verbose", 'v', NULL, "add the leave and the equity to each text line", NULL},
    {OPT_WORD_MAP, "word-map", 0, "N",
     "after N positions (default 10000; 'never': not at all), build the lexicon's word map "
     "(0.25 s, 21 MB) for a faster search",
     "never <number>"},
    {OPT_ENDGAME, "endgame", 'e', NULL,
     "with the bag empty, solve the rest of the game: the best line and the final spread", NULL},
    {OPT_TIME_LIMIT, "time-limit", 0, "MS",
     "--endgame: stop searching after MS milliseconds a position (default 10000; 0: none)",
     "<number>"},
    {OPT_SIM, "sim", 0, "N",
     "simulate the best moves N times each and rank them by the outcome (see --candidates)",
     "<number>"},
    {OPT_CANDIDATES, "candidates", 0, "K", "--sim: how many of the best moves (default 10)",
     "<number>"},
    {OPT_PLIES, "plies", 0, "P", "--sim: replies played after each move, 1..10 (default 2)",
     "<number>"},
    {OPT_SEED, "seed", 0, "S", "--sim: the seed of the random draws (default 0)", "<number>"},
    {0, NULL, 0, NULL, NULL, NULL},
};

#define COUNT_MAX 1000000       /* -n */
#define WM_AFTER_MAX 1000000000 /* --word-map */
#define TIME_LIMIT_MAX 86400000 /* --time-limit: a day */

/* Reads the argument of a --sim option (OPT) into S. Returns the exit status. */
static int sim_option(sk_cli_opts *op, int opt, sk_suggest_sim *s)
{
    long long v = 0;
    int rc;
    switch (opt) {
    case OPT_SIM:
        rc = sk_cli_opts_number(op, 1, SK_SIM_ITERATIONS_MAX, &v);
        s->iterations = (long)v;
        return rc;
    case OPT_CANDIDATES:
        rc = sk_cli_opts_number(op, 1, SK_SIM_CANDIDATES_MAX, &v);
        s->candidates = (size_t)v;
        return rc;
    case OPT_PLIES:
        return sk_cli_opts_int(op, 1, SK_SIM_PLIES_MAX, &s->plies);
    default:
        return sk_cli_opts_u64(op, UINT64_MAX, &s->seed);
    }
}

static int parse_options(sk_cli *cli, sk_cli_game *g, sk_suggest_settings *o, int argc, char **argv,
                         int *optind_out)
{
    sk_cli_opts op;
    sk_cli_opts_init(&op, cli, argc, argv);
    int opt, time_given = 0;
    while ((opt = sk_cli_opts_next(&op)) >= 0) {
        if (sk_cli_game_option(g, opt, op.optarg)) continue;
        switch (opt) {
        case OPT_COUNT:
            if (sk_cli_opts_number(&op, 0, COUNT_MAX, &o->count) != SK_EXIT_OK)
                return SK_EXIT_ERROR;
            o->count_given = 1;
            break;
        case OPT_ALL:
            o->all = 1;
            break;
        case OPT_BEST:
            o->best = 1;
            break;
        case OPT_JSON:
            o->json = 1;
            break;
        case OPT_NOTATION:
            if (strcmp(op.optarg, "gcg") && strcmp(op.optarg, "skrabbkle") &&
                strcmp(op.optarg, "cs104"))
                return sk_cli_usage_error(cli, "unknown notation '%s' (gcg, skrabbkle, cs104)",
                                          op.optarg);
            o->notation = op.optarg[0];
            break;
        case OPT_RANK:
            if (strcmp(op.optarg, "score") && strcmp(op.optarg, "equity"))
                return sk_cli_usage_error(cli, "--rank takes score or equity, not '%s'", op.optarg);
            o->by_score = op.optarg[0] == 's';
            o->rank_given = 1;
            break;
        case OPT_LEAVES:
            if (sk_cli_leaves_option(cli, &o->leaves, op.optarg) != SK_EXIT_OK)
                return SK_EXIT_ERROR;
            break;
        case OPT_JOBS:
            if (sk_cli_opts_int(&op, 1, SK_SUGGEST_JOBS_MAX, &o->jobs) != SK_EXIT_OK)
                return SK_EXIT_ERROR;
            break;
        case OPT_VERBOSE:
            o->verbose = 1;
            break;
        case OPT_ENDGAME:
            o->endgame = 1;
            break;
        case OPT_TIME_LIMIT:
            if (sk_cli_opts_number(&op, 0, TIME_LIMIT_MAX, &o->time_ms) != SK_EXIT_OK)
                return SK_EXIT_ERROR;
            time_given = 1;
            break;
        case OPT_SIM:
        case OPT_CANDIDATES:
        case OPT_PLIES:
        case OPT_SEED:
            if (sim_option(&op, opt, &o->sim) != SK_EXIT_OK) return SK_EXIT_ERROR;
            if (opt != OPT_SIM) o->sim_tuned = op.opt->long_name;
            break;
        case OPT_WORD_MAP:
            if (strcmp(op.optarg, "never") == 0)
                o->wm_after = -1;
            else if (sk_cli_opts_number(&op, 0, WM_AFTER_MAX, &o->wm_after) != SK_EXIT_OK)
                return SK_EXIT_ERROR;
            break;
        }
    }
    if (opt == SK_OPT_ERROR) return SK_EXIT_ERROR;
    if (opt == SK_OPT_HELP) return -1;
    if (o->sim.iterations && o->endgame)
        return sk_cli_usage_error(cli, "--sim and --endgame: one or the other");
    if (o->endgame &&
        (o->all || o->count_given || o->rank_given || o->leaves.given_path || o->verbose))
        return sk_cli_usage_error(cli, "--endgame plays the game out by spread: not with %s",
                                  o->all                 ? "--all"
                                  : o->count_given       ? "--count"
                                  : o->rank_given        ? "--rank"
                                  : o->leaves.given_path ? "--leaves"
                                                         : "--verbose");
    if (o->sim.iterations && (o->all || o->count_given || o->rank_given))
        return sk_cli_usage_error(cli, "--sim ranks --candidates moves by equity: not with %s",
                                  o->all           ? "--all"
                                  : o->count_given ? "--count"
                                                   : "--rank");
    if (!o->sim.iterations && o->sim_tuned)
        return sk_cli_usage_error(cli, "--%s goes with --sim", o->sim_tuned);
    if (o->all + o->best + o->count_given > 1) /* each says how many moves to print */
        return sk_cli_usage_error(cli, "--all, --best and --count: one of them");
    if (time_given && !o->endgame)
        return sk_cli_usage_error(cli, "--time-limit goes with --endgame");
    *optind_out = op.optind;
    return SK_EXIT_OK;
}

#define BATCH 256

/* Positions before suggest builds the word map: building it costs a fixed time and it saves a
 * little on each position (most on racks with a blank, see sk_mg_wm_prepare), so it pays only
 * on long streams (figures in docs/benchmarks.md). */
#define WM_AFTER 10000

/* Answers each CGP line of IN in turn (in batches of BATCH with more than one job). Returns the
 * exit status; JOBS (their buffers too), THREADS and *WM are the caller's to free. */
static int answer_stream(sk_cli *cli, sk_suggest_settings *o, sk_cli_game *g, sk_cli_posinput *in,
                         sk_suggest_job *jobs, sk_suggest_thread *threads, sk_wordmap **wm)
{
    int status = SK_EXIT_OK;
    size_t len;
    const char *line;
    int lineno = 0, n = 0, positions = 0;
    int wm_tried = 0, unreadable = 0;
    /* one thread: each position is answered before the next line is read, so a program can talk
     * to skrab line by line; more threads work on batches */
    int batch = o->jobs == 1 || o->sim.iterations ? 1 : BATCH; /* --sim: threads share a position */
    /* Input that is not a regular file (a pipe, a terminal) may come from a program waiting for
     * each answer before it writes the next line: each answer (each batch) is flushed. From a
     * file, nobody waits, and the output is written in large blocks. */
    struct stat st;
    int flush_each =
        in->lines.stream && (fstat(fileno(in->lines.stream), &st) != 0 || !S_ISREG(st.st_mode));
    for (;;) {
        int more = sk_cli_posinput_getline(cli, in, &line, &len, &lineno);
        if (more < 0) {
            status = SK_EXIT_ERROR;
            more = 0;
        }
        if (more) {
            positions++;
            sk_suggest_job *j = &jobs[n++];
            sk_buf_clear(&j->out); /* its memory is kept for the next batch */
            j->line = lineno;
            j->listed = 0;
            j->ok = sk_cli_parse_position(cli, g, in, line, len, lineno, &j->pos) == SK_EXIT_OK;
            if (j->ok) {
                /* a file the ops name that cannot be read leaves this position unanswered, as any
                 * other, and the stream goes on; the status is 2 at the end, as every command
                 * says of an unreadable file (docs/commands.md, "Exit status") */
                int setup = sk_cli_game_setup(cli, g, &j->pos, in->source, in->shown, lineno);
                j->ok = setup == SK_EXIT_OK;
                if (setup == SK_EXIT_ERROR) unreadable = 1;
            }
            if (j->ok && !g->loaded.lexicon) {
                sk_cli_error(cli, "%s:%d: suggest needs a lexicon (not -l none)", in->shown,
                             lineno);
                j->ok = 0;
            }
            if (j->ok) {
                char where[SK_PATH_MAX + 32];
                snprintf(where, sizeof(where), "%s:%d", in->shown, lineno);
                j->ok = sk_cli_game_can_generate(cli, g, where);
                char why[200]; /* leaves of another alphabet would value no rack of the game */
                if (j->ok && o->leaves.given &&
                    !sk_leaves_fit(o->leaves.given, &g->loaded.tiles, why, sizeof(why))) {
                    sk_cli_error(cli, "%s: --leaves %s: %s", where, o->leaves.given_path, why);
                    j->ok = 0;
                }
                if (j->ok) j->leaves = sk_cli_leaves_for(cli, &o->leaves, &g->loaded);
            }
            char why[200];
            if (j->ok && o->sim.iterations && j->pos.racks[0][0] &&
                sk_suggest_sim_refuses(&j->pos, &g->loaded.tiles, why, sizeof(why))) {
                sk_cli_error(cli, "%s:%d: --sim: %s", in->shown, lineno, why);
                j->ok = 0;
            }
            if (j->ok && !j->pos.racks[0][0]) {
                /* a finding about the line: FILE:LINE:COL at the racks field (docs/commands.md,
                 * "Conventions") */
                size_t c = 0;
                while (c < len && (line[c] == ' ' || line[c] == '\t'))
                    c++;
                while (c < len && line[c] != ' ' && line[c] != '\t')
                    c++;
                while (c < len && (line[c] == ' ' || line[c] == '\t'))
                    c++;
                sk_diag_list d;
                sk_diag_list_init(&d);
                sk_diag_add(&d, SK_SEV_ERROR, c, "the rack of the player to move is unknown");
                sk_cli_print_diags(cli, in->shown, lineno, line, len, &d, 0);
                sk_diag_list_free(&d);
                j->ok = 0;
            }
            if (j->ok && o->endgame) {
                char where[SK_PATH_MAX + 32];
                snprintf(where, sizeof(where), "%s:%d", in->shown, lineno);
                j->ok = sk_suggest_endgame_ready(cli, &g->loaded.rules, &j->pos, where);
            }
            if (j->ok) {
                j->board = g->loaded.board;
                j->tiles = g->loaded.tiles;
                j->rules = g->loaded.rules;
                j->rules.board = &j->board;
                j->rules.tiles = &j->tiles;
                j->bag = sk_position_bag(&j->pos, j->rules.tiles, j->rules.rack_size);
            }
            if (n < batch) continue;
        }
        if (n > 0 && !*wm && !wm_tried && o->wm_after >= 0 &&
            (o->sim.iterations || (positions > o->wm_after && sk_suggest_searches(o))) &&
            g->loaded.lexicon) {
            wm_tried = 1; /* a map that cannot be built (memory, odd lexicon) is done without */
            if (sk_wordmap_build(wm, g->loaded.lexicon) != SK_OK) *wm = NULL;
        }
        if (n > 0) {
            o->sim.wm = *wm;
            int rc = sk_suggest_run_batch(cli, o, jobs, n, threads, *wm);
            if (rc > status) status = rc;
            if (flush_each && status != SK_EXIT_ERROR && fflush(cli->out) != 0)
                status = sk_cli_write_failed(cli);
            n = 0;
        }
        if (!more || status == SK_EXIT_ERROR) break;
    }
    if (status != SK_EXIT_ERROR && fflush(cli->out) != 0) status = sk_cli_write_failed(cli);
    if (positions == 0 && status != SK_EXIT_ERROR) { /* empty, or blank and '#' lines only */
        sk_cli_error(cli, "%s: no CGP line", in->shown);
        status = SK_EXIT_ERROR;
    }
    return unreadable ? SK_EXIT_ERROR : status;
}

int sk_cmd_suggest(sk_cli *cli, int argc, char **argv)
{
    sk_suggest_settings o = {
        .count = 10, .jobs = 1, .notation = 'g', .wm_after = WM_AFTER, .time_ms = 10000};
    o.sim.candidates = 10;
    o.sim.plies = 2;
    sk_cli_leaves_init(&o.leaves);
    sk_cli_game g;
    sk_cli_game_init(&g);
    g.needs_lexicon = 1;
    sk_cli_posinput in;
    memset(&in, 0, sizeof(in));
    sk_suggest_job *jobs = NULL;
    sk_suggest_thread threads[SK_SUGGEST_JOBS_MAX];
    for (int t = 0; t < SK_SUGGEST_JOBS_MAX; t++) {
        threads[t].gen = NULL;
        threads[t].order = NULL;
        threads[t].order_cap = 0;
        threads[t].listed = 0;
        threads[t].eg = NULL;
        sk_move_list_init(&threads[t].list);
    }
    sk_wordmap *wm = NULL;
    int first = 0;
    int status = parse_options(cli, &g, &o, argc, argv, &first);
    if (status != SK_EXIT_OK) {
        if (status < 0) status = SK_EXIT_OK; /* --help */
        goto cleanup;
    }
    if (first + 1 < argc) {
        status = sk_cli_usage_error(cli, "suggest takes one POS (a file, '-', or a CGP line)");
        goto cleanup;
    }
    if (sk_cli_posinput_open(cli, first < argc ? argv[first] : "-", &in) != SK_OK ||
        (jobs = calloc(BATCH, sizeof(*jobs))) == NULL) {
        status = SK_EXIT_ERROR;
        goto cleanup;
    }
    if (o.sim.iterations) { /* one generator a thread, shared by the positions in turn */
        o.sim.jobs = o.jobs;
        int fd = fileno(cli->err);
        o.sim.progress = fd >= 0 && isatty(fd) ? cli->err : NULL;
        if (!(o.sim.gens = calloc((size_t)o.jobs, sizeof(*o.sim.gens)))) {
            status = SK_EXIT_ERROR;
            goto cleanup;
        }
        for (int t = 0; t < o.jobs; t++)
            if (sk_movegen_new(&o.sim.gens[t]) != SK_OK) {
                status = SK_EXIT_ERROR;
                goto cleanup;
            }
    }
    status = answer_stream(cli, &o, &g, &in, jobs, threads, &wm);
cleanup:
    for (int t = 0; t < SK_SUGGEST_JOBS_MAX; t++) {
        sk_movegen_free(threads[t].gen);
        sk_endgame_free(threads[t].eg);
        sk_move_list_free(&threads[t].list);
        free(threads[t].order);
    }
    for (int t = 0; o.sim.gens && t < o.jobs; t++)
        sk_movegen_free(o.sim.gens[t]);
    free(o.sim.gens);
    sk_wordmap_free(wm);
    for (int i = 0; jobs && i < BATCH; i++)
        sk_buf_free(&jobs[i].out);
    free(jobs);
    sk_cli_posinput_free(&in);
    sk_cli_game_free(&g);
    sk_cli_leaves_free(&o.leaves);
    return status;
}
