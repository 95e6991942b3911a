/* test_cli.c — the command frame, run in-process: dispatch, help from the option tables,
 * getopt state reset between runs, standard input, exit statuses. */
#include <string.h>

#include "testutil.h"

static void version_and_help(void **state)
{
    (void)state;
    tu_run r;
    const char *v[] = {"--version", NULL};
    tu_run_cli(&r, NULL, v);
    assert_int_equal(r.status, 0);
    assert_memory_equal(r.out.data, "skrab ", 6);
    tu_run_free(&r);
    const char *h[] = {"help", NULL};
    tu_run_cli(&r, NULL, h);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out.data, "  lint "));
    assert_non_null(strstr(r.out.data, "  show "));
    tu_run_free(&r);
    /* every command's --help is generated from its option table and exits 0 */
    const char *cmds[] = {"lint", "show", "help"};
    for (size_t i = 0; i < 3; i++) {
        const char *a[] = {cmds[i], "--help", NULL};
        tu_run_cli(&r, NULL, a);
        assert_int_equal(r.status, 0);
        assert_non_null(strstr(r.out.data, "usage: skrab "));
        assert_non_null(strstr(r.out.data, "-h, --help"));
        assert_int_equal(r.err.len, 0);
        tu_run_free(&r);
    }
}

static void usage_errors_exit_2(void **state)
{
    (void)state;
    tu_run r;
    const char *a[] = {"lint", "--nope", NULL};
    tu_run_cli(&r, NULL, a);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err.data, "unknown option '--nope'"));
    tu_run_free(&r);
    const char *b[] = {"lint", "-f", NULL};
    tu_run_cli(&r, NULL, b);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err.data, "needs an argument"));
    tu_run_free(&r);
    const char *c[] = {"frob", NULL};
    tu_run_cli(&r, NULL, c);
    assert_int_equal(r.status, 2);
    tu_run_free(&r);
    /* the option scanner is reset between runs: the same flag parses again */
    const char *d[] = {"lint", "-e", "-", NULL};
    tu_run_cli(&r, "11\n", d);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err.data, "<stdin>:"));
    tu_run_free(&r);
}

static void stdin_and_exit_status(void **state)
{
    (void)state;
    sk_buf board;
    tu_read_source(&board, "resources/defaultBoard.txt");
    tu_run r;
    const char *a[] = {"lint", NULL};
    tu_run_cli(&r, board.data, a);
    assert_int_equal(r.status, 0);
    assert_int_equal(r.out.len, 0);
    assert_int_equal(r.err.len, 0);
    tu_run_free(&r);
    const char *s[] = {"show", "-", NULL};
    tu_run_cli(&r, board.data, s);
    assert_int_equal(r.status, 0);
    assert_non_null(
        strstr(r.out.data, "\n16  .  .  .  .  .  .  .  . (3) .  .  .  .  .  .  .  16\n"));
    tu_run_free(&r);
    /* options after operands are still options (GNU permutation) */
    const char *j[] = {"lint", "-", "--json", NULL};
    tu_run_cli(&r, "16\n", j);
    assert_int_equal(r.status, 1);
    assert_memory_equal(r.out.data, "{\"file\":\"<stdin>\",\"line\":", 25);
    tu_run_free(&r);
    sk_buf_free(&board);
}

static void named_boards_resolve(void **state)
{
    (void)state;
    const char *names[] = {"skrabbkle", "CrosswordGame", "SuperCrosswordGame"};
    const char *first_row[] = {" 1  . {12", " 1 {3} .", " 1 {4} ."};
    for (int i = 0; i < 3; i++) {
        tu_run r;
        const char *a[] = {"show", names[i], NULL};
        tu_run_cli(&r, NULL, a);
        assert_int_equal(r.status, 0);
        assert_non_null(strstr(r.out.data, first_row[i]));
        tu_run_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(version_and_help),
        cmocka_unit_test(usage_errors_exit_2),
        cmocka_unit_test(stdin_and_exit_status),
        cmocka_unit_test(named_boards_resolve),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
