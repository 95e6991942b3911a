/* cmd_leaves_train.c — the learning of `skrab leaves train` (see cmd_leaves_train.h): the set of
 * leaves, the games of a chunk and what they teach, and the values made from it. No output. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_leaves_train.h"
#include "skrab/error.h"
#include "skrab/match.h"
#include "skrab/players.h"

struct sk_leave_set {
    sk_leave_entry *leaves; /* alphabetical order */
    float *heuristic;       /* each leave's value under the heuristic of the tile set */
    size_t count;
    uint64_t *keys; /* open addressing: a leave's packed tiles (pack), 0 = empty slot */
    uint32_t *index;
    size_t mask;
};

/* A leave's tiles as one number: 7 bits a tile, each tile + 1, so that lengths differ. */
static uint64_t pack(const unsigned char *tiles, int n)
{
    uint64_t k = 0;
    for (int i = 0; i < n; i++)
        k = k << 7 | (uint64_t)(tiles[i] + 1);
    return k;
}

static size_t slot_of(const sk_leave_set *s, uint64_t key)
{
    return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 17) & s->mask;
}

/* The index of the leave TILES[0..N) (sorted) in S; the empty leave is S->count; -1: none. */
static long find(const sk_leave_set *s, const unsigned char *tiles, int n)
{
    if (n == 0) return (long)s->count;
    uint64_t key = pack(tiles, n);
    for (size_t i = slot_of(s, key);; i = (i + 1) & s->mask) {
        if (s->keys[i] == key) return (long)s->index[i];
        if (s->keys[i] == 0) return -1;
    }
}

typedef struct {
    const sk_tileset *tiles;
    int kinds, maxlen;
    int used[SK_TILE_KINDS];
    unsigned char path[SK_TRAIN_LEAVE_MAX];
    sk_leave_entry *out; /* NULL: count only */
    size_t n;
} walker;

/* Every leave that extends W->path[0..DEPTH) by tiles from kind START up, in order. */
static void walk(walker *w, int depth, int start)
{
    for (int k = start; k < w->kinds; k++) {
        if (w->used[k] >= w->tiles->count[k]) continue;
        w->path[depth] = (unsigned char)k;
        if (w->n < SK_TRAIN_LEAVES_MAX + 1) {
            if (w->out) {
                sk_leave_entry *e = &w->out[w->n];
                memset(e, 0, sizeof(*e));
                memcpy(e->tiles, w->path, (size_t)depth + 1);
                e->len = (unsigned char)(depth + 1);
            }
            w->n++;
        }
        if (depth + 1 < w->maxlen && w->n <= SK_TRAIN_LEAVES_MAX) {
            w->used[k]++;
            walk(w, depth + 1, k);
            w->used[k]--;
        }
    }
}

void sk_leave_set_free(sk_leave_set *set)
{
    if (!set) return;
    free(set->leaves);
    free(set->heuristic);
    free(set->keys);
    free(set->index);
    free(set);
}

size_t sk_leave_set_count(const sk_leave_set *set)
{
    return set->count;
}

int sk_leave_set_new(sk_leave_set **out, const sk_rules *rules)
{
    *out = NULL;
    walker w;
    memset(&w, 0, sizeof(w));
    w.tiles = rules->tiles;
    w.kinds = rules->tiles->alphabet.size;
    w.maxlen = rules->rack_size - 1;
    if (w.maxlen > SK_TRAIN_LEAVE_MAX || w.kinds > SK_TILE_KINDS) return SK_ETOOBIG;
    walk(&w, 0, 0);
    if (w.n > SK_TRAIN_LEAVES_MAX) return SK_ETOOBIG;
    sk_leave_set *s = calloc(1, sizeof(*s));
    if (!s) return SK_ENOMEM;
    size_t slots = 1024;
    while (slots < 2 * w.n)
        slots *= 2;
    s->leaves = malloc((w.n ? w.n : 1) * sizeof(*s->leaves));
    s->heuristic = malloc((w.n ? w.n : 1) * sizeof(*s->heuristic));
    s->keys = calloc(slots, sizeof(*s->keys));
    s->index = malloc(slots * sizeof(*s->index));
    if (!s->leaves || !s->heuristic || !s->keys || !s->index) {
        sk_leave_set_free(s);
        return SK_ENOMEM;
    }
    s->mask = slots - 1;
    w.out = s->leaves;
    w.n = 0;
    walk(&w, 0, 0);
    s->count = w.n;
    const sk_leaves *heuristic = sk_leaves_for(NULL, rules->tiles);
    for (size_t i = 0; i < s->count; i++) {
        uint64_t key = pack(s->leaves[i].tiles, s->leaves[i].len);
        size_t j = slot_of(s, key);
        while (s->keys[j])
            j = (j + 1) & s->mask;
        s->keys[j] = key;
        s->index[j] = (uint32_t)i;
        s->heuristic[i] =
            (float)sk_leave_value_tiles(heuristic, s->leaves[i].tiles, s->leaves[i].len);
    }
    *out = s;
    return SK_OK;
}

int sk_leave_tally_init(sk_leave_tally *t, const sk_leave_set *set)
{
    memset(t, 0, sizeof(*t));
    t->sum = calloc(set->count + 1, sizeof(*t->sum));
    t->weight = calloc(set->count + 1, sizeof(*t->weight));
    t->count = calloc(set->count + 1, sizeof(*t->count));
    if (t->sum && t->weight && t->count) return SK_OK;
    sk_leave_tally_free(t);
    return SK_ENOMEM;
}

void sk_leave_tally_free(sk_leave_tally *t)
{
    free(t->sum);
    free(t->weight);
    free(t->count);
    memset(t, 0, sizeof(*t));
}

void sk_leave_tally_add(sk_leave_tally *into, const sk_leave_tally *from, const sk_leave_set *set)
{
    for (size_t i = 0; i <= set->count; i++) {
        into->sum[i] += from->sum[i];
        into->weight[i] += from->weight[i];
        into->count[i] += from->count[i];
    }
    into->games += from->games;
    into->turns += from->turns;
    into->racks += from->racks;
}

/* The sorted kinds of the tile string S into OUT; returns how many. */
static int kinds_of(const char *s, unsigned char *out)
{
    int n = 0;
    for (; *s && n < SK_RACK_MAX; s++) {
        unsigned char k = (unsigned char)sk_tile_kind((sk_tile)*s);
        int j = n++;
        for (; j > 0 && out[j - 1] > k; j--)
            out[j] = out[j - 1];
        out[j] = k;
    }
    return n;
}

/* The seed of game GAME of chunk CHUNK of generation GENERATION: splitmix64 over the three. */
static uint64_t game_seed(uint64_t seed, int generation, long chunk, long game)
{
    sk_rng r;
    sk_rng_seed(&r, seed ^ 0xA0761D6478BD642Full * (uint64_t)(generation + 1));
    sk_rng_seed(&r, sk_rng_next(&r) ^ 0xE7037ED1A0B428DBull * (uint64_t)(chunk + 1));
    sk_rng_seed(&r, sk_rng_next(&r) ^ 0x8EBC6AF09C88C6E3ull * (uint64_t)(game + 1));
    return sk_rng_next(&r);
}

#define POOL_MAX (SK_TILE_KINDS * SK_TILE_COUNT_MAX) /* unseen tiles at most */

/* The tile of kind K in a tile string. */
static char tile_of(int k)
{
    return k == 0 ? (char)SK_TILE_WILD : (char)k;
}

/* The equity of the best move of RACK on POS (whose racks may be changed). */
static int best_equity(const sk_train_round *r, sk_movegen *gen, sk_position *pos, const char *rack,
                       int bag, double *out)
{
    snprintf(pos->racks[0], sizeof(pos->racks[0]), "%s", rack);
    sk_gen_move g;
    int rc = sk_movegen_best(gen, r->rules, pos, r->leaves, 0, 1, bag, &g);
    *out = g.equity;
    return rc;
}

#define RACKS_PER_TURN 4 /* racks valued on each board of the middle of a game (2 at least) */

/* A rack giving its value to its sub-leaves. */
typedef struct {
    const sk_leave_set *set;
    sk_leave_tally *tally;
    int64_t value;
    int kinds, len;
    unsigned char kind[SK_RACK_MAX], have[SK_RACK_MAX]; /* its distinct kinds, their counts */
    unsigned char path[SK_RACK_MAX];                    /* the sub-leave being made */
} subs;

/* Every sub-leave of S's rack (1 to len - 1 tiles) that extends PATH[0..N) with tiles of its
 * distinct kinds I.., W the sets of the rack's tiles that make PATH: adds the value W times. */
static void add_subs(subs *s, int i, int n, uint64_t w)
{
    if (i == s->kinds) {
        if (n == 0 || n >= s->len) return;
        long leave = find(s->set, s->path, n);
        if (leave < 0) return;
        s->tally->sum[leave] += s->value * (int64_t)w;
        s->tally->weight[leave] += w;
        s->tally->count[leave]++;
        return;
    }
    add_subs(s, i + 1, n, w);
    uint64_t ways = w; /* w times (have choose c) */
    for (int c = 1; c <= s->have[i]; c++) {
        ways = ways * (uint64_t)(s->have[i] - c + 1) / (uint64_t)c;
        s->path[n + c - 1] = s->kind[i];
        add_subs(s, i + 1, n + c, ways);
    }
}

long sk_leave_set_find(const sk_leave_set *set, const unsigned char *kinds, int n)
{
    return n > 0 && n <= SK_TRAIN_LEAVE_MAX ? find(set, kinds, n) : -1;
}

void sk_leave_tally_rack(sk_leave_tally *t, const sk_leave_set *set, const unsigned char *kinds,
                         int n, int64_t value)
{
    subs s;
    memset(&s, 0, sizeof(s));
    s.set = set;
    s.tally = t;
    s.value = value;
    s.len = n;
    for (int i = 0; i < n && i < SK_RACK_MAX; i++) {
        if (s.kinds && s.kind[s.kinds - 1] == kinds[i]) {
            s.have[s.kinds - 1]++;
        } else {
            s.kind[s.kinds] = kinds[i];
            s.have[s.kinds++] = 1;
        }
    }
    add_subs(&s, 0, 0, 1);
}

/* RACKS_PER_TURN racks drawn at random from a full bag, each valued on the board of M by its
 * best equity less the mean of the others' (the board's own worth cancels out), that value
 * added to each of its sub-leaves L weighted by the ways the rack holds L: among racks drawn
 * whole, those holding L, so weighted, are L filled up at random from the bag less L, so a
 * leave's weighted mean is what keeping it adds to the next rack (docs/engine.md). */
static int sample_racks(const sk_train_round *r, sk_movegen *gen, const sk_match *m, sk_rng *rng,
                        sk_leave_tally *tally)
{
    const sk_rules *rules = r->rules;
    sk_position pos = m->pos;
    for (int p = 0; p < pos.nplayers; p++)
        pos.racks[p][0] = '\0';
    unsigned char order[POOL_MAX];
    int total = 0;
    for (int k = 0; k < rules->tiles->alphabet.size; k++)
        for (int c = 0; c < rules->tiles->count[k] && total < POOL_MAX; c++)
            order[total++] = (unsigned char)k;
    unsigned char racks[RACKS_PER_TURN][SK_RACK_MAX];
    double eq[RACKS_PER_TURN], all = 0;
    int bag = sk_match_bag(m), size = rules->rack_size;
    for (int i = 0; i < RACKS_PER_TURN; i++) {
        char rack[SK_RACK_MAX + 1];
        for (int t = 0; t < size; t++) {
            int j = t + (int)sk_rng_below(rng, (uint64_t)(total - t));
            unsigned char x = order[t];
            order[t] = order[j];
            order[j] = x;
            rack[t] = tile_of(order[t]);
        }
        rack[size] = '\0';
        kinds_of(rack, racks[i]);
        int rc = best_equity(r, gen, &pos, rack, bag, &eq[i]);
        if (rc != SK_OK) return rc;
        all += eq[i];
    }
    for (int i = 0; i < RACKS_PER_TURN; i++) {
        double others = (all - eq[i]) / (RACKS_PER_TURN - 1);
        sk_leave_tally_rack(tally, r->set, racks[i], size, llround((eq[i] - others) * 1024.0));
    }
    tally->racks += RACKS_PER_TURN;
    return SK_OK;
}

/* One game of a chunk: the turns played and the samples go to TALLY; returns SK_OK or an
 * error. */
static int play_game(const sk_train_round *r, uint64_t seed, int first, sk_movegen *gen,
                     sk_leave_tally *tally)
{
    const sk_rules *rules = r->rules;
    sk_match m;
    int rc = sk_match_start(&m, rules, 2, first, seed);
    if (rc != SK_OK) return rc;
    sk_rng rng;
    sk_rng_seed(&rng, seed ^ 0x5851F42D4C957F2Dull);
    while (m.state == SK_MATCH_RUNNING && rc == SK_OK) {
        int bag = sk_match_bag(&m);
        /* in the middle of a game (a full rack to move, a bag that could refill it), the board
         * faced values racks drawn at random */
        if ((int)strlen(m.pos.racks[0]) == rules->rack_size && bag >= rules->rack_size)
            rc = sample_racks(r, gen, &m, &rng, tally);
        if (rc != SK_OK) break;
        sk_gen_move g;
        rc = sk_movegen_best(gen, rules, &m.pos, r->leaves, 0, 1, bag, &g);
        if (rc != SK_OK) break;
        sk_move mv;
        sk_play play;
        char why[200];
        sk_gen_move_to_move(&g, &mv);
        if (sk_match_check(&m, &mv, &play, why, sizeof(why)) != SK_LEGAL ||
            sk_match_play(&m, &play) != SK_OK) {
            rc = SK_EINVAL;
            break;
        }
        tally->turns++;
    }
    tally->games++;
    sk_match_free(&m);
    return rc;
}

int sk_train_chunk(const sk_train_round *r, long chunk, long quota, sk_movegen *gen,
                   sk_leave_tally *tally)
{
    long long start = tally->turns;
    for (long game = 0; tally->turns - start < quota; game++) {
        int rc = play_game(r, game_seed(r->seed, r->generation, chunk, game), (int)(game & 1), gen,
                           tally);
        if (rc != SK_OK) return rc;
    }
    return SK_OK;
}

void sk_leave_values(const sk_leave_set *set, const sk_leave_tally *tally, double prior_weight,
                     sk_leave_entry *out, size_t *seen)
{
    size_t n = set->count;
    *seen = 0;
    for (size_t i = 0; i < n; i++)
        if (tally->count[i]) ++*seen;
    const float *hval = set->heuristic;
    int longest = 0;
    for (size_t i = 0; i < n; i++) {
        out[i] = set->leaves[i];
        if (out[i].len > longest) longest = out[i].len;
    }
    /* shorter leaves first: a leave's prior is made of the values of its sub-leaves */
    for (int len = 1; len <= longest; len++)
        for (size_t i = 0; i < n; i++) {
            sk_leave_entry *e = &out[i];
            if (e->len != len) continue;
            /* the prior: the heuristic's value, corrected by what was learnt of the parts */
            double prior = hval[i];
            if (len > 1) {
                double fix = 0;
                int parts = 0;
                for (int t = 0; t < len; t++) {
                    if (t > 0 && e->tiles[t] == e->tiles[t - 1]) continue;
                    unsigned char rest[SK_TRAIN_LEAVE_MAX];
                    memcpy(rest, e->tiles, (size_t)t);
                    memcpy(rest + t, e->tiles + t + 1, (size_t)(len - t - 1));
                    long sub = find(set, rest, len - 1), one = find(set, &e->tiles[t], 1);
                    if (sub < 0 || one < 0) continue; /* every sub-leave is in the set */
                    fix += out[sub].value - hval[sub] + out[one].value - hval[one];
                    parts++;
                }
                if (parts) prior += fix / parts;
            }
            double k = tally->count[i];
            double m = k ? (double)tally->sum[i] / 1024.0 / (double)tally->weight[i] : 0.0;
            /* a leave no rack held keeps its prior (with --prior-weight 0 too: not 0/0) */
            e->value = k + prior_weight > 0
                           ? (float)((k * m + prior_weight * prior) / (k + prior_weight))
                           : (float)prior;
        }
}
