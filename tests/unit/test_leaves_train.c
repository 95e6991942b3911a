/* test_leaves_train.c — what `skrab leaves train` learns from a rack (cmd_leaves_train.h): each
 * sub-leave of a rack counted once for each set of the rack's tiles that makes it (checked
 * against the sets themselves, enumerated), and a leave's value its weighted mean shrunk toward
 * its prior. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "cmd_leaves_train.h"
#include "skrab/error.h"
#include "skrab/rng.h"

typedef struct {
    sk_board board;
    sk_tileset tiles;
    sk_lexicon *lex;
    sk_rules rules;
    sk_leave_set *set;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof(*f));
    if (!f) return -1;
    tu_game_parts_init(SK_RULES_CLASSIC, &f->board, &f->tiles, &f->lex, &f->rules);
    if (sk_leave_set_new(&f->set, &f->rules) != SK_OK) return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    sk_leave_set_free(f->set);
    sk_lexicon_free(f->lex);
    free(f);
    return 0;
}

/* A rack of the rule set's size drawn from a full bag, sorted, into OUT; returns its size. */
static int draw_rack(const fixture *f, sk_rng *rng, unsigned char *out)
{
    unsigned char bag[SK_TILE_KINDS * SK_TILE_COUNT_MAX];
    int total = 0, n = f->rules.rack_size;
    for (int k = 0; k < f->tiles.alphabet.size; k++)
        for (int c = 0; c < f->tiles.count[k]; c++)
            bag[total++] = (unsigned char)k;
    for (int i = 0; i < n; i++) {
        int j = i + (int)sk_rng_below(rng, (uint64_t)(total - i));
        unsigned char t = bag[i];
        bag[i] = bag[j];
        bag[j] = t;
    }
    for (int i = 1; i < n; i++) /* insertion sort */
        for (int j = i; j > 0 && bag[j - 1] > bag[j]; j--) {
            unsigned char t = bag[j];
            bag[j] = bag[j - 1];
            bag[j - 1] = t;
        }
    memcpy(out, bag, (size_t)n);
    return n;
}

/* Random racks: every set of positions of the rack (not none, not all) names a leave; each
 * leave's weight is how many sets name it, its count 1, its sum the value times its weight, and
 * no other leave is touched (the weights add up to the sets). */
static void subleaves_weighted_by_sets_of_tiles(void **state)
{
    fixture *f = *state;
    size_t n = sk_leave_set_count(f->set);
    sk_rng rng;
    sk_rng_seed(&rng, 20261125);
    uint64_t *want = calloc(n, sizeof(*want));
    assert_non_null(want);
    for (int round = 0; round < 300; round++) {
        sk_leave_tally t;
        assert_int_equal(sk_leave_tally_init(&t, f->set), SK_OK);
        unsigned char rack[SK_RACK_MAX];
        int size = draw_rack(f, &rng, rack);
        int64_t value = (int64_t)sk_rng_below(&rng, 200001) - 100000;
        sk_leave_tally_rack(&t, f->set, rack, size, value);
        memset(want, 0, n * sizeof(*want));
        uint64_t sets = 0;
        for (unsigned mask = 1; mask + 1 < 1u << size; mask++) {
            unsigned char leave[SK_RACK_MAX];
            int len = 0;
            for (int i = 0; i < size; i++)
                if (mask >> i & 1) leave[len++] = rack[i]; /* sorted: the rack is */
            long idx = sk_leave_set_find(f->set, leave, len);
            assert_true(idx >= 0);
            want[idx]++;
            sets++;
        }
        uint64_t got = 0;
        for (size_t i = 0; i < n; i++) {
            assert_int_equal(t.weight[i], want[i]);
            assert_int_equal(t.count[i], want[i] ? 1 : 0);
            assert_true(t.sum[i] == value * (int64_t)want[i]);
            got += t.weight[i];
        }
        assert_int_equal(got, sets);
        sk_leave_tally_free(&t);
    }
    free(want);
}

/* A rack of three E's and four other tiles: E three times, EE three times, EEE once. */
static void repeated_tiles(void **state)
{
    fixture *f = *state;
    unsigned char rack[7] = {1, 2, 3, 5, 5, 5, 19}; /* A B C E E E S */
    sk_leave_tally t;
    assert_int_equal(sk_leave_tally_init(&t, f->set), SK_OK);
    sk_leave_tally_rack(&t, f->set, rack, 7, 10);
    unsigned char e[3] = {5, 5, 5}, es[3] = {5, 5, 19};
    assert_int_equal(t.weight[sk_leave_set_find(f->set, e, 1)], 3);
    assert_int_equal(t.weight[sk_leave_set_find(f->set, e, 2)], 3);
    assert_int_equal(t.weight[sk_leave_set_find(f->set, e, 3)], 1);
    assert_int_equal(t.weight[sk_leave_set_find(f->set, es, 3)], 3);
    assert_true(t.sum[sk_leave_set_find(f->set, es, 3)] == 30);
    assert_int_equal(sk_leave_set_find(f->set, rack, 7), -1); /* the whole rack is no leave */
    sk_leave_tally_free(&t);
}

/* The value of a leave: (n m + K p) / (n + K), m = sum / weight in points, n its count, p its
 * prior (for one tile, the heuristic's value); a leave no rack held keeps its prior. */
static void values_shrink_toward_prior(void **state)
{
    fixture *f = *state;
    size_t n = sk_leave_set_count(f->set);
    sk_leave_tally t;
    assert_int_equal(sk_leave_tally_init(&t, f->set), SK_OK);
    unsigned char s[1] = {19}, q[1] = {17};
    long is = sk_leave_set_find(f->set, s, 1), iq = sk_leave_set_find(f->set, q, 1);
    assert_true(is >= 0 && iq >= 0);
    t.count[is] = 30;
    t.weight[is] = 45;
    t.sum[is] = 45 * 12 * 1024; /* m = 12 points */
    sk_leave_entry *out = calloc(n, sizeof(*out));
    assert_non_null(out);
    size_t seen;
    sk_leave_values(f->set, &t, 50.0, out, &seen);
    const sk_leaves *h = sk_leaves_for(NULL, &f->tiles);
    double ps = sk_leave_value_tiles(h, s, 1), pq = sk_leave_value_tiles(h, q, 1);
    assert_float_equal(out[is].value, (30 * 12.0 + 50 * ps) / 80.0, 1e-4);
    assert_float_equal(out[iq].value, pq, 1e-4);
    assert_int_equal(seen, 1);
    /* K = 0: the mean alone, and a leave no rack held still keeps its prior (not 0/0) */
    sk_leave_values(f->set, &t, 0.0, out, &seen);
    assert_float_equal(out[is].value, 12.0, 1e-4);
    assert_float_equal(out[iq].value, pq, 1e-4);
    free(out);
    sk_leave_tally_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(subleaves_weighted_by_sets_of_tiles),
        cmocka_unit_test(repeated_tiles),
        cmocka_unit_test(values_shrink_toward_prior),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
