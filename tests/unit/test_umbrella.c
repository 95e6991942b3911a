/* test_umbrella.c — the example at the top of skrab/skrab.h, run: a classic position read from
 * a CGP line, its game (the classic defaults: the shipped CrosswordGame board, english tiles
 * and word list) loaded through the game spec, one move parsed and checked. The code below is
 * the example's, step for step, with every status asserted, the data directory of the build
 * tree in place of $SKRAB_DATA, and the verdict written to a buffer instead of standard output.
 * Only skrab/skrab.h is included from the library. */
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
    assert_int_equal(sk_position_parse_cgp(&pos, cgp, strlen(cgp), NULL, NULL), SK_OK);
    char why[200];
    sk_game_spec spec;
    sk_game_spec_init(&spec);
    assert_int_equal(sk_game_spec_from_cgp(&spec, &pos, NULL, why, sizeof(why)), SK_OK);
    sk_datadirs dirs;
    sk_datadirs_init(&dirs, SKRAB_BUILD_DATADIR, NULL);
    sk_game_loader *loader;
    assert_int_equal(sk_game_loader_new(&loader, &dirs, NULL, NULL, NULL), SK_OK);
    sk_game *game = malloc(sizeof(*game));
    assert_non_null(game);
    assert_int_equal(sk_game_load(loader, &spec, game, NULL, why, sizeof(why)), SK_OK);
    sk_move move;
    sk_play play;
    assert_int_equal(sk_move_parse(&move, notation, strlen(notation), NULL, why, sizeof(why)),
                     SK_OK);
    sk_illegal verdict = sk_rules_check(&game->rules, &pos, &move, -1, &play, why, sizeof(why));
    if (verdict == SK_LEGAL)
        snprintf(out, outsz, "legal: %d points\n", play.score);
    else
        snprintf(out, outsz, "illegal: %s\n", why);
    free(game);
    sk_game_loader_free(loader);
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
