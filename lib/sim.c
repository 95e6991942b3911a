/* sim.c — choosing a move by simulation (see sim.h; docs/engine.md, "Simulation"): the
 * continuations, their statistics, the rounds and the pruning, the threads that share a round,
 * and the `sim` player. Not here: the move search itself (movegen.h). */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "skrab/error.h"
#include "skrab/game.h"
#include "skrab/leave.h"
#include "skrab/rng.h"
#include "skrab/rules.h"
#include "skrab/sim.h"

void sk_sim_config_init(sk_sim_config *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    cfg->candidates = 10;
    cfg->iterations = 100;
    cfg->plies = 2;
    cfg->z = 2.0;
}

void sk_sim_report_init(sk_sim_report *r)
{
    memset(r, 0, sizeof(*r));
}

void sk_sim_report_free(sk_sim_report *r)
{
    if (!r) return;
    free(r->candidates);
    sk_sim_report_init(r);
}

void sk_sim_mean_se(long n, double sum, double sumsq, double *mean, double *se)
{
    *mean = n > 0 ? sum / (double)n : 0.0;
    *se = 0.0;
    if (n < 2) return;
    double var = (sumsq - sum * *mean) / (double)(n - 1);
    *se = var > 0 ? sqrt(var / (double)n) : 0.0; /* rounding may leave a tiny negative */
}

/* What every continuation of one simulation shares (read only while a round runs). */
typedef struct {
    const sk_rules *rules;
    const sk_leaves *leaves;
    sk_position base; /* the position with the other player's rack unknown */
    uint64_t seed;
    int plies;
} sim_ctx;

/* The generator of iteration IT: seeded from (SEED, IT) alone. */
static void seed_iteration(sk_rng *r, uint64_t seed, long it)
{
    sk_rng_seed(r, seed ^ (0x9E3779B97F4A7C15ull * (uint64_t)(it + 1)));
    sk_rng_seed(r, sk_rng_next(r));
}

static int rack_points(const sk_tileset *tiles, const char *rack)
{
    int v = 0;
    for (; *rack; rack++)
        v += sk_tileset_score_of(tiles, *rack);
    return v;
}

/* Plays out CAND in iteration IT with GEN: *VALUE is the change of our spread plus the leave
 * terms (sim.h), *WIN 1, 0.5 or 0. Returns SK_OK or an error of the generator (or SK_EINVAL
 * when a move does not apply, which a generated move always does). */
static int play_out(const sim_ctx *x, sk_movegen *gen, const sk_gen_move *cand, long it,
                    double *value, double *win)
{
    const sk_tileset *tiles = x->rules->tiles;
    int rs = x->rules->rack_size;
    sk_position p = x->base;
    sk_rng r;
    seed_iteration(&r, x->seed, it);
    sk_game_draw(&p, tiles, 1, rs, &r);
    int spread0 = p.scores[0] - p.scores[1];
    double ours = 0.0, theirs = 0.0; /* the leave values of each side's last move */
    int last_ours = 1, end_points = 0, over = 0;
    sk_gen_move m = *cand;
    int ply;
    for (ply = 0; ply <= x->plies; ply++) {
        if (ply > 0) {
            int bag = sk_position_bag(&p, tiles, 0);
            int rc = sk_movegen_best(gen, x->rules, &p, x->leaves, 0, 1, bag, &m);
            if (rc != SK_OK) return rc;
        }
        char leave[SK_RACK_MAX + 1];
        sk_gen_move_leave(&m, p.racks[0], leave);
        sk_play play;
        sk_gen_move_to_play(&m, &play);
        if (sk_game_apply(&p, &play, tiles, rs, &r) != SK_OK) return SK_EINVAL;
        int mine = ply % 2 == 0;
        /* the mover is now slot 1: out of tiles with the bag empty ends the game */
        if (!p.racks[1][0] && sk_position_bag(&p, tiles, 0) == 0) {
            int left = rack_points(tiles, p.racks[0]);
            end_points = x->rules->ruleset == SK_RULES_CLASSIC ? 2 * left : left;
            if (!mine) end_points = -end_points;
            over = 1;
            ply++;
            break;
        }
        if (mine)
            ours = sk_leave_value(x->leaves, leave);
        else
            theirs = sk_leave_value(x->leaves, leave);
        last_ours = mine;
    }
    /* after PLY moves we are slot 0 again when PLY is even */
    int us = ply % 2 == 0 ? 0 : 1;
    double v = (double)(p.scores[us] - p.scores[1 - us] - spread0 + end_points);
    if (!over) v += ours - (last_ours ? 0.0 : theirs);
    *value = v;
    double final = (double)spread0 + v;
    *win = final > 0 ? 1.0 : final == 0 ? 0.5 : 0.0;
    return SK_OK;
}

/* One candidate's running totals. */
typedef struct {
    long n;
    double sum, sumsq, wins, winsq;
    int pruned;
} tally;

/* A round: LIVE candidates (indexes into MOVES), iterations FROM..FROM+LEN of each; item K is
 * candidate LIVE[K / LEN], iteration FROM + K % LEN, its results in VALUES[K] and WINS[K]. */
typedef struct {
    const sim_ctx *ctx;
    const sk_gen_move *moves;
    const size_t *live;
    long from, len, items;
    double *values, *wins;
    long next;
    int status;
    pthread_mutex_t lock;
} round_work;

typedef struct {
    round_work *w;
    sk_movegen *gen;
} worker_arg;

static void *work(void *arg)
{
    worker_arg *a = arg;
    round_work *w = a->w;
    for (;;) {
        pthread_mutex_lock(&w->lock);
        long k = w->status == SK_OK ? w->next++ : w->items;
        pthread_mutex_unlock(&w->lock);
        if (k >= w->items) break;
        const sk_gen_move *cand = &w->moves[w->live[k / w->len]];
        int rc = play_out(w->ctx, a->gen, cand, w->from + k % w->len, &w->values[k], &w->wins[k]);
        if (rc != SK_OK) {
            pthread_mutex_lock(&w->lock);
            w->status = rc;
            pthread_mutex_unlock(&w->lock);
        }
    }
    return NULL;
}

/* Runs W on NGENS threads (the caller's the first). Returns W's status. */
static int run_round(round_work *w, sk_movegen *const *gens, int ngens)
{
    enum { THREADS_MAX = 64 };
    pthread_t tids[THREADS_MAX];
    worker_arg args[THREADS_MAX];
    int started = 0;
    if (ngens > THREADS_MAX) ngens = THREADS_MAX;
    for (int t = 1; t < ngens && (long)t < w->items; t++) {
        args[started] = (worker_arg){w, gens[t]};
        if (pthread_create(&tids[started], NULL, work, &args[started]) == 0) started++;
    }
    worker_arg self = {w, gens[0]};
    work(&self);
    for (int t = 0; t < started; t++)
        pthread_join(tids[t], NULL);
    return w->status;
}

/* Marks the candidates behind the leader (sim.h) as pruned; returns how many are left. */
static size_t prune(tally *t, size_t count, double z)
{
    size_t lead = count, left = 0;
    double lead_mean = 0, lead_se = 0;
    for (size_t c = 0; c < count; c++) {
        if (t[c].pruned) continue;
        double mean, se;
        sk_sim_mean_se(t[c].n, t[c].sum, t[c].sumsq, &mean, &se);
        if (lead == count || mean > lead_mean) {
            lead = c;
            lead_mean = mean;
            lead_se = se;
        }
    }
    for (size_t c = 0; c < count; c++) {
        if (t[c].pruned) continue;
        double mean, se;
        sk_sim_mean_se(t[c].n, t[c].sum, t[c].sumsq, &mean, &se);
        if (c != lead && mean + z * se < lead_mean - z * lead_se)
            t[c].pruned = 1;
        else
            left++;
    }
    return left;
}

/* 1 when candidate A (index IA) comes before B (IB) in the report: in the race first, then by
 * mean value, then by equity (the lower index). */
static int before(const sk_sim_candidate *a, size_t ia, const sk_sim_candidate *b, size_t ib)
{
    if (a->pruned != b->pruned) return a->pruned < b->pruned;
    if (a->mean != b->mean) return a->mean > b->mean;
    return ia < ib;
}

/* Puts ORDER (COUNT indexes into C) in report order; an insertion sort (at most
 * SK_SIM_CANDIDATES_MAX), which needs no shared state for its comparison. */
static void sort_report(const sk_sim_candidate *c, size_t *order, size_t count)
{
    for (size_t i = 1; i < count; i++) {
        size_t k = order[i], j = i;
        for (; j > 0 && before(&c[k], k, &c[order[j - 1]], order[j - 1]); j--)
            order[j] = order[j - 1];
        order[j] = k;
    }
}

static int check_config(const sk_sim_config *cfg, int ngens)
{
    return cfg->candidates >= 1 && cfg->candidates <= SK_SIM_CANDIDATES_MAX &&
           cfg->iterations >= 1 && cfg->iterations <= SK_SIM_ITERATIONS_MAX && cfg->plies >= 1 &&
           cfg->plies <= SK_SIM_PLIES_MAX && cfg->z >= 0 && ngens >= 1;
}

int sk_sim_run(sk_movegen *const *gens, int ngens, const sk_sim_config *cfg, const sk_rules *rules,
               const sk_position *pos, int bag, sk_sim_report *out)
{
    sk_sim_report_init(out);
    if (!check_config(cfg, ngens) || pos->nplayers != 2 || !pos->racks[0][0] || !rules->tiles)
        return SK_EINVAL;
    sim_ctx *x = malloc(sizeof(*x));
    if (!x) return SK_ENOMEM;
    x->rules = rules;
    x->leaves = cfg->leaves;
    x->base = *pos;
    x->base.racks[1][0] = '\0';
    x->seed = cfg->seed;
    x->plies = cfg->plies;
    int counts[SK_TILE_KINDS], over_letter;
    sk_position_unseen(&x->base, rules->tiles, counts, &over_letter);
    long pool = 0;
    for (int k = 0; k < SK_TILE_KINDS; k++)
        pool += counts[k];
    int status = SK_OK;
    sk_move_list list;
    sk_move_list_init(&list);
    tally *t = NULL;
    size_t *live = NULL, *order = NULL;
    double *values = NULL, *wins = NULL;
    if (pool == 0) {
        status = SK_EUNSUPPORTED;
        goto cleanup;
    }
    status = sk_movegen_top(gens[0], rules, pos, cfg->leaves, 0, 1, bag, cfg->candidates, &list);
    if (status != SK_OK) goto cleanup;
    size_t count = list.count;
    out->exact = pool <= rules->rack_size; /* no draw left: every continuation is the same */
    long n = out->exact ? 1 : cfg->iterations;
    t = calloc(count ? count : 1, sizeof(*t));
    live = calloc(count ? count : 1, sizeof(*live));
    order = calloc(count ? count : 1, sizeof(*order));
    values = calloc((count ? count : 1) * SK_SIM_ROUND, sizeof(*values));
    wins = calloc((count ? count : 1) * SK_SIM_ROUND, sizeof(*wins));
    out->candidates = calloc(count ? count : 1, sizeof(*out->candidates));
    if (!t || !live || !order || !values || !wins || !out->candidates) {
        status = SK_ENOMEM;
        goto cleanup;
    }
    size_t left = count;
    long done = 0;
    while (done < n && left > 0) {
        long len = n - done < SK_SIM_ROUND ? n - done : SK_SIM_ROUND;
        size_t nlive = 0;
        for (size_t c = 0; c < count; c++)
            if (!t[c].pruned) live[nlive++] = c;
        round_work w = {.ctx = x,
                        .moves = list.moves,
                        .live = live,
                        .from = done,
                        .len = len,
                        .items = (long)nlive * len,
                        .values = values,
                        .wins = wins,
                        .status = SK_OK};
        pthread_mutex_init(&w.lock, NULL);
        status = run_round(&w, gens, ngens);
        pthread_mutex_destroy(&w.lock);
        if (status != SK_OK) goto cleanup;
        for (long k = 0; k < w.items; k++) { /* in a fixed order: the sums do not depend on
                                                which thread finished first */
            tally *c = &t[live[k / len]];
            c->n++;
            c->sum += values[k];
            c->sumsq += values[k] * values[k];
            c->wins += wins[k];
            c->winsq += wins[k] * wins[k];
        }
        done += len;
        if (done >= SK_SIM_PRUNE_AFTER && cfg->z > 0 && left > 1) {
            left = prune(t, count, cfg->z);
            if (left == 1 && done < n) left = 0; /* decided */
        }
        if (cfg->progress) cfg->progress(cfg->progress_ctx, done, n);
    }
    for (size_t c = 0; c < count; c++) {
        sk_sim_candidate *s = &out->candidates[c];
        s->move = list.moves[c];
        s->iterations = t[c].n;
        s->pruned = t[c].pruned;
        sk_sim_mean_se(t[c].n, t[c].sum, t[c].sumsq, &s->mean, &s->se);
        sk_sim_mean_se(t[c].n, t[c].wins, t[c].winsq, &s->win, &s->win_se);
        order[c] = c;
    }
    sort_report(out->candidates, order, count);
    sk_sim_candidate *sorted = malloc((count ? count : 1) * sizeof(*sorted));
    if (!sorted) {
        status = SK_ENOMEM;
        goto cleanup;
    }
    for (size_t c = 0; c < count; c++)
        sorted[c] = out->candidates[order[c]];
    free(out->candidates);
    out->candidates = sorted;
    out->count = count;
cleanup:
    if (status != SK_OK) sk_sim_report_free(out);
    free(wins);
    free(values);
    free(order);
    free(live);
    free(t);
    sk_move_list_free(&list);
    free(x);
    return status;
}

/* A seed made from what POS shows: the board, the racks and the scores (FNV-1a). */
static uint64_t position_seed(const sk_position *pos)
{
    uint64_t h = 0xcbf29ce484222325ull;
    const unsigned char *b = (const unsigned char *)pos->tiles;
    for (int i = 0; i < pos->width * pos->height; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    for (int p = 0; p < pos->nplayers; p++) {
        for (const unsigned char *r = (const unsigned char *)pos->racks[p]; *r; r++)
            h = (h ^ *r) * 0x100000001b3ull;
        h = (h ^ 0xff) * 0x100000001b3ull;
        h = (h ^ (uint64_t)(unsigned)pos->scores[p]) * 0x100000001b3ull;
    }
    return h;
}

int sk_sim_choose(sk_movegen *gen, const sk_rules *rules, const sk_leaves *given,
                  const sk_position *pos, int bag, size_t candidates, long iterations,
                  sk_gen_move *out)
{
    const sk_leaves *leaves = sk_leaves_for(given, rules->tiles);
    if (pos->nplayers == 2 && pos->racks[0][0]) {
        sk_sim_config cfg;
        sk_sim_config_init(&cfg);
        cfg.candidates = candidates;
        cfg.iterations = iterations;
        cfg.leaves = leaves;
        cfg.seed = position_seed(pos);
        sk_sim_report r;
        int rc = sk_sim_run(&gen, 1, &cfg, rules, pos, bag, &r);
        if (rc == SK_OK && r.count > 0) {
            *out = r.candidates[0].move;
            sk_sim_report_free(&r);
            return SK_OK;
        }
        sk_sim_report_free(&r);
        if (rc == SK_ENOMEM) return rc;
    }
    return sk_movegen_best(gen, rules, pos, leaves, 0, 1, bag, out);
}
