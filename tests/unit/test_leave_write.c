/* test_leave_write.c — KLV2 files written by sk_leaves_write: read back by sk_leaves_from_bytes,
 * every leave worth what was written; the bytes of the example of docs/formats.md ("Leave values
 * (KLV)"); and the inputs it refuses. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#include "skrab/error.h"
#include "skrab/leave.h"
#include "skrab/leave_write.h"
#include "skrab/rng.h"

static sk_leave_entry entry(const unsigned char *tiles, int n, float value)
{
    sk_leave_entry e;
    memset(&e, 0, sizeof(e));
    memcpy(e.tiles, tiles, (size_t)n);
    e.len = (unsigned char)n;
    e.value = value;
    return e;
}

/* Every multiset of 1..MAXLEN tiles of kinds 0..KINDS-1, each at most 2 times (the blank
 * included), into OUT (room for all); returns how many. Written in descending order, so the
 * writer has to sort them. */
static size_t all_leaves(sk_leave_entry *out, int kinds, int maxlen, sk_rng *rng)
{
    size_t n = 0;
    unsigned char t[SK_LEAVE_TILES_MAX];
    int counts[8] = {0};
    /* odometer over the count of each kind, 0..2 */
    for (;;) {
        int len = 0;
        for (int k = 0; k < kinds; k++)
            for (int c = 0; c < counts[k]; c++)
                t[len++] = (unsigned char)k;
        if (len >= 1 && len <= maxlen) {
            float v = (float)((int)sk_rng_below(rng, 20001) - 10000) / 64.0f;
            out[n++] = entry(t, len, v);
        }
        int k = 0;
        while (k < kinds && counts[k] == 2)
            counts[k++] = 0;
        if (k == kinds) break;
        counts[k]++;
    }
    for (size_t i = 0; i < n / 2; i++) {
        sk_leave_entry s = out[i];
        out[i] = out[n - 1 - i];
        out[n - 1 - i] = s;
    }
    return n;
}

/* Every leave of 1..6 tiles of kinds 0..KINDS-1 (all_leaves, values from SEED) into LEAVES,
 * written as a KLV2 file into *B (made here); returns how many. */
static size_t written_leaves(sk_leave_entry *leaves, int kinds, uint64_t seed, sk_buf *b)
{
    sk_rng rng;
    sk_rng_seed(&rng, seed);
    size_t n = all_leaves(leaves, kinds, 6, &rng);
    sk_buf_init(b);
    assert_int_equal(sk_leaves_write(b, leaves, n, NULL), SK_OK);
    return n;
}

/* Each of the N LEAVES is worth in L what was written. */
static void assert_values(const sk_leaves *l, const sk_leave_entry *leaves, size_t n)
{
    for (size_t i = 0; i < n; i++)
        assert_true(sk_leave_value_tiles(l, leaves[i].tiles, leaves[i].len) == leaves[i].value);
}

static void round_trip(void **state)
{
    (void)state;
    static sk_leave_entry leaves[6561];
    sk_buf b;
    size_t n = written_leaves(leaves, 8, 7, &b);
    assert_int_equal(n, 1710); /* the multisets of 1..6 tiles */
    sk_leaves *l;
    assert_int_equal(sk_leaves_from_bytes(&l, b.data, b.len, NULL), SK_OK);
    assert_values(l, leaves, n);
    const unsigned char none[] = {0, 0, 0}, eight[] = {8};
    assert_true(sk_leave_value_tiles(l, none, 3) == 0.0); /* three blanks: not written */
    assert_true(sk_leave_value_tiles(l, eight, 1) == 0.0);
    assert_int_equal(sk_leaves_max_tile(l), 7);
    sk_leaves_free(l);
    sk_buf_free(&b);
}

/* The two leaves of the example in docs/formats.md: the same bytes. */
static void the_documented_file(void **state)
{
    (void)state;
    const unsigned char blank[] = {0}, s[] = {19};
    sk_leave_entry e[2] = {entry(s, 1, 8.0f), entry(blank, 1, 25.0f)};
    static const unsigned char want[] = {3,    0, 0,    0,    1,    0,    0x40, 0,   0, 0,
                                         0x80, 0, 0,    0,    0xc0, 0x13, 2,    0,   0, 0,
                                         0,    0, 0xc8, 0x41, 0,    0,    0,    0x41};
    sk_buf b;
    sk_buf_init(&b);
    assert_int_equal(sk_leaves_write(&b, e, 2, NULL), SK_OK);
    assert_int_equal(b.len, sizeof(want));
    assert_memory_equal(b.data, want, sizeof(want));
    sk_buf_free(&b);
}

static void refused(void **state)
{
    (void)state;
    const unsigned char ab[] = {1, 2}, ba[] = {2, 1}, big[] = {64}, a[] = {1};
    sk_buf b;
    sk_buf_init(&b);
    sk_diag_list d;
    sk_diag_list_init(&d);
    sk_leave_entry e[2] = {entry(ab, 2, 1.0f), entry(ab, 2, 2.0f)};
    assert_int_equal(sk_leaves_write(&b, e, 2, &d), SK_EINVAL); /* the same leave twice */
    assert_int_equal(d.count, 1);
    assert_non_null(strstr(d.items[0].message, "leaves 0 and 1 are the same"));
    e[1] = entry(ba, 2, 1.0f);
    assert_int_equal(sk_leaves_write(&b, e, 2, NULL), SK_EINVAL); /* not ascending */
    e[1] = entry(big, 1, 1.0f);
    assert_int_equal(sk_leaves_write(&b, e, 2, NULL), SK_EINVAL); /* tile 64 */
    e[1] = entry(a, 0, 1.0f);
    assert_int_equal(sk_leaves_write(&b, e, 2, NULL), SK_EINVAL); /* empty */
    e[1] = entry(a, 1, NAN);
    assert_int_equal(sk_leaves_write(&b, e, 2, NULL), SK_EINVAL);
    e[1] = entry(a, 1, INFINITY);
    assert_int_equal(sk_leaves_write(&b, e, 2, NULL), SK_EINVAL);
    assert_int_equal(sk_leaves_write(&b, e, 0, NULL), SK_EINVAL); /* nothing */
    assert_int_equal(b.len, 0);
    sk_diag_list_free(&d);
    sk_buf_free(&b);
}

/* BYTES written to a temporary file, loaded by sk_leaves_load (which maps a regular file and
 * reads its values in place); returns its result, *OUT the leaves. */
static int load_written(const sk_buf *bytes, sk_leaves **out, sk_diag_list *d)
{
    char path[] = "/tmp/skrab-test-klv-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes->data, 1, bytes->len, f), bytes->len);
    assert_int_equal(fclose(f), 0);
    int rc = sk_leaves_load(out, path, d);
    unlink(path);
    return rc;
}

/* A file loaded from disk (its values read in place) is worth what the bytes are; a file with
 * a value that is no number is refused with the same message as the bytes, leaving nothing. */
static void loaded_from_a_file(void **state)
{
    (void)state;
    static sk_leave_entry leaves[6561];
    sk_buf b;
    size_t n = written_leaves(leaves, 6, 11, &b);
    sk_leaves *l = NULL;
    assert_int_equal(load_written(&b, &l, NULL), SK_OK);
    assert_values(l, leaves, n);
    sk_leaves_free(l);
    float nan = NAN; /* the last value made NaN */
    memcpy(b.data + b.len - 4, &nan, 4);
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(load_written(&b, &l, &d), SK_EINVAL);
    assert_null(l);
    assert_int_equal(d.count, 1);
    assert_non_null(strstr(d.items[0].message, "is NaN, not a number of points"));
    sk_diag_list_free(&d);
    sk_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(loaded_from_a_file),
        cmocka_unit_test(the_documented_file),
        cmocka_unit_test(refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
