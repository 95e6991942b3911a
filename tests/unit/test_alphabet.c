/* test_alphabet.c — UTF-8 decoding, case mapping and width (utf8.h), and alphabets: adding
 * labels, reading tiles with and without brackets in every mode, writing them back. */
#include <string.h>

#include "testutil.h"

#include "skrab/alphabet.h"
#include "skrab/error.h"
#include "skrab/utf8.h"
#include "internal/textscan.h"

/* ---- UTF-8 ---------------------------------------------------------------------------------- */

static void decode_good_and_bad(void **state)
{
    (void)state;
    uint32_t cp;
    assert_int_equal(sk_utf8_decode("A", 1, &cp), 1);
    assert_int_equal(cp, 'A');
    assert_int_equal(sk_utf8_decode("\xc5\x81", 2, &cp), 2); /* Ł */
    assert_int_equal(cp, 0x141);
    assert_int_equal(sk_utf8_decode("\xe2\x82\xac", 3, &cp), 3); /* € */
    assert_int_equal(cp, 0x20ac);
    assert_int_equal(sk_utf8_decode("\xf0\x9f\x98\x80", 4, &cp), 4);
    assert_int_equal(cp, 0x1f600);
    /* stray continuation, overlong, surrogate, past U+10FFFF, cut short, empty */
    assert_int_equal(sk_utf8_decode("\x80", 1, &cp), 0);
    assert_int_equal(cp, 0x80);
    assert_int_equal(sk_utf8_decode("\xc0\xaf", 2, &cp), 0);
    assert_int_equal(sk_utf8_decode("\xe0\x80\xaf", 3, &cp), 0);
    assert_int_equal(sk_utf8_decode("\xed\xa0\x80", 3, &cp), 0);
    assert_int_equal(sk_utf8_decode("\xf4\x90\x80\x80", 4, &cp), 0);
    assert_int_equal(sk_utf8_decode("\xc5\x81", 1, &cp), 0);
    assert_int_equal(sk_utf8_decode("\xc5"
                                    "A",
                                    2, &cp),
                     0);
    assert_int_equal(sk_utf8_decode("", 0, &cp), 0);
    assert_int_equal(sk_utf8_invalid("ab\xc5\x81"
                                     "c",
                                     5),
                     5);
    assert_int_equal(sk_utf8_invalid("ab\xff"
                                     "c",
                                     4),
                     2);
}

static void encode_round_trip(void **state)
{
    (void)state;
    const uint32_t cps[] = {0x41, 0x7f, 0x80, 0x7ff, 0x800, 0xffff, 0x10000, 0x10ffff};
    for (size_t i = 0; i < sizeof(cps) / sizeof(cps[0]); i++) {
        char buf[SK_UTF8_CHAR_MAX];
        size_t n = sk_utf8_encode(cps[i], buf);
        assert_true(n >= 1);
        uint32_t back;
        assert_int_equal(sk_utf8_decode(buf, n, &back), n);
        assert_int_equal(back, cps[i]);
    }
    char buf[SK_UTF8_CHAR_MAX];
    assert_int_equal(sk_utf8_encode(0xd800, buf), 0);
    assert_int_equal(sk_utf8_encode(0x110000, buf), 0);
}

static void case_mapping(void **state)
{
    (void)state;
    /* pairs from every built-in alphabet: A Ä Å Æ Ç Ñ Ö Ø Ü Ą Ć Č Ę Ł Ń Ś Š Ź Ż Ž, Greek, Cyrillic
     */
    const uint32_t pairs[][2] = {
        {'A', 'a'},     {0xc4, 0xe4},   {0xc5, 0xe5},   {0xc6, 0xe6},   {0xc7, 0xe7},
        {0xd1, 0xf1},   {0xd6, 0xf6},   {0xd8, 0xf8},   {0xdc, 0xfc},   {0x104, 0x105},
        {0x106, 0x107}, {0x10c, 0x10d}, {0x118, 0x119}, {0x141, 0x142}, {0x143, 0x144},
        {0x15a, 0x15b}, {0x160, 0x161}, {0x179, 0x17a}, {0x17b, 0x17c}, {0x17d, 0x17e},
        {0x178, 0xff},  {0x391, 0x3b1}, {0x3a3, 0x3c3}, {0x410, 0x430}, {0x401, 0x451},
    };
    for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
        assert_int_equal(sk_utf8_lower(pairs[i][0]), pairs[i][1]);
        assert_int_equal(sk_utf8_upper(pairs[i][1]), pairs[i][0]);
        assert_int_equal(sk_utf8_lower(pairs[i][1]), pairs[i][1]);
        assert_int_equal(sk_utf8_upper(pairs[i][0]), pairs[i][0]);
    }
    /* no case: digits, the middle dot, the multiplication sign, sharp s */
    const uint32_t caseless[] = {'1', 0xb7, 0xd7, 0xf7, 0xdf, 0x138};
    for (size_t i = 0; i < sizeof(caseless) / sizeof(caseless[0]); i++) {
        assert_int_equal(sk_utf8_lower(caseless[i]), caseless[i]);
        assert_int_equal(sk_utf8_upper(caseless[i]), caseless[i]);
    }
    assert_int_equal(sk_utf8_upper(0x3c2), 0x3a3); /* final sigma */
}

static void display_width(void **state)
{
    (void)state;
    assert_int_equal(sk_utf8_width("ABC", 3), 3);
    assert_int_equal(sk_utf8_width("\xc5\x81\xc3\x93", 4), 2); /* ŁÓ */
    assert_int_equal(sk_utf8_width("L\xc2\xb7L", 4), 3);       /* L·L */
    assert_int_equal(sk_utf8_width("e\xcc\x81", 3), 1);        /* e + combining acute */
    assert_int_equal(sk_utf8_width("\xe6\x97\xa5", 3), 2);     /* a CJK ideograph */
    assert_int_equal(sk_utf8_width("\xff"
                                   "A",
                                   2),
                     2); /* a bad byte is one */
    assert_int_equal(sk_utf8_width("\t", 1), 0);
    /* a head of at most MAX bytes cuts no character: "é" is two bytes */
    assert_int_equal(sk_utf8_cut("a\xc3\xa9z", 4, 9), 4);
    assert_int_equal(sk_utf8_cut("a\xc3\xa9z", 4, 3), 3);
    assert_int_equal(sk_utf8_cut("a\xc3\xa9z", 4, 2), 1);
    assert_int_equal(sk_utf8_cut("\xc3\xa9", 2, 1), 0);
}

/* ---- alphabets ------------------------------------------------------------------------------ */

static void add(sk_alphabet *a, const char *upper, const char *lower)
{
    int k = sk_alphabet_add(a, upper, strlen(upper), lower, strlen(lower));
    assert_int_equal(k, a->size - 1);
}

/* The Spanish and Catalan digraphs with a few letters around them. */
static void digraphs(sk_alphabet *a)
{
    sk_alphabet_init(a);
    add(a, "C", "");
    add(a, "CH", "ch");
    add(a, "H", "");
    add(a, "L", "");
    add(a, "L\xc2\xb7L", "l\xc2\xb7l");
    add(a, "LL", "");
    add(a, "\xc3\x91", ""); /* Ñ */
    add(a, "O", "");
    add(a, "QU", "");
}

enum { C = 1, CH, H, L, LDOTL, LL, NTILDE, O, QU };

/* What read_all read: the tiles, the outcome of the last read and where it stopped. */
typedef struct {
    sk_tile t[16];
    sk_tile_read r;
    size_t stop;
} readout;

/* Reads every tile of TEXT with FLAGS into O; returns how many. */
static int read_all(const sk_alphabet *a, const char *text, int flags, readout *o)
{
    size_t pos = 0, len = strlen(text);
    int n = 0;
    for (;;) {
        sk_tile t = 0xff;
        sk_tile_read r = sk_alphabet_read(a, text, len, &pos, flags, &t);
        if (r != SK_TILE_READ_OK) {
            o->r = r;
            o->stop = pos;
            return n;
        }
        o->t[n++] = t;
    }
}

static void latin_alphabet(void **state)
{
    (void)state;
    sk_alphabet a;
    sk_alphabet_latin(&a);
    assert_int_equal(a.size, 27);
    assert_true(sk_alphabet_is_latin(&a));
    assert_string_equal(a.upper[1], "A");
    assert_string_equal(a.lower[26], "z");
    readout o;
    assert_int_equal(read_all(&a, "CAt?", SK_READ_BLANK | SK_READ_BLANKED, &o), 4);
    assert_int_equal(o.r, SK_TILE_READ_END);
    assert_int_equal(o.t[0], 3);
    assert_int_equal(o.t[1], 1);
    assert_int_equal(o.t[2], 20 | SK_TILE_BLANKED);
    assert_int_equal(o.t[3], SK_TILE_WILD);
    sk_alphabet b;
    digraphs(&b);
    assert_false(sk_alphabet_is_latin(&b));
}

static void add_rejects(void **state)
{
    (void)state;
    sk_alphabet a;
    digraphs(&a);
    int size = a.size;
    const char *bad[] = {"",  "A B", "[X]", "?", "X,Y", "\xff", "\x01",
                         "1", "A1",  "/",   ".", "(",   "-"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        assert_int_equal(sk_alphabet_add(&a, bad[i], strlen(bad[i]), NULL, 0), SK_EINVAL);
    /* the same letter again, in either case */
    assert_int_equal(sk_alphabet_add(&a, "CH", 2, NULL, 0), SK_EINVAL);
    assert_int_equal(sk_alphabet_add(&a, "Ch", 2, NULL, 0), SK_EINVAL);
    assert_int_equal(sk_alphabet_add(&a, "\xc3\xb1", 2, NULL, 0), SK_EINVAL); /* ñ */
    assert_int_equal(sk_alphabet_add(&a, "ABCDEFGHIJKLMNOP", 16, NULL, 0), SK_ETOOBIG);
    /* a blank form that is the label itself: "\xc2\xb7" (a middle dot) has no case */
    assert_int_equal(sk_alphabet_add(&a, "\xc2\xb7", 2, NULL, 0), SK_EINVAL);
    assert_int_equal(sk_alphabet_add(&a, "Q", 1, "Q", 1), SK_EINVAL);
    assert_int_equal(a.size, size);
    /* full at 63 letters */
    sk_alphabet f;
    sk_alphabet_init(&f);
    for (int i = 0; i < SK_ALPHABET_MAX - 1; i++) {
        char label[3] = {(char)('A' + i % 26), (char)('A' + i / 26), '\0'};
        assert_int_equal(sk_alphabet_add(&f, label, 2, NULL, 0), i + 1);
    }
    assert_int_equal(sk_alphabet_add(&f, "Z", 1, NULL, 0), SK_ETOOBIG);
    assert_int_equal(f.size, SK_ALPHABET_MAX);
}

static void brackets(void **state)
{
    (void)state;
    sk_alphabet a;
    digraphs(&a);
    readout o;
    int all = SK_READ_BLANK | SK_READ_BLANKED;
    assert_int_equal(read_all(&a, "[CH]O[l\xc2\xb7l]?[QU]\xc3\x91", all, &o), 6);
    assert_int_equal(o.r, SK_TILE_READ_END);
    const sk_tile want[] = {CH, O, LDOTL | SK_TILE_BLANKED, SK_TILE_WILD, QU, NTILDE};
    assert_memory_equal(o.t, want, sizeof(want));
    /* without brackets "CH" is C then H, and "LL" is two L */
    assert_int_equal(read_all(&a, "CHLL", all, &o), 4);
    assert_int_equal(o.t[0], C);
    assert_int_equal(o.t[1], H);
    assert_int_equal(o.t[3], L);
    /* a single character may be bracketed too */
    assert_int_equal(read_all(&a, "[O][?]", all, &o), 2);
    assert_int_equal(o.t[0], O);
    assert_int_equal(o.t[1], SK_TILE_WILD);
}

static void read_errors(void **state)
{
    (void)state;
    sk_alphabet a;
    digraphs(&a);
    readout o;
    int all = SK_READ_BLANK | SK_READ_BLANKED;
    struct {
        const char *text;
        int flags, good;
        sk_tile_read r;
        size_t stop;
    } cases[] = {
        {"O[CH", all, 1, SK_TILE_READ_UNCLOSED, 1},
        {"O[]", all, 1, SK_TILE_READ_EMPTY, 1},
        {"O[XY]", all, 1, SK_TILE_READ_UNKNOWN, 1},
        {"OZ", all, 1, SK_TILE_READ_UNKNOWN, 1},
        {"O\xc3", all, 1, SK_TILE_READ_BAD_UTF8, 1},
        {"[C\xff]", all, 0, SK_TILE_READ_BAD_UTF8, 0},
        {"O?", SK_READ_BLANKED, 1, SK_TILE_READ_NOT_ALLOWED, 1},
        {"Oo", SK_READ_BLANK, 1, SK_TILE_READ_NOT_ALLOWED, 1},
        {"[ch]", 0, 0, SK_TILE_READ_NOT_ALLOWED, 0},
        {"", all, 0, SK_TILE_READ_END, 0},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        assert_int_equal(read_all(&a, cases[i].text, cases[i].flags, &o), cases[i].good);
        assert_int_equal(o.r, cases[i].r);
        assert_int_equal(o.stop, cases[i].stop);
    }
}

static void greedy_and_fold(void **state)
{
    (void)state;
    sk_alphabet a;
    digraphs(&a);
    readout o;
    /* word-list mode: longest label first, any case */
    int words = SK_READ_GREEDY | SK_READ_FOLD;
    assert_int_equal(read_all(&a, "chOCh", words, &o), 3);
    assert_int_equal(o.r, SK_TILE_READ_END);
    const sk_tile want[] = {CH, O, CH};
    assert_memory_equal(o.t, want, sizeof(want));
    assert_int_equal(read_all(&a, "l\xc2\xb7lLlqu\xc3\xb1", words, &o), 4);
    const sk_tile want2[] = {LDOTL, LL, QU, NTILDE};
    assert_memory_equal(o.t, want2, sizeof(want2));
    /* "L·" alone is an L and then a character no tile has */
    assert_int_equal(read_all(&a, "L\xc2\xb7", words, &o), 1);
    assert_int_equal(o.r, SK_TILE_READ_UNKNOWN);
    assert_int_equal(o.stop, 1);
    /* greedy without folding: lower case is a blank */
    assert_int_equal(read_all(&a, "chCH", SK_READ_GREEDY | SK_READ_BLANKED, &o), 2);
    assert_int_equal(o.t[0], CH | SK_TILE_BLANKED);
    assert_int_equal(o.t[1], CH);
}

static void write_labels(void **state)
{
    (void)state;
    sk_alphabet a;
    digraphs(&a);
    char text[SK_LABEL_TEXT_MAX + 1];
    assert_int_equal(sk_alphabet_label(&a, CH, text), 4);
    assert_string_equal(text, "[CH]");
    assert_int_equal(sk_alphabet_label(&a, LDOTL | SK_TILE_BLANKED, text), 6);
    assert_string_equal(text, "[l\xc2\xb7l]");
    assert_int_equal(sk_alphabet_label(&a, NTILDE | SK_TILE_BLANKED, text), 2);
    assert_string_equal(text, "\xc3\xb1");
    /* the blank is "?" unplayed (SK_TILE_WILD) and as kind 0 */
    assert_int_equal(sk_alphabet_label(&a, SK_TILE_WILD, text), 1);
    assert_string_equal(text, "?");
    assert_int_equal(sk_alphabet_label(&a, 0, text), 1);
    assert_string_equal(text, "?");
    /* letters past the alphabet, blanked or not, and bits outside a tile have no label */
    assert_int_equal(sk_alphabet_label(&a, 40, text), 0);
    assert_int_equal(sk_alphabet_label(&a, 40 | SK_TILE_BLANKED, text), 0);
    assert_int_equal(sk_alphabet_label(&a, 0x80 | O, text), 0);
    assert_int_equal(sk_alphabet_width(&a, LDOTL), 5);
    assert_int_equal(sk_alphabet_width(&a, NTILDE), 1);
    assert_int_equal(sk_alphabet_width(&a, CH | SK_TILE_BLANKED), 4);
    /* every tile written reads back as itself; the blank is SK_TILE_WILD (kind 0, blanked) */
    for (int k = 0; k < a.size; k++) {
        for (int blanked = 0; blanked < 2; blanked++) {
            if (k == 0 && !blanked) continue;
            sk_tile tile = (sk_tile)(k | (blanked ? SK_TILE_BLANKED : 0)), back = 0xff;
            size_t n = sk_alphabet_label(&a, tile, text), pos = 0;
            assert_int_equal(
                sk_alphabet_read(&a, text, n, &pos, SK_READ_BLANK | SK_READ_BLANKED, &back),
                SK_TILE_READ_OK);
            assert_int_equal(back, tile);
            assert_int_equal(pos, n);
        }
    }
    sk_buf b;
    sk_buf_init(&b);
    sk_alphabet_write(&a, QU, &b);
    sk_alphabet_write(&a, O, &b);
    assert_int_equal(b.len, 5);
    assert_memory_equal(b.data, "[QU]O", 5);
    sk_buf_free(&b);
}

/* A tile string as text: labels as written, or the letters a word reads as; cut at a whole tile. */
static void tile_string_text(void **state)
{
    (void)state;
    sk_alphabet a;
    digraphs(&a);
    const char tiles[] = {CH, (char)(O | SK_TILE_BLANKED), (char)SK_TILE_WILD, LDOTL, 0};
    char out[32];
    assert_int_equal(sk_alphabet_text(&a, tiles, 0, out, sizeof(out)), 12);
    assert_string_equal(out, "[CH]o?[L\xc2\xb7L]");
    assert_int_equal(sk_alphabet_text(&a, tiles, 1, out, sizeof(out)), 12);
    assert_string_equal(out, "[CH]O?[L\xc2\xb7L]");
    assert_int_equal(sk_alphabet_text(&a, tiles, 0, out, 8), 6); /* [L·L] would not fit */
    assert_string_equal(out, "[CH]o?");
    assert_int_equal(sk_alphabet_text(&a, tiles, 0, out, 4), 0); /* nor [CH] */
    assert_string_equal(out, "");
}

/* An excerpt of input in a message is text for a terminal: UTF-8 as it is, another byte as its
 * Latin-1 character, a control character as \xHH; a long text is cut where a character starts. */
static void excerpts(void **state)
{
    (void)state;
    char out[SK_EXCERPT_MAX];
    sk_excerpt("caf\xc3\xa9", 5, out);
    assert_string_equal(out, "caf\xc3\xa9");
    sk_excerpt("caf\xe9", 4, out);
    assert_string_equal(out, "caf\xc3\xa9");
    sk_excerpt("a\x1b[\tz\x7f", 6, out);
    assert_string_equal(out, "a\\x1b[\tz\\x7f");
    char controls[24];
    memset(controls, 0x0c, sizeof(controls)); /* the longest excerpt: 24 bytes, 4 each */
    sk_excerpt(controls, sizeof(controls), out);
    assert_int_equal(strlen(out), 96);
    sk_excerpt("abcdefghijklmnopqrst\xc3\xa9xyz", 25, out); /* cut before the 21st byte's "é" */
    assert_string_equal(out, "abcdefghijklmnopqrst...");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(decode_good_and_bad),
        cmocka_unit_test(encode_round_trip),
        cmocka_unit_test(case_mapping),
        cmocka_unit_test(display_width),
        cmocka_unit_test(latin_alphabet),
        cmocka_unit_test(add_rejects),
        cmocka_unit_test(brackets),
        cmocka_unit_test(read_errors),
        cmocka_unit_test(greedy_and_fold),
        cmocka_unit_test(write_labels),
        cmocka_unit_test(tile_string_text),
        cmocka_unit_test(excerpts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
