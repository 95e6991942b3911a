/* test_tiles.c — tile sets: the built-ins, the resource files that mirror them, the CS104 tile
 * file and macondo/MAGPIE CSV parsers with the exact diagnostics (message, line, column) for
 * each kind of mistake, and the small tile helpers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define expect_diag(t, d, sev, l, c, m) tu_expect_diag_at(t, d, sev, l, c, m, 1)
#define expect_counts tu_expect_counts
#define dump tu_diag_dump

#include "skrab/buf.h"
#include "skrab/error.h"
#include "skrab/tiles.h"

static int parse(sk_tileset *t, const char *text, sk_tiles_format fmt, sk_diag_list *d)
{
    sk_diag_list_init(d);
    int rc = sk_tileset_parse(t, text, strlen(text), fmt, d);
    sk_diag_list_sort(d);
    return rc;
}

static int T(char c)
{
    return sk_tile_from_char(c);
}

/* ---- built-ins and helpers ------------------------------------------------------------------ */

typedef struct {
    char letter;
    int score, count;
} letter_check;

static void check_letters(const sk_tileset *t, const letter_check *checks, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int tile = sk_tile_from_char(checks[i].letter);
        if (t->score[tile] != checks[i].score || t->count[tile] != checks[i].count)
            fail_msg("%c: score %d count %d, expected %d and %d", checks[i].letter, t->score[tile],
                     t->count[tile], checks[i].score, checks[i].count);
    }
}

static void builtin_skrabbkle(void **state)
{
    (void)state;
    sk_tileset t;
    assert_int_equal(sk_tileset_builtin(&t, "skrabbkle"), SK_OK);
    assert_int_equal(t.total, 99);
    assert_int_equal(t.count[SK_TILE_BLANK], 2);
    assert_int_equal(t.score[SK_TILE_BLANK], 5);
    /* the values of docs/rules.md, "The SkraBBKle bag" (older SkraBBKle examples used X 8, Y 4,
     * wildcard 3) */
    static const letter_check checks[] = {{'Q', 12, 1}, {'Z', 11, 1}, {'X', 9, 1}, {'Y', 5, 2},
                                          {'K', 6, 1},  {'E', 1, 10}, {'N', 1, 7}, {'U', 1, 5},
                                          {'W', 4, 1},  {'D', 2, 4},  {'F', 4, 3}};
    check_letters(&t, checks, sizeof(checks) / sizeof(checks[0]));
    int letters = 0;
    for (int i = 1; i < SK_TILE_KINDS; i++)
        letters += t.count[i];
    assert_int_equal(letters, 97);
    /* the blank and A..Z are defined, the kinds past Z are not */
    assert_int_equal(t.alphabet.size, 27);
    for (int i = 0; i < SK_TILE_KINDS; i++)
        assert_int_equal(t.defined[i], i < 27);
    assert_int_equal(t.vowel[T('A')], 1);
    assert_int_equal(t.vowel[T('U')], 1);
    assert_int_equal(t.vowel[T('Y')], 0);
    assert_int_equal(t.vowel[SK_TILE_BLANK], 0);
}

static void builtin_english(void **state)
{
    (void)state;
    sk_tileset t;
    assert_int_equal(sk_tileset_builtin(&t, "english"), SK_OK);
    assert_int_equal(t.total, 100);
    assert_int_equal(t.count[SK_TILE_BLANK], 2);
    assert_int_equal(t.score[SK_TILE_BLANK], 0);
    static const letter_check checks[] = {{'Q', 10, 1}, {'Z', 10, 1}, {'J', 8, 1}, {'K', 5, 1},
                                          {'Y', 4, 2},  {'E', 1, 12}, {'A', 1, 9}, {'O', 1, 8},
                                          {'W', 4, 2},  {'N', 1, 6},  {'G', 2, 3}};
    check_letters(&t, checks, sizeof(checks) / sizeof(checks[0]));
    int points = 0;
    for (int i = 0; i < SK_TILE_KINDS; i++)
        points += t.count[i] * t.score[i];
    assert_int_equal(points, 187); /* the well-known face value of a full English bag */
    /* names are exact */
    assert_int_equal(sk_tileset_builtin(&t, "klingon"), SK_ENOTFOUND);
    assert_int_equal(sk_tileset_builtin(&t, "English"), SK_ENOTFOUND);
    assert_int_equal(sk_tileset_builtin(&t, ""), SK_ENOTFOUND);
}

static void tile_from_char(void **state)
{
    (void)state;
    assert_int_equal(sk_tile_from_char('A'), 1);
    assert_int_equal(sk_tile_from_char('a'), 1);
    assert_int_equal(sk_tile_from_char('Z'), 26);
    assert_int_equal(sk_tile_from_char('z'), 26);
    assert_int_equal(sk_tile_from_char('M'), 13);
    assert_int_equal(sk_tile_from_char('?'), SK_TILE_BLANK);
    const char bad[] = {'@', '[', '`', '{', '0', ' ', '.', '\0', (char)0xc9};
    for (size_t i = 0; i < sizeof(bad); i++)
        assert_int_equal(sk_tile_from_char(bad[i]), -1);
}

static void score_of(void **state)
{
    (void)state;
    sk_tileset en, sk;
    assert_int_equal(sk_tileset_builtin(&en, "english"), SK_OK);
    assert_int_equal(sk_tileset_builtin(&sk, "skrabbkle"), SK_OK);
    assert_int_equal(sk_tileset_score_of(&en, tu_tile('Q')), 10);
    assert_int_equal(sk_tileset_score_of(&en, tu_tile('q')), 0);
    assert_int_equal(sk_tileset_score_of(&sk, tu_tile('Q')), 12);
    assert_int_equal(sk_tileset_score_of(&sk, tu_tile('q')), 5); /* a wildcard played as Q */
    assert_int_equal(sk_tileset_score_of(&sk, tu_tile('A')), 1);
    assert_int_equal(sk_tileset_score_of(&sk, tu_tile('?')), 5); /* an unplayed wildcard */
    /* no tile of the set: a GCG '.', letters past Z (played or as a blank), stray bits */
    assert_int_equal(sk_tileset_score_of(&sk, tu_tile('.')), 0);
    assert_int_equal(sk_tileset_score_of(&sk, 27), 0);
    assert_int_equal(sk_tileset_score_of(&sk, 27 | SK_TILE_BLANKED), 0);
    assert_int_equal(sk_tileset_score_of(&sk, (char)(0x80 | 17)), 0);
}

/* The resource files hold exactly the built-in sets. */
static void resource_file_matches(const char *name)
{
    char rel[64];
    snprintf(rel, sizeof(rel), "resources/tiles/%s.txt", name);
    sk_buf text;
    tu_read_source(&text, rel);
    sk_tileset file, builtin;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_tileset_parse(&file, text.data, text.len, SK_TILES_FORMAT_AUTO, &d), SK_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(sk_tileset_builtin(&builtin, name), SK_OK);
    assert_memory_equal(file.count, builtin.count, sizeof(file.count));
    assert_memory_equal(file.score, builtin.score, sizeof(file.score));
    assert_memory_equal(file.defined, builtin.defined, sizeof(file.defined));
    assert_memory_equal(file.vowel, builtin.vowel, sizeof(file.vowel));
    assert_int_equal(file.total, builtin.total);
    sk_diag_list_free(&d);
    sk_buf_free(&text);
}

static void resource_files(void **state)
{
    (void)state;
    resource_file_matches("english");
    resource_file_matches("skrabbkle");
}

/* ---- CS104 tile files ----------------------------------------------------------------------- */

static void cs104_seed_example(void **state)
{
    (void)state;
    const char *text = "a 1 6\nb 3 2\n? 0 2\nc 3 2\n";
    sk_tileset t;
    sk_diag_list d;
    assert_int_equal(parse(&t, text, SK_TILES_FORMAT_AUTO, &d), SK_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(t.total, 12);
    assert_int_equal(t.count[T('a')], 6);
    assert_int_equal(t.score[T('B')], 3);
    assert_int_equal(t.count[SK_TILE_BLANK], 2);
    assert_int_equal(t.defined[SK_TILE_BLANK], 1);
    assert_int_equal(t.defined[T('c')], 1);
    assert_int_equal(t.defined[T('d')], 0);
    assert_int_equal(t.count[T('d')], 0);
    assert_int_equal(t.vowel[T('a')], 1);
    assert_int_equal(t.vowel[T('b')], 0);
    sk_diag_list_free(&d);
}

static void cs104_lenient_spacing(void **state)
{
    (void)state;
    /* runs of spaces and tabs between fields, trailing whitespace, a blank line, no final
     * newline, a leading space */
    const char *text = "A  1\t 9  \n\n B 3 2\t\nZ 10 1";
    sk_tileset t;
    sk_diag_list d;
    assert_int_equal(parse(&t, text, SK_TILES_FORMAT_CS104, &d), SK_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(t.count[T('A')], 9);
    assert_int_equal(t.score[T('Z')], 10);
    assert_int_equal(t.total, 12);
    sk_diag_list_free(&d);
}

static void cs104_every_error(void **state)
{
    (void)state;
    const char *text = "A 1 9\n"
                       "b 3\n"
                       "C+ 5 1\n"
                       "5 1 1\n"
                       "a 2 2\n"
                       "E -1 3\n"
                       "F 1 0\n"
                       "G 1 2 x\n"
                       "Q! 10 1\n"
                       "H x 2\n"
                       "I 1 1001\n"
                       "J 1001 1\n"
                       "K\n"
                       "A1 1 1\n"
                       "L 1 1\n"
                       "L 2 2\n";
    sk_tileset t;
    sk_diag_list d;
    assert_int_equal(parse(&t, text, SK_TILES_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, 2, 4, "missing count: expected 'LETTER POINTS COUNT'");
    expect_diag(text, &d, SK_SEV_ERROR, 3, 2, "tile 'C+' has '+', which is not a letter");
    expect_diag(text, &d, SK_SEV_ERROR, 4, 1, "tile '5' is not a letter or '?'");
    expect_diag(text, &d, SK_SEV_ERROR, 5, 1,
                "duplicate tile 'a': 'A' on line 1 is the same letter");
    expect_diag(text, &d, SK_SEV_ERROR, 6, 3, "points -1 out of range 0..1000");
    expect_diag(text, &d, SK_SEV_ERROR, 7, 5, "count 0 out of range 1..1000");
    expect_diag(text, &d, SK_SEV_ERROR, 8, 7,
                "unexpected 'x' after the count: expected 'LETTER POINTS COUNT'");
    expect_diag(text, &d, SK_SEV_ERROR, 9, 2, "tile 'Q!' has '!', which is not a letter");
    expect_diag(text, &d, SK_SEV_ERROR, 10, 3,
                "points 'x' is not a number: expected 'LETTER POINTS COUNT'");
    expect_diag(text, &d, SK_SEV_ERROR, 11, 5, "count 1001 out of range 1..1000");
    expect_diag(text, &d, SK_SEV_ERROR, 12, 3, "points 1001 out of range 0..1000");
    expect_diag(text, &d, SK_SEV_ERROR, 13, 2,
                "missing points and count: expected 'LETTER POINTS COUNT'");
    expect_diag(text, &d, SK_SEV_ERROR, 14, 2, "tile 'A1' has '1', which is not a letter");
    expect_diag(text, &d, SK_SEV_ERROR, 16, 1, "duplicate tile 'L' (already defined on line 15)");
    expect_counts(text, &d, 14, 0);
    /* the good lines still count; the first of a duplicate pair wins */
    assert_int_equal(t.count[T('A')], 9);
    assert_int_equal(t.count[T('L')], 1);
    assert_int_equal(t.defined[T('B')], 0);
    assert_int_equal(t.total, 10);
    sk_diag_list_free(&d);
}

static void cs104_bad_bytes(void **state)
{
    (void)state;
    const char *text = "\xff 1 1\n\x01 1 1\nA 1 1\nB\x80 1 1\n";
    sk_tileset t;
    sk_diag_list d;
    assert_int_equal(parse(&t, text, SK_TILES_FORMAT_CS104, &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, 1, 1,
                "tile contains byte 0xff, which is not UTF-8: a label is letters in UTF-8 or '?'");
    expect_diag(text, &d, SK_SEV_ERROR, 2, 1,
                "tile contains byte 0x01, a control character: a label is letters or '?'");
    expect_diag(text, &d, SK_SEV_ERROR, 4, 2,
                "tile contains byte 0x80, which is not UTF-8: a label is letters in UTF-8 or '?'");
    expect_counts(text, &d, 3, 0);
    sk_diag_list_free(&d);
    text = "ABCDEFGHIJKLMNOPQRSTUVWXYZ 1 1\n";
    assert_int_equal(parse(&t, text, SK_TILES_FORMAT_CS104, &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, 1, 1,
                "tile 'ABCDEFGHIJKLMNOPQRSTU...' is longer than 15 bytes");
    expect_counts(text, &d, 1, 0);
    sk_diag_list_free(&d);
}

static void empty_blank_and_letterless_files(void **state)
{
    (void)state;
    const char *texts[] = {"", "\n\n", "  \n\t\n"};
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        sk_tileset t;
        sk_diag_list d;
        assert_int_equal(parse(&t, texts[i], SK_TILES_FORMAT_AUTO, &d), SK_EINVAL);
        expect_diag(texts[i], &d, SK_SEV_ERROR, 1, 1,
                    "empty file: expected lines 'LETTER POINTS COUNT'");
        expect_counts(texts[i], &d, 1, 0);
        sk_diag_list_free(&d);
    }
    sk_tileset t;
    sk_diag_list d;
    assert_int_equal(parse(&t, "", SK_TILES_FORMAT_CSV, &d), SK_EINVAL);
    expect_diag("", &d, SK_SEV_ERROR, 1, 1,
                "empty file: expected CSV lines 'label,count,score,vowel'");
    sk_diag_list_free(&d);
    const char *text = "? 0 2\n"; /* no letters */
    assert_int_equal(parse(&t, text, SK_TILES_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, 0, 0,
                "no letters: a tile set needs at least one letter besides the blank");
    expect_counts(text, &d, 1, 0);
    sk_diag_list_free(&d);
    /* not repeated when the lines themselves are wrong */
    text = "C1 1 1\n";
    assert_int_equal(parse(&t, text, SK_TILES_FORMAT_AUTO, &d), SK_EINVAL);
    expect_counts(text, &d, 1, 0);
    sk_diag_list_free(&d);
}

static void text_checks(void **state)
{
    (void)state;
    sk_tileset t;
    sk_diag_list d;
    const char *crlf = "A 1 1\r\nB 2 2\r\n";
    assert_int_equal(parse(&t, crlf, SK_TILES_FORMAT_AUTO, &d), SK_OK);
    expect_diag(crlf, &d, SK_SEV_WARNING, 1, 6,
                "line ends in CRLF (Windows line ending); accepted");
    expect_counts(crlf, &d, 0, 1);
    assert_int_equal(t.score[T('B')], 2);
    sk_diag_list_free(&d);

    const char nul[] = "A 1 1\nB\0 2 2\n";
    sk_diag_list_init(&d);
    assert_int_equal(sk_tileset_parse(&t, nul, sizeof(nul) - 1, SK_TILES_FORMAT_AUTO, &d),
                     SK_EINVAL);
    assert_true(d.errors >= 1);
    assert_string_equal(d.items[0].message, "NUL byte in a text file");
    assert_int_equal(d.items[0].offset, 7);
    sk_diag_list_free(&d);

    const char *trailing = "A 1 1\n\n\n";
    assert_int_equal(parse(&t, trailing, SK_TILES_FORMAT_AUTO, &d), SK_OK);
    expect_counts(trailing, &d, 0, 1);
    sk_diag_list_free(&d);
}

static void too_big_and_null_diags(void **state)
{
    (void)state;
    size_t len = SK_TILES_FILE_MAX + 1;
    char *big = malloc(len);
    assert_non_null(big);
    memset(big, '\n', len);
    memcpy(big, "A 1 1", 5);
    sk_tileset t;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_tileset_parse(&t, big, len, SK_TILES_FORMAT_AUTO, &d), SK_EINVAL);
    assert_int_equal(d.errors, 1);
    assert_string_equal(d.items[0].message, "tile set is 65537 bytes, more than the limit 65536");
    sk_diag_list_free(&d);
    /* at the limit it is read */
    assert_int_equal(sk_tileset_parse(&t, big, len - 1, SK_TILES_FORMAT_AUTO, NULL), SK_OK);
    assert_int_equal(t.total, 1);
    free(big);
    const char *bad = "A 1\n";
    const char *good = "A 1 1\n";
    assert_int_equal(sk_tileset_parse(&t, bad, strlen(bad), SK_TILES_FORMAT_AUTO, NULL), SK_EINVAL);
    assert_int_equal(sk_tileset_parse(&t, good, strlen(good), SK_TILES_FORMAT_AUTO, NULL), SK_OK);
    assert_int_equal(t.total, 1);
}

/* ---- CSV ------------------------------------------------------------------------------------- */

/* Builds a macondo CSV of the English set; Y is flagged a vowel to show the flag is read. */
static void english_csv(char *out, size_t cap, int magpie)
{
    sk_tileset en;
    sk_tileset_builtin(&en, "english");
    size_t n = (size_t)snprintf(out, cap, magpie ? "?,?,2,0,0\n" : "?,2,0,0\n");
    for (int i = 1; i <= 26; i++) {
        char c = (char)('A' + i - 1);
        int vowel = strchr("AEIOUY", c) != NULL;
        if (magpie)
            n += (size_t)snprintf(out + n, cap - n, "%c,%c,%d,%d,%d\n", c, c - 'A' + 'a',
                                  en.count[i], en.score[i], vowel);
        else
            n += (size_t)snprintf(out + n, cap - n, "%c,%d,%d,%d\n", c, en.count[i], en.score[i],
                                  vowel);
    }
}

static void csv_good(void **state)
{
    (void)state;
    sk_tileset en;
    sk_tileset_builtin(&en, "english");
    for (int magpie = 0; magpie <= 1; magpie++) {
        char text[1024];
        english_csv(text, sizeof(text), magpie);
        sk_tileset t;
        sk_diag_list d;
        assert_int_equal(parse(&t, text, SK_TILES_FORMAT_AUTO, &d), SK_OK);
        assert_int_equal(d.count, 0);
        assert_memory_equal(t.count, en.count, sizeof(t.count));
        assert_memory_equal(t.score, en.score, sizeof(t.score));
        assert_int_equal(t.total, 100);
        assert_int_equal(t.vowel[T('Y')], 1);
        assert_int_equal(t.vowel[T('E')], 1);
        assert_int_equal(t.vowel[T('B')], 0);
        assert_int_equal(t.vowel[SK_TILE_BLANK], 0);
        sk_diag_list_free(&d);
    }
}

static void csv_seven_columns_and_spaces(void **state)
{
    (void)state;
    /* MAGPIE's 7-column form (two display labels, ignored); spaces around fields; a blank
     * line before the first line (auto-detection looks at the first non-blank line); a
     * letter with count 0 is defined but not in the bag */
    const char *text = "\n?,?,2,0,0,\xef\xbc\x9f,\xef\xbc\x9f\n A , a , 9 , 1 , 1 ,x,y\n"
                       "B,b,0,3,0,x,y\n";
    sk_tileset t;
    sk_diag_list d;
    assert_int_equal(parse(&t, text, SK_TILES_FORMAT_AUTO, &d), SK_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(t.count[T('A')], 9);
    assert_int_equal(t.vowel[T('A')], 1);
    assert_int_equal(t.defined[T('B')], 1);
    assert_int_equal(t.count[T('B')], 0);
    assert_int_equal(t.score[T('B')], 3);
    assert_int_equal(t.total, 11);
    sk_diag_list_free(&d);
}

static void csv_every_error(void **state)
{
    (void)state;
    const char *text = "?,0,2,0\n"
                       "A,9,1,1\n"
                       "B,2,3\n"
                       "C,x,3,0\n"
                       "A,1,1,1\n"
                       "L.L,1,10,0\n"
                       "D,4,2,10\n"
                       "E,a,12,1,1\n"
                       "F,1001,4,0\n"
                       "G,3,,0\n"
                       "H,2,4,yes\n"
                       ",1,1,0\n"
                       "I,9,-1,1\n";
    sk_tileset t;
    sk_diag_list d;
    assert_int_equal(parse(&t, text, SK_TILES_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, 3, 0,
                "expected 4 (label,count,score,vowel) or 5 or 7 "
                "(label,lowercase,count,score,vowel[,..]) comma-separated columns, found 3");
    expect_diag(text, &d, SK_SEV_ERROR, 4, 3, "count 'x' is not a number");
    expect_diag(text, &d, SK_SEV_ERROR, 5, 1, "duplicate tile 'A' (already defined on line 2)");
    expect_diag(text, &d, SK_SEV_ERROR, 6, 2, "tile 'L.L' has '.', which is not a letter");
    expect_diag(text, &d, SK_SEV_WARNING, 7, 7,
                "vowel flag 10 is neither 0 nor 1; read as not a vowel");
    expect_diag(text, &d, SK_SEV_ERROR, 8, 0, "line has 5 columns, but the first line has 4");
    expect_diag(text, &d, SK_SEV_ERROR, 9, 3, "count 1001 out of range 0..1000");
    expect_diag(text, &d, SK_SEV_ERROR, 10, 5, "missing score");
    expect_diag(text, &d, SK_SEV_ERROR, 11, 7, "vowel flag 'yes' is not a number");
    expect_diag(text, &d, SK_SEV_ERROR, 12, 1, "empty tile label: expected a letter or '?'");
    expect_diag(text, &d, SK_SEV_ERROR, 13, 5, "score -1 out of range 0..1000");
    expect_counts(text, &d, 10, 1);
    /* the warning line still defines D, as not a vowel */
    assert_int_equal(t.defined[T('D')], 1);
    assert_int_equal(t.vowel[T('D')], 0);
    assert_int_equal(t.count[SK_TILE_BLANK], 0); /* "?,0,2,0": count 0, score 2 */
    assert_int_equal(t.score[SK_TILE_BLANK], 2);
    sk_diag_list_free(&d);
}

static void csv_first_line(void **state)
{
    (void)state;
    sk_tileset t;
    sk_diag_list d;
    const char *no_blank = "A,9,1,1\nB,2,3,0\n";
    assert_int_equal(parse(&t, no_blank, SK_TILES_FORMAT_CSV, &d), SK_EINVAL);
    expect_diag(no_blank, &d, SK_SEV_ERROR, 1, 1,
                "the first line must be the blank '?' (tile 0), found 'A'");
    expect_counts(no_blank, &d, 1, 0);
    sk_diag_list_free(&d);

    const char *header = "label,count,score,vowel\n?,2,0,0\nA,9,1,1\n";
    assert_int_equal(parse(&t, header, SK_TILES_FORMAT_CSV, &d), SK_EINVAL);
    expect_diag(header, &d, SK_SEV_ERROR, 1, 0,
                "line 1 looks like a header: a letter-distribution CSV has none, its first line "
                "is the blank '?'");
    expect_counts(header, &d, 1, 0);
    sk_diag_list_free(&d);

    const char *wrong = "\n\nfoo,bar\n?,2,0,0\n";
    assert_int_equal(parse(&t, wrong, SK_TILES_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(wrong, &d, SK_SEV_ERROR, 3, 0,
                "expected 4 (label,count,score,vowel) or 5 or 7 "
                "(label,lowercase,count,score,vowel[,..]) comma-separated columns, found 2");
    expect_counts(wrong, &d, 1, 0);
    sk_diag_list_free(&d);
}

static void csv_lowercase_column(void **state)
{
    (void)state;
    const char *text = "?,?,2,0,0\nA,a,9,1,1\nB,c,2,3,0\nC,C,2,3,0\nD,dd,4,2,0\n?,x,1,1,0\n";
    sk_tileset t;
    sk_diag_list d;
    assert_int_equal(parse(&t, text, SK_TILES_FORMAT_CSV, &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, 3, 3,
                "lowercase label 'c' does not match the tile: expected 'b'");
    expect_diag(text, &d, SK_SEV_ERROR, 4, 3,
                "lowercase label 'C' does not match the tile: expected 'c'");
    expect_diag(text, &d, SK_SEV_ERROR, 5, 3,
                "lowercase label 'dd' does not match the tile: expected 'd'");
    expect_diag(text, &d, SK_SEV_ERROR, 6, 3,
                "lowercase label 'x' does not match the tile: expected '?'");
    expect_diag(text, &d, SK_SEV_ERROR, 6, 1, "duplicate tile '?' (already defined on line 1)");
    expect_counts(text, &d, 5, 0);
    sk_diag_list_free(&d);
}

static void forced_formats(void **state)
{
    (void)state;
    sk_tileset t;
    sk_diag_list d;
    /* a CS104 file read as CSV: one column a line */
    const char *cs104 = "A 1 9\n";
    assert_int_equal(parse(&t, cs104, SK_TILES_FORMAT_CSV, &d), SK_EINVAL);
    expect_diag(cs104, &d, SK_SEV_ERROR, 1, 0,
                "expected 4 (label,count,score,vowel) or 5 or 7 "
                "(label,lowercase,count,score,vowel[,..]) comma-separated columns, found 1");
    expect_counts(cs104, &d, 1, 0);
    sk_diag_list_free(&d);
    /* a CSV read as CS104: one field that is not a tile */
    const char *csv = "?,2,0,0\n";
    assert_int_equal(parse(&t, csv, SK_TILES_FORMAT_CS104, &d), SK_EINVAL);
    expect_diag(csv, &d, SK_SEV_ERROR, 1, 2, "tile '?,2,0,0' has ',', which is not a letter");
    expect_diag(csv, &d, SK_SEV_ERROR, 1, 8,
                "missing points and count: expected 'LETTER POINTS COUNT'");
    expect_counts(csv, &d, 2, 0);
    sk_diag_list_free(&d);
}

static void diagnostics_cap(void **state)
{
    (void)state;
    /* thousands of bad lines: the list is capped, every error is still counted */
    size_t lines = 3000, cap = lines * 6 + 1, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    for (size_t i = 0; i < lines; i++)
        n += (size_t)snprintf(text + n, cap - n, "A 1 x\n");
    sk_tileset t;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_tileset_parse(&t, text, n, SK_TILES_FORMAT_AUTO, &d), SK_EINVAL);
    assert_int_equal(d.errors, lines);
    assert_int_equal(d.count, SK_DIAG_MAX_ENTRIES);
    assert_true(d.truncated);
    sk_diag_list_free(&d);
    free(text);
}

/* ---- alphabets beyond A..Z --------------------------------------------------------------- */

/* Kinds (the blank included) and tiles of each built-in language set: the published counts. */
static void builtin_languages(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int kinds, tiles, latin;
    } sets[] = {
        {"catalan", 27, 100, 0}, {"dutch", 27, 102, 1},   {"english", 27, 100, 1},
        {"french", 27, 102, 1},  {"german", 30, 102, 0},  {"norwegian", 27, 100, 0},
        {"polish", 33, 100, 0},  {"slovene", 26, 100, 0}, {"spanish", 29, 100, 0},
        {"swedish", 28, 100, 0},
    };
    int named = 0;
    for (int i = 0; sk_tileset_builtin_name(i); i++)
        named++;
    assert_int_equal(named, 1 + (int)(sizeof(sets) / sizeof(sets[0])));
    for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
        sk_tileset t;
        assert_int_equal(sk_tileset_builtin(&t, sets[i].name), SK_OK);
        int kinds = 0;
        for (int k = 0; k < SK_ALPHABET_MAX; k++)
            kinds += t.defined[k];
        if (kinds != sets[i].kinds || t.total != sets[i].tiles)
            fail_msg("%s: %d kinds, %d tiles", sets[i].name, kinds, t.total);
        assert_int_equal(sk_tileset_is_latin(&t), sets[i].latin);
        assert_int_equal(t.count[SK_TILE_BLANK], 2);
        if (!sets[i].latin) assert_int_equal(t.alphabet.size, sets[i].kinds);
    }
    /* the Spanish digraphs are tiles of their own, numbered in the order of the set */
    sk_tileset es;
    assert_int_equal(sk_tileset_builtin(&es, "spanish"), SK_OK);
    assert_string_equal(es.alphabet.upper[4], "CH");
    assert_string_equal(es.alphabet.lower[4], "ch");
    assert_int_equal(es.score[4], 5);
    assert_string_equal(es.alphabet.upper[16], "\xc3\x91"); /* Ñ */
    assert_int_equal(es.score[16], 8);
    assert_int_equal(es.vowel[1], 1);
    assert_int_equal(es.vowel[4], 0);
    sk_tileset pl;
    assert_int_equal(sk_tileset_builtin(&pl, "polish"), SK_OK);
    assert_string_equal(pl.alphabet.upper[16], "\xc5\x81"); /* Ł */
    assert_string_equal(pl.alphabet.lower[16], "\xc5\x82"); /* ł */
    assert_int_equal(pl.score[32], 5);                      /* Ż */
}

/* A CS104 file and a CSV with UTF-8 and multi-letter labels; the letters are numbered in the
 * order of the file, upper-cased, and a label in either case is one letter. */
static void utf8_and_digraph_labels(void **state)
{
    (void)state;
    sk_tileset t;
    sk_diag_list d;
    const char *cs104 = "? 0 2\n"
                        "a 1 9\n"
                        "ch 5 1\n"
                        "\xc5\x82 3 2\n" /* ł */
                        "L\xc2\xb7L 10 1\n";
    assert_int_equal(parse(&t, cs104, SK_TILES_FORMAT_AUTO, &d), SK_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(t.alphabet.size, 5);
    assert_string_equal(t.alphabet.upper[2], "CH");
    assert_string_equal(t.alphabet.upper[3], "\xc5\x81");
    assert_string_equal(t.alphabet.lower[4], "l\xc2\xb7l");
    assert_int_equal(t.count[3], 2);
    assert_int_equal(t.vowel[1], 1); /* A: the default vowels */
    assert_int_equal(t.total, 15);
    sk_diag_list_free(&d);
    const char *dup = "NY 1 1\nny 2 2\n\xc5\x81 1 1\n\xc5\x82 1 1\n";
    assert_int_equal(parse(&t, dup, SK_TILES_FORMAT_CS104, &d), SK_EINVAL);
    expect_diag(dup, &d, SK_SEV_ERROR, 2, 1,
                "duplicate tile 'ny': 'NY' on line 1 is the same letter");
    expect_diag(dup, &d, SK_SEV_ERROR, 4, 1,
                "duplicate tile '\xc5\x82': '\xc5\x81' on line 3 is the same letter");
    expect_counts(dup, &d, 2, 0);
    sk_diag_list_free(&d);
    const char *csv = "?,?,2,0,0\n"
                      "CH,ch,1,5,0\n"
                      "LL,Ll,1,8,0\n"
                      "\xc3\x91,n,1,8,0\n";
    assert_int_equal(parse(&t, csv, SK_TILES_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(csv, &d, SK_SEV_ERROR, 3, 4,
                "lowercase label 'Ll' does not match the tile: expected 'll'");
    expect_diag(csv, &d, SK_SEV_ERROR, 4, 4,
                "lowercase label 'n' does not match the tile: expected '\xc3\xb1'");
    expect_counts(csv, &d, 2, 0);
    sk_diag_list_free(&d);
}

/* 63 letters fit; the 64th is one too many. */
static void alphabet_limit(void **state)
{
    (void)state;
    sk_buf text;
    sk_buf_init(&text);
    for (int i = 0; i < SK_ALPHABET_MAX; i++)
        sk_buf_printf(&text, "%c%c 1 1\n", 'A' + i % 26, 'A' + i / 26);
    sk_tileset t;
    sk_diag_list d;
    assert_int_equal(parse(&t, text.data, SK_TILES_FORMAT_CS104, &d), SK_EINVAL);
    expect_diag(text.data, &d, SK_SEV_ERROR, 64, 1,
                "too many tiles: a set has the blank and at most 63 letters");
    expect_counts(text.data, &d, 1, 0);
    sk_diag_list_free(&d);
    text.len -= 7; /* drop the 64th line, "LC 1 1\n" */
    text.data[text.len] = '\0';
    assert_int_equal(parse(&t, text.data, SK_TILES_FORMAT_CS104, &d), SK_OK);
    assert_int_equal(t.alphabet.size, SK_ALPHABET_MAX);
    assert_int_equal(t.total, 63);
    sk_diag_list_free(&d);
    sk_buf_free(&text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(builtin_skrabbkle),
        cmocka_unit_test(builtin_english),
        cmocka_unit_test(tile_from_char),
        cmocka_unit_test(score_of),
        cmocka_unit_test(resource_files),
        cmocka_unit_test(cs104_seed_example),
        cmocka_unit_test(cs104_lenient_spacing),
        cmocka_unit_test(cs104_every_error),
        cmocka_unit_test(cs104_bad_bytes),
        cmocka_unit_test(empty_blank_and_letterless_files),
        cmocka_unit_test(text_checks),
        cmocka_unit_test(too_big_and_null_diags),
        cmocka_unit_test(csv_good),
        cmocka_unit_test(csv_seven_columns_and_spaces),
        cmocka_unit_test(csv_every_error),
        cmocka_unit_test(csv_first_line),
        cmocka_unit_test(csv_lowercase_column),
        cmocka_unit_test(forced_formats),
        cmocka_unit_test(diagnostics_cap),
        cmocka_unit_test(builtin_languages),
        cmocka_unit_test(utf8_and_digraph_labels),
        cmocka_unit_test(alphabet_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
