/* test_leave.c — leave values: KLV2 (f32) and KLV (i16 / 256) files read and looked up by the
 * rank of the sorted leave among the DAWG's words, and the built-in heuristic. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "skrab/error.h"
#include "skrab/leave.h"
#include "skrab/lexicon.h"
#include "skrab/rng.h"
#include "skrab/position.h"
#include "skrab/tiles.h"

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

/* A DAWG of the leaves "?", "A", "AB", "B" (ranks 0..3), with the tiles numbered A and B
 * instead of 1 and 2: node 0 points to the root list. */
static size_t make_klv_of(unsigned char *buf, int f32, const float *values, uint32_t a, uint32_t b)
{
    const uint32_t ACC = 0x800000u, END = 0x400000u;
    uint32_t nodes[5] = {
        END | 1u,              /* root pointer */
        (0u << 24) | ACC,      /* ?  */
        (a << 24) | ACC | 4u,  /* A, then the list at 4 */
        (b << 24) | ACC | END, /* B */
        (b << 24) | ACC | END, /* A-B */
    };
    size_t o = 0;
    put32(buf + o, 5);
    o += 4;
    for (int i = 0; i < 5; i++, o += 4)
        put32(buf + o, nodes[i]);
    put32(buf + o, 4);
    o += 4;
    for (int i = 0; i < 4; i++) {
        if (f32) {
            uint32_t bits;
            memcpy(&bits, &values[i], 4);
            put32(buf + o, bits);
            o += 4;
        } else {
            int16_t s = (int16_t)(values[i] * 256.0f);
            buf[o++] = (unsigned char)s;
            buf[o++] = (unsigned char)((uint16_t)s >> 8);
        }
    }
    return o;
}

static size_t make_klv(unsigned char *buf, int f32, const float *values)
{
    return make_klv_of(buf, f32, values, 1, 2);
}

/* sk_leave_value of the leave written in test notation (testutil.h). */
static double value(const sk_leaves *l, const char *ascii)
{
    char tiles[16];
    assert_true(strlen(ascii) < sizeof(tiles));
    return sk_leave_value(l, tu_tiles(tiles, ascii));
}

static void klv_lookup(void **state)
{
    (void)state;
    const float values[4] = {25.5f, 1.25f, -2.5f, 3.0f};
    for (int f32 = 0; f32 < 2; f32++) {
        unsigned char buf[128];
        size_t len = make_klv(buf, f32, values);
        sk_leaves *l;
        assert_int_equal(sk_leaves_from_bytes(&l, buf, len, NULL), SK_OK);
        assert_true(value(l, "?") == 25.5);
        assert_true(value(l, "A") == 1.25);
        assert_true(value(l, "BA") == -2.5); /* sorted before the lookup */
        assert_true(value(l, "AB") == -2.5);
        assert_true(value(l, "B") == 3.0);
        assert_true(value(l, "C") == 0.0); /* not in the file */
        assert_true(value(l, "") == 0.0);  /* the empty leave */
        assert_true(value(l, "?A") == 0.0);
        const unsigned char blank[] = {0}, ab[] = {1, 2}, c[] = {3};
        assert_true(sk_leave_value_tiles(l, blank, 1) == 25.5);
        assert_true(sk_leave_value_tiles(l, ab, 2) == -2.5);
        assert_true(sk_leave_value_tiles(l, c, 1) == 0.0);
        assert_true(sk_leave_value_tiles(l, ab, 0) == 0.0);
        sk_leaves_free(l);
    }
}

/* A KLV2 over another alphabet: its tiles are that set's numbers, past 26 (Polish Ź 31, Ż 32). */
static void klv_other_alphabet(void **state)
{
    (void)state;
    sk_tileset pl;
    assert_int_equal(sk_tileset_builtin(&pl, "polish"), SK_OK);
    const float values[4] = {25.5f, 1.25f, -2.5f, 3.0f};
    unsigned char buf[128];
    size_t len = make_klv_of(buf, 1, values, 31, 32);
    sk_leaves *l;
    assert_int_equal(sk_leaves_from_bytes(&l, buf, len, NULL), SK_OK);
    const char *texts[] = {"Ź", "Ż", "ŻŹ", "ŹŻ", "Z"};
    const double want[] = {1.25, 3.0, -2.5, -2.5, 0.0};
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        char tiles[SK_RACK_MAX + 1];
        size_t at;
        sk_tile_read why;
        int n = sk_alphabet_read_tiles(&pl.alphabet, texts[i], strlen(texts[i]), 0, tiles,
                                       SK_RACK_MAX, &at, &why);
        assert_true(n > 0 && n <= SK_RACK_MAX);
        tiles[n] = '\0';
        assert_true(sk_leave_value(l, tiles) == want[i]);
    }
    assert_ptr_equal(sk_leaves_for(l, &pl), l); /* a file given is used as it is */
    sk_leaves_free(l);
}

/* The highest tile of a KLV is known at load; leaves with tiles the game's set lacks do not fit
 * it, and a tile no alphabet has is refused. */
static void klv_tiles_fit_the_set(void **state)
{
    (void)state;
    sk_tileset pl, en;
    assert_int_equal(sk_tileset_builtin(&pl, "polish"), SK_OK);
    assert_int_equal(sk_tileset_builtin(&en, "english"), SK_OK);
    const float values[4] = {1, 2, 3, 4};
    unsigned char buf[128];
    char why[200];
    sk_leaves *l;
    size_t len = make_klv_of(buf, 1, values, 31, 32);
    assert_int_equal(sk_leaves_from_bytes(&l, buf, len, NULL), SK_OK);
    assert_int_equal(sk_leaves_max_tile(l), 32);
    assert_int_equal(sk_leaves_fit(l, &pl, why, sizeof(why)), 1);
    assert_string_equal(why, "");
    assert_int_equal(sk_leaves_fit(l, &en, why, sizeof(why)), 0);
    assert_string_equal(why, "the leaves hold tile 32, but the tile set has letters 1..26: "
                             "leaves of another alphabet?");
    sk_leaves_free(l);
    len = make_klv(buf, 1, values);
    assert_int_equal(sk_leaves_from_bytes(&l, buf, len, NULL), SK_OK);
    assert_int_equal(sk_leaves_max_tile(l), 2);
    assert_int_equal(sk_leaves_fit(l, &en, why, sizeof(why)), 1);
    sk_leaves_free(l);
    assert_int_equal(sk_leaves_fit(NULL, &en, why, sizeof(why)), 1); /* the heuristic */
    len = make_klv_of(buf, 1, values, 1, 64);
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_leaves_from_bytes(&l, buf, len, &d), SK_EINVAL);
    assert_null(l);
    assert_int_equal(d.errors, 1);
    assert_non_null(strstr(d.items[0].message, "holds tile 64: tiles are 0..63"));
    sk_diag_list_free(&d);
}

static void klv_malformed(void **state)
{
    (void)state;
    unsigned char buf[128];
    const float values[4] = {1, 2, 3, 4};
    size_t len = make_klv(buf, 1, values);
    sk_leaves *l;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_leaves_from_bytes(&l, buf, 5, &d), SK_EINVAL);
    assert_int_equal(sk_leaves_from_bytes(&l, buf, len - 10, &d), SK_EINVAL);
    put32(buf + 4 + 2 * 4, (1u << 24) | 0x800000u | 99u); /* an arc outside the file */
    assert_int_equal(sk_leaves_from_bytes(&l, buf, len, &d), SK_EINVAL);
    put32(buf + 4 + 2 * 4, (1u << 24) | 0x800000u | 1u); /* a cycle back to the root list */
    assert_int_equal(sk_leaves_from_bytes(&l, buf, len, &d), SK_EINVAL);
    assert_true(d.errors >= 4);
    sk_diag_list_free(&d);
    assert_int_equal(sk_leaves_load(&l, "/nonexistent/x.klv2", NULL), SK_ENOTFOUND);
    /* a value that is no number of points: NaN or infinite */
    const float odd[3] = {NAN, INFINITY, -INFINITY};
    for (int i = 0; i < 3; i++) {
        const float vals[4] = {1, odd[i], 3, 4};
        len = make_klv(buf, 1, vals);
        sk_diag_list_init(&d);
        assert_int_equal(sk_leaves_from_bytes(&l, buf, len, &d), SK_EINVAL);
        assert_non_null(strstr(d.items[0].message, i ? "infinite" : "NaN"));
        sk_diag_list_free(&d);
    }
}

/* A file that cannot be read leaves nothing behind: *OUT is NULL, whatever it held. */
static void klv_unreadable(void **state)
{
    (void)state;
    sk_leaves *l = (sk_leaves *)&l; /* not NULL: the call must clear it */
    assert_int_not_equal(sk_leaves_load(&l, "/nonexistent/leaves.klv2", NULL), SK_OK);
    assert_null(l);
}

static void heuristic(void **state)
{
    (void)state;
    assert_true(value(NULL, "") == 0.0);
    assert_true(value(NULL, "?") == 20.0);
    assert_true(value(NULL, "S") == 8.0);
    assert_true(value(NULL, "Q") == -7.0);
    /* duplicates: E E = 3 + 3 - 4; vowels only: -2 per step beyond one */
    assert_true(value(NULL, "EE") == 3.0 + 3.0 - 4.0 - 2.0);
    assert_true(value(NULL, "ERS") == 3.0 + 2.0 + 8.0);
    assert_true(value(NULL, "SER") == value(NULL, "ERS"));
    /* the same from sorted tiles: E R S; the vowels; a blank, two Ss and a Q */
    const unsigned char ers[] = {5, 18, 19}, vowels[] = {1, 5, 9, 15, 21}, mix[] = {0, 17, 19, 19};
    assert_true(sk_leave_value_tiles(NULL, ers, 3) == 3.0 + 2.0 + 8.0);
    assert_true(sk_leave_value_tiles(NULL, vowels, 5) == value(NULL, "UOIEA"));
    assert_true(sk_leave_value_tiles(NULL, vowels, 5) == 1.0 + 3.0 + 0.5 - 1.0 - 3.0 - 2.0 * 4);
    assert_true(sk_leave_value_tiles(NULL, mix, 4) == value(NULL, "SQ?S"));
}

/* The leaves of a game: the built-in heuristic for a set of A..Z; for another alphabet, whose
 * numbers name other letters (Polish 2 is Ą, not B), the flat one: the blank and repeats. */
static void heuristic_of_alphabet(void **state)
{
    (void)state;
    sk_tileset english, polish;
    assert_int_equal(sk_tileset_builtin(&english, "english"), SK_OK);
    assert_int_equal(sk_tileset_builtin(&polish, "polish"), SK_OK);
    assert_null(sk_leaves_for(NULL, &english));
    assert_null(sk_leaves_for(NULL, NULL));
    const sk_leaves *flat = sk_leaves_for(NULL, &polish);
    assert_non_null(flat);
    const float values[4] = {1, 2, 3, 4};
    unsigned char buf[128];
    size_t len = make_klv(buf, 1, values);
    sk_leaves *given;
    assert_int_equal(sk_leaves_from_bytes(&given, buf, len, NULL), SK_OK);
    assert_ptr_equal(sk_leaves_for(given, &polish), given); /* a file given is kept */
    sk_leaves_free(given);
    const unsigned char s[] = {19}, blank_ee[] = {0, 5, 5}, vowels[] = {1, 5, 9, 15, 21};
    assert_true(sk_leave_value_tiles(flat, s, 1) == 0.0);
    assert_true(sk_leave_value_tiles(flat, blank_ee, 3) == 20.0 - 4.0);
    assert_true(sk_leave_value_tiles(flat, vowels, 5) == 0.0);
    assert_true(sk_leave_value_tiles(NULL, s, 1) == 8.0);
}

/* Every sub-multiset of the rack COUNTS (NK kinds): the table of sk_leave_values_of_rack, by
 * the kept tiles' mixed-radix index, equals sk_leave_value_tiles of each one. Returns how many
 * entries are not 0 (leaves the file has, but for a value of 0). */
static int expect_rack_table(const sk_leaves *l, const int *counts, int nk)
{
    int nonzero = 0;
    int radix[SK_TILE_KINDS], cells = 1;
    for (int t = 0; t < nk; t++) {
        radix[t] = cells;
        cells *= counts[t] + 1;
    }
    float table[4096];
    assert_true(cells <= 4096);
    assert_int_equal(sk_leave_values_of_rack(l, counts, nk, radix, table), 1);
    for (int idx = 0; idx < cells; idx++) {
        unsigned char kept[64];
        int n = 0;
        for (int t = 0; t < nk; t++)
            for (int c = 0; c < idx / radix[t] % (counts[t] + 1); c++)
                kept[n++] = (unsigned char)t;
        assert_true(table[idx] == (float)sk_leave_value_tiles(l, kept, n));
        nonzero += table[idx] != 0.0f;
    }
    return nonzero;
}

/* The whole rack's leaves at once (the move generator's table) against one lookup each: on the
 * hand-made file (with the blank) and on a DAWG of 2,000 random leaves over A..H with random
 * values, racks drawn from the blank and A..J (I and J in no leave). */
static void klv_rack_table(void **state)
{
    (void)state;
    unsigned char buf[256];
    const float v4[4] = {25.0f, 1.5f, -3.0f, 0.25f};
    sk_leaves *small;
    assert_int_equal(sk_leaves_from_bytes(&small, buf, make_klv(buf, 1, v4), NULL), SK_OK);
    const int racks[][3] = {{1, 1, 1}, {2, 2, 1}, {0, 3, 2}, {1, 0, 0}, {0, 0, 0}};
    for (size_t i = 0; i < sizeof(racks) / sizeof(racks[0]); i++)
        expect_rack_table(small, racks[i], 3);
    assert_int_equal(sk_leave_values_of_rack(NULL, racks[0], 3, racks[0], NULL), 0);
    sk_leaves_free(small);

    sk_rng rng;
    sk_rng_seed(&rng, 7);
    sk_buf text;
    sk_buf_init(&text);
    for (int w = 0; w < 2000; w++) { /* sorted letters: a leave as a KLV's DAWG holds it */
        int len = 2 + (int)sk_rng_below(&rng, 5), k[8] = {0};
        for (int i = 0; i < len; i++)
            k[sk_rng_below(&rng, 8)]++;
        for (int t = 0; t < 8; t++)
            for (int c = 0; c < k[t]; c++)
                sk_buf_append(&text, &"ABCDEFGH"[t], 1);
        sk_buf_append(&text, "\n", 1);
    }
    uint32_t *nodes;
    size_t count;
    sk_kwg_build_stats stats;
    assert_int_equal(sk_kwg_build(&nodes, &count, text.data, text.len, NULL, &stats, NULL), SK_OK);
    size_t words = stats.words; /* the DAWG's words, ranked 0.. */
    size_t len = 8 + count * 4 + words * 4;
    unsigned char *klv = malloc(len);
    assert_non_null(klv);
    put32(klv, (uint32_t)count);
    for (size_t i = 0; i < count; i++)
        put32(klv + 4 + 4 * i, nodes[i]);
    put32(klv + 4 + 4 * count, (uint32_t)words);
    for (size_t i = 0; i < words; i++) {
        float f = (float)sk_rng_below(&rng, 4001) / 100.0f - 20.0f;
        uint32_t bits;
        memcpy(&bits, &f, 4);
        put32(klv + 8 + 4 * count + 4 * i, bits);
    }
    sk_leaves *l;
    assert_int_equal(sk_leaves_from_bytes(&l, klv, len, NULL), SK_OK);
    for (int r = 0; r < 300; r++) {
        int k[11] = {0};
        for (int i = 0; i < 7; i++)
            k[sk_rng_below(&rng, 11)]++;
        expect_rack_table(l, k, 11);
    }
    /* racks of 12 tiles: more leaves than the walk asks for before it reads them (256), so the
     * values are read in turns */
    int most = 0;
    for (int r = 0; r < 100; r++) {
        int k[11] = {0};
        for (int i = 0; i < 12; i++)
            k[sk_rng_below(&rng, 8)]++;
        int found = expect_rack_table(l, k, 11);
        if (found > most) most = found;
    }
    assert_true(most > 256);
    sk_leaves_free(l);
    free(klv);
    free(nodes);
    sk_buf_free(&text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(klv_lookup),         cmocka_unit_test(klv_rack_table),
        cmocka_unit_test(klv_other_alphabet), cmocka_unit_test(klv_malformed),
        cmocka_unit_test(klv_unreadable),     cmocka_unit_test(klv_tiles_fit_the_set),
        cmocka_unit_test(heuristic),          cmocka_unit_test(heuristic_of_alphabet),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
