/* test_move.c — the three move notations: detection, fields, errors, normalised output. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#include "skrab/buf.h"
#include "skrab/error.h"
#include "skrab/move.h"

static sk_move parse_ok(const char *text)
{
    sk_move m;
    char why[200];
    int rc = sk_move_parse(&m, text, strlen(text), NULL, why, sizeof(why));
    if (rc != SK_OK) fail_msg("'%s' did not parse: %s", text, why);
    return m;
}

static void parse_bad(const char *text, const char *needle)
{
    sk_move m;
    char why[200];
    assert_int_equal(sk_move_parse(&m, text, strlen(text), NULL, why, sizeof(why)), SK_EINVAL);
    if (!strstr(why, needle)) fail_msg("'%s': reason '%s' lacks '%s'", text, why, needle);
}

static void normalised(const char *text, const char *expected)
{
    sk_move m = parse_ok(text);
    sk_buf b;
    sk_buf_init(&b);
    sk_move_write_normalised(&b, &m, NULL);
    assert_string_equal(sk_buf_str(&b), expected);
    sk_buf_free(&b);
}

static void skrabbkle_notation(void **state)
{
    (void)state;
    sk_move m = parse_ok("DINT,h6");
    assert_int_equal(m.notation, SK_NOTATION_SKRABBKLE);
    assert_int_equal(m.kind, SK_MOVE_PLACE);
    assert_int_equal(m.dir, SK_DOWN);
    assert_int_equal(m.row, 5);
    assert_int_equal(m.col, 7);
    assert_string_equal(tu_ascii(m.tiles), "DINT");
    m = parse_ok("  UPItIED , 8g ");
    assert_int_equal(m.dir, SK_ACROSS);
    assert_int_equal(m.row, 7);
    assert_int_equal(m.col, 6);
    assert_string_equal(tu_ascii(m.tiles), "UPItIED");
    m = parse_ok("VLuE, 10b");
    assert_int_equal(m.row, 9);
    assert_int_equal(m.col, 1);
    m = parse_ok(",");
    assert_int_equal(m.kind, SK_MOVE_PASS);
    assert_int_equal(m.notation, SK_NOTATION_SKRABBKLE);
    parse_bad("ANCE, 16, , , , , ,", "expected WORD,SQUARE");
    parse_bad("ANCE,i", "expected WORD,SQUARE");
    parse_bad("AN CE,6i", "expected WORD,SQUARE");
    parse_bad("ANCE,27a", "not 1..26");
    parse_bad("0,j5", "'0' is not a tile of the tile set"); /* a word is read tile by tile */
    normalised("SO , k5", "SO,k5");
    normalised("SO,5k", "SO,5k");
}

static void gcg_notation(void **state)
{
    (void)state;
    sk_move m = parse_ok("8G UNPItIED");
    assert_int_equal(m.notation, SK_NOTATION_GCG);
    assert_int_equal(m.dir, SK_ACROSS);
    assert_int_equal(m.row, 7);
    assert_int_equal(m.col, 6);
    assert_string_equal(tu_ascii(m.tiles), "UNPItIED");
    assert_int_equal(m.through[2], 0);
    m = parse_ok("h2 GUR.A(RD)");
    assert_int_equal(m.dir, SK_DOWN);
    assert_int_equal(m.row, 1);
    assert_int_equal(m.col, 7);
    assert_string_equal(tu_ascii(m.tiles), "GUR.ARD");
    assert_int_equal(m.ntiles, 7);
    assert_int_equal(m.through[3], 1);
    assert_int_equal(m.through[4], 0);
    assert_int_equal(m.through[5], 1);
    assert_int_equal(m.through[6], 1);
    m = parse_ok("-");
    assert_int_equal(m.kind, SK_MOVE_PASS);
    m = parse_ok("-abc?");
    assert_int_equal(m.kind, SK_MOVE_EXCHANGE);
    assert_string_equal(tu_ascii(m.exchange), "ABC?");
    m = parse_ok("-4");
    assert_int_equal(m.kind, SK_MOVE_EXCHANGE);
    assert_int_equal(m.exchange_count, 4);
    assert_string_equal(tu_ascii(m.exchange), "");
    parse_bad("8G UN(PI", "'(' without ')'");
    parse_bad("8G UN)PI", "')' without '('");
    parse_bad("8G UN((P))", "nested");
    parse_bad("8G ()", "empty '( )' in the play");
    parse_bad("8H A()B", "empty '( )' in the play");
    parse_bad("8G (.)", "'.' inside");
    parse_bad("88 WORD", "expected POSITION PLAY");
    parse_bad("-0", "a pass");
    parse_bad("   ", "empty move");
    normalised("h2 GUR(N)aR", "H2 GUR(N)aR");
    normalised("h2 GUR.aR", "H2 GUR.aR");
    normalised("8g (c)(a)T", "8G (ca)T");
    normalised("8g (C).(A)T", "8G (C).(A)T");
    normalised("15a word", "15A word");
    normalised("-xyz", "-XYZ");
}

static void cs104_notation(void **state)
{
    (void)state;
    sk_move m = parse_ok("PLACE | 3 3 CAKE");
    assert_int_equal(m.notation, SK_NOTATION_CS104);
    assert_int_equal(m.dir, SK_DOWN);
    assert_int_equal(m.row, 2);
    assert_int_equal(m.col, 2);
    assert_string_equal(tu_ascii(m.tiles), "CAKE");
    m = parse_ok("place - 5 1 POE?MON");
    assert_int_equal(m.dir, SK_ACROSS);
    assert_string_equal(tu_ascii(m.tiles), "POEmON");
    m = parse_ok("Exchange aa?");
    assert_int_equal(m.kind, SK_MOVE_EXCHANGE);
    assert_string_equal(tu_ascii(m.exchange), "AA?");
    m = parse_ok("pass");
    assert_int_equal(m.kind, SK_MOVE_PASS);
    assert_int_equal(m.notation, SK_NOTATION_CS104);
    parse_bad("PLACE - 5 1 POE?", "'?' must be followed");
    parse_bad("PLACE - 5 1 PO3", "'3' is not a tile");
    parse_bad("PLACE / 5 1 POE", "expected 'PLACE DIR");
    parse_bad("PLACE - 0 1 POE", "1..26");
    parse_bad("EXCHANGE", "expected 'PLACE DIR");
    normalised("place - 5 1 poe?mon", "PLACE - 5 1 POE?MON");
    normalised("exchange aa?", "EXCHANGE AA?");
}

static void limits(void **state)
{
    (void)state;
    char long_text[400];
    memset(long_text, 'A', sizeof(long_text));
    long_text[sizeof(long_text) - 1] = '\0';
    parse_bad(long_text, "longer than 256");
    parse_bad("ABCDEFGHIJKLMNOPQRSTUVWXYZA,a1", "more than 26");
    sk_move m;
    char why[64];
    assert_int_equal(sk_move_parse(&m, "A\0,a1", 5, NULL, why, sizeof(why)), SK_EINVAL);
    assert_non_null(strstr(why, "NUL"));
    /* tiles are read through the alphabet: a letter A..Z lacks, a byte that is not UTF-8, a
     * bracketed label */
    parse_bad("\xc3\x89T\xc3\x89,h8", "'\xc3\x89' is not a tile of the tile set");
    parse_bad("8G A\xff", "invalid UTF-8 (byte 0xFF)");
    parse_bad("PLACE - 5 1 [CH]", "'[CH]' is not a tile of the tile set");
    m = parse_ok("[Q]I,h8");
    assert_string_equal(tu_ascii(m.tiles), "QI");
    /* a zero-sized reason buffer is allowed */
    assert_int_equal(sk_move_parse(&m, "?", 1, NULL, NULL, 0), SK_EINVAL);
}

/* The integer writer of the move lines (sk_put_int, sk_put_digits behind it for all but 0 to 99,
 * and sk_buf_put_int through it) writes what "%lld" writes, around the shortcut's ends and at the
 * ends of the range. */
static void integers_as_printf_writes(void **state)
{
    (void)state;
    const long long values[] = {
        0,  1,   9,   10,   42,    99,    100,          101,       999,       1000,         -1,
        -9, -10, -99, -100, 65535, 12345, 1000000007LL, LLONG_MAX, LLONG_MIN, LLONG_MIN + 1};
    sk_buf b;
    sk_buf_init(&b);
    for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
        char want[32], got[32];
        snprintf(want, sizeof(want), "%lld", values[i]);
        memset(got, 'x', sizeof(got));
        char *end = sk_put_int(got, values[i]);
        assert_int_equal(end - got, (long)strlen(want));
        assert_int_equal(*end, 'x'); /* nothing written past the digits */
        *end = '\0';
        assert_string_equal(got, want);
        memset(got, 'x', sizeof(got));
        end = sk_put_digits(got, values[i]);
        assert_int_equal(end - got, (long)strlen(want));
        *end = '\0';
        assert_string_equal(got, want);
        sk_buf_clear(&b);
        assert_int_equal(sk_buf_put_int(&b, values[i]), SK_OK);
        assert_string_equal(sk_buf_str(&b), want);
    }
    sk_buf_free(&b);
}

/* sk_buf_room and sk_buf_commit: room written straight into counts only when committed, only
 * as much as committed, and the buffer stays NUL-terminated and grows as appends grow it. */
static void room_then_commit(void **state)
{
    (void)state;
    sk_buf b;
    sk_buf_init(&b);
    assert_int_equal(sk_buf_append(&b, "ab", 2), SK_OK);
    char *at = sk_buf_room(&b, 100);
    assert_non_null(at);
    assert_ptr_equal(at, b.data + 2);
    memcpy(at, "cdefgh", 6);
    sk_buf_commit(&b, 3); /* "cde" */
    assert_string_equal(sk_buf_str(&b), "abcde");
    assert_int_equal(b.len, 5);
    sk_buf_commit(&b, 0);
    assert_string_equal(sk_buf_str(&b), "abcde");
    /* room far beyond the capacity, filled and committed whole, then an append after it */
    size_t big = 3 * b.cap + 1000;
    at = sk_buf_room(&b, big);
    assert_non_null(at);
    assert_true(b.cap >= b.len + big + 1);
    memset(at, 'z', big);
    sk_buf_commit(&b, big);
    assert_int_equal(b.len, 5 + big);
    assert_int_equal(strlen(sk_buf_str(&b)), 5 + big);
    assert_int_equal(sk_buf_putc(&b, '!'), SK_OK);
    assert_int_equal(b.data[b.len - 2], 'z');
    assert_int_equal(b.data[b.len - 1], '!');
    sk_buf_free(&b);
    /* a buffer that failed gives no room, and a commit on it counts nothing */
    sk_buf_init(&b);
    b.failed = 1;
    assert_null(sk_buf_room(&b, 10));
    sk_buf_commit(&b, 10);
    assert_int_equal(b.len, 0);
    sk_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(skrabbkle_notation),
        cmocka_unit_test(gcg_notation),
        cmocka_unit_test(cs104_notation),
        cmocka_unit_test(limits),
        cmocka_unit_test(integers_as_printf_writes),
        cmocka_unit_test(room_then_commit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
