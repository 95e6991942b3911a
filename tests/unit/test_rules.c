/* test_rules.c — legality and scoring. The SkraBBKle seed's example play, move by move, on the
 * shipped default board with the example's old tile values; the CS104 and Hasbro examples for
 * classic; and one case per reason. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#include "skrab/error.h"
#include "skrab/rules.h"

static const char WORDS[] = "DINT\nUNPITIED\nDANCE\nGURNARD\nDARE\nSTELLA\nSCOT\nPOGOERS\n"
                            "CAKE\nPOKEMON\nHELLO\nHE\nLO\nEH\nAH\nAE\nDO\nON\nNO\nOX\nXI\n"
                            "CAT\nCATS\nCAKES\nLOFTY\nLOAM\nLO\nOF\nAT\nMY\nOFFICIATE\nTA\nAT\nAS\n"
                            "MOTHER\nHOT\nAN\nTO\nQI\n";

typedef struct {
    sk_board board;
    sk_tileset tiles;
    sk_lexicon *lex;
    sk_rules rules;
    sk_position pos;
} game;

static void setup_game(game *g, sk_ruleset rs, const char *board_file)
{
    sk_buf text;
    tu_read_source(&text, board_file);
    assert_int_equal(sk_board_parse(&g->board, text.data, text.len, SK_BOARD_FORMAT_AUTO, NULL),
                     SK_OK);
    sk_buf_free(&text);
    assert_int_equal(
        sk_tileset_builtin(&g->tiles, rs == SK_RULES_SKRABBKLE ? "skrabbkle" : "english"), SK_OK);
    assert_int_equal(sk_lexicon_from_wordlist(&g->lex, WORDS, strlen(WORDS), NULL, NULL, NULL),
                     SK_OK);
    sk_rules_init(&g->rules, rs, &g->board, &g->tiles, g->lex);
    sk_position_init(&g->pos, g->board.width, g->board.height);
}

/* Checks MOVE with RACK; expects SCORE (>= 0) or the reason NEEDLE; applies a legal move. */
static void play(game *g, const char *rack, const char *text, int score, const char *needle)
{
    sk_move m;
    char why[200];
    if (sk_move_parse(&m, text, strlen(text), NULL, why, sizeof(why)) != SK_OK) {
        if (!needle || strcmp(needle, "format") != 0) fail_msg("%s: does not parse: %s", text, why);
        return;
    }
    assert_true(strlen(rack) < sizeof(g->pos.racks[0]));
    tu_tiles(g->pos.racks[0], rack);
    sk_play p;
    sk_illegal rc = sk_rules_check(&g->rules, &g->pos, &m, 50, &p, why, sizeof(why));
    if (needle) {
        if (rc == SK_LEGAL || !strstr(why, needle))
            fail_msg("%s: expected '%s', got %d '%s'", text, needle, rc, why);
        return;
    }
    if (rc != SK_LEGAL) fail_msg("%s: illegal: %s", text, why);
    if (p.score != score) fail_msg("%s: scored %d, expected %d", text, p.score, score);
    sk_play_apply_tiles(&p, &g->pos);
}

static void skrabbkle_seed_example(void **state)
{
    (void)state;
    game g;
    setup_game(&g, SK_RULES_SKRABBKLE, "resources/defaultBoard.txt");
    g.tiles.score[0] = 3; /* the example was played with wildcard 3, X 8, Y 4 */
    g.tiles.score['X' - 'A' + 1] = 8;
    g.tiles.score['Y' - 'A' + 1] = 4;
    play(&g, "TNCNIUD", "DINT,h6", 7, NULL);
    play(&g, "EUDI?IP", "UPItIED,8g", 91, NULL);
    play(&g, "CNUDIEA", "ANCE, 16, , , , , ,", -1, "format");
    play(&g, "CNUDIEA", "ANCE,i6", -1, "creates a second word");
    play(&g, "CNUDIEA", "ANCE,6i", 14, NULL);
    play(&g, "LG?NRRU", "GURNaR,n2", 24, NULL);
    play(&g, "UDIEASI", "DAE,4l", 10, NULL);
    play(&g, "LRELSGT", "STELL,i1", 21, NULL);
    play(&g, "UISIOTY", "O,j5", -1, "creates a second word");
    play(&g, "UISIOTY", "O,5j", -1, "creates a second word");
    play(&g, "UISIOTY", "SC,k5", -1, "tile 'C' is not on the rack");
    play(&g, "UISIOTY", "SO,k5", 8, NULL);
    play(&g, "RGPEOOA", "POGOER,1c", 12, NULL);
    sk_lexicon_free(g.lex);
}

static void skrabbkle_reasons(void **state)
{
    (void)state;
    game g;
    setup_game(&g, SK_RULES_SKRABBKLE, "resources/defaultBoard.txt");
    play(&g, "DINTXYZ", "DINT,a1", -1, "first move must cover h8");
    play(&g, "DINTXYZ", "D,h8", -1, "at least 2 tiles");
    play(&g, "DINTXYZ", "DINT,h14", -1, "runs off the board at h17");
    play(&g, "DINTXYZ", "DNIT,h6", -1, "not in lexicon: DNIT");
    play(&g, "DINTXYZ", "DINT,h6", 7, NULL);
    play(&g, "DINTXYZ", "DINT,h7", -1, "square h7 is already occupied");
    play(&g, "DOAEXYZ", "DO,a1", -1, "not connected to the board");
    sk_move m;
    char why[200];
    sk_play p;
    assert_int_equal(sk_move_parse(&m, "-ABC", 4, NULL, why, sizeof(why)), SK_OK);
    assert_int_equal(sk_rules_check(&g.rules, &g.pos, &m, 50, &p, why, sizeof(why)),
                     SK_ILLEGAL_EXCHANGE_RULES);
    assert_string_equal(why, "exchange is not allowed in skrabbkle");
    sk_lexicon_free(g.lex);
}

static void classic_cs104_examples(void **state)
{
    (void)state;
    game g;
    setup_game(&g, SK_RULES_CLASSIC, "resources/boards/CrosswordGame.txt");
    /* CAKE down through the centre (a double word): (3 + 1 + 5 + 1) x 2 = 20 */
    play(&g, "CAKEXYZ", "PLACE | 5 8 CAKE", 20, NULL);
    /* POKEMON across row 7 through that K, a blank as M: 3 + 1x2 + 5 + 1x2 + 0 + 1 + 1 = 14 */
    play(&g, "POE?ONZ", "PLACE - 7 6 POE?MON", 14, NULL);
    /* one tile: S under CAKE makes CAKES down: 3 + 1 + 5 + 1 + 1 = 11 */
    play(&g, "SXYZ", "PLACE | 9 8 S", 11, NULL);
    play(&g, "SXYZ", "PLACE | 1 1 S", -1, "not connected to the board");
    play(&g, "SXYZ", "8F DOG", -1, "square h8 holds E, not G");
    /* a CS104 move names squares as CS104 does: row then column, from 1 */
    play(&g, "PENXYZ", "PLACE - 8 14 PEN", -1, "runs off the board at row 8, column 16");
    play(&g, "PENXYZ", "PLACE | 5 8 PEN", -1, "the square at row 5, column 8 is already occupied");
    play(&g, "PENXYZ", "14N PEN", -1, "runs off the board at p14");
    /* a tile the rack holds fewer of than the move uses */
    play(&g, "BRAXYZ", "PLACE - 1 1 BRR", -1, "only one 'R' is on the rack");
    play(&g, "BRRAXYZ", "PLACE - 1 1 BRRR", -1, "only 2 'R' tiles are on the rack");
    play(&g, "?AXYZ", "PLACE - 1 1 ?A?B", -1, "only one blank is on the rack");
    play(&g, "AXYZ", "PLACE - 1 1 ?A", -1, "no blank on the rack for 'a'");
    sk_move m;
    char why[200];
    sk_play p;
    assert_int_equal(sk_move_parse(&m, "EXCHANGE XYZ", 12, NULL, why, sizeof(why)), SK_OK);
    assert_int_equal(sk_rules_check(&g.rules, &g.pos, &m, 50, &p, why, sizeof(why)), SK_LEGAL);
    assert_int_equal(sk_rules_check(&g.rules, &g.pos, &m, 6, &p, why, sizeof(why)),
                     SK_ILLEGAL_EXCHANGE_BAG);
    assert_string_equal(why, "exchange needs at least 7 tiles in the bag; it holds 6");
    assert_int_equal(sk_move_parse(&m, "-QQ", 3, NULL, why, sizeof(why)), SK_OK);
    assert_int_equal(sk_rules_check(&g.rules, &g.pos, &m, 50, &p, why, sizeof(why)),
                     SK_ILLEGAL_EXCHANGE_TILES);
    /* a position of another size than the board's has no square that is sure */
    sk_position big;
    sk_position_init(&big, 16, 16);
    assert_int_equal(sk_move_parse(&m, "8H AB", 5, NULL, why, sizeof(why)), SK_OK);
    assert_int_equal(sk_rules_check(&g.rules, &big, &m, 50, &p, why, sizeof(why)),
                     SK_ILLEGAL_OFF_BOARD);
    assert_string_equal(why, "the position is 16 x 16 but the board 15 x 15");
    /* a blind exchange is "-N" in every style, CS104's too (it has no form of its own), and
     * reads back as the same move */
    assert_int_equal(sk_move_parse(&m, "-3", 2, NULL, why, sizeof(why)), SK_OK);
    assert_int_equal(sk_rules_check(&g.rules, &g.pos, &m, 50, &p, why, sizeof(why)), SK_LEGAL);
    const sk_play_style styles[] = {SK_PLAY_GCG, SK_PLAY_GCG_DOTS, SK_PLAY_SKRABBKLE,
                                    SK_PLAY_CS104};
    for (size_t i = 0; i < sizeof(styles) / sizeof(styles[0]); i++) {
        sk_buf out;
        sk_buf_init(&out);
        sk_play_write(&p, styles[i], NULL, &out);
        assert_string_equal(sk_buf_str(&out), "-3");
        sk_move back;
        assert_int_equal(sk_move_parse(&back, out.data, out.len, NULL, why, sizeof(why)), SK_OK);
        assert_int_equal(back.kind, SK_MOVE_EXCHANGE);
        assert_int_equal(back.exchange_count, 3);
        sk_buf_free(&out);
    }
    sk_lexicon_free(g.lex);
}

/* A blocked square (MAGPIE '#') is said to be blocked whatever the play puts there: a tile, or a
 * GCG '.' or '( )' that marks it as holding a tile already. */
static void blocked_squares(void **state)
{
    (void)state;
    game g;
    setup_game(&g, SK_RULES_CLASSIC, "samples/boards/magpie-blocked-11.txt");
    const char *moves[] = {"A2 AT", "A2 ..", "A2 .T", "A1 A.", "A2 (AT)", "2A .T"};
    for (size_t i = 0; i < sizeof(moves) / sizeof(moves[0]); i++) {
        sk_move m;
        sk_play p;
        char why[200];
        assert_int_equal(sk_move_parse(&m, moves[i], strlen(moves[i]), NULL, why, sizeof(why)),
                         SK_OK);
        sk_illegal rc = sk_rules_check(&g.rules, &g.pos, &m, 50, &p, why, sizeof(why));
        if (rc != SK_ILLEGAL_BLOCKED || !strstr(why, " is blocked"))
            fail_msg("%s: expected a blocked square, got %d '%s'", moves[i], rc, why);
    }
    sk_lexicon_free(g.lex);
}

/* The classic scoring examples (LOFTY, LOAM with four cross words, the OFFICIATE bingo): the
 * double letter before the double word, premiums only for the player who covers them. */
static void classic_scoring_examples(void **state)
{
    (void)state;
    game g;
    setup_game(&g, SK_RULES_CLASSIC, "resources/boards/CrosswordGame.txt");
    play(&g, "LOFTYAB", "8H LOFTY", 30, NULL);     /* (1 + 1 + 4 + 1 + 4x2) x 2 */
    play(&g, "LOAMBCD", "7I LOAM", 24, NULL);      /* LOAM 7 + LO 3 + OF 5 + AT 2 + MY 7 */
    play(&g, "FICIATE", "J7 OFFICIATE", 71, NULL); /* 21 + 50 */
    sk_lexicon_free(g.lex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(skrabbkle_seed_example),   cmocka_unit_test(skrabbkle_reasons),
        cmocka_unit_test(blocked_squares),          cmocka_unit_test(classic_cs104_examples),
        cmocka_unit_test(classic_scoring_examples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
