/* cmd_selfplay.c — `skrab selfplay` (docs/play.md): the referee of automated games. Runs GAMES
 * games between automated players — built-in strategies (players.h) or external programs
 * (`cmd:COMMAND`, one process per turn, see cmd_selfplay.h) — checks every move, drops a player
 * who answers an illegal move or nothing in time (the game goes on without them), and reports
 * one line a game and the totals, the games with a drop apart (cmd_selfplay_report.c). Game I is
 * dealt from a seed derived from --seed and I, and the first player rotates, so a run is reproduced
 * exactly by its seed whatever --jobs is. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_game.h"
#include "cli_leaves.h"
#include "cli_commands.h"
#include "cmd_play.h"
#include "cmd_selfplay.h"
#include "cmd_selfplay_report.h"
#include "skrab/error.h"
#include "skrab/match.h"
#include "skrab/players.h"
#include "skrab/sim.h"
#include "skrab/wordmap.h"

enum {
    OPT_GAMES,
    OPT_SEED,
    OPT_PLAYER,
    OPT_JOBS,
    OPT_GCG,
    OPT_TIMEOUT,
    OPT_JSON,
    OPT_QUIET,
    OPT_LEAVES
};
/* The game options of cli_game.h (their ids), with selfplay's defaults. */
const sk_cli_option sk_selfplay_options[] = {
    SK_CLI_GAME_OPTION_ROWS("rule set: classic (default) or skrabbkle",
                            "board: a name or file (default: CrosswordGame, or skrabbkle)",
                            "tile set: a name or file (default: english, or skrabbkle)",
                            "word list or KWG: a name or file (default: wordlist)",
                            SK_CLI_LEXICON_VALUES),
    {OPT_GAMES, "games", 'n', "N", "number of games (default 10)", "<number>"},
    {OPT_SEED, "seed", 's', "N", "seed of the first game's deal (default: from the clock; printed)",
     "<number>"},
    {OPT_PLAYER, "player", 'p', "SPEC",
     "a player, in seating order: [NAME=]SPEC (default: two best)",
     "best equity equity:none simple pass endgame sim"},
    {OPT_LEAVES, "leaves", 0, "FILE",
     "leave values of the equity, sim and endgame players: a KLV/KLV2 file, or none",
     "none <file>"},
    {OPT_JOBS, "jobs", 'j', "N", "play N games at once in threads (default 1)", "<number>"},
    {OPT_GCG, "gcg", 0, "DIR", "write each game as DIR/game-NNNN.gcg", "<dir>"},
    {OPT_TIMEOUT, "move-timeout", 0, "MS", "time an external player has for a move (default 10000)",
     "<number>"},
    {OPT_JSON, "json", 0, NULL, "one JSON object per game, then one with the totals", NULL},
    {OPT_QUIET, "quiet", 'q', NULL, "print only the totals", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

#define GAMES_MAX 10000000L  /* -n */
#define JOBS_MAX 64          /* --jobs: threads */
#define TIMEOUT_MAX 86400000 /* --move-timeout: a day, in milliseconds */
#define REASON_MAX SK_SELFPLAY_REASON_MAX
#define WM_GAMES 400
#define WINDOW 256 /* games played ahead of the first one not yet printed */

typedef struct {
    char nick[32];
    const char *spec;    /* as given, without NAME= */
    const char *command; /* cmd:COMMAND, else NULL */
    sk_strategy strategy;
    long sim_n;              /* sim:N:K: iterations per candidate */
    size_t sim_k;            /* and candidates */
    const char *leaves_arg;  /* equity:FILE or equity:none, else NULL (--leaves) */
    sk_cli_leaves leaves;    /* equity: its own choice, when LEAVES_ARG */
    const sk_leaves *values; /* equity, sim, endgame: what they rank by (NULL: the heuristic) */
} player;

typedef struct {
    sk_cli *cli;
    const sk_rules *rules;
    sk_wordmap *wm; /* for the search of the built-in players, on long runs (WM_GAMES) */
    char ops[4][SK_CGP_OP_ARG_MAX]; /* var bdn ld lex, for external players */
    player players[SK_PLAYERS_MAX];
    int nplayers, jobs, json, quiet, progress;
    long games, timeout_ms;
    uint64_t seed;
    const char *gcg_dir;
    sk_selfplay_result
        results[WINDOW]; /* game G's result waits in results[G % WINDOW] to be printed */
    long next_game, next_print;
    pthread_cond_t room; /* signalled when a game is printed: its slot is free */
    int failed;
    double started;
    pthread_mutex_t lock;
    sk_selfplay_seats seats; /* the players as the report names them */
    sk_selfplay_totals totals;
} selfplay;

static uint64_t game_seed(uint64_t seed, long game)
{
    sk_rng r;
    sk_rng_seed(&r, seed ^ (0x9E3779B97F4A7C15ull * (uint64_t)(game + 1)));
    return sk_rng_next(&r);
}

/* The position as the player to move sees it: their rack only, the game's resources as ops. */
static void write_cgp(const selfplay *sp, const sk_match *m, sk_buf *out)
{
    sk_position pos = m->pos;
    static const char *const codes[4] = {"var", "bdn", "ld", "lex"};
    for (int p = 1; p < pos.nplayers; p++)
        pos.racks[p][0] = '\0';
    for (int i = 0; i < 4; i++)
        sk_position_set_op(&pos, codes[i], sp->ops[i]);
    if (sp->rules->rack_size != 7) {
        char v[16];
        snprintf(v, sizeof(v), "%d", sp->rules->rack_size);
        sk_position_set_op(&pos, "rs", v);
    }
    sk_position_write_cgp(&pos, &sp->rules->tiles->alphabet, out);
    sk_buf_putc(out, '\n');
}

/* One turn of an external player: 0 with the move, or -1 with the reason to drop them, in
 * which the player's answer, and anything of it the reason quotes, is escaped (escape_text). */
static int external_move(const selfplay *sp, const player *pl, const sk_match *m, sk_move *mv,
                         sk_play *play, char *reason)
{
    sk_buf cgp;
    sk_buf_init(&cgp);
    write_cgp(sp, m, &cgp);
    /* one byte more than a move may have, so that a longer answer is refused, not cut */
    char answer[SK_MOVE_TEXT_MAX + 2], why[REASON_MAX];
    size_t len;
    sk_ask_result r = sk_selfplay_ask(pl->command, sk_buf_str(&cgp), sp->timeout_ms, answer,
                                      sizeof(answer), &len, why, sizeof(why));
    if (sp->jobs == 1) sk_selfplay_reap_orphans(); /* one thread: no other player is running */
    sk_buf_free(&cgp);
    if (r != SK_ASK_ANSWERED) {
        snprintf(reason, REASON_MAX, "%s", why);
        return -1;
    }
    char shown[61], shown_why[301];
    sk_selfplay_escape(answer, len, shown, sizeof(shown));
    if (sk_move_parse(mv, answer, len, &sp->rules->tiles->alphabet, why, sizeof(why)) != SK_OK) {
        sk_selfplay_escape(why, strlen(why), shown_why, sizeof(shown_why));
        snprintf(reason, REASON_MAX, "unreadable move '%s': %s", shown, shown_why);
        return -1;
    }
    if (sk_match_check(m, mv, play, why, sizeof(why)) != SK_LEGAL) {
        sk_selfplay_escape(why, strlen(why), shown_why, sizeof(shown_why));
        snprintf(reason, REASON_MAX, "illegal move '%s': %s", shown, shown_why);
        return -1;
    }
    return 0;
}

static int write_gcg(selfplay *sp, long game, const sk_match *m)
{
    sk_match_gcg_info info;
    memset(&info, 0, sizeof(info));
    /* a name as long as a transcript's may be: the spec whole, unless a command line is long */
    char names[SK_PLAYERS_MAX][SK_GCG_TEXT_MAX + 1], title[80];
    for (int p = 0; p < sp->nplayers; p++) {
        info.nick[p] = sp->players[p].nick;
        snprintf(names[p], sizeof(names[p]), "%s %s", sp->players[p].nick, sp->players[p].spec);
        info.name[p] = names[p];
    }
    snprintf(title, sizeof(title), "skrab selfplay --seed %llu: game %ld",
             (unsigned long long)sp->seed, game + 1);
    info.title = title;
    info.lexicon = sp->ops[3];
    info.board = sp->ops[1];
    info.tiles = sp->ops[2];
    sk_buf text;
    sk_buf_init(&text);
    sk_match_write_gcg(m, &info, &text);
    char path[SK_PATH_MAX + 32];
    snprintf(path, sizeof(path), "%s/game-%04ld.gcg", sp->gcg_dir, game + 1);
    int ok = !text.failed && sk_file_write(path, text.data, text.len) == SK_OK;
    if (!ok) {
        int e = text.failed ? ENOMEM : errno;
        pthread_mutex_lock(&sp->lock);
        sk_cli_error(sp->cli, "%s: cannot write: %s", path, strerror(e));
        pthread_mutex_unlock(&sp->lock);
    }
    sk_buf_free(&text);
    return ok ? 0 : -1;
}

/* Says why game GAME failed (WHAT, and the library's RC), under the lock: the run then ends
 * with status 2, never silently. */
static void game_failed(selfplay *sp, long game, const char *what, int rc)
{
    pthread_mutex_lock(&sp->lock);
    sk_cli_error(sp->cli, "game %ld: %s: %s", game + 1, what, sk_strerror(rc));
    pthread_mutex_unlock(&sp->lock);
}

/* Plays game GAME into R. */
static void play_game(selfplay *sp, sk_movegen *gen, long game, sk_selfplay_result *r)
{
    sk_match m;
    int started = sk_match_start(&m, sp->rules, sp->nplayers, (int)(game % sp->nplayers),
                                 game_seed(sp->seed, game));
    if (started != SK_OK) {
        game_failed(sp, game, "cannot start the game", started);
        r->error = 1;
        return;
    }
    while (m.state == SK_MATCH_RUNNING) {
        int seat = sk_match_to_move(&m);
        const player *pl = &sp->players[seat];
        sk_move mv;
        sk_play play;
        if (pl->command) {
            char reason[REASON_MAX];
            if (external_move(sp, pl, &m, &mv, &play, reason) != 0) {
                snprintf(r->reason[seat], REASON_MAX, "%s", reason);
                sk_match_drop(&m, reason);
                continue;
            }
        } else {
            sk_gen_move g;
            char why[REASON_MAX];
            int rc = pl->strategy == SK_STRATEGY_SIM
                         ? sk_sim_choose(gen, sp->rules, pl->values, &m.pos, sk_match_bag(&m),
                                         pl->sim_k, pl->sim_n, &g)
                         : sk_strategy_choose_leaves(pl->strategy, gen, sp->rules, pl->values,
                                                     &m.pos, sk_match_bag(&m), &g);
            if (rc != SK_OK) {
                game_failed(sp, game, "the move search failed", rc);
                r->error = 1;
                break;
            }
            sk_gen_move_to_move(&g, &mv);
            if (sk_match_check(&m, &mv, &play, why, sizeof(why)) != SK_LEGAL) {
                snprintf(r->reason[seat], REASON_MAX, "internal error: illegal move: %.160s", why);
                sk_match_drop(&m, r->reason[seat]);
                continue;
            }
        }
        if (sk_match_play(&m, &play) != SK_OK) {
            snprintf(r->reason[seat], REASON_MAX, "its rack does not hold the tiles");
            sk_match_drop(&m, r->reason[seat]);
        }
    }
    if (m.state == SK_MATCH_RUNNING) sk_match_stop(&m);
    for (int p = 0; p < sp->nplayers; p++) {
        r->scores[p] = sk_match_final(&m, p);
        r->dropped[p] = m.dropped[p];
    }
    r->winners = sk_match_winners(&m);
    r->moves = m.turns;
    r->out_seat = m.out_seat;
    r->state = m.state;
    if (sp->gcg_dir && write_gcg(sp, game, &m) != 0) r->error = 1;
    sk_match_free(&m);
}

/* Under the lock: prints the finished games in order and adds them to the totals. */
static void print_ready(selfplay *sp)
{
    sk_buf o;
    sk_buf_init(&o);
    while (sp->next_print < sp->games && sp->results[sp->next_print % WINDOW].done) {
        sk_selfplay_result *r = &sp->results[sp->next_print % WINDOW];
        if (r->error) sp->failed = 1;
        sk_selfplay_count(&sp->totals, sp->nplayers, r);
        if (!sp->quiet) sk_selfplay_print_game(&o, &sp->seats, sp->next_print, r);
        r->done = 0;
        sp->next_print++;
    }
    if (o.len) {
        if (sp->progress) fputs("\r\033[K", sp->cli->err);
        if (sk_cli_write(sp->cli, &o) != SK_EXIT_OK) sp->failed = 2;
        fflush(sp->cli->out);
    }
    if (sp->progress) {
        fprintf(sp->cli->err, "\r%ld/%ld games", sp->next_print, sp->games);
        fflush(sp->cli->err);
    }
    sk_buf_free(&o);
}

static void *worker(void *arg)
{
    selfplay *sp = arg;
    sk_movegen *gen = NULL;
    if (sk_movegen_new(&gen) != SK_OK) {
        pthread_mutex_lock(&sp->lock);
        sp->failed = 2;
        pthread_cond_broadcast(&sp->room);
        pthread_mutex_unlock(&sp->lock);
        return NULL;
    }
    sk_movegen_use_wordmap(gen, sp->wm);
    for (;;) {
        pthread_mutex_lock(&sp->lock);
        while (sp->failed != 2 && sp->next_game < sp->games &&
               sp->next_game >= sp->next_print + WINDOW)
            pthread_cond_wait(&sp->room, &sp->lock);
        long game = sp->failed == 2 ? sp->games : sp->next_game++;
        pthread_mutex_unlock(&sp->lock);
        if (game >= sp->games) break;
        sk_selfplay_result r;
        memset(&r, 0, sizeof(r));
        play_game(sp, gen, game, &r);
        pthread_mutex_lock(&sp->lock);
        r.done = 1;
        sp->results[game % WINDOW] = r;
        print_ready(sp);
        pthread_cond_broadcast(&sp->room);
        pthread_mutex_unlock(&sp->lock);
    }
    sk_movegen_free(gen);
    return NULL;
}

/* Prints the totals (sk_selfplay_print_totals) of the games printed in SECONDS. */
static int print_totals(selfplay *sp, double seconds)
{
    sk_buf o;
    sk_buf_init(&o);
    double rate = seconds > 0 ? (double)sp->next_print / seconds : 0.0;
    sk_selfplay_print_totals(&o, &sp->seats, &sp->totals, rate, sp->seed);
    int status = sk_cli_write(sp->cli, &o);
    sk_buf_free(&o);
    return status;
}

/* Prints a usage error; returns -1. */
__attribute__((format(printf, 2, 3))) static int usage(sk_cli *cli, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    sk_cli_usage_error(cli, "%s", msg);
    return -1;
}

/* Reads the spec sim[:N[:K]] of PL (docs/play.md, "Automated games: `skrab selfplay`"): N
 * iterations per candidate, K candidates. Returns 0, or -1 after a usage error. */
static int parse_sim(sk_cli *cli, const char *arg, player *pl)
{
    pl->strategy = SK_STRATEGY_SIM;
    pl->sim_n = SK_SIM_PLAYER_ITERATIONS;
    pl->sim_k = SK_SIM_PLAYER_CANDIDATES;
    const char *p = pl->spec + 3;
    long long v[2] = {pl->sim_n, (long long)pl->sim_k};
    const long long hi[2] = {SK_SIM_ITERATIONS_MAX, SK_SIM_CANDIDATES_MAX};
    int bad = 0;
    for (int i = 0; i < 2 && *p == ':' && !bad; i++) {
        char field[24];
        size_t n = strcspn(p + 1, ":");
        bad = n >= sizeof(field);
        if (!bad) {
            memcpy(field, p + 1, n);
            field[n] = '\0';
            bad = sk_cli_parse_number(field, 1, hi[i], &v[i]) != 0;
        }
        p += 1 + n;
    }
    if (bad || *p)
        return usage(cli, "--player '%s': sim:N:K takes N 1..%ld and K 1..%d", arg,
                     SK_SIM_ITERATIONS_MAX, SK_SIM_CANDIDATES_MAX);
    pl->sim_n = (long)v[0];
    pl->sim_k = (size_t)v[1];
    return 0;
}

/* Reads "[NAME=]SPEC" into PL (seat SEAT). Returns 0, or -1 after a usage error. */
static int parse_player(sk_cli *cli, const char *arg, int seat, player *pl)
{
    memset(pl, 0, sizeof(*pl));
    const char *eq = strchr(arg, '='), *colon = strchr(arg, ':');
    snprintf(pl->nick, sizeof(pl->nick), "p%d", seat + 1);
    pl->spec = arg;
    if (eq && (!colon || eq < colon)) {
        size_t n = (size_t)(eq - arg);
        if (n == 0 || n >= sizeof(pl->nick) || strcspn(arg, " \t") < n)
            return usage(cli, "--player '%s': NAME must be 1-31 characters without spaces", arg);
        memcpy(pl->nick, arg, n);
        pl->nick[n] = '\0';
        pl->spec = eq + 1;
    }
    if (strncmp(pl->spec, "cmd:", 4) == 0) {
        pl->command = pl->spec + 4;
        if (!*pl->command) return usage(cli, "--player '%s': cmd: needs a command", arg);
        return 0;
    }
    if (strncmp(pl->spec, "sim:", 4) == 0 || strcmp(pl->spec, "sim") == 0)
        return parse_sim(cli, arg, pl);
    if (strncmp(pl->spec, "equity:", 7) == 0) { /* equity with leaves of its own */
        pl->strategy = SK_STRATEGY_EQUITY;
        pl->leaves_arg = pl->spec + 7;
        if (!*pl->leaves_arg) return usage(cli, "--player '%s': equity: needs FILE or none", arg);
        return sk_cli_leaves_option(cli, &pl->leaves, pl->leaves_arg) == SK_EXIT_OK ? 0 : -1;
    }
    if (sk_strategy_from_name(pl->spec, &pl->strategy) != SK_OK)
        return usage(cli,
                     "--player '%s': expected best, equity, equity:FILE, simple, pass, endgame, "
                     "sim or cmd:COMMAND",
                     arg);
    return 0;
}

static int parse_options(sk_cli *cli, sk_cli_game *g, selfplay *sp, sk_cli_leaves *leaves, int argc,
                         char **argv, int *has_seed)
{
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    long long v;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        if (sk_cli_game_option(g, opt, o.optarg)) continue;
        switch (opt) {
        case OPT_GAMES:
            if (sk_cli_opts_number(&o, 0, GAMES_MAX, &v) != SK_EXIT_OK) return SK_EXIT_ERROR;
            sp->games = (long)v;
            break;
        case OPT_SEED:
            if (sk_cli_opts_u64(&o, UINT64_MAX, &sp->seed) != SK_EXIT_OK) return SK_EXIT_ERROR;
            *has_seed = 1;
            break;
        case OPT_PLAYER:
            if (sp->nplayers == SK_PLAYERS_MAX)
                return sk_cli_usage_error(cli, "at most %d players", SK_PLAYERS_MAX);
            if (parse_player(cli, o.optarg, sp->nplayers, &sp->players[sp->nplayers]))
                return SK_EXIT_ERROR;
            sp->nplayers++;
            break;
        case OPT_JOBS:
            if (sk_cli_opts_int(&o, 1, JOBS_MAX, &sp->jobs) != SK_EXIT_OK) return SK_EXIT_ERROR;
            break;
        case OPT_GCG:
            sp->gcg_dir = o.optarg;
            break;
        case OPT_TIMEOUT:
            if (sk_cli_opts_number(&o, 0, TIMEOUT_MAX, &v) != SK_EXIT_OK) return SK_EXIT_ERROR;
            sp->timeout_ms = (long)v;
            break;
        case OPT_JSON:
            sp->json = 1;
            break;
        case OPT_QUIET:
            sp->quiet = 1;
            break;
        case OPT_LEAVES:
            if (sk_cli_leaves_option(cli, leaves, o.optarg) != SK_EXIT_OK) return SK_EXIT_ERROR;
            break;
        }
    }
    if (opt == SK_OPT_ERROR) return SK_EXIT_ERROR;
    if (opt == SK_OPT_HELP) return -1;
    if (o.optind < argc) return sk_cli_usage_error(cli, "selfplay takes no operands");
    for (int p = 0; p < sp->nplayers; p++)
        for (int q = 0; q < p; q++)
            if (strcmp(sp->players[p].nick, sp->players[q].nick) == 0)
                return sk_cli_usage_error(cli, "two players named '%s'", sp->players[p].nick);
    while (sp->nplayers < 2) { /* the rest are best */
        player *pl = &sp->players[sp->nplayers];
        memset(pl, 0, sizeof(*pl));
        snprintf(pl->nick, sizeof(pl->nick), "p%d", sp->nplayers + 1);
        pl->spec = "best";
        pl->strategy = SK_STRATEGY_BEST;
        sp->nplayers++;
    }
    return SK_EXIT_OK;
}

/* Loads the rules and remembers the names external players are told; gives the equity players
 * their leaves (theirs, else LEAVES). */
static int setup(sk_cli *cli, sk_cli_game *g, selfplay *sp, sk_cli_leaves *leaves)
{
    if (!g->rules_name) g->rules_name = "classic";
    sk_ruleset rs;
    if (sk_ruleset_from_name(g->rules_name, &rs) != SK_OK)
        return sk_cli_usage_error(cli, "unknown rule set '%s' (skrabbkle or classic)",
                                  g->rules_name);
    int skr = rs == SK_RULES_SKRABBKLE;
    if (skr && sp->nplayers != 2) /* skrabbkle is a two-player game (docs/rules.md, "SkraBBKle") */
        return sk_cli_usage_error(cli, "skrabbkle is played by two players, not %d", sp->nplayers);
    sk_game_spec spec;
    int status = sk_cli_game_spec(cli, g, &spec);
    if (status == SK_EXIT_OK) status = sk_cli_game_load(cli, g, &spec);
    if (status != SK_EXIT_OK) return status;
    /* the names external players and transcripts are given: from any directory, the same files */
    snprintf(sp->ops[0], sizeof(sp->ops[0]), "%s", sk_ruleset_name(rs));
    for (int f = 0; f < 3; f++)
        if (sk_game_file_name(&g->loaded, (sk_spec_file)f, sp->ops[f + 1],
                              sizeof(sp->ops[f + 1])) != SK_OK) {
            sk_cli_error(cli, "%s: the path is too long to name in a position",
                         g->loaded.spec.file[f]);
            return SK_EXIT_ERROR;
        }
    if (!g->loaded.lexicon) {
        sk_cli_error(cli, "selfplay needs a lexicon to check the moves (not -l none)");
        return SK_EXIT_ERROR;
    }
    int built_in = 0; /* a player whose moves skrab generates */
    for (int i = 0; i < sp->nplayers; i++)
        built_in |= !sp->players[i].command;
    if (built_in && !sk_cli_game_can_generate(cli, g, NULL)) return SK_EXIT_ERROR;
    if (!sk_cli_game_can_deal(cli, g, sp->nplayers)) return SK_EXIT_ERROR;
    for (int i = 0; i < sp->nplayers; i++) {
        player *pl = &sp->players[i];
        /* every player that ranks by equity: equity, and sim and endgame, which do too */
        if (pl->command || (pl->strategy != SK_STRATEGY_EQUITY && pl->strategy != SK_STRATEGY_SIM &&
                            pl->strategy != SK_STRATEGY_ENDGAME))
            continue;
        sk_cli_leaves *l = pl->leaves_arg ? &pl->leaves : leaves;
        char why[200];
        if (l->given && !sk_leaves_fit(l->given, &g->loaded.tiles, why, sizeof(why))) {
            if (pl->leaves_arg) /* the player's own leaves: named by its spec */
                sk_cli_error(cli, "--player '%s' (player %d): %s: %s", pl->spec, i + 1,
                             l->given_path, why);
            else
                sk_cli_error(cli, "--leaves %s: %s", l->given_path, why);
            return SK_EXIT_ERROR;
        }
        pl->values = sk_cli_leaves_for(cli, l, &g->loaded);
    }
    sp->rules = &g->loaded.rules;
    if (sp->gcg_dir && sk_selfplay_make_dirs(sp->gcg_dir) != 0) {
        sk_cli_error(cli, "%s: cannot create the directory: %s", sp->gcg_dir, strerror(errno));
        return SK_EXIT_ERROR;
    }
    return SK_EXIT_OK;
}

int sk_cmd_selfplay(sk_cli *cli, int argc, char **argv)
{
    selfplay *sp = calloc(1, sizeof(*sp));
    if (!sp) return SK_EXIT_ERROR;
    sp->cli = cli;
    sp->games = 10;
    sp->jobs = 1;
    sp->timeout_ms = 10000;
    sk_cli_game g;
    sk_cli_game_init(&g);
    g.needs_lexicon = 1;
    int has_seed = 0;
    sk_cli_leaves leaves;
    sk_cli_leaves_init(&leaves);
    int status = parse_options(cli, &g, sp, &leaves, argc, argv, &has_seed);
    if (status == SK_EXIT_OK) status = setup(cli, &g, sp, &leaves);
    sp->seats.nplayers = sp->nplayers;
    for (int i = 0; i < sp->nplayers; i++) {
        sp->seats.nick[i] = sp->players[i].nick;
        sp->seats.spec[i] = sp->players[i].spec;
    }
    sp->seats.json = sp->json;
    if (status == SK_EXIT_OK) {
        if (!has_seed) sp->seed = sk_dialog_random_seed() % 1000000000u;
        int fd = fileno(cli->err);
        sp->progress = fd >= 0 && isatty(fd);
        pthread_mutex_init(&sp->lock, NULL);
        pthread_cond_init(&sp->room, NULL);
        sp->started = sk_cli_now();
        /* the word map costs a fixed time to build and saves a little on each game (see
         * sk_mg_wm_prepare): worth it from WM_GAMES games on; done without if it fails */
        int searching = 0; /* a built-in player that searches for the best move */
        for (int i = 0; i < sp->nplayers; i++)
            searching |=
                !sp->players[i].command && (sp->players[i].strategy == SK_STRATEGY_BEST ||
                                            sp->players[i].strategy == SK_STRATEGY_EQUITY ||
                                            sp->players[i].strategy == SK_STRATEGY_SIM);
        if (searching && sp->games >= WM_GAMES &&
            sk_wordmap_build(&sp->wm, g.loaded.lexicon) != SK_OK)
            sp->wm = NULL;
        int external = 0; /* a cmd: player: what it starts and leaves behind is reaped */
        for (int i = 0; i < sp->nplayers; i++)
            external |= sp->players[i].command != NULL;
        if (external) sk_selfplay_adopt_orphans();
        pthread_t tids[JOBS_MAX];
        int started = 0;
        for (int t = 1; t < sp->jobs && t < sp->games; t++)
            if (pthread_create(&tids[started], NULL, worker, sp) == 0) started++;
        worker(sp);
        for (int t = 0; t < started; t++)
            pthread_join(tids[t], NULL);
        if (external) sk_selfplay_reap_orphans();
        pthread_mutex_destroy(&sp->lock);
        pthread_cond_destroy(&sp->room);
        if (sp->progress) fputs("\r\033[K", cli->err);
        if (print_totals(sp, sk_cli_now() - sp->started) != SK_EXIT_OK || sp->failed)
            status = SK_EXIT_ERROR;
    }
    sk_wordmap_free(sp->wm);
    for (int i = 0; i < SK_PLAYERS_MAX; i++)
        sk_cli_leaves_free(&sp->players[i].leaves);
    sk_cli_leaves_free(&leaves);
    free(sp);
    sk_cli_game_free(&g);
    return status < 0 ? SK_EXIT_OK : status;
}
