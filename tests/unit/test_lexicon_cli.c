/* test_lexicon_cli.c — `skrab lexicon` run in-process (so the sanitizers see the command code
 * too): dispatch and help, lookup from arguments and standard input, anagram, build to a file
 * and back, info, and the statuses of each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "skrab/lexicon.h"
#include "testutil.h"

static void run(tu_run *r, const char *in, const char *const *argv, int status)
{
    tu_run_cli(r, in, argv);
    if (r->status != status)
        fail_msg("status %d, not %d; stderr: %s", r->status, status,
                 r->err.data ? r->err.data : "");
}

static void dispatch_and_help(void **state)
{
    (void)state;
    tu_run r;
    const char *none[] = {"lexicon", NULL};
    run(&r, NULL, none, 2);
    assert_non_null(strstr(r.err.data, "build, lookup, anagram or info"));
    tu_run_free(&r);
    const char *help[] = {"lexicon", "--help", NULL};
    run(&r, NULL, help, 0);
    assert_non_null(strstr(r.out.data, "usage: skrab lexicon "));
    tu_run_free(&r);
    const char *subs[] = {"build", "lookup", "anagram", "info"};
    for (int i = 0; i < 4; i++) {
        const char *a[] = {"lexicon", subs[i], "--help", NULL};
        run(&r, NULL, a, 0);
        char want[64];
        snprintf(want, sizeof(want), "usage: skrab lexicon %s ", subs[i]);
        assert_non_null(strstr(r.out.data, want));
        assert_int_equal(r.err.len, 0);
        tu_run_free(&r);
    }
    const char *bad[] = {"lexicon", "lookup", "--frob", NULL};
    run(&r, NULL, bad, 2);
    assert_non_null(strstr(r.err.data, "skrab lexicon lookup: unknown option '--frob'"));
    tu_run_free(&r);
    const char *frob[] = {"lexicon", "frob", NULL};
    run(&r, NULL, frob, 2);
    tu_run_free(&r);
}

static void lookup(void **state)
{
    (void)state;
    tu_run r;
    const char *args[] = {"lexicon", "lookup", "QI", "qoph", "xq", NULL};
    run(&r, NULL, args, 1);
    assert_string_equal(r.out.data, "QI valid\nqoph valid\nxq invalid\n");
    tu_run_free(&r);
    const char *in[] = {"lexicon", "lookup", "--valid-only", NULL};
    run(&r, " ZA\n\nzzzz\r\nAA\n", in, 1);
    assert_string_equal(r.out.data, "ZA\nAA\n");
    tu_run_free(&r);
    const char *json[] = {"lexicon", "lookup", "--json", "ZA", NULL};
    run(&r, NULL, json, 0);
    assert_string_equal(r.out.data, "{\"word\":\"ZA\",\"valid\":true}\n");
    tu_run_free(&r);
    /* a stdin line too long to be a word is reported and counts as invalid */
    char *big = malloc(10000);
    memset(big, 'A', 9998);
    big[9998] = '\n';
    big[9999] = '\0';
    const char *plain[] = {"lexicon", "lookup", NULL};
    run(&r, big, plain, 1);
    assert_non_null(strstr(r.err.data, "<stdin>:1: error: line longer than 4096 bytes"));
    tu_run_free(&r);
    free(big);
    const char *none[] = {"lexicon", "lookup", "-l", "none", "AA", NULL};
    run(&r, NULL, none, 2);
    tu_run_free(&r);
}

static void anagram(void **state)
{
    (void)state;
    tu_run r;
    const char *a[] = {"lexicon", "anagram", "--exact", "RETAINS", NULL};
    run(&r, NULL, a, 0);
    assert_string_equal(r.out.data, "ANESTRI\nANTSIER\nNASTIER\nRATINES\nRESIANT\nRETAINS\n"
                                    "RETINAS\nRETSINA\nSTAINER\nSTARNIE\nSTEARIN\n");
    tu_run_free(&r);
    const char *m[] = {"lexicon", "anagram", "--min", "99", "AB", NULL};
    run(&r, NULL, m, 2);
    tu_run_free(&r);
    const char *two[] = {"lexicon", "anagram", "AB", "CD", NULL};
    run(&r, NULL, two, 2);
    tu_run_free(&r);
}

static void build_and_info(void **state)
{
    (void)state;
    char dir[] = "/tmp/skrab-test-lexcli-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char kwg[128];
    snprintf(kwg, sizeof(kwg), "%s/out.kwg", dir);
    tu_run r;
    const char *b[] = {"lexicon", "build", "-o", kwg, "-", NULL};
    run(&r, "JO\nJOE\njoes\nA\n", b, 0);
    assert_non_null(strstr(r.err.data, "<stdin>:4: warning: single letters are not words"));
    tu_run_free(&r);
    const char *q[] = {"lexicon", "build", "-q", "-o", kwg, NULL};
    run(&r, "JO\nJOE\njoes\nA\n", q, 0);
    assert_int_equal(r.err.len, 0);
    tu_run_free(&r);
    const char *l[] = {"lexicon", "lookup", "-l", kwg, "JOES", "JOS", NULL};
    run(&r, NULL, l, 1);
    assert_string_equal(r.out.data, "JOES valid\nJOS invalid\n");
    tu_run_free(&r);
    const char *i[] = {"lexicon", "info", "--json", kwg, NULL};
    run(&r, NULL, i, 0);
    assert_non_null(strstr(r.out.data, "\"format\":\"kwg\",\"words\":3,"));
    tu_run_free(&r);
    const char *bad[] = {"lexicon", "build", "-o", kwg, NULL};
    run(&r, "JO\nJ0\n", bad, 1);
    assert_non_null(strstr(r.err.data, "<stdin>:2:2: error: '0' is not a letter A-Z"));
    tu_run_free(&r);
    /* the failed build left the previous file whole */
    sk_lexicon *lex;
    assert_int_equal(sk_lexicon_open(&lex, kwg, NULL), 0);
    assert_true(sk_lexicon_contains(lex, NULL, "JOE", 3));
    sk_lexicon_free(lex);
    const char *info2[] = {"lexicon", "info", kwg, "/nonexistent.kwg", NULL};
    run(&r, NULL, info2, 2);
    assert_non_null(strstr(r.out.data, "out.kwg: KWG, 3 words,"));
    assert_non_null(strstr(r.err.data, "/nonexistent.kwg: no such file"));
    tu_run_free(&r);
    unlink(kwg);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dispatch_and_help),
        cmocka_unit_test(lookup),
        cmocka_unit_test(anagram),
        cmocka_unit_test(build_and_info),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
