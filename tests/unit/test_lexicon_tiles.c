/* test_lexicon_tiles.c — a loaded lexicon is safe for every consumer: its highest tile is known
 * from validation, a game refuses a lexicon holding tiles its tile set lacks (and takes it under
 * a set that has them), the crafted KWG whose tiles lie past every built-in alphabet is refused
 * by the game and generates without undefined behaviour when handed to the generator directly,
 * and the anagram finder, the word list and the Boggle solver skip tiles their alphabet lacks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "skrab/boggle.h"
#include "skrab/error.h"
#include "skrab/gamespec.h"
#include "skrab/lexicon.h"
#include "skrab/movegen.h"
#include "skrab/tiles.h"
#include "testutil.h"

/* A 108-byte KWG whose arcs carry tiles up to 40: valid as a graph, of no built-in alphabet
 * (tests/fuzz/corpus/kwg_gen/tile-beyond-alphabet.kwg holds the same bytes). */
static const char REPRO_BASE64[] =
    "EABAAAIAQAALAAABBwAAAgYAAAMYAEAUFABAABoAAAAJAMABGgAAAAAAwAMWAAAAGgCAAg8AAAMAAMAoFQBAABYAAAEa"
    "AAACFAAAAxoAQBQVAEABAADAAhoAgAIAAMAUGgAAAAAAwAEAAMAB";

static size_t unbase64(const char *in, unsigned char *out)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t n = 0;
    unsigned acc = 0, bits = 0;
    for (const char *p = in; *p && *p != '='; p++) {
        acc = acc << 6 | (unsigned)(strchr(digits, *p) - digits);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[n++] = (unsigned char)(acc >> bits);
        }
    }
    return n;
}

static sk_lexicon *repro(void)
{
    unsigned char bytes[128];
    size_t len = unbase64(REPRO_BASE64, bytes);
    assert_int_equal(len, 108);
    sk_lexicon *lex = NULL;
    assert_int_equal(sk_lexicon_from_kwg(&lex, bytes, len, NULL), SK_OK);
    return lex;
}

/* Builds TEXT (words in the tile set named SET's letters) into a lexicon. */
static sk_lexicon *built(const char *text, const char *set)
{
    sk_tileset t;
    assert_int_equal(sk_tileset_builtin(&t, set), SK_OK);
    sk_kwg_build_options opts = {.alphabet = &t.alphabet};
    sk_lexicon *lex = NULL;
    assert_int_equal(sk_lexicon_from_wordlist(&lex, text, strlen(text), &opts, NULL, NULL), SK_OK);
    return lex;
}

static void highest_tile_known_at_load(void **state)
{
    (void)state;
    sk_lexicon *lex = repro();
    assert_int_equal(sk_lexicon_max_tile(lex), 40);
    sk_lexicon_free(lex);
    /* Ż is the Polish set's last letter, 32; an empty list holds no tile */
    const struct {
        const char *words, *set;
        unsigned max;
    } lists[] = {{"CARE\nZOO\n", "english", 26},
                 {"AB\n", "english", 2},
                 {"ŻONA\nAB\n", "polish", 32},
                 {"", "english", 0}};
    for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
        lex = built(lists[i].words, lists[i].set);
        assert_int_equal(sk_lexicon_max_tile(lex), lists[i].max);
        sk_lexicon_free(lex);
    }
}

static char tmpdir[64];

static int setup(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof(tmpdir), "/tmp/skrab-test-tiles-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

/* Loads the game of TILES with the lexicon LEX saved as a KWG; returns sk_game_load's result. */
static int load_with(const sk_lexicon *lex, const char *tiles, char *why, size_t why_size,
                     sk_spec_file *which)
{
    char path[128];
    snprintf(path, sizeof(path), "%s/lexicon.kwg", tmpdir);
    assert_int_equal(sk_lexicon_save(lex, path), SK_OK);
    sk_datadirs dirs;
    sk_datadirs_init(&dirs, SKRAB_BUILD_DATADIR, NULL);
    sk_game_loader *l = NULL;
    assert_int_equal(sk_game_loader_new(&l, &dirs, NULL, NULL, NULL), SK_OK);
    sk_game_spec s;
    sk_game_spec_init(&s);
    sk_game_spec_set_ruleset(&s, SK_RULES_CLASSIC);
    assert_int_equal(sk_game_spec_set_file(&s, SK_SPEC_TILES, tiles, NULL), SK_OK);
    assert_int_equal(sk_game_spec_set_file(&s, SK_SPEC_LEXICON, path, NULL), SK_OK);
    sk_game *g = malloc(sizeof(*g));
    assert_non_null(g);
    int rc = sk_game_load(l, &s, g, which, why, why_size);
    if (rc == SK_OK) assert_ptr_equal(g->rules.lexicon, g->lexicon);
    free(g);
    sk_game_loader_free(l);
    return rc;
}

static void game_refuses_tiles_the_set_lacks(void **state)
{
    (void)state;
    char why[400], want[300];
    sk_spec_file which = SK_SPEC_BOARD;
    sk_lexicon *lex = repro();
    assert_int_equal(load_with(lex, "english", why, sizeof(why), &which), SK_EINVAL);
    assert_int_equal(which, SK_SPEC_LEXICON);
    snprintf(want, sizeof(want),
             "%s/lexicon.kwg holds tile 40, but tile set 'english' has letters 1..26: a lexicon "
             "of another alphabet?",
             tmpdir);
    assert_string_equal(why, want);
    /* no built-in set has 40 letters; Polish, the largest, has 32 */
    assert_int_equal(load_with(lex, "polish", why, sizeof(why), &which), SK_EINVAL);
    assert_non_null(strstr(why, "holds tile 40, but tile set 'polish' has letters 1..32"));
    sk_lexicon_free(lex);
    /* a Polish lexicon: refused under English, taken under Polish */
    lex = built("ŻONA\nAB\n", "polish");
    assert_int_equal(load_with(lex, "english", why, sizeof(why), &which), SK_EINVAL);
    assert_non_null(strstr(why, "holds tile 32, but tile set 'english' has letters 1..26"));
    assert_int_equal(load_with(lex, "polish", why, sizeof(why), &which), SK_OK);
    sk_lexicon_free(lex);
    /* an English lexicon under the Polish set: its tiles are Polish letters, which is all a KWG
     * can be checked for */
    lex = built("CARE\nZOO\n", "english");
    assert_int_equal(load_with(lex, "english", why, sizeof(why), &which), SK_OK);
    assert_int_equal(load_with(lex, "polish", why, sizeof(why), &which), SK_OK);
    sk_lexicon_free(lex);
}

/* The crafted file given to the generator directly (no game loader) under the English set: every
 * move and the best move are found without undefined behaviour (the sanitizer builds run this),
 * and every tile taken from the rack is the rack's. */
static void crafted_file_generates_safely(void **state)
{
    (void)state;
    sk_lexicon *lex = repro();
    sk_tileset english;
    sk_board board;
    assert_int_equal(sk_tileset_builtin(&english, "english"), SK_OK);
    assert_int_equal(sk_board_init(&board, 15, 15), SK_OK);
    sk_rules rules;
    sk_rules_init(&rules, SK_RULES_CLASSIC, &board, &english, lex);
    sk_movegen *gen = NULL;
    assert_int_equal(sk_movegen_new(&gen), SK_OK);
    sk_movegen_set_table_after(gen, 0);
    const char *racks[] = {"AEINRST", "??TSUVW", "ABCDEFG"};
    for (int r = 0; r < 3; r++) {
        sk_position pos;
        sk_position_init(&pos, 15, 15);
        tu_tiles(pos.racks[0], racks[r]);
        sk_move_list list;
        sk_move_list_init(&list);
        assert_int_equal(sk_movegen_all(gen, &rules, &pos, &list), SK_OK);
        for (size_t i = 0; i < list.count; i++)
            for (int k = 0; k < list.moves[i].len; k++) {
                unsigned char t = (unsigned char)list.moves[i].word[k];
                if (!(t & SK_TILE_BLANKED)) assert_non_null(strchr(pos.racks[0], (char)t));
            }
        sk_gen_move best;
        assert_int_equal(sk_movegen_best(gen, &rules, &pos, NULL, 1, 0, -1, &best), SK_OK);
        sk_move_list_free(&list);
    }
    sk_movegen_free(gen);
    sk_lexicon_free(lex);
}

/* Consumers with an alphabet of their own leave out what it lacks: the anagram finder and the
 * word list without an alphabet (A..Z) and the Boggle solver (A..Z). */
static void other_consumers_skip_foreign_tiles(void **state)
{
    (void)state;
    sk_lexicon *lex = built("ŻAB\nABA\n", "polish"); /* A=1, B=3, Ż=32 */
    tu_words w;
    memset(&w, 0, sizeof(w));
    assert_int_equal(sk_lexicon_anagram(lex, NULL, "???", 3, 0, 2, tu_collect_word, &w), SK_OK);
    for (size_t i = 0; i < strlen(w.text); i++)
        assert_true(w.text[i] == ' ' || (w.text[i] >= 'a' && w.text[i] <= 'z'));
    memset(&w, 0, sizeof(w));
    assert_int_equal(sk_lexicon_foreach_word(lex, NULL, tu_collect_word, &w), SK_OK);
    assert_int_equal(w.count, 2);
    assert_non_null(strstr(w.text, "?")); /* the letter A..Z lacks is written '?' */
    sk_boggle_solver *solver = NULL;
    assert_int_equal(sk_boggle_solver_new(&solver, lex), SK_OK);
    assert_int_equal(sk_boggle_solver_words(solver), 1); /* ABA's tiles, as A..Z: A C A */
    sk_boggle_solver_free(solver);
    sk_lexicon_free(lex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(highest_tile_known_at_load),
        cmocka_unit_test(game_refuses_tiles_the_set_lacks),
        cmocka_unit_test(crafted_file_generates_safely),
        cmocka_unit_test(other_consumers_skip_foreign_tiles),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
