/* cmd_leaves.c — `skrab leaves train`: leave values learnt from self-play, written as a KLV2 file
 * (docs/commands.md, "skrab leaves"). Generation 1 plays with the built-in heuristic, each next
 * one with the values the one before learnt (cmd_leaves_train.h says how). The games of a
 * generation are cut into chunks of turns, each seeded from --seed, and the threads of --jobs
 * take chunks in turn: the same seed gives the same file whatever --jobs is. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_commands.h"
#include "cli_game.h"
#include "cmd_leaves_train.h"
#include "cmd_play.h"
#include "cmd_selfplay.h"
#include "skrab/error.h"

enum { T_TURNS, T_GENERATIONS, T_SEED, T_JOBS, T_OUTPUT, T_PRIOR, T_QUIET };
static const sk_cli_option train_options[] = {
    SK_CLI_GAME_OPTION_ROWS("rule set: classic (default) or skrabbkle",
                            "board: a name or file (default: CrosswordGame, or skrabbkle)",
                            "tile set: a name or file (default: english, or skrabbkle)",
                            "word list or KWG: a name or file (default: wordlist)",
                            SK_CLI_LEXICON_VALUES),
    {T_OUTPUT, "output", 'o', "FILE",
     "write the KLV2 file to FILE ('-': standard output); required", NULL},
    {T_TURNS, "turns", 'n', "N", "turns of self-play a generation (default 100000)", "<number>"},
    {T_GENERATIONS, "generations", 'g', "G",
     "generations, each playing with the last's values "
     "(default 3)",
     "<number>"},
    {T_SEED, "seed", 's', "N", "seed of the games (default: from the clock; printed)", "<number>"},
    {T_JOBS, "jobs", 'j', "N", "play in N threads (default 1; the result does not change)",
     "<number>"},
    {T_PRIOR, "prior-weight", 0, "K",
     "racks holding a leave that weigh as much as its prior (default 50)", "<number>"},
    {T_QUIET, "quiet", 'q', NULL, "print nothing but errors", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

#define TURNS_MAX 1000000000LL
#define GENERATIONS_MAX 100
#define JOBS_MAX 64
#define PRIOR_MAX 1000000
#define WM_TURNS 20000 /* from this many turns a generation, the word map is built */

typedef struct {
    sk_cli *cli;
    long long turns;
    int generations, jobs, quiet, progress;
    long prior;
    uint64_t seed;
    const char *output;
    /* one generation's work */
    sk_train_round round;
    long chunks, next_chunk, done_chunks, quota;
    int failed; /* an SK_E* code, or 0 */
    pthread_mutex_t lock;
    sk_leave_tally tallies[JOBS_MAX];
} trainer;

static void show_progress(trainer *t)
{
    if (!t->progress) return;
    fprintf(t->cli->err, "\r\033[Kskrab leaves train: generation %d/%d: %ld/%ld chunks",
            t->round.generation + 1, t->generations, t->done_chunks, t->chunks);
    fflush(t->cli->err);
}

typedef struct {
    trainer *t;
    int index;
} worker_arg;

static void *worker(void *arg)
{
    const worker_arg *w = arg;
    trainer *t = w->t;
    sk_movegen *gen = NULL;
    int rc = sk_movegen_new(&gen);
    if (rc == SK_OK) sk_movegen_use_wordmap(gen, t->round.wm);
    for (;;) {
        pthread_mutex_lock(&t->lock);
        if (rc != SK_OK && !t->failed) t->failed = rc;
        long chunk = t->failed ? t->chunks : t->next_chunk++;
        pthread_mutex_unlock(&t->lock);
        if (chunk >= t->chunks) break;
        /* the last chunk takes the turns left: -n 2001 is one chunk of 2,000 and one of 1 */
        long quota = chunk < t->chunks - 1 ? t->quota : (long)t->turns - (t->chunks - 1) * t->quota;
        rc = sk_train_chunk(&t->round, chunk, quota, gen, &t->tallies[w->index]);
        pthread_mutex_lock(&t->lock);
        t->done_chunks++;
        show_progress(t);
        pthread_mutex_unlock(&t->lock);
    }
    sk_movegen_free(gen);
    return NULL;
}

/* Plays one generation's chunks in T->jobs threads; the tallies are summed into tallies[0].
 * Returns SK_OK or the first error. */
static int play_generation(trainer *t, const sk_leave_set *set)
{
    t->next_chunk = t->done_chunks = 0;
    t->failed = SK_OK;
    int threads = t->jobs < t->chunks ? t->jobs : (int)t->chunks;
    pthread_t tids[JOBS_MAX];
    worker_arg args[JOBS_MAX];
    int started = 0;
    for (int i = 1; i < threads; i++) {
        args[started] = (worker_arg){t, started + 1};
        if (pthread_create(&tids[started], NULL, worker, &args[started]) == 0) started++;
    }
    worker_arg self = {t, 0};
    worker(&self);
    for (int i = 0; i < started; i++)
        pthread_join(tids[i], NULL);
    for (int i = 1; i <= started; i++) {
        sk_leave_tally_add(&t->tallies[0], &t->tallies[i], set);
        sk_leave_tally_free(&t->tallies[i]);
        if (sk_leave_tally_init(&t->tallies[i], set) != SK_OK && !t->failed) t->failed = SK_ENOMEM;
    }
    if (t->progress) fputs("\r\033[K", t->cli->err);
    return t->failed;
}

static int parse_options(sk_cli *cli, sk_cli_game *g, trainer *t, int argc, char **argv,
                         int *has_seed)
{
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    long long v;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        if (sk_cli_game_option(g, opt, o.optarg)) continue;
        switch (opt) {
        case T_TURNS:
            if (sk_cli_opts_number(&o, 1, TURNS_MAX, &t->turns) != SK_EXIT_OK) return SK_EXIT_ERROR;
            break;
        case T_GENERATIONS:
            if (sk_cli_opts_int(&o, 1, GENERATIONS_MAX, &t->generations) != SK_EXIT_OK)
                return SK_EXIT_ERROR;
            break;
        case T_SEED:
            if (sk_cli_opts_u64(&o, UINT64_MAX, &t->seed) != SK_EXIT_OK) return SK_EXIT_ERROR;
            *has_seed = 1;
            break;
        case T_JOBS:
            if (sk_cli_opts_int(&o, 1, JOBS_MAX, &t->jobs) != SK_EXIT_OK) return SK_EXIT_ERROR;
            break;
        case T_OUTPUT:
            t->output = o.optarg;
            break;
        case T_PRIOR:
            if (sk_cli_opts_number(&o, 0, PRIOR_MAX, &v) != SK_EXIT_OK) return SK_EXIT_ERROR;
            t->prior = (long)v;
            break;
        case T_QUIET:
            t->quiet = 1;
            break;
        }
    }
    if (opt == SK_OPT_ERROR) return SK_EXIT_ERROR;
    if (opt == SK_OPT_HELP) return -1;
    if (o.optind < argc) return sk_cli_usage_error(cli, "leaves train takes no operands");
    if (!t->output) return sk_cli_usage_error(cli, "missing -o FILE: where to write the leaves");
    /* a FILE that cannot be written (a directory, in a directory that is not there or is not
     * writable) fails now, not after the training */
    if (strcmp(t->output, "-") != 0 && sk_file_check_writable(t->output) != SK_OK) {
        sk_cli_error(cli, "cannot write %s: %s", t->output, strerror(errno));
        return SK_EXIT_ERROR;
    }
    if (strcmp(t->output, "-") == 0 && isatty(fileno(cli->out))) {
        sk_cli_error(cli, "refusing to write a binary KLV2 file to a terminal; use -o FILE");
        return SK_EXIT_ERROR;
    }
    return SK_EXIT_OK;
}

/* Loads the game (classic unless -R says otherwise), as selfplay does. */
static int load_game(sk_cli *cli, sk_cli_game *g)
{
    if (!g->rules_name) g->rules_name = "classic";
    sk_game_spec spec;
    int status = sk_cli_game_spec(cli, g, &spec);
    if (status == SK_EXIT_OK) status = sk_cli_game_load(cli, g, &spec);
    if (status != SK_EXIT_OK) return status;
    if (!g->loaded.lexicon) {
        sk_cli_error(cli, "leaves train needs a lexicon to play (not -l none)");
        return SK_EXIT_ERROR;
    }
    return sk_cli_game_can_generate(cli, g, NULL) && sk_cli_game_can_deal(cli, g, 2)
               ? SK_EXIT_OK
               : SK_EXIT_ERROR;
}

/* The generations, then the file. REPORT is where the lines for people go. */
static int train(trainer *t, const sk_rules *rules, FILE *report)
{
    sk_cli *cli = t->cli;
    int status = SK_EXIT_ERROR, rc;
    sk_leave_set *set = NULL;
    sk_leave_entry *values = NULL;
    sk_leaves *leaves = NULL;
    sk_wordmap *wm = NULL;
    sk_buf file;
    sk_buf_init(&file);
    rc = sk_leave_set_new(&set, rules);
    if (rc == SK_ETOOBIG) {
        sk_cli_error(cli,
                     "a rack of %d tiles has too many leaves to train (at most %d tiles, "
                     "%d leaves)",
                     rules->rack_size, SK_TRAIN_LEAVE_MAX, SK_TRAIN_LEAVES_MAX);
        goto cleanup;
    }
    if (rc == SK_OK && sk_leave_set_count(set) == 0) {
        sk_cli_error(cli, "a rack of %d tile keeps no leave to value", rules->rack_size);
        goto cleanup;
    }
    size_t n = sk_leave_set_count(set);
    values = rc == SK_OK ? malloc(n * sizeof(*values)) : NULL;
    for (int i = 0; values && i < t->jobs; i++)
        if (sk_leave_tally_init(&t->tallies[i], set) != SK_OK) rc = SK_ENOMEM;
    if (rc != SK_OK || !values) {
        sk_cli_error(cli, "%s", sk_strerror(rc != SK_OK ? rc : SK_ENOMEM));
        goto cleanup;
    }
    if (t->turns >= WM_TURNS && sk_wordmap_build(&wm, rules->lexicon) != SK_OK) wm = NULL;
    t->quota = t->turns < SK_TRAIN_CHUNK_TURNS ? (long)t->turns : SK_TRAIN_CHUNK_TURNS;
    t->chunks = (long)((t->turns + t->quota - 1) / t->quota);
    for (int gen = 0; gen < t->generations; gen++) {
        t->round = (sk_train_round){rules, leaves, set, wm, t->seed, gen};
        rc = play_generation(t, set);
        if (rc != SK_OK) {
            sk_cli_error(cli, "generation %d: %s", gen + 1, sk_strerror(rc));
            goto cleanup;
        }
        size_t seen;
        sk_leave_values(set, &t->tallies[0], (double)t->prior, values, &seen);
        if (!t->quiet)
            fprintf(report,
                    "generation %d: %lld games, %lld turns, %lld racks valued, %zu of %zu leaves "
                    "held\n",
                    gen + 1, t->tallies[0].games, t->tallies[0].turns, t->tallies[0].racks, seen,
                    n);
        sk_buf_clear(&file);
        sk_diag_list d;
        sk_diag_list_init(&d);
        rc = sk_leaves_write(&file, values, n, &d);
        sk_leaves *next = NULL;
        if (rc == SK_OK) rc = sk_leaves_from_bytes(&next, file.data, file.len, &d);
        if (rc != SK_OK) sk_cli_error(cli, "%s", d.count ? d.items[0].message : sk_strerror(rc));
        sk_diag_list_free(&d);
        if (rc != SK_OK) goto cleanup;
        sk_leaves_free(leaves);
        leaves = next;
        sk_leave_tally_free(&t->tallies[0]);
        if (sk_leave_tally_init(&t->tallies[0], set) != SK_OK) {
            sk_cli_error(cli, "%s", sk_strerror(SK_ENOMEM));
            goto cleanup;
        }
    }
    if (strcmp(t->output, "-") == 0) {
        if (fwrite(file.data, 1, file.len, cli->out) != file.len || fflush(cli->out) != 0) {
            status = sk_cli_write_failed(cli);
            goto cleanup;
        }
    } else if (sk_file_write(t->output, file.data, file.len) != SK_OK) {
        sk_cli_error(cli, "cannot write %s: %s", t->output, strerror(errno));
        goto cleanup;
    }
    if (!t->quiet)
        fprintf(report, "wrote %s: %zu leaves of 1 to %d tiles, %zu bytes, seed %llu\n",
                strcmp(t->output, "-") == 0 ? "<stdout>" : t->output, n, rules->rack_size - 1,
                file.len, (unsigned long long)t->seed);
    status = SK_EXIT_OK;

cleanup:
    for (int i = 0; i < JOBS_MAX; i++)
        sk_leave_tally_free(&t->tallies[i]);
    sk_buf_free(&file);
    sk_wordmap_free(wm);
    sk_leaves_free(leaves);
    free(values);
    sk_leave_set_free(set);
    return status;
}

static int run_train(sk_cli *cli, int argc, char **argv)
{
    trainer *t = calloc(1, sizeof(*t));
    if (!t) return SK_EXIT_ERROR;
    t->cli = cli;
    t->turns = 100000;
    t->generations = 3;
    t->jobs = 1;
    t->prior = 50;
    sk_cli_game g;
    sk_cli_game_init(&g);
    g.needs_lexicon = 1;
    int has_seed = 0;
    int status = parse_options(cli, &g, t, argc, argv, &has_seed);
    if (status == SK_EXIT_OK) status = load_game(cli, &g);
    if (status == SK_EXIT_OK) {
        if (!has_seed) t->seed = sk_dialog_random_seed() % 1000000000u;
        int fd = fileno(cli->err);
        t->progress = !t->quiet && fd >= 0 && isatty(fd);
        pthread_mutex_init(&t->lock, NULL);
        FILE *report = strcmp(t->output, "-") == 0 ? cli->err : cli->out;
        status = train(t, &g.loaded.rules, report);
        pthread_mutex_destroy(&t->lock);
        if (status == SK_EXIT_OK && report == cli->out && fflush(cli->out) != 0)
            status = sk_cli_write_failed(cli);
    }
    sk_cli_game_free(&g);
    free(t);
    return status < 0 ? SK_EXIT_OK : status;
}

const sk_cmd sk_leaves_subcommands[] = {
    {"leaves train", run_train, "learn leave values from self-play", "[OPTIONS] -o FILE",
     "Plays games of self-play ranked by equity (score + leave value) and learns what keeping\n"
     "each leave is worth: at each turn of the middle of a game, four racks drawn at random\n"
     "are valued on the board faced, each by its best equity less the mean of the others';\n"
     "a leave is worth the mean value of the racks that hold it (each counted once for each\n"
     "set of its tiles that makes the leave), leaves held rarely shrunk toward a prior made\n"
     "from smaller leaves (--prior-weight). Generation 1 plays with the built-in heuristic, each "
     "next one\n"
     "with the values learnt before it (docs/engine.md, \"Trained leave values\"). Writes a\n"
     "KLV2 file of every leave of 1 to rack-size - 1 tiles the tile set allows, replacing\n"
     "FILE atomically; a line a generation goes to standard output (standard error with\n"
     "-o -). The same --seed and --turns give the same file whatever --jobs is.",
     train_options, NULL},
    {NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};

int sk_cmd_leaves(sk_cli *cli, int argc, char **argv)
{
    return sk_cli_run_subcommand(cli, argc, argv, NULL);
}
