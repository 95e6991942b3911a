/* cmd_selfplay_io.c — what selfplay does outside the process (see cmd_selfplay.h): the GCG
 * files, and one turn of an external player: posix_spawn of
 * /bin/sh -c COMMAND in a new process group, the position written to a socket that is its
 * standard input (MSG_NOSIGNAL: a player that exits without reading cannot kill us with
 * SIGPIPE), its first output line read by the line reader against the deadline, then the whole
 * process group killed and reaped. Safe to call from several threads at once. */
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "cmd_selfplay.h"

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

/* Reads the first line from FD (the line reader: a last line without a newline counts, a
 * longer one is cut to fit OUT[SIZE]) before DEADLINE (a sk_cli_now time). */
static sk_ask_result read_line(int fd, double deadline, char *out, size_t size)
{
    sk_cli_lines r;
    sk_cli_lines_fd(&r, fd, size - 1, 0);
    int rc = sk_cli_lines_next_until(&r, deadline);
    if (rc == SK_CLI_LINE_OK) snprintf(out, size, "%s", r.line);
    sk_cli_lines_free(&r);
    return rc == SK_CLI_LINE_OK ? SK_ASK_ANSWERED
           : rc == SK_CLI_LINE_TIMEOUT
               ? SK_ASK_TIMEOUT
               : SK_ASK_NO_ANSWER; /* it ended its output, or a read error */
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
    double deadline = sk_cli_now() + (double)timeout_ms / 1000.0;
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
