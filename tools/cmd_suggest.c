/* cmd_suggest.c — `skrab suggest [POS]`: the best moves for the player to move, for each CGP line
 * of POS (standard input when none), in input order. Ranked by equity (score + leave value) or
 * score; --best prints one move line per position (the engine protocol of selfplay); --jobs N
 * spreads a stream of positions over N threads. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_game.h"
#include "cli_leaves.h"
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
    SK_CLI_GAME_OPTIONS,
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
#define JOBS_MAX 64             /* --jobs: threads */
#define WM_AFTER_MAX 1000000000 /* --word-map */
#define TIME_LIMIT_MAX 86400000 /* --time-limit: a day */

typedef struct {
    long long count;
    int all, best, json, by_score, verbose, jobs, endgame;
    long long time_ms;    /* --endgame's limit a position (0: none) */
    long long wm_after;   /* build the word map before the position after this many; -1: never */
    char notation;        /* 'g', 's', 'c' */
    sk_cli_leaves leaves; /* --leaves */
    int count_given, rank_given;
    const char *sim_tuned; /* the last of --candidates --plies --seed given, or NULL */
    sk_suggest_sim sim;    /* --sim: iterations 0 when not asked for */
} options;

/* One position of the stream, set up by the main thread, solved by a worker. */
typedef struct {
    sk_position pos;
    sk_rules rules;
    sk_board board;
    sk_tileset tiles;
    int line, ok, bag;
    const sk_leaves *leaves; /* what equity ranks by (sk_cli_leaves_for) */
    int listed;              /* moves written to OUT */
    sk_buf out;
} job;

/* What each thread keeps from position to position: its generator, and its move list, whose
 * memory (and its order's) is reused rather than grown again for each position. */
typedef struct {
    sk_movegen *gen;
    sk_move_list list;
    uint32_t *order; /* the list's order, when it is listed whole (ORDER_CAP entries) */
    size_t order_cap;
    size_t listed;  /* moves of the full lists generated so far, up to TABLE_AFTER_MOVES */
    sk_endgame *eg; /* --endgame's solver, made when first needed */
} thread_state;

typedef struct {
    const options *opt;
    job *jobs;
    int njobs;
    int next;
    int failed;
    pthread_mutex_t lock;
    thread_state *threads; /* kept from batch to batch (the cross sets and the list with them) */
    const sk_wordmap *wm;
} pool;

typedef struct {
    pool *pool;
    int index; /* which of pool->threads */
} worker_arg;

static sk_play_style notation_style(const options *o)
{
    return o->notation == 's'   ? SK_PLAY_SKRABBKLE
           : o->notation == 'c' ? SK_PLAY_CS104
                                : SK_PLAY_GCG;
}

static void write_move(const options *o, const job *j, const sk_gen_move *m, sk_buf *out)
{
    sk_gen_move_write(m, notation_style(o), &j->tiles.alphabet, out);
}

/* Beyond this many moves, -n lists every move and sorts: the search's keeper is a sorted
 * array, and with this many wanted the bounds hardly prune. */
#define TOP_SEARCH_MAX 1000

/* 1 if O's answers come from the best-move search (sk_movegen_best or sk_movegen_top), not
 * from the full list: only then does the word map help. */
static int searches(const options *o)
{
    return (o->best && !o->json) || (!o->all && !o->best && o->count <= TOP_SEARCH_MAX);
}

/* Moves of full lists a thread generates before its generator builds the walk table (the
 * next position then builds it, once for all threads): the generator's own count of positions
 * (sk_movegen_set_table_after) is made for searches, while the walks of full lists, which the
 * table shortens most, repay its building after a few heavy positions (docs/engine.md, "The walk
 * table"). */
#define TABLE_AFTER_MOVES 200000

static int solve(const options *o, job *j, thread_state *t)
{
    sk_movegen *gen = t->gen;
    if (o->endgame) {
        sk_suggest_style style = {notation_style(o), o->json, o->verbose, &j->tiles.alphabet};
        return sk_suggest_endgame(&t->eg, &style, &j->rules, &j->pos, j->line, o->time_ms, o->best,
                                  &j->out, &j->listed);
    }
    if (o->sim.iterations) {
        sk_suggest_style style = {notation_style(o), o->json, o->verbose, &j->tiles.alphabet};
        int rc = sk_suggest_sim_answer(&o->sim, &style, sk_leaves_for(j->leaves, j->rules.tiles),
                                       &j->rules, &j->pos, j->bag, j->line, o->best && !o->json,
                                       &j->out, &j->listed);
        return rc;
    }
    if (o->best && !o->json) { /* the fast path: the leader only */
        sk_gen_move best;
        int rc = sk_movegen_best(gen, &j->rules, &j->pos, j->leaves, o->by_score, 1, j->bag, &best);
        if (rc == SK_OK) {
            write_move(o, j, &best, &j->out);
            sk_buf_putc(&j->out, '\n');
            j->listed = 1;
        }
        return rc != SK_OK ? rc : j->out.failed ? SK_ENOMEM : SK_OK;
    }
    sk_move_list *list = &t->list;
    list->count = 0;
    list->failed = 0;
    /* -n N: a search for the N best (each as the full list ranks it), not the full list */
    int top = searches(o); /* the leader alone was answered above */
    int rc = top ? sk_movegen_top(gen, &j->rules, &j->pos, j->leaves, o->by_score, 1, j->bag,
                                  (size_t)o->count, list)
                 : sk_movegen_all(gen, &j->rules, &j->pos, list);
    if (rc == SK_OK && !top) /* the full list: exchanges and the pass too */
        rc = sk_movegen_add_non_placements(&j->rules, &j->pos, j->bag, list);
    if (!top && t->listed < TABLE_AFTER_MOVES) {
        t->listed += list->count;
        if (t->listed >= TABLE_AFTER_MOVES) sk_movegen_set_table_after(gen, 0);
    }
    if (rc != SK_OK) {
        return rc;
    }
    rc = sk_move_list_rank(list, j->pos.racks[0], sk_leaves_for(j->leaves, j->rules.tiles),
                           o->by_score);
    if (rc != SK_OK) {
        return rc;
    }
    size_t n = o->best ? 1 : o->all ? list->count : (size_t)o->count;
    if (n > list->count) n = list->count;
    /* only what is printed needs sorting: a few of many moves are put first, many are listed
     * in the order of the whole list, which is cheaper than moving the moves there */
    const uint32_t *order = NULL;
    if (n > 0 && n >= list->count / 8) {
        if (list->count > t->order_cap) {
            uint32_t *grown = realloc(t->order, list->count * sizeof(*grown));
            if (!grown) return SK_ENOMEM;
            t->order = grown;
            t->order_cap = list->count;
        }
        rc = sk_move_list_order(list, o->by_score, t->order);
        if (rc != SK_OK) return rc;
        order = t->order;
    } else {
        sk_move_list_top(list, n, o->by_score);
    }
    sk_suggest_style style = {notation_style(o), o->json, o->verbose, &j->tiles.alphabet};
    sk_suggest_write_moves(&style, &j->pos, j->line, list, order, n, &j->out);
    if (!o->best) {
        sk_suggest_played played = {
            &style, o->by_score, sk_leaves_for(j->leaves, j->rules.tiles), &j->rules, &j->pos,
            j->bag, j->line};
        sk_suggest_write_played(&played, n ? &list->moves[order ? order[0] : 0] : NULL, &j->out);
    }
    j->listed = (int)n;
    return j->out.failed ? SK_ENOMEM : SK_OK;
}

static void *worker(void *arg)
{
    const worker_arg *w = arg;
    pool *p = w->pool;
    thread_state *t = &p->threads[w->index];
    if (!t->gen && sk_movegen_new(&t->gen) != SK_OK) {
        pthread_mutex_lock(&p->lock);
        p->failed = 1;
        pthread_mutex_unlock(&p->lock);
        return NULL;
    }
    sk_movegen_use_wordmap(t->gen, p->wm);
    for (;;) {
        pthread_mutex_lock(&p->lock);
        int i = p->next++;
        pthread_mutex_unlock(&p->lock);
        if (i >= p->njobs) break;
        if (p->jobs[i].ok && solve(p->opt, &p->jobs[i], t) != SK_OK) p->jobs[i].ok = 0;
    }
    return NULL;
}

/* Ends the answer of J, a position (docs/commands.md, "skrab suggest", "Talking to suggest line
 * by line"): every position gets a block that ends, so that a program reading the answers knows
 * when one is complete and stays in step when a line cannot be answered (its block is empty).
 * --best: the one line (empty for no answer); text: an empty line; JSON: an object closing the
 * position, which counts the moves listed before it. */
static void end_block(const options *o, const job *j, sk_buf *out)
{
    if (o->best && !o->json) {
        if (!j->ok) sk_buf_putc(out, '\n');
    } else if (o->json) {
        sk_buf_printf(out, "{\"line\":%d,\"moves\":%d,\"answered\":%s}\n", j->line, j->listed,
                      j->ok ? "true" : "false");
    } else {
        sk_buf_putc(out, '\n');
    }
}

/* Solves JOBS (in parallel when asked) and prints them in order. */
static int run_batch(sk_cli *cli, const options *o, job *jobs, int n, thread_state *states,
                     const sk_wordmap *wm)
{
    pool p = {.opt = o, .jobs = jobs, .njobs = n, .threads = states, .wm = wm};
    pthread_mutex_init(&p.lock, NULL);
    int threads = o->jobs < n ? o->jobs : n;
    pthread_t tids[JOBS_MAX];
    worker_arg args[JOBS_MAX];
    int started = 0;
    for (int t = 1; t < threads; t++) {
        args[started] = (worker_arg){&p, started + 1};
        if (pthread_create(&tids[started], NULL, worker, &args[started]) == 0) started++;
    }
    worker_arg self = {&p, 0};
    worker(&self);
    for (int t = 0; t < started; t++)
        pthread_join(tids[t], NULL);
    pthread_mutex_destroy(&p.lock);
    int status = p.failed ? SK_EXIT_ERROR : SK_EXIT_OK;
    for (int i = 0; i < n && status != SK_EXIT_ERROR; i++) {
        job *j = &jobs[i];
        if (!j->ok) {
            status = SK_EXIT_FINDINGS;
            sk_buf_clear(&j->out); /* the reason is on stderr; the answer is an empty block */
        }
        end_block(o, j, &j->out);
        if (sk_cli_write(cli, &j->out) != SK_EXIT_OK) status = SK_EXIT_ERROR;
    }
    return status;
}

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

static int parse_options(sk_cli *cli, sk_cli_game *g, options *o, int argc, char **argv,
                         int *optind_out)
{
    sk_cli_opts op;
    sk_cli_opts_init(&op, cli, argc, argv);
    int opt;
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
            if (sk_cli_opts_int(&op, 1, JOBS_MAX, &o->jobs) != SK_EXIT_OK) return SK_EXIT_ERROR;
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
static int answer_stream(sk_cli *cli, options *o, sk_cli_game *g, sk_cli_posinput *in, job *jobs,
                         thread_state *threads, sk_wordmap **wm)
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
            job *j = &jobs[n++];
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
            (o->sim.iterations || (positions > o->wm_after && searches(o))) && g->loaded.lexicon) {
            wm_tried = 1; /* a map that cannot be built (memory, odd lexicon) is done without */
            if (sk_wordmap_build(wm, g->loaded.lexicon) != SK_OK) *wm = NULL;
        }
        if (n > 0) {
            o->sim.wm = *wm;
            int rc = run_batch(cli, o, jobs, n, threads, *wm);
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
    options o = {.count = 10, .jobs = 1, .notation = 'g', .wm_after = WM_AFTER, .time_ms = 10000};
    o.sim.candidates = 10;
    o.sim.plies = 2;
    sk_cli_leaves_init(&o.leaves);
    sk_cli_game g;
    sk_cli_game_init(&g);
    g.needs_lexicon = 1;
    sk_cli_posinput in;
    memset(&in, 0, sizeof(in));
    job *jobs = NULL;
    thread_state threads[JOBS_MAX];
    for (int t = 0; t < JOBS_MAX; t++) {
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
    for (int t = 0; t < JOBS_MAX; t++) {
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
