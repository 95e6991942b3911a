/* test_boggle_input.c — the keyboard of `skrab boggle play` in a terminal, on a pseudo-terminal
 * made for the test: bytes of a UTF-8 character are kept in a typed word (and Backspace takes
 * the whole character), ^C leaves the game with status 130, and a signal that ends the process
 * during a round puts the terminal back as it was. Skipped where no pseudo-terminal can be
 * opened. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

#include "cli.h"
#include "cmd_boggle.h"

typedef struct {
    int master, slave;
} pty;

/* Opens a pseudo-terminal pair; skips the test when the system has none. */
static void open_pty(pty *t)
{
    t->master = posix_openpt(O_RDWR | O_NOCTTY);
    if (t->master < 0 || grantpt(t->master) != 0 || unlockpt(t->master) != 0) {
        if (t->master >= 0) close(t->master);
        skip();
    }
    const char *name = ptsname(t->master);
    t->slave = name ? open(name, O_RDWR | O_NOCTTY) : -1;
    if (t->slave < 0) {
        close(t->master);
        skip();
    }
}

static void close_pty(pty *t)
{
    close(t->slave);
    close(t->master);
}

/* Makes the terminal pass every byte through as typed, so that keys written before the round
 * reach it unchanged (a canonical terminal would turn ^C into a signal). */
static void make_raw(int fd)
{
    struct termios tio;
    assert_int_equal(tcgetattr(fd, &tio), 0);
    tio.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG | IEXTEN);
    tio.c_iflag &= ~(tcflag_t)(IXON | ICRNL | INLCR | ISTRIP);
    tio.c_oflag &= ~(tcflag_t)OPOST;
    assert_int_equal(tcsetattr(fd, TCSANOW, &tio), 0);
}

/* Reads what the program wrote to the terminal, so that it never blocks on a full buffer. */
static void drain(int master)
{
    char buf[4096];
    struct pollfd pf = {master, POLLIN, 0};
    while (poll(&pf, 1, 0) > 0 && read(master, buf, sizeof(buf)) > 0) {
    }
}

typedef struct {
    char lines[4][64];
    int n;
} typed;

static void keep_line(void *ctx, char *line)
{
    typed *t = ctx;
    if (t->n < 4) snprintf(t->lines[t->n++], sizeof(t->lines[0]), "%s", line);
}

static void foreign_letters_are_kept(void **state)
{
    (void)state;
    pty t;
    open_pty(&t);
    make_raw(t.slave);
    /* qu€it; bë then Backspace (the two bytes of ë go together) then ean; an empty line */
    static const char keys[] = "qu\xe2\x82\xacit\rb\xc3\xab\x7f"
                               "ean\rb\xc3\xab"
                               "an\r\r";
    assert_int_equal(write(t.master, keys, sizeof(keys) - 1), (ssize_t)(sizeof(keys) - 1));
    FILE *out = fopen("/dev/null", "w");
    assert_non_null(out);
    sk_boggle_input in;
    sk_boggle_input_init(&in, t.slave, 1023, out);
    typed got = {.n = 0};
    int rc = sk_boggle_input_countdown(&in, sk_cli_now() + 10, keep_line, &got);
    assert_int_equal(rc, SK_BOGGLE_KEYS_ENDED);
    assert_int_equal(got.n, 3);
    assert_string_equal(got.lines[0], "qu\xe2\x82\xacit");
    assert_string_equal(got.lines[1], "bean");
    assert_string_equal(got.lines[2], "b\xc3\xab"
                                      "an");
    sk_boggle_input_free(&in);
    fclose(out);
    close_pty(&t);
}

static void control_c_exits_130(void **state)
{
    (void)state;
    pty t;
    open_pty(&t);
    make_raw(t.slave);
    assert_int_equal(write(t.master, "qu\x03", 3), 3);
    char dir[] = "/tmp/skrab-boggle-input-XXXXXX", words[64];
    assert_non_null(mkdtemp(dir));
    snprintf(words, sizeof(words), "%s/w.txt", dir);
    FILE *in = fdopen(dup(t.slave), "r"), *out = fdopen(dup(t.slave), "w"), *err = tmpfile();
    assert_non_null(in);
    assert_non_null(out);
    assert_non_null(err);
    const char *argv[] = {"skrab", "boggle", "play",    "--seed", "3",
                          "-l",    "none",   "--words", words,    NULL};
    char *args[10];
    memcpy(args, argv, sizeof(args)); /* sk_cli_main takes char **, as main does */
    sk_cli_env env = {in, out, err, NULL, SKRAB_BUILD_DATADIR, NULL, NULL, NULL, NULL};
    int status = sk_cli_main(9, args, &env);
    drain(t.master);
    assert_int_equal(status, 130);
    fclose(in);
    fclose(out);
    fclose(err);
    unlink(words);
    rmdir(dir);
    close_pty(&t);
}

static int raw_now(int fd)
{
    struct termios tio;
    return tcgetattr(fd, &tio) == 0 && !(tio.c_lflag & ICANON);
}

static void a_fatal_signal_restores_the_terminal(void **state)
{
    (void)state;
    pty t;
    open_pty(&t);
    struct termios before;
    assert_int_equal(tcgetattr(t.slave, &before), 0);
    assert_true(before.c_lflag & ICANON);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        FILE *out = fopen("/dev/null", "w");
        sk_boggle_input in;
        sk_boggle_input_init(&in, t.slave, 1023, out ? out : stderr);
        typed got = {.n = 0};
        sk_boggle_input_countdown(&in, sk_cli_now() + 20, keep_line, &got);
        _exit(0); /* the round was not meant to end */
    }
    /* wait until the child's round has made the terminal raw */
    for (int i = 0; i < 500 && !raw_now(t.slave); i++) {
        struct timespec ms10 = {0, 10 * 1000 * 1000};
        nanosleep(&ms10, NULL);
    }
    assert_true(raw_now(t.slave));
    kill(child, SIGTERM);
    int wstatus = 0;
    assert_int_equal(waitpid(child, &wstatus, 0), child);
    assert_true(WIFSIGNALED(wstatus));
    assert_int_equal(WTERMSIG(wstatus), SIGTERM);
    struct termios after;
    assert_int_equal(tcgetattr(t.slave, &after), 0);
    assert_int_equal(after.c_lflag, before.c_lflag);
    assert_int_equal(after.c_iflag, before.c_iflag);
    drain(t.master);
    close_pty(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(foreign_letters_are_kept),
        cmocka_unit_test(control_c_exits_130),
        cmocka_unit_test(a_fatal_signal_restores_the_terminal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
