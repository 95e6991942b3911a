/* test_config.c — the CS104 configuration file: the seed's example, keys in any order, the
 * values kept, and the exact diagnostics for unknown, misspelt, duplicate and missing keys, bad
 * numbers, lines without a colon and odd paths; plus sk_config_detect. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define expect_diag(t, d, sev, l, c, m) tu_expect_diag_at(t, d, sev, l, c, m, 1)
#define expect_counts tu_expect_counts
#define dump tu_diag_dump

#include "skrab/config.h"
#include "skrab/error.h"

static int parse(sk_config *c, const char *text, sk_diag_list *d)
{
    sk_diag_list_init(d);
    int rc = sk_config_parse(c, text, strlen(text), d);
    sk_diag_list_sort(d);
    return rc;
}

#define REQUIRED "TILES: t.txt\nDICTIONARY: d.txt\nBOARD: b.txt\n"

static void seed_example(void **state)
{
    (void)state;
    /* the CS104 assignment's example configuration, with a stray character in BOARD repaired */
    const char *text = "HANDSIZE: 7\n"
                       "TILES:    english-tileset.txt\n"
                       "DICTIONARY: ./dictionaries/english-dictionary.txt\n"
                       "BOARD: ./boards/standard-scrabble.txt\n"
                       "SEED: 99972\n";
    sk_config c;
    sk_diag_list d;
    assert_int_equal(parse(&c, text, &d), SK_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(c.handsize, 7);
    assert_string_equal(c.tiles, "english-tileset.txt");
    assert_string_equal(c.dictionary, "./dictionaries/english-dictionary.txt");
    assert_string_equal(c.board, "./boards/standard-scrabble.txt");
    assert_int_equal(c.has_seed, 1);
    assert_int_equal(c.seed, 99972);
    /* offsets point at the first byte of each value */
    assert_int_equal(c.tiles_offset, (size_t)(strstr(text, "english-tileset") - text));
    assert_int_equal(c.dictionary_offset, (size_t)(strstr(text, "./dictionaries") - text));
    assert_int_equal(c.board_offset, (size_t)(strstr(text, "./boards") - text));
    sk_diag_list_free(&d);
}

static void any_order_blank_lines_defaults(void **state)
{
    (void)state;
    /* keys in another order, blank lines, spaces before and after the colon, trailing
     * whitespace, a CRLF file, no HANDSIZE and no SEED */
    const char *text = "\r\nBOARD:b.txt  \r\n\r\n  DICTIONARY :\t words.txt\r\n"
                       "TILES:     tiles/english.txt\t\r\n";
    sk_config c;
    sk_diag_list d;
    assert_int_equal(parse(&c, text, &d), SK_OK);
    expect_diag(text, &d, SK_SEV_WARNING, 1, 1,
                "line ends in CRLF (Windows line ending); accepted");
    expect_counts(text, &d, 0, 1);
    assert_int_equal(c.handsize, 7);
    assert_int_equal(c.has_seed, 0);
    assert_int_equal(c.seed, 0);
    assert_string_equal(c.board, "b.txt");
    assert_string_equal(c.dictionary, "words.txt");
    assert_string_equal(c.tiles, "tiles/english.txt");
    sk_diag_list_free(&d);
}

static void values_kept_as_written(void **state)
{
    (void)state;
    sk_config c;
    sk_diag_list d;
    /* a colon inside a value, spaces inside a path, an absolute path */
    const char *text = "TILES: C:/games/tiles.txt\nDICTIONARY: My Words/list.txt\n"
                       "BOARD: /usr/share/skrab/boards/CrosswordGame.txt\n";
    assert_int_equal(parse(&c, text, &d), SK_OK);
    assert_int_equal(d.count, 0);
    assert_string_equal(c.tiles, "C:/games/tiles.txt");
    assert_string_equal(c.dictionary, "My Words/list.txt");
    assert_string_equal(c.board, "/usr/share/skrab/boards/CrosswordGame.txt");
    sk_diag_list_free(&d);
}

static void pdf_artefact_path(void **state)
{
    (void)state;
    const char *text = "HANDSIZE: 7\nTILES: t.txt\nDICTIONARY: d.txt\n"
                       "BOARD: . / boards/standard-scrabble.txt\n";
    sk_config c;
    sk_diag_list d;
    assert_int_equal(parse(&c, text, &d), SK_OK);
    expect_diag(text, &d, SK_SEV_WARNING, 4, 8,
                "BOARD path has spaces around '/'; it is used as written (did you mean "
                "'./boards/standard-scrabble.txt'?)");
    expect_counts(text, &d, 0, 1);
    assert_string_equal(c.board, ". / boards/standard-scrabble.txt");
    sk_diag_list_free(&d);
}

static void missing_required_keys(void **state)
{
    (void)state;
    const char *text = "HANDSIZE: 5\nSEED: 1\n";
    sk_config c;
    sk_diag_list d;
    assert_int_equal(parse(&c, text, &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, 0, 0, "missing required key TILES");
    expect_diag(text, &d, SK_SEV_ERROR, 0, 0, "missing required key DICTIONARY");
    expect_diag(text, &d, SK_SEV_ERROR, 0, 0, "missing required key BOARD");
    expect_counts(text, &d, 3, 0);
    /* what was given is still there */
    assert_int_equal(c.handsize, 5);
    assert_int_equal(c.seed, 1);
    sk_diag_list_free(&d);

    const char *one = "TILES: t\nBOARD: b\n";
    assert_int_equal(parse(&c, one, &d), SK_EINVAL);
    expect_diag(one, &d, SK_SEV_ERROR, 0, 0, "missing required key DICTIONARY");
    expect_counts(one, &d, 1, 0);
    sk_diag_list_free(&d);
}

static void unknown_keys(void **state)
{
    (void)state;
    const char *text = "Board: x.txt\n"
                       "BORD: y\n"
                       "HANDSIZ: 7\n"
                       "DICTONARY: d.txt\n"
                       "PLAYERS: 2\n"
                       "TILES t.txt\n"
                       "hello world\n"
                       ": nothing\n"
                       "HAND SIZE: 7\n"
                       "SEED 12: 5\n"
                       "DICTIONAYR: d\n"
                       "SEXY: 1\n"
                       "TILES: t.txt\n"
                       "DICTIONARY: d.txt\n"
                       "BOARD: b.txt\n";
    sk_config c;
    sk_diag_list d;
    assert_int_equal(parse(&c, text, &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, 1, 1,
                "unknown key 'Board': keys are uppercase (did you mean 'BOARD'?)");
    expect_diag(text, &d, SK_SEV_ERROR, 2, 1, "unknown key 'BORD' (did you mean 'BOARD'?)");
    expect_diag(text, &d, SK_SEV_ERROR, 3, 1, "unknown key 'HANDSIZ' (did you mean 'HANDSIZE'?)");
    expect_diag(text, &d, SK_SEV_ERROR, 4, 1,
                "unknown key 'DICTONARY' (did you mean 'DICTIONARY'?)");
    expect_diag(text, &d, SK_SEV_ERROR, 5, 1,
                "unknown key 'PLAYERS': the keys are HANDSIZE, TILES, DICTIONARY, BOARD and SEED");
    expect_diag(text, &d, SK_SEV_ERROR, 6, 6, "missing ':' after 'TILES'");
    expect_diag(text, &d, SK_SEV_ERROR, 7, 0, "expected 'KEY: value' (this line has no ':')");
    expect_diag(text, &d, SK_SEV_ERROR, 8, 1,
                "missing key before ':': expected one of HANDSIZE, TILES, DICTIONARY, BOARD and "
                "SEED");
    expect_diag(text, &d, SK_SEV_ERROR, 9, 1, "unknown key 'HAND SIZE' (did you mean 'HANDSIZE'?)");
    expect_diag(text, &d, SK_SEV_ERROR, 10, 5, "missing ':' after 'SEED'");
    /* two edits away from a long key is still a typo; from a short one it is not */
    expect_diag(text, &d, SK_SEV_ERROR, 11, 1,
                "unknown key 'DICTIONAYR' (did you mean 'DICTIONARY'?)");
    expect_diag(text, &d, SK_SEV_ERROR, 12, 1,
                "unknown key 'SEXY': the keys are HANDSIZE, TILES, DICTIONARY, BOARD and SEED");
    expect_counts(text, &d, 12, 0);
    /* the misspelt keys set nothing; the good lines count */
    assert_int_equal(c.has_seed, 0);
    assert_string_equal(c.board, "b.txt");
    assert_string_equal(c.tiles, "t.txt");
    sk_diag_list_free(&d);
}

static void duplicate_keys(void **state)
{
    (void)state;
    const char *text = "BOARD: first.txt\nTILES: t\nDICTIONARY: d\nBOARD: second.txt\n"
                       "SEED: 1\n\nSEED: 2\n";
    sk_config c;
    sk_diag_list d;
    assert_int_equal(parse(&c, text, &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, 4, 1, "duplicate key BOARD (first given on line 1)");
    expect_diag(text, &d, SK_SEV_ERROR, 7, 1, "duplicate key SEED (first given on line 5)");
    expect_counts(text, &d, 2, 0);
    assert_string_equal(c.board, "first.txt");
    assert_int_equal(c.seed, 1);
    sk_diag_list_free(&d);
}

static void handsize_values(void **state)
{
    (void)state;
    static const struct {
        const char *value;
        int ok, handsize;
        const char *msg;
    } cases[] = {
        {"1", 1, 1, NULL},
        {"20", 1, 20, NULL},
        {"007", 1, 7, NULL},
        {"0", 0, 7, "HANDSIZE 0 out of range 1..20"},
        {"21", 0, 7, "HANDSIZE 21 out of range 1..20"},
        {"-3", 0, 7, "HANDSIZE -3 out of range 1..20"},
        {"99999999999", 0, 7, "HANDSIZE 99999999999 out of range 1..20"},
        {"seven", 0, 7, "HANDSIZE 'seven' is not a number"},
        {"7x", 0, 7, "HANDSIZE '7x' is not a number"},
        {"7 8", 0, 7, "HANDSIZE '7 8' is not a number"},
        {"+7", 0, 7, "HANDSIZE '+7' is not a number"},
        {"", 0, 7, "missing value after 'HANDSIZE:'"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char text[128];
        snprintf(text, sizeof(text), REQUIRED "HANDSIZE:  %s\n", cases[i].value);
        sk_config c;
        sk_diag_list d;
        assert_int_equal(parse(&c, text, &d), cases[i].ok ? SK_OK : SK_EINVAL);
        assert_int_equal(c.handsize, cases[i].handsize);
        if (cases[i].msg) {
            expect_diag(text, &d, SK_SEV_ERROR, 4, 12, cases[i].msg);
            expect_counts(text, &d, 1, 0);
        } else {
            expect_counts(text, &d, 0, 0);
        }
        sk_diag_list_free(&d);
    }
}

static void seed_values(void **state)
{
    (void)state;
    char max[32], over[32];
    snprintf(max, sizeof(max), "%lu", ULONG_MAX);
    snprintf(over, sizeof(over), "%lu0", ULONG_MAX);
    char over_msg[96], neg_msg[96];
    snprintf(over_msg, sizeof(over_msg), "SEED %.24s out of range 0..%lu", over, ULONG_MAX);
    snprintf(neg_msg, sizeof(neg_msg), "SEED -5 out of range 0..%lu", ULONG_MAX);
    const struct {
        const char *value;
        int ok;
        unsigned long seed;
        const char *msg;
    } cases[] = {
        {"0", 1, 0, NULL},
        {"99972", 1, 99972, NULL},
        {max, 1, ULONG_MAX, NULL},
        {over, 0, 0, over_msg},
        {"-5", 0, 0, neg_msg},
        {"12a", 0, 0, "SEED '12a' is not a number"},
        {"-", 0, 0, "SEED '-' is not a number"},
        {"0x10", 0, 0, "SEED '0x10' is not a number"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char text[128];
        snprintf(text, sizeof(text), REQUIRED "SEED: %s\n", cases[i].value);
        sk_config c;
        sk_diag_list d;
        assert_int_equal(parse(&c, text, &d), cases[i].ok ? SK_OK : SK_EINVAL);
        assert_int_equal(c.has_seed, cases[i].ok);
        assert_true(c.seed == cases[i].seed);
        if (cases[i].msg) {
            expect_diag(text, &d, SK_SEV_ERROR, 4, 7, cases[i].msg);
            expect_counts(text, &d, 1, 0);
        } else {
            expect_counts(text, &d, 0, 0);
        }
        sk_diag_list_free(&d);
    }
}

static void empty_values_and_long_paths(void **state)
{
    (void)state;
    sk_config c;
    sk_diag_list d;
    const char *empty = "TILES:\nDICTIONARY:   \nBOARD: b\n";
    assert_int_equal(parse(&c, empty, &d), SK_EINVAL);
    expect_diag(empty, &d, SK_SEV_ERROR, 1, 7, "missing value after 'TILES:'");
    expect_diag(empty, &d, SK_SEV_ERROR, 2, 15, "missing value after 'DICTIONARY:'");
    expect_counts(empty, &d, 2, 0); /* given, though empty: not also "missing required key" */
    assert_string_equal(c.tiles, "");
    sk_diag_list_free(&d);

    /* a path of SK_PATH_MAX - 1 bytes fits, one more does not */
    size_t cap = 2 * SK_PATH_MAX + 64;
    char *text = malloc(cap);
    assert_non_null(text);
    int n = snprintf(text, cap, "DICTIONARY: d\nBOARD: b\nTILES: %0*d\n", SK_PATH_MAX - 1, 0);
    assert_true(n > 0 && (size_t)n < cap);
    assert_int_equal(parse(&c, text, &d), SK_OK);
    assert_int_equal(strlen(c.tiles), SK_PATH_MAX - 1);
    sk_diag_list_free(&d);
    snprintf(text, cap, "DICTIONARY: d\nBOARD: b\nTILES: %0*d\n", SK_PATH_MAX, 0);
    assert_int_equal(parse(&c, text, &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, 3, 8,
                "TILES path is 1024 bytes, longer than the limit 1023");
    expect_counts(text, &d, 1, 0);
    assert_string_equal(c.tiles, "");
    sk_diag_list_free(&d);
    free(text);
}

static void empty_big_and_binary_files(void **state)
{
    (void)state;
    sk_config c;
    sk_diag_list d;
    const char *texts[] = {"", "\n", "  \n\n\t\n"};
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        assert_int_equal(parse(&c, texts[i], &d), SK_EINVAL);
        expect_diag(texts[i], &d, SK_SEV_ERROR, 1, 1,
                    "empty file: expected 'KEY: value' lines; TILES, DICTIONARY and BOARD are "
                    "required");
        expect_counts(texts[i], &d, 1, 0);
        sk_diag_list_free(&d);
    }

    size_t len = SK_CONFIG_FILE_MAX + 1;
    char *big = malloc(len);
    assert_non_null(big);
    memset(big, '\n', len);
    memcpy(big, REQUIRED, strlen(REQUIRED));
    sk_diag_list_init(&d);
    assert_int_equal(sk_config_parse(&c, big, len, &d), SK_EINVAL);
    assert_int_equal(d.errors, 1);
    assert_string_equal(d.items[0].message,
                        "configuration is 65537 bytes, more than the limit 65536");
    sk_diag_list_free(&d);
    assert_int_equal(sk_config_parse(&c, big, len - 1, NULL), SK_OK); /* at the limit: read */
    assert_string_equal(c.board, "b.txt");
    free(big);

    char binary[64];
    memset(binary, 1, sizeof(binary));
    sk_diag_list_init(&d);
    assert_int_equal(sk_config_parse(&c, binary, sizeof(binary), &d), SK_EINVAL);
    assert_int_equal(d.errors, 1);
    assert_string_equal(d.items[0].message, "binary data, not a text file");
    sk_diag_list_free(&d);
}

static void nul_in_path(void **state)
{
    (void)state;
    /* the NUL is reported once; the path is not kept cut short at it (it would name another
     * file), the other values are */
    const char text[] = "TILES: a\0b.txt\nDICTIONARY: d\nBOARD: b\n";
    sk_config c;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_config_parse(&c, text, sizeof(text) - 1, &d), SK_EINVAL);
    assert_int_equal(d.errors, 1);
    assert_string_equal(d.items[0].message, "NUL byte in a text file");
    assert_int_equal(d.items[0].offset, 8);
    assert_string_equal(c.tiles, "");
    assert_string_equal(c.board, "b");
    sk_diag_list_free(&d);
}

static void null_diags(void **state)
{
    (void)state;
    sk_config c;
    const char *good = REQUIRED;
    const char *bad = "TILES: t\n";
    assert_int_equal(sk_config_parse(&c, good, strlen(good), NULL), SK_OK);
    assert_string_equal(c.dictionary, "d.txt");
    assert_int_equal(sk_config_parse(&c, bad, strlen(bad), NULL), SK_EINVAL);
}

static void detect(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int is_config;
    } cases[] = {
        {"HANDSIZE: 7\n", 1},
        {"TILES:x", 1},
        {"\n\n  \n  BOARD : b.txt\n", 1},
        {"\r\nSEED: 1\r\n", 1},
        {"DICTIONARY:", 1},
        {"tiles: x\n", 0},
        {"HANDSIZEX: 7\n", 0},
        {"BOARD b.txt\n", 0},
        {"# TILES: x\n", 0},
        {"A 1 9\nTILES: x\n", 0},
        {"15\n...............\n", 0},
        {"7, 7\n", 0},
        {"", 0},
        {"\n \n", 0},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (sk_config_detect(cases[i].text, strlen(cases[i].text)) != cases[i].is_config)
            fail_msg("sk_config_detect(\"%s\") != %d", cases[i].text, cases[i].is_config);
    }
    /* the length bounds the search */
    assert_int_equal(sk_config_detect("TILES: x", 5), 0);
    assert_int_equal(sk_config_detect("TILES: x", 6), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_example),
        cmocka_unit_test(any_order_blank_lines_defaults),
        cmocka_unit_test(values_kept_as_written),
        cmocka_unit_test(pdf_artefact_path),
        cmocka_unit_test(missing_required_keys),
        cmocka_unit_test(unknown_keys),
        cmocka_unit_test(duplicate_keys),
        cmocka_unit_test(handsize_values),
        cmocka_unit_test(seed_values),
        cmocka_unit_test(empty_values_and_long_paths),
        cmocka_unit_test(empty_big_and_binary_files),
        cmocka_unit_test(nul_in_path),
        cmocka_unit_test(null_diags),
        cmocka_unit_test(detect),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
