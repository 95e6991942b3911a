/* test_boggle_game.c — the game of the Boggle seed: the computer's word set (sorted, saved
 * atomically, reloaded), a round judged and scored (words found by both score nothing, strikes),
 * learning and forgetting, the end of a game; and the `skrab boggle` commands run in-process,
 * scripted play sessions included (the words file kept between runs). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "skrab/boggle.h"
#include "skrab/buf.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"
#include "testutil.h"

static sk_lexicon *wordlist(void)
{
    static sk_lexicon *lex;
    if (!lex) assert_int_equal(sk_lexicon_open(&lex, SKRAB_BUILD_DATADIR "/wordlist.kwg", NULL), 0);
    return lex;
}

static char tmpdir[64];

static int make_tmpdir(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof(tmpdir), "/tmp/skrab-boggle-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

static int add(sk_boggle_wordset *s, const char *w)
{
    return sk_boggle_wordset_add(s, w, strlen(w));
}

/* ---- word sets ------------------------------------------------------------------------------- */
static void wordsets(void **state)
{
    (void)state;
    sk_boggle_wordset s;
    sk_boggle_wordset_init(&s);
    assert_int_equal(add(&s, "pear"), 1);
    assert_int_equal(add(&s, "PEAR"), 0);
    assert_int_equal(add(&s, "ale"), 1);
    assert_int_equal(add(&s, "zebra"), 1);
    assert_int_equal(add(&s, "x"), SK_EINVAL);
    assert_int_equal(add(&s, "no way"), SK_EINVAL);
    assert_int_equal(s.count, 3);
    assert_string_equal(s.items[0], "ALE");
    assert_string_equal(s.items[2], "ZEBRA");
    assert_true(sk_boggle_wordset_contains(&s, "Pear", 4));
    assert_false(sk_boggle_wordset_contains(&s, "pea", 3));
    assert_int_equal(sk_boggle_wordset_remove(&s, "pear", 4), 1);
    assert_int_equal(sk_boggle_wordset_remove(&s, "pear", 4), 0);
    assert_int_equal(s.count, 2);

    const char *text = "# comment\nzoo\n  Tea \r\nale\n\nbad word\nq1\nTEA\n";
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_boggle_wordset_parse(&s, text, strlen(text), &d), SK_OK);
    assert_int_equal(d.warnings, 2);
    assert_int_equal(d.items[0].offset, strlen("# comment\nzoo\n  Tea \r\nale\n\n"));
    assert_int_equal(s.count, 4); /* ALE TEA ZEBRA ZOO */
    assert_string_equal(s.items[1], "TEA");
    sk_diag_list_free(&d);

    /* saved, read back the same; a missing directory is not made */
    char path[128];
    snprintf(path, sizeof(path), "%s/a/words.txt", tmpdir);
    assert_int_equal(sk_boggle_wordset_save(&s, path), SK_EIO);
    assert_int_equal(errno, ENOENT);
    struct stat st;
    snprintf(path, sizeof(path), "%s/a", tmpdir);
    assert_int_not_equal(stat(path, &st), 0);
    snprintf(path, sizeof(path), "%s/words.txt", tmpdir);
    assert_int_equal(sk_boggle_wordset_save(&s, path), SK_OK);
    sk_buf back;
    sk_buf_init(&back);
    assert_int_equal(sk_buf_read_file(&back, path, 1 << 20), SK_OK);
    assert_non_null(strstr(back.data, "\nALE\nTEA\nZEBRA\nZOO\n"));
    sk_boggle_wordset again;
    sk_boggle_wordset_init(&again);
    assert_int_equal(sk_boggle_wordset_parse(&again, back.data, back.len, NULL), SK_OK);
    assert_int_equal(again.count, 4);
    /* a path that cannot be written */
    assert_int_equal(sk_boggle_wordset_save(&s, "/proc/no/such/words.txt"), SK_EIO);

    sk_lexicon *lex = NULL;
    assert_int_equal(sk_boggle_wordset_lexicon(&s, &lex), SK_OK);
    assert_true(sk_lexicon_contains(lex, NULL, "ZOO", 3));
    assert_false(sk_lexicon_contains(lex, NULL, "PEAR", 4));
    sk_lexicon_free(lex);
    sk_boggle_wordset empty;
    sk_boggle_wordset_init(&empty);
    assert_int_equal(sk_boggle_wordset_lexicon(&empty, &lex), SK_OK);
    sk_lexicon_free(lex);
    /* a word longer than a lexicon's (65..72 letters: Qu cubes) stays in the set, out of the
     * lexicon, and the other words stay in it */
    char longest[SK_BOGGLE_WORD_MAX + 1];
    memset(longest, 'A', SK_BOGGLE_WORD_MAX);
    longest[SK_BOGGLE_WORD_MAX] = '\0';
    assert_int_equal(sk_boggle_wordset_add(&s, longest, SK_BOGGLE_WORD_MAX), 1);
    assert_int_equal(sk_boggle_wordset_lexicon(&s, &lex), SK_OK);
    assert_true(sk_lexicon_contains(lex, NULL, "ZOO", 3));
    assert_false(sk_lexicon_contains(lex, NULL, longest, SK_BOGGLE_WORD_MAX));
    sk_lexicon_free(lex);
    sk_buf_free(&back);
    sk_boggle_wordset_free(&again);
    sk_boggle_wordset_free(&s);
}

/* ---- rounds ---------------------------------------------------------------------------------- */
static const sk_boggle_entry *entry(const sk_boggle_round *r, const char *word)
{
    for (size_t i = 0; i < r->count; i++)
        if (strcmp(r->entries[i].word, word) == 0) return &r->entries[i];
    fail_msg("no entry %s", word);
    return NULL;
}

/* The computer knowing DICT plays GRID; the user typed USER (blank-separated). */
static void play_round(sk_boggle_round *r, const char *grid, const char *dict, const char *user,
                       const sk_lexicon *judge)
{
    sk_boggle_grid g;
    assert_int_equal(sk_boggle_grid_parse(&g, grid, strlen(grid), NULL), SK_OK);
    sk_boggle_round_init(r, &g, 3);
    char buf[512];
    snprintf(buf, sizeof(buf), "%s", user);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "))
        sk_boggle_round_add_user(r, w, strlen(w));
    sk_lexicon *lex = NULL;
    assert_int_equal(sk_lexicon_from_wordlist(&lex, dict, strlen(dict), NULL, NULL, NULL), SK_OK);
    sk_boggle_solver *s;
    assert_int_equal(sk_boggle_solver_new(&s, lex), SK_OK);
    sk_boggle_words found;
    sk_boggle_words_init(&found);
    assert_int_equal(sk_boggle_solve(s, &g, 3, &found), SK_OK);
    assert_int_equal(sk_boggle_round_finish(r, &found, judge), SK_OK);
    sk_boggle_words_free(&found);
    sk_boggle_solver_free(s);
    sk_lexicon_free(lex);
}

static void rounds(void **state)
{
    (void)state;
    sk_boggle_round r;
    play_round(&r, "PERS/LATG/SINE/TERS", "PEAT\nSATE\nREST\nPEARL\nSTAGE\nPERTS\n",
               "rest peat pear Pear tiger pearl lape at qi xyz SINET 1a", wordlist());
    assert_int_equal(entry(&r, "REST")->category, SK_BOGGLE_COMMON);
    assert_int_equal(entry(&r, "PEAT")->category, SK_BOGGLE_COMMON);
    assert_int_equal(entry(&r, "PEAR")->category, SK_BOGGLE_USER_ONLY);
    assert_int_equal(entry(&r, "TIGER")->category, SK_BOGGLE_NOT_ON_BOARD);
    assert_int_equal(entry(&r, "PEARL")->category, SK_BOGGLE_NOT_ON_BOARD);
    assert_int_equal(entry(&r, "LAPE")->category, SK_BOGGLE_NOT_A_WORD);
    assert_int_equal(entry(&r, "SINET")->category, SK_BOGGLE_NOT_A_WORD);
    assert_int_equal(entry(&r, "AT")->category, SK_BOGGLE_TOO_SHORT);
    assert_int_equal(entry(&r, "QI")->category, SK_BOGGLE_TOO_SHORT);
    assert_int_equal(entry(&r, "XYZ")->category, SK_BOGGLE_NOT_ON_BOARD);
    assert_int_equal(entry(&r, "SATE")->category, SK_BOGGLE_COMPUTER_ONLY);
    assert_int_equal(entry(&r, "PERTS")->category, SK_BOGGLE_COMPUTER_ONLY);
    assert_int_equal(r.count, 12); /* PEAR once; "1a" refused; REST and PEAT once */
    assert_int_equal(r.user_score, 1);
    assert_int_equal(r.computer_score, 1 + 2);
    assert_int_equal(entry(&r, "PERTS")->score, 2);
    assert_int_equal(entry(&r, "REST")->score, 0);

    /* strikes: the user's own, the computer's, a common word; not the others */
    assert_int_equal(sk_boggle_round_strike(&r, "pear", 4), SK_BOGGLE_USER_ONLY);
    assert_int_equal(sk_boggle_round_strike(&r, "pear", 4), -1);
    assert_int_equal(sk_boggle_round_strike(&r, "PERTS", 5), SK_BOGGLE_COMPUTER_ONLY);
    assert_int_equal(sk_boggle_round_strike(&r, "rest", 4), SK_BOGGLE_COMMON);
    assert_int_equal(sk_boggle_round_strike(&r, "lape", 4), -1);
    assert_int_equal(sk_boggle_round_strike(&r, "1a", 2), -1);
    assert_int_equal(r.user_score, 0);
    assert_int_equal(r.computer_score, 1);

    /* closing: the computer forgets what was struck from its words, learns nothing struck */
    sk_boggle_game g;
    sk_boggle_game_init(&g, 10, 100);
    const char *dict = "PEAT\nSATE\nREST\nPERTS\n";
    assert_int_equal(sk_boggle_wordset_parse(&g.dict, dict, strlen(dict), NULL), SK_OK);
    sk_rng rng;
    sk_rng_seed(&rng, 1);
    assert_int_equal(sk_boggle_game_close_round(&g, &r, &rng), 0);
    assert_true(g.dict_changed);
    assert_int_equal(g.dict.count, 2); /* PEAT SATE */
    assert_false(sk_boggle_wordset_contains(&g.dict, "REST", 4));
    assert_int_equal(g.user_total, 0);
    assert_int_equal(g.computer_total, 1);
    assert_int_equal(g.rounds, 1);
    sk_boggle_round_free(&r);

    /* without a judge every traced word counts; at difficulty 10 all are learned */
    play_round(&r, "PERS/LATG/SINE/TERS", "PEAT\n", "lape peat rest slat tsal", NULL);
    assert_int_equal(entry(&r, "LAPE")->category, SK_BOGGLE_USER_ONLY);
    assert_int_equal(r.user_score, 4);
    assert_int_equal(sk_boggle_game_close_round(&g, &r, &rng), 4);
    assert_true(sk_boggle_wordset_contains(&g.dict, "TSAL", 4));
    assert_int_equal(g.user_total, 4);
    sk_boggle_round_free(&r);

    /* at difficulty 1 about one word in ten is learned */
    sk_boggle_game_free(&g);
    sk_boggle_game_init(&g, 1, 100);
    int learned = 0;
    for (int i = 0; i < 40; i++) {
        play_round(&r, "PERS/LATG/SINE/TERS", "ZZZ\n", "peat rest slat sate pear", NULL);
        learned += sk_boggle_game_close_round(&g, &r, &rng);
        sk_boggle_round_free(&r);
        sk_boggle_wordset_free(&g.dict);
    }
    assert_true(learned >= 5 && learned <= 40);
    assert_true(learned < 40); /* 200 draws at 10%: 40 would be absurd */
    sk_boggle_game_free(&g);
}

static void game_over(void **state)
{
    (void)state;
    sk_boggle_game g;
    sk_boggle_game_init(&g, 99, 0); /* clamped to 10 and 1 */
    assert_int_equal(g.difficulty, 10);
    assert_int_equal(g.target, 1);
    int winner = 7;
    assert_false(sk_boggle_game_over(&g, &winner));
    g.target = 10;
    g.user_total = 10;
    g.computer_total = 12;
    assert_true(sk_boggle_game_over(&g, &winner));
    assert_int_equal(winner, -1);
    g.computer_total = 9;
    assert_true(sk_boggle_game_over(&g, &winner));
    assert_int_equal(winner, 1);
    g.computer_total = 10;
    assert_true(sk_boggle_game_over(&g, &winner));
    assert_int_equal(winner, 0);
    sk_boggle_game_restart(&g);
    assert_false(sk_boggle_game_over(&g, NULL));
    sk_boggle_game_free(&g);
}

/* ---- the commands ---------------------------------------------------------------------------- */
static void contains(const sk_buf *b, const char *s)
{
    if (!strstr(sk_buf_str(b), s)) fail_msg("output lacks '%s':\n%s", s, sk_buf_str(b));
}

static void commands(void **state)
{
    (void)state;
    tu_run r;
    tu_run_cli(&r, NULL,
               (const char *const[]){"boggle", "solve", "-c", "PERSLATGSINETERS",
                                     "CATD/LINE/MARO/PETS", "NGENMEQYKTASIETS", NULL});
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out.data, "PERS/LATG/SINE/TERS: 1300 words, 4512 points\n"
                                    "CATD/LINE/MARO/PETS: 1003 words, 3120 points\n"
                                    "NGEN/MEQY/KTAS/IETS: 140 words, 189 points\n");
    tu_run_free(&r);
    tu_run_cli(&r, "NGENMEQYKTASIETS\n\n# comment\nBAD\n",
               (const char *const[]){"boggle", "solve", "--json", NULL});
    assert_int_equal(r.status, 1);
    contains(&r.out, "{\"word\":\"QUEY\",\"score\":1,\"path\":[\"c2\",\"c1\",\"d2\"]}\n");
    contains(&r.out, "{\"grid\":\"NGEN/MEQY/KTAS/IETS\",\"words\":140,\"total\":189}\n");
    contains(&r.err, "<stdin>:4:1: error: 3 letters make no grid");
    tu_run_free(&r);
    tu_run_cli(&r, "peat\nlape\n",
               (const char *const[]){"boggle", "check", "PERS/LATG/SINE/TERS", NULL});
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out.data, "ok PEAT: 1 point\nno LAPE: not in the lexicon\n");
    tu_run_free(&r);
    tu_run_cli(&r, NULL, (const char *const[]){"boggle", "gen", "-s", "5", "-n", "2", NULL});
    assert_int_equal(r.status, 0);
    assert_int_equal(r.out.len, 2 * 20);
    tu_run_free(&r);
    tu_run_cli(&r, NULL, (const char *const[]){"boggle", "gen", "-N", "5", "-d", "new", NULL});
    assert_int_equal(r.status, 2);
    contains(&r.err, "the dice 'new' are 16 dice, for a 4x4 grid, not 5x5");
    tu_run_free(&r);
    tu_run_cli(&r, NULL, (const char *const[]){"boggle", "dance", NULL});
    assert_int_equal(r.status, 2);
    tu_run_free(&r);
}

static void play_sessions(void **state)
{
    (void)state;
    char words[128];
    snprintf(words, sizeof(words), "%s/play", tmpdir);
    assert_int_equal(mkdir(words, 0700), 0); /* --words names a file in a directory that exists */
    snprintf(words, sizeof(words), "%s/play/words.txt", tmpdir);
    const char *const args[] = {"boggle", "play", "--seed",  "3",   "--no-timer",
                                "-D",     "10",   "--words", words, NULL};
    /* round 1 grid: EVIM/BEAN/OHWQ/YLIT */
    tu_run r;
    tu_run_cli(&r, "bean quit\nhobe\nzzz\n\nstrike WAVE\n\nquit\n", args);
    assert_int_equal(r.status, 0);
    contains(&r.out, "It knows 999 words.");
    contains(&r.out, "    E   V   I   M\n    B   E   A   N\n    O   H   W   Qu\n");
    contains(&r.out, "Found by both (no points):\n    BEAN\n");
    contains(&r.out, "Only you (1 point):\n    QUIT\n");
    contains(&r.out, "Not in the lexicon:\n    HOBE\n");
    contains(&r.out, "Not on the board:\n    ZZZ\n");
    contains(&r.out, "Struck WAVE from the computer's words; it forgets it.");
    contains(&r.out, "The computer learned 1 of your words; it knows 999.");
    contains(&r.out, "Round 2");
    contains(&r.out, "Final score: you 1, the computer");
    tu_run_free(&r);
    sk_buf saved;
    sk_buf_init(&saved);
    assert_int_equal(sk_buf_read_file(&saved, words, 1 << 20), SK_OK);
    assert_non_null(strstr(saved.data, "\nQUIT\n"));
    assert_null(strstr(saved.data, "\nWAVE\n"));
    sk_buf_free(&saved);

    /* the next run starts from the saved words; end of input in a round ends the game */
    tu_run_cli(&r, "bean\n", args);
    assert_int_equal(r.status, 0);
    contains(&r.out, "It knows 999 words.");
    contains(&r.out, "Found by both (no points):\n    BEAN\n");
    contains(&r.out, "Final score: you 0, the computer");
    tu_run_free(&r);

    /* a game to 1 point: over after the first round that scores */
    const char *const quick[] = {"boggle", "play",    "--seed", "3",  "--time", "0", "--target",
                                 "1",      "--words", words,    "-l", "none",   NULL};
    tu_run_cli(&r, "quit\n\nrestart\n\ntarget 5\n\nfoo\nhelp\nq\n", quick);
    assert_int_equal(r.status, 0);
    contains(&r.out, "Game over: the computer wins,");
    contains(&r.out, "A new game to 1 point.");
    contains(&r.out, "A new game to 5 points.");
    contains(&r.out, "Unknown command 'foo'.");
    tu_run_free(&r);

    /* bad options */
    tu_run_cli(&r, "", (const char *const[]){"boggle", "play", "-D", "0", NULL});
    assert_int_equal(r.status, 2);
    tu_run_free(&r);
    tu_run_cli(&r, "", (const char *const[]){"boggle", "play", "--time", "x", NULL});
    assert_int_equal(r.status, 2);
    tu_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wordsets), cmocka_unit_test(rounds),        cmocka_unit_test(game_over),
        cmocka_unit_test(commands), cmocka_unit_test(play_sessions),
    };
    return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
