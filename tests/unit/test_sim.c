/* test_sim.c — simulation (sim.h): the standard error arithmetic, the same answer whatever the
 * number of threads, a known answer with the bag empty (going out, valued exactly), pruning,
 * refusals, and the sim player in a whole game. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "skrab/error.h"
#include "skrab/match.h"
#include "skrab/players.h"
#include "skrab/sim.h"

typedef struct {
    sk_board board;
    sk_tileset tiles;
    sk_lexicon *lex;
    sk_rules rules;
    sk_movegen *gens[3];
} world;

/* A classic game on the standard board with TILES (a CS104 tile file's text; NULL: english). */
static void world_init(world *w, const char *tiles)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/wordlist.kwg", SKRAB_BUILD_DATADIR);
    assert_int_equal(sk_lexicon_open(&w->lex, path, NULL), SK_OK);
    snprintf(path, sizeof(path), "%s/resources/boards/CrosswordGame.txt", SKRAB_SOURCE_DIR);
    sk_buf text;
    sk_buf_init(&text);
    assert_int_equal(sk_buf_read_file(&text, path, 1u << 20), SK_OK);
    assert_int_equal(sk_board_parse(&w->board, text.data, text.len, SK_BOARD_FORMAT_AUTO, NULL),
                     SK_OK);
    sk_buf_free(&text);
    if (tiles)
        assert_int_equal(
            sk_tileset_parse(&w->tiles, tiles, strlen(tiles), SK_TILES_FORMAT_CS104, NULL), SK_OK);
    else
        assert_int_equal(sk_tileset_builtin(&w->tiles, "english"), SK_OK);
    sk_rules_init(&w->rules, SK_RULES_CLASSIC, &w->board, &w->tiles, w->lex);
    for (int i = 0; i < 3; i++)
        assert_int_equal(sk_movegen_new(&w->gens[i]), SK_OK);
}

static void world_free(world *w)
{
    for (int i = 0; i < 3; i++)
        sk_movegen_free(w->gens[i]);
    sk_lexicon_free(w->lex);
}

static void position(sk_position *pos, const char *cgp)
{
    assert_int_equal(sk_position_parse_cgp(pos, cgp, strlen(cgp), NULL, NULL), SK_OK);
}

static void mean_and_standard_error(void **state)
{
    (void)state;
    double mean, se;
    /* 1 2 3 4: mean 2.5, sample variance 5/3, se sqrt(5/3 / 4) */
    sk_sim_mean_se(4, 10.0, 30.0, &mean, &se);
    assert_true(fabs(mean - 2.5) < 1e-12);
    assert_true(fabs(se - sqrt(5.0 / 12.0)) < 1e-12);
    /* wins 1 1 0 0.5: mean 0.625, sumsq 2.25, variance (2.25 - 4 * 0.625²) / 3 */
    sk_sim_mean_se(4, 2.5, 2.25, &mean, &se);
    assert_true(fabs(mean - 0.625) < 1e-12);
    assert_true(fabs(se - sqrt((2.25 - 1.5625) / 3.0 / 4.0)) < 1e-12);
    sk_sim_mean_se(1, 7.0, 49.0, &mean, &se); /* one value: no spread to measure */
    assert_true(mean == 7.0 && se == 0.0);
    sk_sim_mean_se(5, 15.0, 45.0, &mean, &se); /* all equal */
    assert_true(mean == 3.0 && se == 0.0);
}

static void same_answer_any_threads(void **state)
{
    (void)state;
    world w;
    world_init(&w, NULL);
    sk_position pos;
    position(&pos, "15/15/15/15/7C7/7A7/7K7/7E7/15/15/15/15/15/15/15 POE?ONS/ 0/20 0");
    sk_sim_config cfg;
    sk_sim_config_init(&cfg);
    cfg.candidates = 5;
    cfg.iterations = 40;
    cfg.seed = 7;
    sk_sim_report one, three;
    assert_int_equal(sk_sim_run(w.gens, 1, &cfg, &w.rules, &pos, 79, &one), SK_OK);
    assert_int_equal(sk_sim_run(w.gens, 3, &cfg, &w.rules, &pos, 79, &three), SK_OK);
    assert_int_equal(one.count, 5);
    assert_int_equal(three.count, 5);
    for (size_t i = 0; i < one.count; i++) {
        const sk_sim_candidate *a = &one.candidates[i], *b = &three.candidates[i];
        assert_int_equal(sk_gen_move_compare(&a->move, &b->move), 0);
        assert_int_equal(a->iterations, b->iterations);
        assert_true(a->mean == b->mean && a->se == b->se);
        assert_true(a->win == b->win && a->win_se == b->win_se);
        assert_int_equal(a->pruned, b->pruned);
        if (i > 0) assert_true(a->pruned || a->mean <= one.candidates[i - 1].mean);
    }
    assert_false(one.exact);
    sk_sim_report_free(&one);
    sk_sim_report_free(&three);
    /* no pruning: every candidate gets every iteration */
    cfg.z = 0;
    cfg.iterations = 20;
    assert_int_equal(sk_sim_run(w.gens, 2, &cfg, &w.rules, &pos, 79, &one), SK_OK);
    for (size_t i = 0; i < one.count; i++) {
        assert_int_equal(one.candidates[i].iterations, 20);
        assert_false(one.candidates[i].pruned);
    }
    sk_sim_report_free(&one);
    world_free(&w);
}

/* A bag of six tiles: CAT on the board, S on our rack, X and Q the opponent's (nothing left to
 * draw). Going out with S (CATS or SCAT, 6 points) wins the opponent's tiles twice over (2 × 18):
 * a value of exactly 42, in one continuation, ranked first and always won. */
static void known_answer_bag_empty(void **state)
{
    (void)state;
    world w;
    world_init(&w, "c 3 1\na 1 1\nt 1 1\ns 1 1\nx 8 1\nq 10 1\n");
    sk_position pos;
    position(&pos, "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 S/ 0/0 0");
    sk_sim_config cfg;
    sk_sim_config_init(&cfg);
    cfg.iterations = 50;
    sk_sim_report r;
    assert_int_equal(sk_sim_run(w.gens, 1, &cfg, &w.rules, &pos, 0, &r), SK_OK);
    assert_true(r.exact);
    assert_true(r.count >= 2);
    const sk_sim_candidate *best = &r.candidates[0];
    assert_int_equal(best->move.kind, SK_MOVE_PLACE);
    assert_int_equal(best->move.score, 6);
    assert_int_equal(best->iterations, 1);
    assert_true(best->mean == 42.0);
    assert_true(best->win == 1.0);
    const sk_sim_candidate *last = &r.candidates[r.count - 1];
    assert_int_equal(last->move.kind, SK_MOVE_PASS);
    assert_true(last->mean < 42.0);
    sk_sim_report_free(&r);
    world_free(&w);
}

static void refusals(void **state)
{
    (void)state;
    world w;
    world_init(&w, "c 3 1\na 1 1\nt 1 1\ns 1 1\n");
    sk_position pos;
    sk_sim_config cfg;
    sk_sim_config_init(&cfg);
    sk_sim_report r;
    /* every tile is placed or on our rack: the opponent has none, the game is over */
    position(&pos, "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 S/ 0/0 0");
    assert_int_equal(sk_sim_run(w.gens, 1, &cfg, &w.rules, &pos, 0, &r), SK_EUNSUPPORTED);
    assert_null(r.candidates);
    position(&pos, "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 /S 0/0 0");
    assert_int_equal(sk_sim_run(w.gens, 1, &cfg, &w.rules, &pos, 0, &r), SK_EINVAL);
    cfg.plies = 0;
    position(&pos, "15/15/15/15/15/15/15/7CA6/15/15/15/15/15/15/15 S/ 0/0 0");
    assert_int_equal(sk_sim_run(w.gens, 1, &cfg, &w.rules, &pos, 0, &r), SK_EINVAL);
    world_free(&w);
}

/* A game between the sim player and the equity player, dealt twice from one seed, is played the
 * same way both times, and ends. */
static void sim_player_game(void **state)
{
    (void)state;
    world w;
    world_init(&w, NULL);
    sk_strategy s;
    assert_int_equal(sk_strategy_from_name("sim", &s), SK_OK);
    assert_int_equal(s, SK_STRATEGY_SIM);
    assert_string_equal(sk_strategy_name(s), "sim");
    int finals[2][2];
    for (int run = 0; run < 2; run++) {
        sk_match m;
        assert_int_equal(sk_match_start(&m, &w.rules, 2, 0, 11), SK_OK);
        while (m.state == SK_MATCH_RUNNING) {
            sk_gen_move g;
            sk_strategy who = sk_match_to_move(&m) == 0 ? SK_STRATEGY_SIM : SK_STRATEGY_EQUITY;
            assert_int_equal(
                sk_strategy_choose(who, w.gens[0], &w.rules, &m.pos, sk_match_bag(&m), &g), SK_OK);
            sk_move mv;
            sk_play play;
            char why[200];
            sk_gen_move_to_move(&g, &mv);
            assert_int_equal(sk_match_check(&m, &mv, &play, why, sizeof(why)), SK_LEGAL);
            assert_int_equal(sk_match_play(&m, &play), SK_OK);
        }
        finals[run][0] = sk_match_final(&m, 0);
        finals[run][1] = sk_match_final(&m, 1);
        sk_match_free(&m);
    }
    assert_int_equal(finals[0][0], finals[1][0]);
    assert_int_equal(finals[0][1], finals[1][1]);
    world_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mean_and_standard_error), cmocka_unit_test(same_answer_any_threads),
        cmocka_unit_test(known_answer_bag_empty),  cmocka_unit_test(refusals),
        cmocka_unit_test(sim_player_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
