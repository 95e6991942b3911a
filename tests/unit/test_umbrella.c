/* test_umbrella.c — the example at the top of skrab/skrab.h, run: a classic position read from
 * a CGP line, the shipped CrosswordGame board, english tiles and word list, one move parsed and
 * checked. The code below is the example's, step for step, with every status asserted, the data
 * directory of the build tree in place of $SKRAB_DATA, and the verdict written to a buffer
 * instead of standard output. Only skrab/skrab.h is included from the library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "skrab/skrab.h"

/* Checks NOTATION in the example's position and writes what the example prints into OUT. Returns
 * the verdict. */
static sk_illegal run_example(const char *notation, char *out, size_t outsz)
{
    const char *cgp = "15/15/15/15/7C7/7A7/7K7/7E7/15/15/15/15/15/15/15 POE?ONS/ 0/20 0";
    sk_position pos;
    assert_int_equal(sk_position_parse_cgp(&pos, cgp, strlen(cgp), NULL), SK_OK);
    sk_datadirs dirs;
    sk_datadirs_init(&dirs, SKRAB_BUILD_DATADIR, NULL);
    char path[SK_PATH_MAX], why[200];
    sk_buf text;
    sk_buf_init(&text);
    sk_board board;
    assert_int_equal(sk_resource_find(&dirs, SK_RES_BOARD, "CrosswordGame", path, sizeof(path)),
                     SK_OK);
    assert_int_equal(sk_buf_read_file(&text, path, SK_BOARD_FILE_MAX), SK_OK);
    assert_int_equal(sk_board_parse(&board, text.data, text.len, SK_BOARD_FORMAT_AUTO, NULL),
                     SK_OK);
    sk_tileset tiles;
    assert_int_equal(sk_tileset_builtin(&tiles, "english"), SK_OK);
    sk_lexicon *lex;
    assert_int_equal(sk_lexicon_find(&dirs, "wordlist", path, sizeof(path)), SK_OK);
    assert_int_equal(sk_lexicon_load(&lex, path, NULL, NULL, NULL), SK_OK);
    sk_rules rules;
    sk_rules_init(&rules, SK_RULES_CLASSIC, &board, &tiles, lex);
    sk_move move;
    sk_play play;
    assert_int_equal(sk_move_parse(&move, notation, strlen(notation), why, sizeof(why)), SK_OK);
    sk_illegal verdict = sk_rules_check(&rules, &pos, &move, -1, &play, why, sizeof(why));
    if (verdict == SK_LEGAL)
        snprintf(out, outsz, "legal: %d points\n", play.score);
    else
        snprintf(out, outsz, "illegal: %s\n", why);
    sk_lexicon_free(lex);
    sk_buf_free(&text);
    return verdict;
}

static void legal_move_and_its_score(void **state)
{
    (void)state;
    char out[256];
    /* SPOON along row 9 from H9; its S makes CAKES down column H */
    assert_int_equal(run_example("9H SPOON", out, sizeof(out)), SK_LEGAL);
    assert_string_equal(out, "legal: 21 points\n");
}

static void illegal_move_and_its_reason(void **state)
{
    (void)state;
    char out[256];
    /* POKE through the E of CAKE needs a K, and the rack POE?ONS has none (the blank would do:
     * "8E POkE") */
    assert_int_equal(run_example("8E POKE", out, sizeof(out)), SK_ILLEGAL_NOT_ON_RACK);
    assert_string_equal(out, "illegal: tile 'K' is not on the rack\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(legal_move_and_its_score),
        cmocka_unit_test(illegal_move_and_its_reason),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
