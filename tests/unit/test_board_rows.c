/* test_board_rows.c — how the board parsers read the ends of rows and of files: MAGPIE rows of
 * plain squares written as lines of spaces (docs/formats.md, "MAGPIE layouts"), blanks at the
 * end of a CS104 row, and how a stray character in a row is named. */
#include <string.h>

#include "testutil.h"

#include "skrab/board.h"
#include "skrab/error.h"

#define expect_diag(t, d, sev, l, c, m) tu_expect_diag_at(t, d, sev, l, c, m, 0)

#define parse tu_parse_board

/* A layout whose every row is plain is lines of spaces, all as wide as the widest. */
static void magpie_all_plain(void **state)
{
    (void)state;
    sk_board b;
    sk_diag_list d;
    const char *plain = "1, 1\n   \n   \n   \n";
    assert_int_equal(parse(&b, plain, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
    tu_expect_counts(plain, &d, 0, 0);
    assert_int_equal(b.width, 3);
    assert_int_equal(b.height, 3);
    assert_int_equal(b.start_row, 1);
    assert_int_equal(b.start_col, 1);
    for (int i = 0; i < 9; i++)
        assert_int_equal(b.squares[i].kind, SK_SQ_PLAIN);
    sk_diag_list_free(&d);
    /* blank lines after the last line of spaces as wide as the widest are trailing lines */
    const char *trailing = "0, 0\n  \n  \n\n \n";
    assert_int_equal(parse(&b, trailing, SK_BOARD_FORMAT_MAGPIE, &d), SK_OK);
    tu_expect_counts(trailing, &d, 0, 1);
    expect_diag(trailing, &d, SK_SEV_WARNING, 4, 1, "trailing blank lines");
    assert_int_equal(b.width, 2);
    assert_int_equal(b.height, 2);
    sk_diag_list_free(&d);
    /* a line of spaces an editor shortened, above the widest: a short row, said once */
    const char *cut = "0, 0\n  \n   \n   \n";
    assert_int_equal(parse(&b, cut, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    tu_expect_counts(cut, &d, 1, 0);
    expect_diag(cut, &d, SK_SEV_ERROR, 2, 3, "row 1 has 2 squares, expected 3");
    sk_diag_list_free(&d);
    /* one line of spaces is a one-row board */
    const char *one = "0, 2\n    \n";
    assert_int_equal(parse(&b, one, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
    assert_int_equal(b.width, 4);
    assert_int_equal(b.height, 1);
    sk_diag_list_free(&d);
    /* only blank lines without a space: no rows */
    const char *none = "0, 0\n\n\n";
    assert_int_equal(parse(&b, none, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(none, &d, SK_SEV_ERROR, 4, 1, "no rows after line 1");
    sk_diag_list_free(&d);
}

/* Lines of spaces after the rows that hold premiums: rows up to the last one as wide as the
 * widest row. */
static void magpie_plain_last_rows(void **state)
{
    (void)state;
    sk_board b;
    sk_diag_list d;
    const char *two = "1, 1\n - \n   \n   \n";
    assert_int_equal(parse(&b, two, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
    tu_expect_counts(two, &d, 0, 0);
    assert_int_equal(b.height, 3);
    sk_diag_list_free(&d);
    const char *narrower = "0, 0\n - \n   \n  \n";
    assert_int_equal(parse(&b, narrower, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
    tu_expect_counts(narrower, &d, 0, 1);
    assert_int_equal(b.height, 2);
    sk_diag_list_free(&d);
}

/* Blanks after a CS104 row are trailing whitespace, as in SkraBBKle rows: one error, no squares
 * counted for them. */
static void cs104_trailing_whitespace(void **state)
{
    (void)state;
    sk_board b;
    sk_diag_list d;
    const char *space = "3 3\n1 1\n... \n...\n...\n";
    assert_int_equal(parse(&b, space, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    tu_expect_counts(space, &d, 1, 0);
    tu_expect_diag_at(space, &d, SK_SEV_ERROR, 3, 4,
                      "trailing whitespace: a space (squares are written without spaces)", 1);
    sk_diag_list_free(&d);
    const char *tabs = "3 3\n1 1\n...\n...\t\t\n...\n";
    assert_int_equal(parse(&b, tabs, SK_BOARD_FORMAT_CS104, &d), SK_EINVAL);
    tu_expect_counts(tabs, &d, 1, 0);
    expect_diag(tabs, &d, SK_SEV_ERROR, 4, 4, "trailing whitespace: a tab");
    sk_diag_list_free(&d);
    /* a row short of squares and with blanks after them: both said */
    const char *shortrow = "3 3\n1 1\n...\n.. \n...\n";
    assert_int_equal(parse(&b, shortrow, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    tu_expect_counts(shortrow, &d, 2, 0);
    expect_diag(shortrow, &d, SK_SEV_ERROR, 4, 3, "trailing whitespace: a space");
    expect_diag(shortrow, &d, SK_SEV_ERROR, 4, 3, "row 2 has 2 squares, expected 3");
    sk_diag_list_free(&d);
}

/* A character that is no square is named without an article: "unexpected space". */
static void unexpected_characters(void **state)
{
    (void)state;
    sk_board b;
    sk_diag_list d;
    const char *inner = "3 3\n1 1\n. .\n...\n...\n";
    assert_int_equal(parse(&b, inner, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    tu_expect_counts(inner, &d, 1, 0);
    tu_expect_diag_at(inner, &d, SK_SEV_ERROR, 3, 2,
                      "unexpected space: a CS104 square is one of '.', '2', '3', 'd', 't'", 1);
    sk_diag_list_free(&d);
    const char *tab = "0, 0\n-\t=\n";
    assert_int_equal(parse(&b, tab, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(tab, &d, SK_SEV_ERROR, 2, 2, "unexpected tab: a layout square is one of");
    sk_diag_list_free(&d);
    const char *letter = "11\n..x........\n";
    assert_int_equal(parse(&b, letter, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(letter, &d, SK_SEV_ERROR, 2, 3, "unexpected 'x': a square is");
    sk_diag_list_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(magpie_all_plain),
        cmocka_unit_test(magpie_plain_last_rows),
        cmocka_unit_test(cs104_trailing_whitespace),
        cmocka_unit_test(unexpected_characters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
