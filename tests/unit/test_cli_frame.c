/* test_cli_frame.c — the frame of the command, called directly: option tables and the ids
 * sk_cli_opts_next returns, the one reader of numbers, the one reader of lines. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "cli_commands.h"
#include "testutil.h"

/* Checks one option table: ids >= 0 and unique, the game ids only on the game options' rows. */
static void check_table(const char *name, const sk_cli_option *table)
{
    for (const sk_cli_option *a = table; a && a->long_name; a++) {
        if (a->id < 0) fail_msg("%s --%s: negative id %d", name, a->long_name, a->id);
        for (const sk_cli_option *b = table; b != a; b++)
            if (b->id == a->id)
                fail_msg("%s: --%s and --%s share the id %d", name, b->long_name, a->long_name,
                         a->id);
        static const char *const game[] = {"rules", "board", "tiles", "lexicon", "untrusted"};
        if (a->id >= SK_CLI_OPT_GAME) {
            int k = a->id - SK_CLI_OPT_RULES;
            if (k < 0 || k > 4 || strcmp(a->long_name, game[k]) != 0)
                fail_msg("%s --%s: id %d is a game option's", name, a->long_name, a->id);
        }
    }
}

static void option_ids_are_unique(void **state)
{
    (void)state;
    check_table("skrab", sk_global_options);
    for (const sk_cmd *c = sk_commands; c->name; c++) {
        check_table(c->name, c->options);
        for (const sk_cmd *s = c->subcommands; s && s->name; s++)
            check_table(s->name, s->options);
    }
}

enum { T_ALPHA, T_BETA, T_GAMMA };

/* Runs the option loop of a command whose table is TABLE on ARGV; writes the ids seen, space
 * separated, with each argument after '=', into OUT. */
static void scan(const sk_cli_option *table, const char *const *argv, char *out, size_t size)
{
    sk_cmd cmd = {"test", NULL, "summary", "", NULL, table, NULL};
    FILE *null = fopen("/dev/null", "w");
    sk_cli cli = {.in = stdin, .out = null, .err = null, .cmd = &cmd};
    char *args[16];
    int argc = 0;
    for (; argv[argc]; argc++)
        args[argc] = (char *)argv[argc];
    args[argc] = NULL;
    sk_cli_opts o;
    sk_cli_opts_init(&o, &cli, argc, args);
    int id;
    size_t len = 0;
    out[0] = '\0';
    while ((id = sk_cli_opts_next(&o)) >= 0) {
        assert_int_equal(o.opt->id, id);
        len += (size_t)snprintf(out + len, size - len, "%s%d%s%s", len ? " " : "", id,
                                o.optarg ? "=" : "", o.optarg ? o.optarg : "");
    }
    assert_int_equal(id, SK_OPT_END);
    fclose(null);
}

/* The same options in another order of rows give the same ids. */
static void row_order_does_not_matter(void **state)
{
    (void)state;
    const sk_cli_option forward[] = {
        {T_ALPHA, "alpha", 'a', NULL, "a flag", NULL},
        {T_BETA, "beta", 'b', "N", "an option with an argument", NULL},
        {SK_CLI_OPT_LEXICON, "lexicon", 'l', "LEX", "a game option", NULL},
        {T_GAMMA, "gamma", 0, NULL, "long only", NULL},
        {0, NULL, 0, NULL, NULL, NULL},
    };
    const sk_cli_option backward[] = {
        {T_GAMMA, "gamma", 0, NULL, "long only", NULL},
        {SK_CLI_OPT_LEXICON, "lexicon", 'l', "LEX", "a game option", NULL},
        {T_BETA, "beta", 'b', "N", "an option with an argument", NULL},
        {T_ALPHA, "alpha", 'a', NULL, "a flag", NULL},
        {0, NULL, 0, NULL, NULL, NULL},
    };
    const char *argv[] = {"test", "-a", "--beta", "3", "-lnone", "--gamma", "-b4", "x", NULL};
    char a[128], b[128];
    scan(forward, argv, a, sizeof(a));
    scan(backward, argv, b, sizeof(b));
    char want[128];
    snprintf(want, sizeof(want), "%d %d=3 %d=none %d %d=4", T_ALPHA, T_BETA, SK_CLI_OPT_LEXICON,
             T_GAMMA, T_BETA);
    assert_string_equal(a, want);
    assert_string_equal(b, want);
}

/* One rule for every number: digits only, a '-' only where the range is negative, in range. */
static void numbers(void **state)
{
    (void)state;
    long long v = 77;
    assert_int_equal(sk_cli_parse_number("0", 0, 10, &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(sk_cli_parse_number("007", 0, 10, &v), 0);
    assert_int_equal(v, 7);
    assert_int_equal(sk_cli_parse_number("10", 0, 10, &v), 0);
    assert_int_equal(v, 10);
    static const char *const bad[] = {"",    "-1", "+1", " 1",  "1 ", "1x", "0x1",
                                      "1e3", "11", "-0", "--1", "-",  "1-"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
        v = 77;
        if (sk_cli_parse_number(bad[i], 0, 10, &v) != -1) fail_msg("'%s' was taken", bad[i]);
        assert_int_equal(v, 77);
    }
    /* a negative range takes a '-' */
    assert_int_equal(sk_cli_parse_number("-9", -9, 99, &v), 0);
    assert_int_equal(v, -9);
    assert_int_equal(sk_cli_parse_number("-0", -9, 99, &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(sk_cli_parse_number("-10", -9, 99, &v), -1);
    assert_int_equal(sk_cli_parse_number("+5", -9, 99, &v), -1);
    assert_int_equal(sk_cli_parse_number("-9223372036854775808", LLONG_MIN, LLONG_MAX, &v), 0);
    assert_true(v == LLONG_MIN);
    assert_int_equal(sk_cli_parse_number("9223372036854775807", LLONG_MIN, LLONG_MAX, &v), 0);
    assert_true(v == LLONG_MAX);
    assert_int_equal(sk_cli_parse_number("9223372036854775808", LLONG_MIN, LLONG_MAX, &v), -1);
    assert_int_equal(sk_cli_parse_number("-9223372036854775809", LLONG_MIN, LLONG_MAX, &v), -1);
    /* 64-bit unsigned: every seed, nothing past it */
    uint64_t u = 5;
    assert_int_equal(sk_cli_parse_u64("18446744073709551615", UINT64_MAX, &u), 0);
    assert_true(u == UINT64_MAX);
    assert_int_equal(sk_cli_parse_u64("18446744073709551616", UINT64_MAX, &u), -1);
    assert_int_equal(sk_cli_parse_u64("99999999999999999999999", UINT64_MAX, &u), -1);
    assert_int_equal(sk_cli_parse_u64("-1", UINT64_MAX, &u), -1);
    assert_int_equal(sk_cli_parse_u64("", UINT64_MAX, &u), -1);
    assert_int_equal(sk_cli_parse_u64("65", 64, &u), -1);
    assert_true(u == UINT64_MAX);
}

/* Reads every line of R into OUT as "LINENO:TEXT" (with '*' after a cut one), '|' between. */
static void all_lines(sk_cli_lines *r, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    int rc;
    while ((rc = sk_cli_lines_next(r)) == SK_CLI_LINE_OK) {
        assert_int_equal(r->line[r->len], '\0');
        len += (size_t)snprintf(out + len, size - len, "%s%d:%s%s", len ? "|" : "", r->lineno,
                                r->line, r->cut ? "*" : "");
    }
    assert_int_equal(rc, SK_CLI_LINE_END);
    assert_int_equal(sk_cli_lines_next(r), SK_CLI_LINE_END); /* and it stays at the end */
    sk_cli_lines_free(r);
}

static const char TEXT[] = "a\r\nb\n\n# c\n  \t\n  #d\nabcde\nabcd\r\nabcdefgh\r\nlast\r";

static void lines_from_text(void **state)
{
    (void)state;
    char got[256];
    sk_cli_lines r;
    sk_cli_lines_text(&r, TEXT, sizeof(TEXT) - 1, 4, 0);
    all_lines(&r, got, sizeof(got));
    assert_string_equal(got, "1:a|2:b|3:|4:# c|5:  \t|6:  #d|7:abcd*|8:abcd|9:abcd*|10:last");
    sk_cli_lines_text(&r, TEXT, sizeof(TEXT) - 1, 100,
                      SK_CLI_LINES_SKIP_BLANK | SK_CLI_LINES_SKIP_COMMENTS);
    all_lines(&r, got, sizeof(got));
    assert_string_equal(got, "1:a|2:b|7:abcde|8:abcd|9:abcdefgh|10:last");
    sk_cli_lines_text(&r, TEXT, sizeof(TEXT) - 1, 100, SK_CLI_LINES_SKIP_BLANK);
    all_lines(&r, got, sizeof(got));
    assert_string_equal(got, "1:a|2:b|4:# c|6:  #d|7:abcde|8:abcd|9:abcdefgh|10:last");
    /* no input, a last LF, a NUL byte inside a line */
    sk_cli_lines_text(&r, NULL, 0, 10, 0);
    all_lines(&r, got, sizeof(got));
    assert_string_equal(got, "");
    sk_cli_lines_text(&r, "x\n", 2, 10, 0);
    all_lines(&r, got, sizeof(got));
    assert_string_equal(got, "1:x");
    sk_cli_lines_text(&r, "\n", 1, 10, 0);
    all_lines(&r, got, sizeof(got));
    assert_string_equal(got, "1:");
    sk_cli_lines_text(&r, "a\0b\n", 4, 10, 0);
    assert_int_equal(sk_cli_lines_next(&r), SK_CLI_LINE_OK);
    assert_int_equal(r.len, 3);
    assert_memory_equal(r.line, "a\0b", 4);
    sk_cli_lines_free(&r);
}

/* A stream is read as text is; a long line never takes more than MAX + 2 bytes. */
static void lines_from_a_stream(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    fwrite(TEXT, 1, sizeof(TEXT) - 1, f);
    for (int i = 0; i < 1000000; i++)
        fputc('x', f);
    fputs("\nend", f);
    rewind(f);
    sk_cli_lines r;
    sk_cli_lines_stream(&r, f, 4, SK_CLI_LINES_SKIP_BLANK | SK_CLI_LINES_SKIP_COMMENTS);
    char got[256];
    size_t len = 0;
    size_t most = 0;
    while (sk_cli_lines_next(&r) == SK_CLI_LINE_OK) {
        len += (size_t)snprintf(got + len, sizeof(got) - len, "%s%d:%s%s", len ? "|" : "", r.lineno,
                                r.line, r.cut ? "*" : "");
        if (r.cap > most) most = r.cap;
    }
    assert_string_equal(got, "1:a|2:b|7:abcd*|8:abcd|9:abcd*|10:last*|11:end");
    assert_true(most <= 4 + 2);
    sk_cli_lines_free(&r);
    fclose(f);
}

/* A file descriptor: a deadline, a line handed out cut before its end arrives, bytes typed
 * ahead taken out of the reader. */
static void lines_from_a_descriptor(void **state)
{
    (void)state;
    int p[2];
    assert_int_equal(pipe(p), 0);
    sk_cli_lines r;
    sk_cli_lines_fd(&r, p[0], 4, 0);
    assert_int_equal(write(p[1], "ab", 2), 2);
    assert_int_equal(sk_cli_lines_next_until(&r, sk_cli_now() + 0.05), SK_CLI_LINE_TIMEOUT);
    assert_int_equal(write(p[1], "c\nde", 4), 4);
    assert_int_equal(sk_cli_lines_next_until(&r, sk_cli_now() + 5), SK_CLI_LINE_OK);
    assert_string_equal(r.line, "abc");
    char ahead[8];
    assert_int_equal(sk_cli_lines_take(&r, ahead, sizeof(ahead)), 2);
    assert_memory_equal(ahead, "de", 2);
    assert_int_equal(write(p[1], "0123456", 7), 7); /* no newline yet */
    assert_int_equal(sk_cli_lines_next_until(&r, sk_cli_now() + 5), SK_CLI_LINE_OK);
    assert_string_equal(r.line, "0123");
    assert_true(r.cut);
    assert_int_equal(write(p[1], "789\nxy", 6), 6);
    close(p[1]);
    assert_int_equal(sk_cli_lines_next(&r), SK_CLI_LINE_OK);
    assert_string_equal(r.line, "xy");
    assert_int_equal(r.lineno, 3);
    assert_int_equal(sk_cli_lines_next(&r), SK_CLI_LINE_END);
    sk_cli_lines_free(&r);
    close(p[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(option_ids_are_unique),
        cmocka_unit_test(row_order_does_not_matter),
        cmocka_unit_test(numbers),
        cmocka_unit_test(lines_from_text),
        cmocka_unit_test(lines_from_a_stream),
        cmocka_unit_test(lines_from_a_descriptor),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
