/* test_gamespec.c — the game spec: what CGP ops, GCG pragmas and a CS104 configuration say, the
 * rule sets' defaults filled in at load, the precedence of overrides, paths relative to the
 * file that names them and written absolute, lexicons shared by the loader, and the one
 * end-of-game rule by idle turns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#include "skrab/error.h"
#include "skrab/gamespec.h"

static sk_position cgp(const char *line)
{
    sk_position pos;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_position_parse_cgp(&pos, line, strlen(line), NULL, &d), SK_OK);
    sk_diag_list_free(&d);
    return pos;
}

#define EMPTY15 "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AB/ 0/0 0"

static void ops_fill_the_spec(void **state)
{
    (void)state;
    sk_game_spec s;
    sk_game_spec_init(&s);
    char why[200] = "";
    sk_position pos =
        cgp(EMPTY15 " var skrabbkle; bdn ../b/g11.txt; ld tiles.csv; lex CSW; rs 5; mcnz 8;");
    assert_int_equal(sk_game_spec_from_cgp(&s, &pos, "games/x/pos.cgp", why, sizeof(why)), SK_OK);
    assert_true(s.has_ruleset);
    assert_int_equal(s.ruleset, SK_RULES_SKRABBKLE);
    assert_string_equal(s.file[SK_SPEC_BOARD], "games/x/../b/g11.txt");
    assert_string_equal(s.file[SK_SPEC_TILES], "games/x/tiles.csv");
    assert_string_equal(s.file[SK_SPEC_LEXICON], "CSW"); /* a resource name stays a name */
    assert_int_equal(s.rack_size, 5);
    assert_int_equal(s.end_turns, 8);
    assert_int_equal(s.end_per_player, 0);
    assert_int_equal(s.bingo_bonus, SK_SPEC_DEFAULT);
    assert_int_equal(s.exchange_min, SK_SPEC_DEFAULT);

    /* an override set first wins over the op */
    sk_game_spec_init(&s);
    sk_game_spec_set_ruleset(&s, SK_RULES_CLASSIC);
    assert_int_equal(sk_game_spec_set_file(&s, SK_SPEC_BOARD, "mine.txt", NULL), SK_OK);
    assert_int_equal(sk_game_spec_from_cgp(&s, &pos, "games/x/pos.cgp", why, sizeof(why)), SK_OK);
    assert_int_equal(s.ruleset, SK_RULES_CLASSIC);
    assert_string_equal(s.file[SK_SPEC_BOARD], "mine.txt");
    assert_string_equal(s.file[SK_SPEC_TILES], "games/x/tiles.csv");
}

static void bad_ops_say_why(void **state)
{
    (void)state;
    const char *lines[] = {EMPTY15 " var chess;",
                           EMPTY15 " rs 0;",
                           EMPTY15 " rs 21;",
                           EMPTY15 " bb 1001;",
                           EMPTY15 " etl -1;",
                           EMPTY15 " rs 7x;",
                           EMPTY15 " bb 99999999999999999999;",
                           EMPTY15 " mcnz 0;"};
    const char *want[] = {"unknown rule set 'chess'",
                          "op 'rs 0': expected a number 1..20",
                          "op 'rs 21': expected a number 1..20",
                          "op 'bb 1001'",
                          "op 'etl -1'",
                          "op 'rs 7x'",
                          "op 'bb 99999999999999999999'",
                          "op 'mcnz 0'"};
    for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
        sk_game_spec s;
        sk_game_spec_init(&s);
        char why[200] = "";
        sk_position pos = cgp(lines[i]);
        assert_int_equal(sk_game_spec_from_cgp(&s, &pos, NULL, why, sizeof(why)),
                         i == 0 ? SK_ENOTFOUND : SK_EINVAL);
        if (!strstr(why, want[i])) fail_msg("%s: said '%s'", lines[i], why);
    }
}

static void pragmas_and_config_fill_the_spec(void **state)
{
    (void)state;
    const char *text = "#character-encoding UTF-8\n#player1 a A\n#player2 b B\n"
                       "#game-type skrabbkle\n#lexicon words.txt\n#board-layout b.txt\n"
                       ">a: AB 8G AB +4 4\n";
    sk_gcg g;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_gcg_parse(&g, text, strlen(text), &d), SK_OK);
    sk_game_spec s;
    sk_game_spec_init(&s);
    assert_int_equal(sk_game_spec_from_gcg(&s, &g, "t/g.gcg", &d), SK_OK);
    assert_int_equal(s.ruleset, SK_RULES_SKRABBKLE);
    assert_string_equal(s.file[SK_SPEC_BOARD], "t/b.txt");
    assert_string_equal(s.file[SK_SPEC_LEXICON], "t/words.txt");
    assert_string_equal(s.file[SK_SPEC_TILES], "");
    sk_gcg_free(&g);
    sk_diag_list_free(&d);

    char why[SK_PATH_MAX + 200];
    sk_config c;
    memset(&c, 0, sizeof(c));
    c.handsize = 5;
    snprintf(c.board, sizeof(c.board), "board.txt");
    snprintf(c.tiles, sizeof(c.tiles), "tiles.txt");
    snprintf(c.dictionary, sizeof(c.dictionary), "/abs/dict.txt");
    sk_game_spec_init(&s);
    assert_int_equal(sk_game_spec_from_config(&s, &c, "conf/game.config", why, sizeof(why)), SK_OK);
    assert_int_equal(s.ruleset, SK_RULES_CLASSIC);
    assert_string_equal(s.file[SK_SPEC_BOARD], "conf/board.txt");
    assert_string_equal(s.file[SK_SPEC_LEXICON], "/abs/dict.txt");
    assert_int_equal(s.rack_size, 5);
    assert_int_equal(s.exchange_min, 5);
    assert_int_equal(s.end_turns, 1);
    assert_int_equal(s.end_per_player, 1);
    assert_int_equal(s.end_passes_only, 1);
}

static sk_game_loader *loader(void)
{
    sk_datadirs dirs;
    sk_datadirs_init(&dirs, SKRAB_BUILD_DATADIR, NULL);
    sk_game_loader *l = NULL;
    assert_int_equal(sk_game_loader_new(&l, &dirs, NULL, NULL, NULL), SK_OK);
    return l;
}

static void defaults_fill_in_at_load(void **state)
{
    (void)state;
    sk_game_loader *l = loader();
    sk_game_spec s;
    sk_game *g = malloc(sizeof(*g)), *h = malloc(sizeof(*h));
    assert_non_null(g);
    assert_non_null(h);
    char why[300];
    for (int rs = 0; rs < 2; rs++) {
        sk_game_spec_init(&s);
        sk_game_spec_set_ruleset(&s, (sk_ruleset)rs);
        sk_game_spec_set_file(&s, SK_SPEC_LEXICON, "none", NULL);
        assert_int_equal(sk_game_load(l, &s, g, NULL, why, sizeof(why)), SK_OK);
        sk_rules want;
        sk_rules_init(&want, (sk_ruleset)rs, &g->board, &g->tiles, NULL);
        assert_int_equal(g->rules.rack_size, want.rack_size);
        assert_int_equal(g->rules.bingo_bonus, want.bingo_bonus);
        assert_int_equal(g->rules.exchange_min, want.rack_size);
        assert_int_equal(g->rules.end_turns, want.end_turns);
        assert_int_equal(g->rules.end_per_player, want.end_per_player);
        assert_int_equal(g->rules.end_passes_only, want.end_passes_only);
        assert_string_equal(g->spec.file[SK_SPEC_BOARD], sk_ruleset_default_board((sk_ruleset)rs));
        assert_string_equal(g->spec.file[SK_SPEC_TILES], sk_ruleset_default_tiles((sk_ruleset)rs));
        assert_int_equal(g->board.width, rs == SK_RULES_SKRABBKLE ? 16 : 15);
        assert_null(g->lexicon);
        sk_game_copy(h, g);
        assert_ptr_equal(h->rules.board, &h->board);
        assert_ptr_equal(h->rules.tiles, &h->tiles);
    }
    /* a rack size set: the exchange minimum follows it unless set too */
    sk_game_spec_init(&s);
    s.rack_size = 9;
    sk_game_spec_set_file(&s, SK_SPEC_LEXICON, "none", NULL);
    assert_int_equal(sk_game_load(l, &s, g, NULL, why, sizeof(why)), SK_OK);
    assert_int_equal(g->rules.rack_size, 9);
    assert_int_equal(g->rules.exchange_min, 9);
    /* one lexicon for every game of a loader */
    sk_game_spec_init(&s);
    assert_int_equal(sk_game_load(l, &s, g, NULL, why, sizeof(why)), SK_OK);
    assert_int_equal(sk_game_load(l, &s, h, NULL, why, sizeof(why)), SK_OK);
    assert_non_null(g->lexicon);
    assert_ptr_equal(g->lexicon, h->lexicon);
    assert_ptr_equal(g->rules.lexicon, g->lexicon);
    free(g);
    free(h);
    sk_game_loader_free(l);
}

/* One loader loading built-in tile sets in turn gives each its own set, whichever came before
 * (the loader keeps the last one built); a set games cannot use yet is refused every time. */
static void builtin_tiles_in_turn(void **state)
{
    (void)state;
    sk_game_loader *l = loader();
    sk_game *g = malloc(sizeof(*g));
    assert_non_null(g);
    char why[300];
    const char *names[] = {"english", "skrabbkle", "skrabbkle", "spanish", "english", "spanish"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        sk_game_spec s;
        sk_game_spec_init(&s);
        sk_game_spec_set_file(&s, SK_SPEC_TILES, names[i], NULL);
        sk_game_spec_set_file(&s, SK_SPEC_LEXICON, "none", NULL);
        sk_tileset want;
        assert_int_equal(sk_tileset_builtin(&want, names[i]), SK_OK);
        int rc = sk_game_load(l, &s, g, NULL, why, sizeof(why));
        assert_int_equal(rc, SK_OK);
        assert_memory_equal(g->tiles.count, want.count, sizeof(want.count));
        assert_memory_equal(g->tiles.score, want.score, sizeof(want.score));
        assert_int_equal(g->tiles.total, want.total);
        assert_ptr_equal(g->rules.tiles, &g->tiles);
    }
    free(g);
    sk_game_loader_free(l);
}

static void load_errors_name_the_file(void **state)
{
    (void)state;
    sk_game_loader *l = loader();
    sk_game *g = malloc(sizeof(*g));
    assert_non_null(g);
    char why[300];
    sk_spec_file which = SK_SPEC_LEXICON;
    sk_game_spec s;
    sk_game_spec_init(&s);
    sk_game_spec_set_file(&s, SK_SPEC_BOARD, "nosuchboard", NULL);
    assert_int_equal(sk_game_load(l, &s, g, &which, why, sizeof(why)), SK_ENOTFOUND);
    assert_int_equal(which, SK_SPEC_BOARD);
    assert_non_null(strstr(why, "no board named 'nosuchboard'"));
    sk_game_spec_init(&s);
    sk_game_spec_set_file(&s, SK_SPEC_TILES, "missing.csv", "some/dir/pos.cgp");
    assert_int_not_equal(sk_game_load(l, &s, g, &which, why, sizeof(why)), SK_OK);
    assert_int_equal(which, SK_SPEC_TILES);
    assert_non_null(strstr(why, "some/dir/missing.csv"));
    sk_game_spec_init(&s);
    sk_game_spec_set_file(&s, SK_SPEC_LEXICON, "CSW99", NULL);
    assert_int_equal(sk_game_load(l, &s, g, &which, why, sizeof(why)), SK_ENOTFOUND);
    assert_int_equal(which, SK_SPEC_LEXICON);
    assert_non_null(strstr(why, "no lexicon named 'CSW99'"));
    free(g);
    sk_game_loader_free(l);
}

/* A position written from a game names its files so that any directory finds them. */
static void ops_written_absolute(void **state)
{
    (void)state;
    sk_game_loader *l = loader();
    sk_game *g = malloc(sizeof(*g));
    assert_non_null(g);
    char why[300];
    sk_game_spec s;
    sk_game_spec_init(&s);
    sk_position pos =
        cgp(EMPTY15 " bdn ./resources/boards/../boards/CrosswordGame.txt; ld english;");
    assert_int_equal(sk_game_spec_from_cgp(&s, &pos, NULL, why, sizeof(why)), SK_OK);
    sk_game_spec_set_file(&s, SK_SPEC_LEXICON, "none", NULL);
    assert_int_equal(sk_game_load(l, &s, g, NULL, why, sizeof(why)), SK_OK);
    assert_int_equal(sk_game_write_ops(g, &pos), SK_OK);
    char cwd[1024], want[2048];
    assert_non_null(getcwd(cwd, sizeof(cwd)));
    snprintf(want, sizeof(want), "%s/resources/boards/../boards/CrosswordGame.txt", cwd);
    assert_string_equal(sk_position_op(&pos, "bdn"), want);
    assert_string_equal(sk_position_op(&pos, "ld"), "english");
    assert_null(sk_position_op(&pos, "var")); /* defaults are not added */
    assert_null(sk_position_op(&pos, "lex"));
    /* a rule set other than the default is */
    sk_game_spec_init(&s);
    sk_game_spec_set_ruleset(&s, SK_RULES_SKRABBKLE);
    sk_game_spec_set_file(&s, SK_SPEC_LEXICON, "none", NULL);
    assert_int_equal(sk_game_load(l, &s, g, NULL, why, sizeof(why)), SK_OK);
    sk_position_init(&pos, 16, 16);
    assert_int_equal(sk_game_write_ops(g, &pos), SK_OK);
    assert_string_equal(sk_position_op(&pos, "var"), "skrabbkle");
    assert_null(sk_position_op(&pos, "bdn"));
    free(g);
    sk_game_loader_free(l);
}

/* The end by idle turns, per rule set and players still in the game. */
static void idle_turns_end_the_game(void **state)
{
    (void)state;
    sk_rules c, s;
    sk_rules_init(&c, SK_RULES_CLASSIC, NULL, NULL, NULL);
    sk_rules_init(&s, SK_RULES_SKRABBKLE, NULL, NULL, NULL);
    assert_true(sk_rules_turn_idles(&c, SK_MOVE_PASS, 0));
    assert_true(sk_rules_turn_idles(&c, SK_MOVE_EXCHANGE, 0));
    assert_true(sk_rules_turn_idles(&c, SK_MOVE_PLACE, 0));
    assert_false(sk_rules_turn_idles(&c, SK_MOVE_PLACE, 3));
    assert_true(sk_rules_turn_idles(&s, SK_MOVE_PASS, 0));
    assert_false(sk_rules_turn_idles(&s, SK_MOVE_PLACE, 0));
    for (int players = 1; players <= 8; players++) {
        assert_false(sk_rules_idle_end(&c, 5, players)); /* six in a row, however many play */
        assert_true(sk_rules_idle_end(&c, 6, players));
        assert_false(sk_rules_idle_end(&s, 3, players));
        assert_true(sk_rules_idle_end(&s, 4, players));
    }
    sk_rules cs104 = c; /* the CS104 game: every player passed once in one round */
    cs104.end_turns = 1;
    cs104.end_per_player = 1;
    cs104.end_passes_only = 1;
    for (int players = 1; players <= 8; players++) {
        assert_false(sk_rules_idle_end(&cs104, players - 1, players));
        assert_true(sk_rules_idle_end(&cs104, players, players));
    }
    c.end_turns = 0;
    assert_false(sk_rules_idle_end(&c, 1000, 2));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ops_fill_the_spec),
        cmocka_unit_test(bad_ops_say_why),
        cmocka_unit_test(pragmas_and_config_fill_the_spec),
        cmocka_unit_test(defaults_fill_in_at_load),
        cmocka_unit_test(builtin_tiles_in_turn),
        cmocka_unit_test(load_errors_name_the_file),
        cmocka_unit_test(ops_written_absolute),
        cmocka_unit_test(idle_turns_end_the_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
