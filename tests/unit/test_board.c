/* test_board.c — the board model and its three parsers: sizes, factors, start squares, and the
 * diagnostics (message, line and column) for the mistakes people make editing boards by hand. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#define expect_diag(t, d, sev, l, c, m) tu_expect_diag_at(t, d, sev, l, c, m, 0)

#include "skrab/board.h"
#include "skrab/error.h"

#define parse tu_parse_board

/* Builds a SkraBBKle board text of SIZE rows of SIZE '.', with row ROW (0-based, or -1)
 * replaced by REPLACEMENT. */
static void make_board(char *out, size_t cap, int size, int row, const char *replacement)
{
    size_t n = (size_t)snprintf(out, cap, "%d\n", size);
    for (int r = 0; r < size; r++) {
        if (r == row) {
            n += (size_t)snprintf(out + n, cap - n, "%s\n", replacement);
        } else {
            for (int c = 0; c < size; c++)
                out[n++] = '.';
            out[n++] = '\n';
            out[n] = '\0';
        }
    }
}

static void default_board_parses(void **state)
{
    (void)state;
    sk_buf text;
    tu_read_source(&text, "resources/defaultBoard.txt");
    sk_board b;
    sk_diag_list d;
    assert_int_equal(parse(&b, text.data, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
    assert_int_equal(d.count, 0);
    assert_int_equal(b.width, 16);
    assert_int_equal(b.height, 16);
    assert_int_equal(b.format, SK_BOARD_FORMAT_SKRABBKLE);
    /* h8 is the centre on a 16 x 16 board */
    assert_int_equal(b.start_row, 7);
    assert_int_equal(b.start_col, 7);
    /* b1 is {12}, b8 is {-3}, a8 is (3), m8 is (-4), p15 is {16}, i12 is (0) */
    assert_int_equal(sk_board_word_factor(&b, 0, 1), 12);
    assert_int_equal(sk_board_word_factor(&b, 7, 1), -3);
    assert_int_equal(sk_board_letter_factor(&b, 7, 0), 3);
    assert_int_equal(sk_board_letter_factor(&b, 7, 12), -4);
    assert_int_equal(sk_board_word_factor(&b, 14, 15), 16);
    assert_int_equal(sk_board_square(&b, 11, 8)->kind, SK_SQ_LETTER);
    assert_int_equal(sk_board_letter_factor(&b, 11, 8), 0);
    assert_int_equal(sk_board_word_factor(&b, 11, 8), 1);
    assert_int_equal(sk_board_square(&b, 0, 0)->kind, SK_SQ_PLAIN);
    sk_diag_list_free(&d);
    sk_buf_free(&text);
}

static void centre_rule(void **state)
{
    (void)state;
    assert_int_equal(sk_board_centre_index(11), 5);
    assert_int_equal(sk_board_centre_index(15), 7);
    assert_int_equal(sk_board_centre_index(16), 7);
    assert_int_equal(sk_board_centre_index(26), 12);
    sk_board b;
    assert_int_equal(sk_board_init(&b, 12, 12), SK_OK);
    assert_int_equal(b.start_row, 5);
    assert_int_equal(sk_board_init(&b, 27, 12), SK_EINVAL);
    assert_int_equal(sk_board_init(&b, 0, 12), SK_EINVAL);
    char name[4];
    sk_square_name(7, 7, name);
    assert_string_equal(name, "h8");
    sk_square_name(25, 25, name);
    assert_string_equal(name, "z26");
}

static void size_extremes(void **state)
{
    (void)state;
    char text[4096];
    sk_board b;
    sk_diag_list d;
    for (int size = 9; size <= 28; size++) {
        make_board(text, sizeof(text), size, -1, NULL);
        int rc = parse(&b, text, SK_BOARD_FORMAT_SKRABBKLE, &d);
        if (size >= 11 && size <= 26) {
            assert_int_equal(rc, SK_OK);
            assert_int_equal(b.width, size);
        } else {
            assert_int_equal(rc, SK_EINVAL);
            expect_diag(text, &d, SK_SEV_ERROR, 1, 1, "out of range 11..26");
        }
        sk_diag_list_free(&d);
    }
}

static void factor_range(void **state)
{
    (void)state;
    const char *ok[] = {"(-9)", "(99)", "{0}", "{-1}", "(10)", "{1}"};
    const int val[] = {-9, 99, 0, -1, 10, 1};
    char row[64], text[4096];
    sk_board b;
    sk_diag_list d;
    for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
        snprintf(row, sizeof(row), "%s..........", ok[i]);
        make_board(text, sizeof(text), 11, 2, row);
        assert_int_equal(parse(&b, text, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
        const sk_square *sq = sk_board_square(&b, 2, 0);
        assert_int_equal(sq->factor, val[i]);
        assert_int_equal(sq->kind, ok[i][0] == '(' ? SK_SQ_LETTER : SK_SQ_WORD);
        sk_diag_list_free(&d);
    }
}

typedef struct {
    const char *row; /* replaces row 3 (line 4) of an 11 x 11 board */
    int col;
    const char *needle;
} bad_row;

static void bad_tokens(void **state)
{
    (void)state;
    const bad_row cases[] = {
        {"{100}..........", 2, "premium factor 100 out of range -9..99"},
        {"(-10)..........", 2, "premium factor -10 out of range"},
        {"(+2)..........", 2, "'+' sign"},
        {".(3..........", 2, "'(3' has no closing ')'"},
        {".(2]..........", 4, "closed with ']' instead of ')'"},
        {"()..........", 2, "empty premium"},
        {"(x)..........", 2, "'x' is not an integer"},
        {"{02}..........", 2, "leading zero"},
        {"{-0}..........", 2, "'-0'"},
        {"[2]..........", 1, "not a square"},
        {"..... ......", 6, "whitespace between squares"},
        {".....\t......", 6, "a tab"},
        {"...........  ", 12, "trailing whitespace"},
        {"...A.......", 4, "unexpected 'A'"},
        {"..........", 11, "row 3 has 10 squares, expected 11"},
        {"............", 12, "row 3 has 12 squares, expected 11"},
        {"", 1, "row 3 has 0 squares"},
    };
    char text[4096];
    sk_board b;
    sk_diag_list d;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        make_board(text, sizeof(text), 11, 2, cases[i].row);
        assert_int_equal(parse(&b, text, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
        expect_diag(text, &d, SK_SEV_ERROR, 4, cases[i].col, cases[i].needle);
        assert_int_equal(d.errors, 1);
        sk_diag_list_free(&d);
    }
}

static void structure_errors(void **state)
{
    (void)state;
    sk_board b;
    sk_diag_list d;
    char text[4096];
    /* missing rows: reported at the end of the text */
    make_board(text, sizeof(text), 11, -1, NULL);
    text[strlen(text) - 24] = '\0'; /* drop two rows */
    assert_int_equal(parse(&b, text, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, 11, 1, "missing rows: found 9 of 11");
    sk_diag_list_free(&d);
    /* extra rows */
    make_board(text, sizeof(text), 11, -1, NULL);
    strcat(text, "...........\n");
    assert_int_equal(parse(&b, text, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(text, &d, SK_SEV_ERROR, 13, 1, "text after the last row");
    sk_diag_list_free(&d);
    /* empty, not a number, no size line */
    assert_int_equal(parse(&b, "", SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    assert_int_equal(d.errors, 1);
    sk_diag_list_free(&d);
    assert_int_equal(parse(&b, "abc\n", SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag("abc\n", &d, SK_SEV_ERROR, 1, 1, "found 'abc'");
    sk_diag_list_free(&d);
    assert_int_equal(parse(&b, ".(2)\n", SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(".(2)\n", &d, SK_SEV_ERROR, 1, 1, "is the size line missing?");
    sk_diag_list_free(&d);
    /* every problem is reported, not just the first */
    make_board(text, sizeof(text), 11, 2, "(2]...(3...");
    assert_int_equal(parse(&b, text, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    assert_int_equal(d.errors, 2);
    sk_diag_list_free(&d);
}

static void warnings_are_not_errors(void **state)
{
    (void)state;
    sk_board b;
    sk_diag_list d;
    char text[4096], crlf[8192];
    make_board(text, sizeof(text), 11, -1, NULL);
    size_t n = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '\n') crlf[n++] = '\r';
        crlf[n++] = *p;
    }
    crlf[n] = '\0';
    assert_int_equal(parse(&b, crlf, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
    assert_int_equal(d.warnings, 1);
    expect_diag(crlf, &d, SK_SEV_WARNING, 1, 3, "CRLF");
    sk_diag_list_free(&d);
    strcat(text, "\n\n");
    assert_int_equal(parse(&b, text, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
    expect_diag(text, &d, SK_SEV_WARNING, 13, 1, "trailing blank lines");
    sk_diag_list_free(&d);
    /* no final newline: the last row is kept */
    make_board(text, sizeof(text), 11, 10, "{5}..........");
    text[strlen(text) - 1] = '\0';
    assert_int_equal(parse(&b, text, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
    assert_int_equal(sk_board_word_factor(&b, 10, 0), 5);
    sk_diag_list_free(&d);
}

static void binary_and_nul(void **state)
{
    (void)state;
    sk_board b;
    sk_diag_list d;
    char bin[600];
    for (size_t i = 0; i < sizeof(bin); i++)
        bin[i] = (char)(i % 7 == 0 ? 1 : 'x');
    sk_diag_list_init(&d);
    assert_int_equal(sk_board_parse(&b, bin, sizeof(bin), SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    assert_non_null(strstr(d.items[0].message, "binary"));
    sk_diag_list_free(&d);
    char text[4096];
    make_board(text, sizeof(text), 11, -1, NULL);
    size_t len = strlen(text);
    text[5] = '\0';
    sk_diag_list_init(&d);
    assert_int_equal(sk_board_parse(&b, text, len, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    int found = 0;
    for (size_t i = 0; i < d.count; i++)
        found |= strstr(d.items[i].message, "NUL byte") != NULL && d.items[i].offset == 5;
    assert_true(found);
    sk_diag_list_free(&d);
    /* NULL diagnostics list: still fails */
    assert_int_equal(sk_board_parse(&b, "x", 1, SK_BOARD_FORMAT_AUTO, NULL), SK_EINVAL);
}

static void cs104_format(void **state)
{
    (void)state;
    sk_board b;
    sk_diag_list d;
    const char *ok = "4 3\n2 3\n.2d.\nt3..\n....\n";
    assert_int_equal(sk_board_detect(ok, strlen(ok)), SK_BOARD_FORMAT_CS104);
    assert_int_equal(parse(&b, ok, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
    assert_int_equal(b.width, 4);
    assert_int_equal(b.height, 3);
    assert_int_equal(b.start_col, 1);
    assert_int_equal(b.start_row, 2);
    assert_int_equal(sk_board_letter_factor(&b, 0, 1), 2);
    assert_int_equal(sk_board_word_factor(&b, 0, 2), 2);
    assert_int_equal(sk_board_word_factor(&b, 1, 0), 3);
    assert_int_equal(sk_board_letter_factor(&b, 1, 1), 3);
    sk_diag_list_free(&d);
    const char *off = "4 3\n5 1\n....\n....\n....\n";
    assert_int_equal(parse(&b, off, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(off, &d, SK_SEV_ERROR, 2, 1, "start square (5, 1) is off the 4 x 3 board");
    sk_diag_list_free(&d);
    const char *badsq = "4 3\n1 1\n....\n..x.\n...\n";
    assert_int_equal(parse(&b, badsq, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(badsq, &d, SK_SEV_ERROR, 4, 3, "unexpected 'x'");
    expect_diag(badsq, &d, SK_SEV_ERROR, 5, 4, "row 3 has 3 squares, expected 4");
    sk_diag_list_free(&d);
    const char *extra = "4 2\n1 1\n....\n....\n....\n";
    assert_int_equal(parse(&b, extra, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(extra, &d, SK_SEV_ERROR, 5, 1, "text after the last row");
    sk_diag_list_free(&d);
}

static void magpie_format(void **state)
{
    (void)state;
    sk_board b;
    sk_diag_list d;
    const char *ok = "1, 2\n=' #\n\"-^~\n";
    assert_int_equal(sk_board_detect(ok, strlen(ok)), SK_BOARD_FORMAT_MAGPIE);
    assert_int_equal(parse(&b, ok, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
    assert_int_equal(b.width, 4);
    assert_int_equal(b.height, 2);
    assert_int_equal(b.start_row, 1);
    assert_int_equal(b.start_col, 2);
    assert_int_equal(sk_board_word_factor(&b, 0, 0), 3);
    assert_int_equal(sk_board_letter_factor(&b, 0, 1), 2);
    assert_int_equal(sk_board_square(&b, 0, 3)->kind, SK_SQ_BLOCKED);
    assert_int_equal(sk_board_letter_factor(&b, 1, 0), 3);
    assert_int_equal(sk_board_word_factor(&b, 1, 1), 2);
    assert_int_equal(sk_board_letter_factor(&b, 1, 2), 4);
    assert_int_equal(sk_board_word_factor(&b, 1, 3), 4);
    sk_diag_list_free(&d);
    const char *blocked = "0, 3\n=' #\n";
    assert_int_equal(parse(&b, blocked, SK_BOARD_FORMAT_AUTO, &d), SK_EINVAL);
    expect_diag(blocked, &d, SK_SEV_ERROR, 1, 1, "is blocked");
    sk_diag_list_free(&d);
}

static void builtin_layouts(void **state)
{
    (void)state;
    const char *files[] = {"resources/boards/CrosswordGame.txt",
                           "resources/boards/SuperCrosswordGame.txt"};
    const int sizes[] = {15, 21};
    for (int i = 0; i < 2; i++) {
        sk_buf text;
        tu_read_source(&text, files[i]);
        sk_board b;
        sk_diag_list d;
        assert_int_equal(parse(&b, text.data, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
        assert_int_equal(b.width, sizes[i]);
        assert_int_equal(b.height, sizes[i]);
        assert_int_equal(b.start_row, sizes[i] / 2);
        /* the layouts are symmetric under both mirrors and the transpose */
        for (int r = 0; r < b.height; r++)
            for (int c = 0; c < b.width; c++) {
                const sk_square *s = sk_board_square(&b, r, c);
                const sk_square *t = sk_board_square(&b, c, r);
                const sk_square *m = sk_board_square(&b, b.height - 1 - r, c);
                assert_int_equal(s->kind, t->kind);
                assert_int_equal(s->factor, t->factor);
                assert_int_equal(s->kind, m->kind);
                assert_int_equal(s->factor, m->factor);
            }
        sk_diag_list_free(&d);
        sk_buf_free(&text);
    }
}

static void render_text(void **state)
{
    (void)state;
    sk_buf text, out;
    tu_read_source(&text, "resources/defaultBoard.txt");
    sk_board b;
    sk_diag_list d;
    assert_int_equal(parse(&b, text.data, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
    sk_buf_init(&out);
    assert_int_equal(sk_board_render_text(&b, NULL, NULL, NULL, &out), SK_OK);
    const char *s = sk_buf_str(&out);
    /* column letters above and below, row numbers both sides, 3 characters a square */
    assert_non_null(strstr(s, "    a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p\n"));
    assert_non_null(strstr(s, "\n 1  . {12 .  . (2) .  .  . {3} .  .  . (2) .  . {8} 1\n"));
    assert_non_null(strstr(s, "\n 8 (3){-3 .  . (2) .  .  .  . {2} .  . (-4 .  . {-2 8\n"));
    assert_non_null(strstr(s, "\n15  . {9} .  . (2) .  .  . {3} .  .  . (2) .  . {16 15\n"));
    /* with tiles: letter and value in the cell */
    char tiles[26 * 26];
    int scores[26 * 26];
    memset(tiles, 0, sizeof(tiles));
    tiles[7 * 16 + 7] = tu_tile('Q');
    scores[7 * 16 + 7] = 12;
    tiles[7 * 16 + 8] = tu_tile('t');
    scores[7 * 16 + 8] = 5;
    sk_buf_clear(&out);
    assert_int_equal(sk_board_render_text(&b, tiles, scores, NULL, &out), SK_OK);
    assert_non_null(strstr(sk_buf_str(&out), " .  . Q12t5 {2}"));
    sk_buf_free(&out);
    sk_diag_list_free(&d);
    sk_buf_free(&text);
}

static void render_svg(void **state)
{
    (void)state;
    sk_board b;
    sk_diag_list d;
    const char *text = "11\n(-3){0}(2){3}(4){-1}.....\n" /* row 1 */
                       "...........\n...........\n...........\n...........\n...........\n"
                       "...........\n...........\n...........\n...........\n...........\n";
    assert_int_equal(parse(&b, text, SK_BOARD_FORMAT_AUTO, &d), SK_OK);
    sk_buf out;
    sk_buf_init(&out);
    assert_int_equal(sk_board_render_svg(&b, NULL, NULL, &out), SK_OK);
    const char *s = sk_buf_str(&out);
    assert_non_null(strstr(s, "<svg xmlns="));
    assert_non_null(strstr(s, "</svg>\n"));
    assert_non_null(strstr(s, ">-3L</text>"));
    assert_non_null(strstr(s, ">0W</text>"));
    assert_non_null(strstr(s, "stroke-dasharray")); /* negative factors are drawn differently */
    assert_non_null(strstr(s, "&#9733;"));          /* the start square */
    sk_buf_free(&out);
    sk_diag_list_free(&d);
}

static void format_names(void **state)
{
    (void)state;
    sk_board_format f;
    assert_int_equal(sk_board_format_from_name("cs104", &f), SK_OK);
    assert_int_equal(f, SK_BOARD_FORMAT_CS104);
    assert_int_equal(sk_board_format_from_name("macondo", &f), SK_OK);
    assert_int_equal(f, SK_BOARD_FORMAT_MAGPIE);
    assert_int_equal(sk_board_format_from_name("nope", &f), SK_EINVAL);
    assert_string_equal(sk_board_format_name(SK_BOARD_FORMAT_SKRABBKLE), "skrabbkle");
}

/* The guess of a format, how sure it is and why (docs/formats.md, "Boards"). */
static void detect_with_reasons(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        sk_board_format format;
        int certain;
        const char *why;
    } cases[] = {
        {"15\n", SK_BOARD_FORMAT_SKRABBKLE, 1, "line 1 starts with one number (the size)"},
        {"16 # the size\n(3).\n", SK_BOARD_FORMAT_SKRABBKLE, 0, "one number"},
        {"-3\n", SK_BOARD_FORMAT_SKRABBKLE, 1, "one number"},
        {"15 15\n8 8\n", SK_BOARD_FORMAT_CS104, 1, "line 1 is two numbers"},
        {"15 x\n8 8\n", SK_BOARD_FORMAT_CS104, 0, "line 2 is two numbers"},
        {"15 15 # size\n8 8\n", SK_BOARD_FORMAT_CS104, 0, "line 1 starts with two numbers"},
        {"3 3 3\n2 2\n", SK_BOARD_FORMAT_CS104, 0, "line 1 starts with two numbers"},
        {"7, 7\n", SK_BOARD_FORMAT_MAGPIE, 1, "line 1 is a number, a comma and a number"},
        {"7,x\n", SK_BOARD_FORMAT_MAGPIE, 0, "line 1 starts with a number and a comma"},
        {"sixteen\n", SK_BOARD_FORMAT_SKRABBKLE, 0, "fits no board format"},
        {"(3)..\n", SK_BOARD_FORMAT_SKRABBKLE, 1, "a row of squares"},
        {"", SK_BOARD_FORMAT_SKRABBKLE, 0, "fits no board format"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char why[120];
        int certain = -1;
        const char *t = cases[i].text;
        assert_int_equal(sk_board_detect_why(t, strlen(t), &certain, why, sizeof(why)),
                         cases[i].format);
        assert_int_equal(sk_board_detect(t, strlen(t)), cases[i].format);
        assert_int_equal(certain, cases[i].certain);
        assert_non_null(strstr(why, cases[i].why));
    }
    char tiny[8];
    sk_board_detect_why("15 15\n", 6, NULL, tiny, sizeof(tiny)); /* cut, NUL-terminated */
    assert_int_equal(strlen(tiny), sizeof(tiny) - 1);
}

/* What `skrab show` prints is recognised, and is one error whatever the format asked for. */
static void drawings_are_not_boards(void **state)
{
    (void)state;
    sk_board b;
    sk_diag_list d;
    sk_buf out;
    sk_buf_init(&out);
    assert_int_equal(sk_board_init(&b, 11, 11), SK_OK);
    assert_int_equal(sk_board_render_text(&b, NULL, NULL, NULL, &out), SK_OK);
    assert_int_equal(sk_board_is_drawing(out.data, out.len), 1);
    static const sk_board_format formats[] = {SK_BOARD_FORMAT_AUTO, SK_BOARD_FORMAT_SKRABBKLE,
                                              SK_BOARD_FORMAT_CS104, SK_BOARD_FORMAT_MAGPIE};
    for (size_t f = 0; f < 4; f++) {
        assert_int_equal(parse(&b, sk_buf_str(&out), formats[f], &d), SK_EINVAL);
        assert_int_equal(d.count, 1);
        expect_diag(sk_buf_str(&out), &d, SK_SEV_ERROR, 1, 1, "looks like `skrab show` output");
        sk_diag_list_free(&d);
    }
    sk_buf_clear(&out);
    assert_int_equal(sk_board_render_svg(&b, NULL, NULL, &out), SK_OK);
    assert_int_equal(sk_board_is_drawing(out.data, out.len), 1);
    sk_buf_free(&out);
    static const char *const pasted = "a  b  c\n 1 . . . 1\n"; /* leading blanks lost */
    assert_int_equal(sk_board_is_drawing(pasted, strlen(pasted)), 1);
    static const char *const not_drawings[] = {"a 1 9\nb 3 2\n", "a,9,1,1\n", "ab\n", "a\n",
                                               "a  c\n",         "15\n",      ""};
    for (size_t i = 0; i < sizeof(not_drawings) / sizeof(not_drawings[0]); i++)
        assert_int_equal(sk_board_is_drawing(not_drawings[i], strlen(not_drawings[i])), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(default_board_parses),
        cmocka_unit_test(centre_rule),
        cmocka_unit_test(size_extremes),
        cmocka_unit_test(factor_range),
        cmocka_unit_test(bad_tokens),
        cmocka_unit_test(structure_errors),
        cmocka_unit_test(warnings_are_not_errors),
        cmocka_unit_test(binary_and_nul),
        cmocka_unit_test(cs104_format),
        cmocka_unit_test(magpie_format),
        cmocka_unit_test(builtin_layouts),
        cmocka_unit_test(render_text),
        cmocka_unit_test(render_svg),
        cmocka_unit_test(format_names),
        cmocka_unit_test(detect_with_reasons),
        cmocka_unit_test(drawings_are_not_boards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
