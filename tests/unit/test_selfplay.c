/* test_selfplay.c — `skrab selfplay` and `skrab play` run in-process: the same seed plays the
 * same games (with any --jobs), external players that cheat or stay silent are dropped and the
 * game goes on, `skrab suggest --best` plays as an external engine, and scripted sessions of
 * both interactive games reach their final report (end of input included). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

/* OUT without the "N games/s" figure, the one thing that varies between runs. */
static char *without_rate(const char *out)
{
    char *s = strdup(out);
    char *p = strstr(s, " games/s");
    assert_non_null(p);
    char *q = p;
    while (q > s && q[-1] != ' ')
        q--;
    memmove(q, p, strlen(p) + 1);
    return s;
}

static char *run_selfplay(const char *const *argv)
{
    tu_run r;
    tu_run_cli(&r, NULL, argv);
    assert_int_equal(r.status, 0);
    char *s = without_rate(r.out.data);
    tu_run_free(&r);
    return s;
}

static void same_seed_same_games(void **state)
{
    (void)state;
    const char *a[] = {"selfplay", "-n", "4", "--seed", "11", "--player", "equity", NULL};
    const char *b[] = {"selfplay", "-n", "4",        "--seed", "11",
                       "--jobs",   "3",  "--player", "equity", NULL};
    const char *c[] = {"selfplay", "-n", "4", "--seed", "12", "--player", "equity", NULL};
    char *x = run_selfplay(a), *y = run_selfplay(a), *z = run_selfplay(b), *w = run_selfplay(c);
    assert_string_equal(x, y);
    assert_string_equal(x, z);
    assert_true(strcmp(x, w) != 0);
    assert_non_null(strstr(x, "game 4: "));
    assert_non_null(strstr(x, "games 4, draws "));
    assert_non_null(strstr(x, "p1 (equity): wins "));
    assert_non_null(strstr(x, "p2 (best): wins "));
    free(x);
    free(y);
    free(z);
    free(w);
}

static void simple_players_finish(void **state)
{
    (void)state;
    const char *a[] = {"selfplay", "-n",     "20",       "--seed", "1", "-q",
                       "--player", "simple", "--player", "simple", NULL};
    char *x = run_selfplay(a);
    assert_null(strstr(x, "game 1:"));
    assert_non_null(strstr(x, "games 20, draws "));
    assert_non_null(strstr(x, "dropped 0, win "));
    free(x);
    const char *b[] = {"selfplay",  "-n",       "2",      "--seed",   "1",    "-R",
                       "skrabbkle", "--player", "simple", "--player", "pass", NULL};
    x = run_selfplay(b);
    assert_non_null(strstr(x, "passes\n"));
    free(x);
}

static void cheater_and_silent_dropped(void **state)
{
    (void)state;
    const char *a[] = {"selfplay",
                       "-n",
                       "2",
                       "--seed",
                       "3",
                       "--move-timeout",
                       "1000",
                       "--player",
                       "cheat=cmd:echo 8H ZZZZZZZ",
                       "--player",
                       "silent=cmd:sleep 10",
                       "--player",
                       "best",
                       NULL};
    time_t t0 = time(NULL);
    char *x = run_selfplay(a);
    assert_true(time(NULL) - t0 < 8);
    assert_non_null(strstr(x, "cheat 0 (dropped: illegal move '8H ZZZZZZZ': "));
    assert_non_null(strstr(x, "silent 0 (dropped: no move within 1000 ms)"));
    assert_non_null(strstr(x, ": p3 wins"));
    assert_non_null(strstr(x, "cheat (cmd:echo 8H ZZZZZZZ): wins 0, mean score 0.0, dropped 2"));
    free(x);
    /* a player that ends without a move, one that writes garbage, one that cannot start */
    const char *b[] = {"selfplay", "-n",       "1",
                       "--seed",   "3",        "--player",
                       "cmd:true", "--player", "cmd:echo hello world",
                       "--player", "best",     NULL};
    x = run_selfplay(b);
    assert_non_null(strstr(x, "p1 0 (dropped: no move: it ended its output without one)"));
    assert_non_null(strstr(x, "p2 0 (dropped: unreadable move 'hello world': "));
    free(x);
}

static void suggest_as_engine(void **state)
{
    (void)state;
    char engine[1200];
    snprintf(engine, sizeof(engine), "eng=cmd:%s/../../bin/skrab suggest --best",
             SKRAB_BUILD_DATADIR);
    const char *a[] = {"selfplay", "-n", "1", "--seed", "4", "--player", engine, NULL};
    char *x = run_selfplay(a);
    assert_null(strstr(x, "dropped:"));
    assert_non_null(strstr(x, "eng ("));
    assert_non_null(strstr(x, "dropped 0, win "));
    free(x);
}

static void usage_errors(void **state)
{
    (void)state;
    const char *bad[][5] = {{"selfplay", "--player", "greedy", NULL},
                            {"selfplay", "--player", "cmd:", NULL},
                            {"selfplay", "--player", "a b=best", NULL},
                            {"selfplay", "--jobs", "0", NULL},
                            {"selfplay", "-n", "x", NULL},
                            {"selfplay", "--player", "x=best", "--player", "x=pass"}};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        const char *argv[7] = {0};
        for (int k = 0; k < 5 && bad[i][k]; k++)
            argv[k] = bad[i][k];
        tu_run r;
        tu_run_cli(&r, NULL, argv);
        assert_int_equal(r.status, 2);
        assert_int_equal(r.out.len, 0);
        tu_run_free(&r);
    }
    const char *nolex[] = {"selfplay", "-l", "none", NULL};
    tu_run r;
    tu_run_cli(&r, NULL, nolex);
    assert_int_equal(r.status, 2);
    tu_run_free(&r);
}

static void gcg_files(void **state)
{
    (void)state;
    char dir[] = "/tmp/skrab-test-gcg-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char sub[sizeof(dir) + 8];
    snprintf(sub, sizeof(sub), "%s/a/b", dir);
    const char *a[] = {"selfplay", "-n", "2", "--seed", "8", "-q", "--gcg", sub, NULL};
    char *x = run_selfplay(a);
    free(x);
    for (int g = 1; g <= 2; g++) {
        char path[sizeof(sub) + 32];
        snprintf(path, sizeof(path), "%s/game-%04d.gcg", sub, g);
        const char *rp[] = {"replay", path, NULL};
        tu_run r;
        tu_run_cli(&r, NULL, rp);
        assert_int_equal(r.status, 0);
        assert_non_null(strstr(r.out.data, ": ok: "));
        tu_run_free(&r);
        remove(path);
    }
    snprintf(sub, sizeof(sub), "%s/a/b", dir);
    rmdir(sub);
    snprintf(sub, sizeof(sub), "%s/a", dir);
    rmdir(sub);
    rmdir(dir);
}

static void play_sessions(void **state)
{
    (void)state;
    /* the scripted SkraBBKle game of samples/play reaches its end */
    sk_buf script;
    tu_read_source(&script, "samples/play/skrabbkle-game.txt");
    const char *a[] = {"play", "--seed", "1", NULL};
    tu_run r;
    tu_run_cli(&r, script.data, a);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out.data, "Please enter your choice (l/d): x\nThis is not a valid "
                                       "choice.\n"));
    assert_non_null(strstr(r.out.data, "This is not a valid file. Please enter the file name of "
                                       "the board: resources/defaultBoard.txt\n"));
    assert_non_null(strstr(r.out.data, "Illegal move format\n"));
    assert_non_null(strstr(r.out.data, "The board does not permit word BE at position a1. Please "
                                       "try again.\n"));
    assert_non_null(strstr(r.out.data, "you cannot play word ZZZZ,h8\n"));
    assert_non_null(strstr(r.out.data, "It's the computer's turn!\nThe move is: Word: "));
    assert_non_null(strstr(r.out.data, "Game Over!\nThe human player scored "));
    tu_run_free(&r);
    sk_buf_free(&script);
    /* the end of input ends the game at once, with the final report */
    tu_run_cli(&r, "d\nc\n", a);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out.data, "Entering \",\" passes the turn.\n\nGame Over!\n"));
    assert_null(strstr(r.out.data, "OPEN GAME"));
    tu_run_free(&r);
    /* ... and before the game, with an error */
    tu_run_cli(&r, "l\n", a);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err.data, "the input ended before the game began"));
    tu_run_free(&r);
    /* the CS104 game of samples/play/cs104 */
    tu_read_source(&script, "samples/play/cs104/session.txt");
    char config[1200];
    snprintf(config, sizeof(config), "%s/samples/play/cs104/game.txt", SKRAB_SOURCE_DIR);
    const char *c[] = {"play", "--config", config, NULL};
    tu_run_cli(&r, script.data, c);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out.data, "error: unknown command 'PAS'"));
    assert_non_null(strstr(r.out.data, "Winner: "));
    tu_run_free(&r);
    sk_buf_free(&script);
    /* a bad config is reported, no game */
    const char *d[] = {"play", "--config", "samples/configs/bad-config.txt", NULL};
    tu_run_cli(&r, "", d);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err.data, "error:"));
    tu_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_seed_same_games),
        cmocka_unit_test(simple_players_finish),
        cmocka_unit_test(cheater_and_silent_dropped),
        cmocka_unit_test(suggest_as_engine),
        cmocka_unit_test(usage_errors),
        cmocka_unit_test(gcg_files),
        cmocka_unit_test(play_sessions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
