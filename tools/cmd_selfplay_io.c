/* cmd_selfplay_io.c — what selfplay does outside the process (see cmd_selfplay.h): the GCG
 * files, and one turn of an external player: posix_spawn of
 * /bin/sh -c COMMAND in a new process group, the position written to a socket that is its
 * standard input (MSG_NOSIGNAL: a player that exits without reading cannot kill us with
 * SIGPIPE), its first output line read by the line reader against the deadline, then the whole
 * process group killed and reaped. A player that ends its output without a line is given until
 * the deadline (a second at most) to exit, so that a crash can be told by its signal. Safe to call
 * from several threads at once. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cmd_selfplay.h"
#include "skrab/utf8.h"

extern char **environ;

/* Writes all of INPUT to FD, then ends the child's input. Errors (the child does not read)
 * are ignored: its answer, or its silence, decides. */
static void feed(int fd, const char *input)
{
    size_t len = strlen(input), done = 0;
    while (done < len) {
        ssize_t n = send(fd, input + done, len - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
    shutdown(fd, SHUT_WR);
}

/* Reads the first line from FD (the line reader: a last line without a newline counts) before
 * DEADLINE (a sk_cli_now time) into OUT[SIZE] and *LEN: a line of SIZE - 1 bytes or more is cut
 * to SIZE - 1 bytes, so a caller that gives one byte more than it accepts sees it is too long. */
static sk_ask_result read_line(int fd, double deadline, char *out, size_t size, size_t *len)
{
    sk_cli_lines r;
    sk_cli_lines_fd(&r, fd, size - 1, 0);
    int rc = sk_cli_lines_next_until(&r, deadline);
    if (rc == SK_CLI_LINE_OK) {
        memcpy(out, r.line, r.len); /* NUL bytes included: the caller judges them */
        out[r.len] = '\0';
        *len = r.len;
    }
    sk_cli_lines_free(&r);
    return rc == SK_CLI_LINE_OK ? SK_ASK_ANSWERED
           : rc == SK_CLI_LINE_TIMEOUT
               ? SK_ASK_TIMEOUT
               : SK_ASK_NO_ANSWER; /* it ended its output, or a read error */
}

/* The name of signal SIG as kill -l gives it, with the SIG prefix; NULL for one not listed. */
static const char *signal_name(int sig)
{
    static const struct {
        int sig;
        const char *name;
    } names[] = {
        {SIGHUP, "SIGHUP"},   {SIGINT, "SIGINT"},   {SIGQUIT, "SIGQUIT"}, {SIGILL, "SIGILL"},
        {SIGTRAP, "SIGTRAP"}, {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},
        {SIGKILL, "SIGKILL"}, {SIGUSR1, "SIGUSR1"}, {SIGSEGV, "SIGSEGV"}, {SIGUSR2, "SIGUSR2"},
        {SIGPIPE, "SIGPIPE"}, {SIGALRM, "SIGALRM"}, {SIGTERM, "SIGTERM"}, {SIGXCPU, "SIGXCPU"},
        {SIGXFSZ, "SIGXFSZ"}, {SIGSYS, "SIGSYS"},
    };
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (names[i].sig == sig) return names[i].name;
    return NULL;
}

/* Waits, until DEADLINE but at most a second, for PID to end, without reaping it (its process
 * group cannot be reused while it is a zombie). Returns 1 with how it ended in *INFO, 0 while it
 * still runs. */
static int wait_end(pid_t pid, double deadline, siginfo_t *info)
{
    double until = sk_cli_now() + 1.0;
    if (deadline < until) until = deadline;
    long nap = 1000000; /* nanoseconds, doubled up to 32 ms */
    for (;;) {
        memset(info, 0, sizeof(*info));
        int rc = waitid(P_PID, (id_t)pid, info, WEXITED | WNOHANG | WNOWAIT);
        if (rc == 0 && info->si_pid == pid) return 1;
        if (rc != 0 && errno != EINTR) return 0;
        if (sk_cli_now() >= until) return 0;
        struct timespec ts = {0, nap};
        nanosleep(&ts, NULL);
        if (nap < 32000000) nap *= 2;
    }
}

/* Why a player that ended its output without a line gave no move, from how it ended (INFO;
 * NULL: it still ran), into WHY[WHY_SIZE]. A shell reports a command killed by signal N as
 * status 128 + N, which is named too. */
static void why_no_answer(const siginfo_t *info, char *why, size_t why_size)
{
    const char *name;
    if (!info || (info->si_code == CLD_EXITED && info->si_status == 0)) {
        snprintf(why, why_size, "no move: it ended its output without one");
    } else if (info->si_code == CLD_EXITED) {
        name = info->si_status > 128 ? signal_name(info->si_status - 128) : NULL;
        if (name)
            snprintf(why, why_size,
                     "no move: it exited with status %d (a shell's status for a command killed "
                     "by %s)",
                     info->si_status, name);
        else
            snprintf(why, why_size, "no move: it exited with status %d", info->si_status);
    } else {
        name = signal_name(info->si_status);
        if (name)
            snprintf(why, why_size, "no move: it was killed by %s", name);
        else
            snprintf(why, why_size, "no move: it was killed by signal %d", info->si_status);
    }
}

sk_ask_result sk_selfplay_ask(const char *command, const char *input, long timeout_ms, char *out,
                              size_t size, size_t *len, char *why, size_t why_size)
{
    int in[2] = {-1, -1}, res[2] = {-1, -1};
    sk_ask_result result = SK_ASK_FAILED;
    out[0] = '\0';
    *len = 0;
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0 ||
        socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, res) != 0) {
        snprintf(why, why_size, "cannot start '%s': %s", command, strerror(errno));
        goto cleanup;
    }
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[1], 0);
    posix_spawn_file_actions_adddup2(&fa, res[1], 1);
    posix_spawnattr_init(&attr);
    sigset_t def;
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE);
    posix_spawnattr_setsigdefault(&attr, &def);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
    char *argv[] = {(char *)"sh", (char *)"-c", (char *)command, NULL};
    pid_t pid;
    int rc = posix_spawn(&pid, "/bin/sh", &fa, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    /* the child's ends: closed here so that its exit is seen as the end of its output */
    close(in[1]);
    close(res[1]);
    in[1] = res[1] = -1;
    if (rc != 0) {
        snprintf(why, why_size, "cannot start '%s': %s", command, strerror(rc));
        goto cleanup;
    }
    double deadline = sk_cli_now() + (double)timeout_ms / 1000.0;
    feed(in[0], input);
    result = read_line(res[0], deadline, out, size, len);
    siginfo_t info;
    int ended = result == SK_ASK_NO_ANSWER && wait_end(pid, deadline, &info);
    kill(-pid, SIGKILL); /* the player and whatever it started */
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
    if (result == SK_ASK_TIMEOUT)
        snprintf(why, why_size, "no move within %ld ms", timeout_ms);
    else if (result == SK_ASK_NO_ANSWER)
        why_no_answer(ended ? &info : NULL, why, why_size);
cleanup:
    for (int i = 0; i < 2; i++) {
        if (in[i] >= 0) close(in[i]);
        if (res[i] >= 0) close(res[i]);
    }
    return result;
}

void sk_selfplay_adopt_orphans(void)
{
#ifdef __linux__
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
}

/* The parent of process PID, from /proc/PID/stat ("PID (COMM) STATE PPID ...", COMM may hold
 * spaces and parentheses: the fields start after the last ')'); -1 when it cannot be read. */
static long parent_of(const char *pid)
{
    char path[64], text[512];
    snprintf(path, sizeof(path), "/proc/%s/stat", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, text, sizeof(text) - 1);
    close(fd);
    if (n <= 0) return -1;
    text[n] = '\0';
    const char *close_paren = strrchr(text, ')');
    long ppid = -1;
    if (!close_paren || sscanf(close_paren + 1, " %*c %ld", &ppid) != 1) return -1;
    return ppid;
}

/* Kills and reaps the children the kernel lists for each thread of this process
 * (/proc/self/task/TID/children). Returns how many, or -1 when it lists none of them. */
static int reap_listed(void)
{
    DIR *d = opendir("/proc/self/task");
    if (!d) return -1;
    int reaped = 0, listed = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
        char path[300], text[4096];
        snprintf(path, sizeof(path), "/proc/self/task/%s/children", e->d_name);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) continue;
        listed = 1;
        ssize_t n = read(fd, text, sizeof(text) - 1); /* a longer list: the next pass */
        close(fd);
        if (n <= 0) continue;
        text[n] = '\0';
        for (char *p = text, *end;; p = end) {
            long pid = strtol(p, &end, 10);
            if (end == p || pid <= 0) break;
            kill((pid_t)pid, SIGKILL);
            while (waitpid((pid_t)pid, NULL, 0) < 0 && errno == EINTR)
                ;
            reaped++;
        }
    }
    closedir(d);
    return listed ? reaped : -1;
}

/* reap_listed the slow way, for a kernel that does not list children: every process of /proc
 * whose parent is this one. */
static int reap_scanned(void)
{
    long self = (long)getpid();
    int reaped = 0;
    DIR *d = opendir("/proc");
    if (!d) return 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9' || parent_of(e->d_name) != self) continue;
        pid_t pid = (pid_t)strtol(e->d_name, NULL, 10);
        kill(pid, SIGKILL);
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
            ;
        reaped++;
    }
    closedir(d);
    return reaped;
}

int sk_selfplay_reap_orphans(void)
{
    int reaped = 0;
#ifdef __linux__
    /* killing one may hand us its own children: look again until a pass finds none */
    for (int pass = 0, found = 1; found > 0 && pass < 100; pass++) {
        found = reap_listed();
        if (found < 0) found = reap_scanned();
        reaped += found;
    }
#endif
    return reaped;
}

/* Creates DIR and its missing parents (mkdir -p). Returns 0 or -1 with errno set. */
int sk_selfplay_make_dirs(const char *dir)
{
    char path[4096];
    if (snprintf(path, sizeof(path), "%s", dir) >= (int)sizeof(path)) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) return -1;
        *p = '/';
    }
    if (mkdir(path, 0777) != 0 && errno != EEXIST) return -1;
    struct stat st;
    if (stat(path, &st) != 0) return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

/* The length of the UTF-8 character at S[0..LEN) when it is well formed (sk_utf8_decode) and
 * not a control character (C0, DEL or C1), else 0. */
static size_t printable_char(const unsigned char *s, size_t len)
{
    uint32_t cp;
    size_t n = sk_utf8_decode((const char *)s, len, &cp);
    return n == 0 || cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) ? 0 : n;
}

void sk_selfplay_escape(const char *in, size_t len, char *out, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)in;
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        size_t n = printable_char(s + i, len - i);
        char esc[4];
        const char *put = (const char *)s + i;
        size_t m = n;
        if (n == 0) { /* one byte escaped */
            esc[0] = '\\';
            esc[1] = 'x';
            esc[2] = hex[s[i] >> 4];
            esc[3] = hex[s[i] & 15];
            put = esc;
            m = 4;
            n = 1;
        } else if (s[i] == '\\') {
            put = "\\\\";
            m = 2;
        }
        if (o + m >= size) break;
        memcpy(out + o, put, m);
        o += m;
        i += n;
    }
    out[o] = '\0';
}
