/* test_play_match.c — the game loop (match.h) and the built-in players (players.h): dealing by
 * seed, turns, passes and scoreless turns ending a game, going out, end-of-game scoring under
 * both rule sets, dropping a player, the strategies' choices, and the GCG transcript of a whole
 * game replayed by the GCG module without a finding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "skrab/error.h"
#include "skrab/gcg.h"
#include "skrab/match.h"
#include "skrab/players.h"

typedef struct {
    sk_board board;
    sk_tileset tiles;
    sk_lexicon *lex;
    sk_rules rules;
} world;

static void world_init(world *w, sk_ruleset rs)
{
    tu_game_parts_init(rs, &w->board, &w->tiles, &w->lex, &w->rules);
}

static void world_free(world *w)
{
    sk_lexicon_free(w->lex);
}

static int rack_value(const sk_tileset *t, const char *rack)
{
    int v = 0;
    for (; *rack; rack++)
        v += sk_tileset_score_of(t, *rack);
    return v;
}

static void deal_by_seed(void **state)
{
    (void)state;
    world w;
    world_init(&w, SK_RULES_CLASSIC);
    sk_match a, b, c;
    assert_int_equal(sk_match_start(&a, &w.rules, 2, 0, 42), SK_OK);
    assert_int_equal(sk_match_start(&b, &w.rules, 2, 0, 42), SK_OK);
    assert_int_equal(sk_match_start(&c, &w.rules, 2, 0, 43), SK_OK);
    assert_int_equal(strlen(sk_match_rack(&a, 0)), 7);
    assert_int_equal(strlen(sk_match_rack(&a, 1)), 7);
    assert_int_equal(sk_match_bag(&a), 100 - 14);
    assert_string_equal(sk_match_rack(&a, 0), sk_match_rack(&b, 0));
    assert_string_equal(sk_match_rack(&a, 1), sk_match_rack(&b, 1));
    assert_true(strcmp(sk_match_rack(&a, 0), sk_match_rack(&c, 0)) != 0 ||
                strcmp(sk_match_rack(&a, 1), sk_match_rack(&c, 1)) != 0);
    assert_int_equal(sk_match_to_move(&a), 0);
    /* the first player may be any seat; racks are dealt from them on */
    sk_match d;
    assert_int_equal(sk_match_start(&d, &w.rules, 3, 2, 42), SK_OK);
    assert_int_equal(sk_match_to_move(&d), 2);
    assert_string_equal(sk_match_rack(&d, 2), sk_match_rack(&a, 0));
    assert_int_equal(sk_match_start(&d, &w.rules, 0, 0, 1), SK_EINVAL);
    assert_int_equal(sk_match_start(&d, &w.rules, 2, 2, 1), SK_EINVAL);
    sk_match_free(&a);
    sk_match_free(&b);
    sk_match_free(&c);
    world_free(&w);
}

static sk_illegal play_text(sk_match *m, const char *text)
{
    sk_move mv;
    sk_play play;
    char why[200];
    assert_int_equal(sk_move_parse(&mv, text, strlen(text), NULL, why, sizeof(why)), SK_OK);
    sk_illegal rc = sk_match_check(m, &mv, &play, why, sizeof(why));
    if (rc == SK_LEGAL) assert_int_equal(sk_match_play(m, &play), SK_OK);
    return rc;
}

/* SkraBBKle: both players pass twice in a row; each loses their own tiles. */
static void skrabbkle_passes_end(void **state)
{
    (void)state;
    world w;
    world_init(&w, SK_RULES_SKRABBKLE);
    sk_match m;
    assert_int_equal(sk_match_start(&m, &w.rules, 2, 0, 7), SK_OK);
    char r0[SK_RACK_MAX + 1], r1[SK_RACK_MAX + 1];
    snprintf(r0, sizeof(r0), "%s", sk_match_rack(&m, 0));
    snprintf(r1, sizeof(r1), "%s", sk_match_rack(&m, 1));
    for (int i = 0; i < 3; i++) {
        assert_int_equal(play_text(&m, ","), SK_LEGAL);
        assert_int_equal(m.state, SK_MATCH_RUNNING);
    }
    assert_int_equal(sk_match_to_move(&m), 1);
    /* no exchanges in skrabbkle, and a blind exchange is refused everywhere */
    assert_int_equal(play_text(&m, "-A"), SK_ILLEGAL_EXCHANGE_RULES);
    assert_int_equal(play_text(&m, ","), SK_LEGAL);
    assert_int_equal(m.state, SK_MATCH_PASSES);
    assert_int_equal(sk_match_score(&m, 0), 0);
    assert_int_equal(sk_match_final(&m, 0), -rack_value(&w.tiles, r0));
    assert_int_equal(sk_match_final(&m, 1), -rack_value(&w.tiles, r1));
    /* nothing more can be played */
    assert_int_equal(play_text(&m, ","), SK_ILLEGAL_NO_TILES);
    sk_match_free(&m);
    world_free(&w);
}

/* Classic: six scoreless turns end the game; a play resets the count. */
static void classic_zeros_end(void **state)
{
    (void)state;
    world w;
    world_init(&w, SK_RULES_CLASSIC);
    sk_match m;
    assert_int_equal(sk_match_start(&m, &w.rules, 2, 0, 7), SK_OK);
    char ex[4] = {'-', tu_ascii_tile(sk_match_rack(&m, 0)[0]),
                  tu_ascii_tile(sk_match_rack(&m, 0)[1]), '\0'};
    assert_int_equal(play_text(&m, ex), SK_LEGAL); /* an exchange: scoreless, not a pass */
    assert_int_equal(m.idle, 1);
    assert_int_equal(m.pos.zeros, 1);
    assert_int_equal(sk_match_bag(&m), 86);
    assert_int_equal(play_text(&m, "-3"), SK_ILLEGAL_EXCHANGE_TILES);
    for (int i = 0; i < 4; i++)
        assert_int_equal(play_text(&m, "-"), SK_LEGAL);
    assert_int_equal(m.state, SK_MATCH_RUNNING);
    assert_int_equal(play_text(&m, "-"), SK_LEGAL);
    assert_int_equal(m.state, SK_MATCH_ZEROS);
    assert_int_equal(m.turns, 6);
    sk_match_free(&m);
    world_free(&w);
}

/* Writes M (over) as a GCG transcript (naming LEXICON when not NULL) and replays it under
 * RULES: no error, the game over, every seat's final score the match's. */
static void replays_as_played(const sk_match *m, const sk_rules *rules, const char *lexicon)
{
    sk_buf text;
    sk_buf_init(&text);
    sk_match_gcg_info info;
    memset(&info, 0, sizeof(info));
    info.lexicon = lexicon;
    sk_match_write_gcg(m, &info, &text);
    assert_non_null(strstr(text.data, "#player1 p1 p1\n"));
    sk_gcg g;
    sk_diag_list d;
    sk_diag_list_init(&d);
    int rc = sk_gcg_parse(&g, text.data, text.len, &d);
    sk_gcg_result res;
    if (rc == SK_OK) rc = sk_gcg_replay(&g, rules, &res, &d);
    for (size_t i = 0; i < d.count; i++)
        if (d.items[i].severity == SK_SEV_ERROR)
            print_error("%s, %d seats: %s\n", sk_ruleset_name(rules->ruleset), m->nseats,
                        d.items[i].message);
    assert_int_equal(rc, SK_OK);
    assert_true(res.game_over);
    assert_int_equal(res.nplayers, m->nseats);
    for (int p = 0; p < m->nseats; p++)
        assert_int_equal(res.scores[p], sk_match_final(m, p));
    sk_gcg_free(&g);
    sk_diag_list_free(&d);
    sk_buf_free(&text);
}

/* Plays one turn of M: the move STRATEGY chooses, which must be legal and score as the
 * generator said. */
static void play_turn(sk_match *m, sk_movegen *gen, const sk_rules *rules, sk_strategy strategy)
{
    sk_gen_move g;
    assert_int_equal(sk_strategy_choose(strategy, gen, rules, &m->pos, sk_match_bag(m), &g), SK_OK);
    sk_move mv;
    sk_play play;
    char why[200];
    sk_gen_move_to_move(&g, &mv);
    assert_int_equal(sk_match_check(m, &mv, &play, why, sizeof(why)), SK_LEGAL);
    assert_int_equal(play.score, g.score);
    assert_int_equal(sk_match_play(m, &play), SK_OK);
}

/* A whole game of best against equity: it ends, the winners are right, and its GCG transcript
 * replays cleanly with the final scores. */
static void whole_game_and_gcg(void **state)
{
    (void)state;
    for (int rs = 0; rs < 2; rs++) {
        world w;
        world_init(&w, (sk_ruleset)rs);
        sk_movegen *gen;
        assert_int_equal(sk_movegen_new(&gen), SK_OK);
        sk_match m;
        assert_int_equal(sk_match_start(&m, &w.rules, 2, 1, 99 + (uint64_t)rs), SK_OK);
        sk_strategy strat[2] = {SK_STRATEGY_BEST, SK_STRATEGY_EQUITY};
        while (m.state == SK_MATCH_RUNNING) {
            int seat = sk_match_to_move(&m);
            play_turn(&m, gen, &w.rules, strat[seat]);
        }
        assert_true(m.turns > 10);
        unsigned win = sk_match_winners(&m);
        assert_true(win != 0);
        int f0 = sk_match_final(&m, 0), f1 = sk_match_final(&m, 1);
        assert_int_equal(win, f0 > f1 ? 1u : f0 < f1 ? 2u : 3u);
        if (m.state == SK_MATCH_WENT_OUT) {
            int other = 1 - m.out_seat;
            int v = rack_value(&w.tiles, sk_match_rack(&m, other));
            assert_int_equal(sk_match_final(&m, other), sk_match_score(&m, other) - v);
            assert_int_equal(sk_match_final(&m, m.out_seat),
                             sk_match_score(&m, m.out_seat) + (rs == SK_RULES_CLASSIC ? v : 0));
        }
        replays_as_played(&m, &w.rules, "wordlist");
        sk_match_free(&m);
        sk_movegen_free(gen);
        world_free(&w);
    }
}

/* Every seat count 1..8, both rule sets, with a passer among the players: the game ends by the
 * same rule replay checks, and its transcript replays without an error to the same finals. */
static void round_trip_every_seat_count(void **state)
{
    (void)state;
    for (int rs = 0; rs < 2; rs++) {
        world w;
        world_init(&w, (sk_ruleset)rs);
        sk_movegen *gen;
        assert_int_equal(sk_movegen_new(&gen), SK_OK);
        for (int seats = 1; seats <= SK_PLAYERS_MAX; seats++) {
            sk_match m;
            assert_int_equal(sk_match_start(&m, &w.rules, seats, 0, 7 + (uint64_t)seats), SK_OK);
            while (m.state == SK_MATCH_RUNNING) {
                int seat = sk_match_to_move(&m);
                /* the third player always passes */
                play_turn(&m, gen, &w.rules, seat == 2 ? SK_STRATEGY_PASS : SK_STRATEGY_BEST);
            }
            assert_true(m.state == SK_MATCH_WENT_OUT || m.state == SK_MATCH_PASSES ||
                        m.state == SK_MATCH_ZEROS);
            replays_as_played(&m, &w.rules, NULL);
            sk_match_free(&m);
        }
        sk_movegen_free(gen);
        world_free(&w);
    }
}

/* Going out on a tiny bag: classic gives the player who went out the others' tiles. */
static void going_out_classic(void **state)
{
    (void)state;
    world w;
    world_init(&w, SK_RULES_CLASSIC);
    memset(&w.tiles.count, 0, sizeof(w.tiles.count));
    w.tiles.count['A' - 'A' + 1] = 2;
    w.tiles.count['T' - 'A' + 1] = 2;
    w.tiles.total = 4;
    w.rules.rack_size = 2;
    /* find a deal where the first player holds A and T (two deals in three do: a bounded
     * search fails instead of hanging when racks stop holding what the test looks for) */
    sk_match m;
    int found = 0;
    for (uint64_t seed = 0; !found && seed < 1000; seed++) {
        assert_int_equal(sk_match_start(&m, &w.rules, 2, 0, seed), SK_OK);
        const char *r = sk_match_rack(&m, 0);
        found = strchr(r, tu_tile('A')) && strchr(r, tu_tile('T'));
        if (!found) sk_match_free(&m);
    }
    assert_true(found);
    assert_int_equal(sk_match_bag(&m), 0);
    assert_int_equal(play_text(&m, "8G AT"), SK_LEGAL);
    assert_int_equal(m.state, SK_MATCH_WENT_OUT);
    assert_int_equal(m.out_seat, 0);
    /* AT on the double word, + 50 for a full rack of 2 */
    assert_int_equal(sk_match_score(&m, 0), 4 + 50);
    assert_int_equal(sk_match_final(&m, 0), 54 + 2); /* + the other's A and T */
    assert_int_equal(sk_match_final(&m, 1), -2);     /* - their own */
    assert_int_equal(sk_match_winners(&m), 1u);
    assert_int_equal(m.nevents, 3);
    assert_int_equal(m.events[1].kind, SK_EVENT_END_POINTS);
    assert_int_equal(m.events[2].kind, SK_EVENT_END_PENALTY);
    sk_match_free(&m);
    world_free(&w);
}

/* A dropped player leaves; the game goes on with the rest; they cannot win. */
static void drop_player(void **state)
{
    (void)state;
    world w;
    world_init(&w, SK_RULES_CLASSIC);
    sk_match m;
    assert_int_equal(sk_match_start(&m, &w.rules, 3, 0, 5), SK_OK);
    int bag = sk_match_bag(&m);
    sk_match_drop(&m, "cheated");
    assert_int_equal(m.dropped[0], 1);
    assert_int_equal(m.pos.nplayers, 2);
    assert_int_equal(sk_match_bag(&m), bag + 7); /* the tiles went back */
    assert_int_equal(sk_match_to_move(&m), 1);
    assert_string_equal(sk_match_rack(&m, 0), "");
    assert_int_equal(play_text(&m, "-"), SK_LEGAL);
    assert_int_equal(sk_match_to_move(&m), 2);
    sk_match_drop(&m, "silent");
    sk_match_drop(&m, "late");
    assert_int_equal(m.state, SK_MATCH_NO_PLAYERS);
    assert_int_equal(sk_match_winners(&m), 0u);
    sk_buf text;
    sk_buf_init(&text);
    sk_match_write_gcg(&m, NULL, &text);
    assert_non_null(strstr(text.data, "#description p1 dropped: cheated; p3 dropped: silent"));
    assert_non_null(strstr(text.data, "#dropped p3 silent\n"));
    sk_buf_free(&text);
    sk_match_free(&m);
    world_free(&w);
}

static void strategies(void **state)
{
    (void)state;
    world w;
    world_init(&w, SK_RULES_CLASSIC);
    sk_movegen *gen;
    assert_int_equal(sk_movegen_new(&gen), SK_OK);
    sk_strategy s;
    assert_int_equal(sk_strategy_from_name("equity", &s), SK_OK);
    assert_int_equal(s, SK_STRATEGY_EQUITY);
    assert_string_equal(sk_strategy_name(SK_STRATEGY_SIMPLE), "simple");
    assert_int_equal(sk_strategy_from_name("greedy", &s), SK_EINVAL);
    sk_position pos;
    sk_position_init(&pos, 15, 15);
    sk_gen_move g;
    /* simple: an A or I on the start square on the first turn, as short as can be */
    tu_tiles(pos.racks[0], "QAXZTVV");
    assert_int_equal(sk_strategy_choose(SK_STRATEGY_SIMPLE, gen, &w.rules, &pos, 86, &g), SK_OK);
    assert_int_equal(g.kind, SK_MOVE_PLACE);
    assert_int_equal(g.nplaced, 2);
    sk_move mv;
    sk_play play;
    char why[200];
    sk_gen_move_to_move(&g, &mv);
    assert_int_equal(sk_rules_check(&w.rules, &pos, &mv, 86, &play, why, sizeof(why)), SK_LEGAL);
    int on_start = 0;
    for (int i = 0; i < play.nplaced; i++)
        on_start |= play.placed[i].row == 7 && play.placed[i].col == 7 &&
                    (tu_ascii_tile(play.placed[i].tile) == 'A' ||
                     tu_ascii_tile(play.placed[i].tile) == 'I');
    assert_true(on_start);
    /* without A or I: the whole rack is exchanged, or passed when the bag is low */
    tu_tiles(pos.racks[0], "QXZTVVE");
    assert_int_equal(sk_strategy_choose(SK_STRATEGY_SIMPLE, gen, &w.rules, &pos, 86, &g), SK_OK);
    assert_int_equal(g.kind, SK_MOVE_EXCHANGE);
    assert_string_equal(tu_ascii(g.word), "QXZTVVE");
    assert_int_equal(sk_strategy_choose(SK_STRATEGY_SIMPLE, gen, &w.rules, &pos, 6, &g), SK_OK);
    assert_int_equal(g.kind, SK_MOVE_PASS);
    /* after the first move simple never places */
    pos.tiles[7 * 15 + 7] = tu_tile('A');
    pos.tiles[7 * 15 + 8] = tu_tile('T');
    tu_tiles(pos.racks[0], "AIEOUST");
    assert_int_equal(sk_strategy_choose(SK_STRATEGY_SIMPLE, gen, &w.rules, &pos, 86, &g), SK_OK);
    assert_int_equal(g.kind, SK_MOVE_EXCHANGE);
    assert_int_equal(sk_strategy_choose(SK_STRATEGY_PASS, gen, &w.rules, &pos, 86, &g), SK_OK);
    assert_int_equal(g.kind, SK_MOVE_PASS);
    /* best is the highest score of every move the generator lists */
    sk_move_list list;
    sk_move_list_init(&list);
    assert_int_equal(sk_movegen_all(gen, &w.rules, &pos, &list), SK_OK);
    int top = -1000;
    for (size_t i = 0; i < list.count; i++)
        if (list.moves[i].score > top) top = list.moves[i].score;
    assert_int_equal(sk_strategy_choose(SK_STRATEGY_BEST, gen, &w.rules, &pos, 86, &g), SK_OK);
    assert_int_equal(g.score, top);
    sk_move_list_free(&list);
    /* a rack that cannot play: best passes */
    memset(pos.tiles, 0, sizeof(pos.tiles));
    tu_tiles(pos.racks[0], "QQ");
    assert_int_equal(sk_strategy_choose(SK_STRATEGY_BEST, gen, &w.rules, &pos, 86, &g), SK_OK);
    assert_int_equal(g.kind, SK_MOVE_PASS);
    sk_movegen_free(gen);
    world_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(deal_by_seed),      cmocka_unit_test(skrabbkle_passes_end),
        cmocka_unit_test(classic_zeros_end), cmocka_unit_test(whole_game_and_gcg),
        cmocka_unit_test(going_out_classic), cmocka_unit_test(drop_player),
        cmocka_unit_test(strategies),        cmocka_unit_test(round_trip_every_seat_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
