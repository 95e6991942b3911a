/* cmd_selfplay_io.c — what selfplay does outside the process (see cmd_selfplay.h): the GCG
 * files, and one turn of an external player: posix_spawn of
 * /bin/sh -c COMMAND in a new process group, the position written to a socket that is its
 * standard input (MSG_NOSIGNAL: a player that exits without reading cannot kill us with
 * SIGPIPE), its first output line read with poll() against the deadline, then the whole process
 * group killed and reaped. Safe to call from several threads at once. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmd_selfplay.h"

extern char **environ;

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

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

/* Reads from FD until a newline, end of file or the deadline. */
static sk_ask_result read_line(int fd, long deadline, char *out, size_t size)
{
    char buf[4096];
    size_t have = 0;
    for (;;) {
        long left = deadline - now_ms();
        if (left <= 0) return SK_ASK_TIMEOUT;
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int r = poll(&p, 1, left > 1000000 ? 1000000 : (int)left);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return SK_ASK_NO_ANSWER;
        if (r == 0) return SK_ASK_TIMEOUT;
        ssize_t n = read(fd, buf + have, sizeof(buf) - 1 - have);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { /* end of its output: a last line without a newline still counts */
            if (have == 0) return SK_ASK_NO_ANSWER;
            break;
        }
        have += (size_t)n;
        if (memchr(buf, '\n', have) || have == sizeof(buf) - 1) break;
    }
    buf[have] = '\0';
    char *nl = strchr(buf, '\n');
    if (nl) *nl = '\0';
    size_t n = strlen(buf);
    if (n > 0 && buf[n - 1] == '\r') buf[--n] = '\0';
    snprintf(out, size, "%s", buf);
    return SK_ASK_ANSWERED;
}

sk_ask_result sk_selfplay_ask(const char *command, const char *input, long timeout_ms, char *out,
                              size_t size, char *why, size_t why_size)
{
    int in[2] = {-1, -1}, res[2] = {-1, -1};
    sk_ask_result result = SK_ASK_FAILED;
    out[0] = '\0';
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
    long deadline = now_ms() + timeout_ms;
    feed(in[0], input);
    result = read_line(res[0], deadline, out, size);
    kill(-pid, SIGKILL); /* the player and whatever it started */
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
    if (result == SK_ASK_TIMEOUT)
        snprintf(why, why_size, "no move within %ld ms", timeout_ms);
    else if (result == SK_ASK_NO_ANSWER)
        snprintf(why, why_size, "no move: it ended its output without one");
cleanup:
    for (int i = 0; i < 2; i++) {
        if (in[i] >= 0) close(in[i]);
        if (res[i] >= 0) close(res[i]);
    }
    return result;
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

int sk_selfplay_write_file(const char *path, const char *data, size_t len)
{
    char tmp[4200];
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path + 1) : 0;
    if (snprintf(tmp, sizeof(tmp), "%.*s.%s.tmp", dir, path, path + dir) >= (int)sizeof(tmp)) {
        errno = ENAMETOOLONG;
        return -1;
    }
    FILE *f = fopen(tmp, "w");
    if (!f) return -1;
    int ok = fwrite(data, 1, len, f) == len;
    if (fclose(f) != 0) ok = 0;
    if (ok && rename(tmp, path) != 0) ok = 0;
    if (!ok) {
        int e = errno;
        remove(tmp);
        errno = e;
        return -1;
    }
    return 0;
}
