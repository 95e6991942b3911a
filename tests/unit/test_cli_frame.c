/* test_cli_frame.c — the frame of the command, called directly: option tables and the ids
 * sk_cli_opts_next returns, the one reader of numbers. */
#include <limits.h>
#include <stdio.h>
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
        static const char *const game[] = {"rules", "board", "tiles", "lexicon"};
        if (a->id >= SK_CLI_OPT_GAME) {
            int k = a->id - SK_CLI_OPT_RULES;
            if (k < 0 || k > 3 || strcmp(a->long_name, game[k]) != 0)
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(option_ids_are_unique),
        cmocka_unit_test(row_order_does_not_matter),
        cmocka_unit_test(numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
