/* cmd_boggle_input.c — the player's input for `skrab boggle play` (see cmd_boggle.h): lines read
 * by the line reader from the descriptor of standard input, so that a timed round can end while
 * the player is silent, and in a terminal the countdown: raw keyboard input with a small line
 * editor, "[m:ss] > typed" redrawn every second. Nothing here knows the game's rules. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "cmd_boggle.h"

void sk_boggle_input_init(sk_boggle_input *in, int fd, size_t max, FILE *out)
{
    memset(in, 0, sizeof(*in));
    in->fd = fd;
    in->out = out;
    sk_cli_lines_fd(&in->lines, fd, max, 0);
}

void sk_boggle_input_free(sk_boggle_input *in)
{
    sk_cli_lines_free(&in->lines);
}

/* ---- the countdown --------------------------------------------------------------------------- */
typedef struct {
    char line[1024];
    size_t n;
    int escape; /* inside an escape sequence (arrow keys...): 1 after ESC, 2 after ESC [ */
    sk_boggle_line_fn fn;
    void *ctx;
} editor;

/* Feeds key C to the editor. Returns -1 to go on, else an SK_BOGGLE_KEYS_* result. */
static int feed(sk_boggle_input *in, editor *e, unsigned char c)
{
    if (e->escape == 1) {
        e->escape = c == '[' || c == 'O' ? 2 : 0;
        return -1;
    }
    if (e->escape == 2) {
        if (c >= 0x40 && c <= 0x7e) e->escape = 0;
        return -1;
    }
    switch (c) {
    case '\r':
    case '\n':
        if (e->n == 0) return SK_BOGGLE_KEYS_ENDED; /* an empty line ends the round */
        e->line[e->n] = '\0';
        fprintf(in->out, "\r\033[K  %s\n", e->line);
        e->n = 0;
        e->fn(e->ctx, e->line);
        return -1;
    case 0x7f: /* backspace: the last character, all the bytes of a UTF-8 one */
    case 0x08:
        while (e->n && ((unsigned char)e->line[e->n - 1] & 0xc0) == 0x80)
            e->n--;
        if (e->n) e->n--;
        return -1;
    case 0x15: /* ^U: the whole line */
        e->n = 0;
        return -1;
    case 0x17: /* ^W: the last word */
        while (e->n && e->line[e->n - 1] == ' ')
            e->n--;
        while (e->n && e->line[e->n - 1] != ' ')
            e->n--;
        return -1;
    case 0x04: /* ^D on an empty line: the end of the round */
        return e->n == 0 ? SK_BOGGLE_KEYS_ENDED : -1;
    case 0x03: /* ^C: leave the game */
        return SK_BOGGLE_KEYS_QUIT;
    case 0x1b:
        e->escape = 1;
        return -1;
    default:
        /* printable ASCII and every byte of a UTF-8 character are kept as typed: a word with a
         * letter outside A-Z is then refused as a whole, never read without that letter */
        if ((c >= 0x20 && c < 0x7f) || c >= 0x80) {
            if (e->n + 1 < sizeof(e->line)) e->line[e->n++] = (char)c;
        }
        return -1;
    }
}

/* While the terminal is raw, a signal that ends the process (TERM, HUP, INT, QUIT: sent by
 * another process, since the keys send none) first puts the terminal back as it was. */
static const int fatal_signals[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT};
#define FATAL_SIGNALS (sizeof(fatal_signals) / sizeof(fatal_signals[0]))
static struct termios restore_termios; /* set before the handlers are installed */
static volatile sig_atomic_t restore_fd = -1, restore_out = -1;

static void restore_and_die(int sig)
{
    if (restore_fd >= 0) tcsetattr(restore_fd, TCSANOW, &restore_termios);
    if (restore_out >= 0 && write(restore_out, "\r\033[K", 4) < 0) {
        /* nothing more to do on the way out */
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void guard_terminal(int fd, FILE *out, const struct termios *saved,
                           struct sigaction old[FATAL_SIGNALS])
{
    restore_termios = *saved;
    restore_fd = fd;
    restore_out = fileno(out);
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = restore_and_die;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < FATAL_SIGNALS; i++) {
        sigaction(fatal_signals[i], NULL, &old[i]);
        if (old[i].sa_handler != SIG_IGN) sigaction(fatal_signals[i], &sa, NULL);
    }
}

static void unguard_terminal(const struct sigaction old[FATAL_SIGNALS])
{
    for (size_t i = 0; i < FATAL_SIGNALS; i++)
        sigaction(fatal_signals[i], &old[i], NULL);
    restore_fd = -1;
    restore_out = -1;
}

int sk_boggle_input_countdown(sk_boggle_input *in, double deadline, sk_boggle_line_fn fn, void *ctx)
{
    struct termios saved, raw;
    struct sigaction old[FATAL_SIGNALS];
    if (tcgetattr(in->fd, &saved) != 0) return -1;
    guard_terminal(in->fd, in->out, &saved, old);
    raw = saved;
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG | IEXTEN); /* ^C comes as a key: see feed */
    raw.c_iflag &= ~(tcflag_t)(IXON | ICRNL);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(in->fd, TCSANOW, &raw) != 0) {
        unguard_terminal(old);
        return -1;
    }
    editor e = {.n = 0, .fn = fn, .ctx = ctx};
    int result = -1;
    char ahead[256];
    size_t n;
    while ((n = sk_cli_lines_take(&in->lines, ahead, sizeof(ahead))) > 0)
        for (size_t i = 0; i < n && result < 0; i++) /* typed before the round began */
            result = feed(in, &e, (unsigned char)ahead[i]);
    while (result < 0) {
        double left = deadline - sk_cli_now();
        if (left <= 0) {
            result = SK_BOGGLE_KEYS_ENDED;
            break;
        }
        int secs = (int)left + 1; /* shown rounded up: 3:00 at the start, 0:01 in the last */
        fprintf(in->out, "\r\033[K[%d:%02d] > %.*s", secs / 60, secs % 60, (int)e.n, e.line);
        if (fflush(in->out) != 0 || ferror(in->out)) {
            result = SK_BOGGLE_KEYS_ERROR;
            break;
        }
        struct pollfd pf = {in->fd, POLLIN, 0};
        int ms = (int)((left - (double)(secs - 1)) * 1000) + 1; /* until the shown time changes */
        int rc = poll(&pf, 1, ms);
        if (rc < 0 && errno == EINTR) continue;
        if (rc < 0) {
            result = SK_BOGGLE_KEYS_ERROR;
            break;
        }
        if (rc == 0) continue;
        unsigned char keys[256];
        ssize_t got = read(in->fd, keys, sizeof(keys));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            result = got == 0 ? SK_BOGGLE_KEYS_EOF : SK_BOGGLE_KEYS_ERROR;
            break;
        }
        for (ssize_t i = 0; i < got && result < 0; i++)
            result = feed(in, &e, keys[i]);
    }
    fprintf(in->out, "\r\033[K");
    fflush(in->out);
    tcsetattr(in->fd, TCSANOW, &saved);
    unguard_terminal(old);
    return result;
}
