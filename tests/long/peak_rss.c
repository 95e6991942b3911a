/* peak_rss.c — runs one command and reports its peak resident set size, for the tests of
 * tests/long/: `peak_rss [-i FILE] [-o FILE] COMMAND [ARG...]` runs COMMAND with standard input
 * from FILE (default: inherited) and standard output to FILE (default: inherited), waits for
 * it, and prints `PEAK_KB` (the largest resident set of the command or any process it waited
 * for, in kilobytes, as getrusage reports it) on standard error's last line. Exit status: the
 * command's (128 + N when signal N ended it), 127 when it could not be started. Not installed:
 * a test tool only, so that the tests need no /usr/bin/time. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* Opens PATH for reading or writing (FLAGS) and puts it on descriptor TARGET. 0 or -1. */
static int redirect(const char *path, int flags, int target)
{
    int fd = open(path, flags | O_CLOEXEC, 0666);
    if (fd < 0) return -1;
    if (dup2(fd, target) < 0) {
        close(fd);
        return -1;
    }
    close(fd);
    return 0;
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (strcmp(argv[i], "-i") == 0)
            in = argv[i + 1];
        else if (strcmp(argv[i], "-o") == 0)
            out = argv[i + 1];
        else
            break;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: peak_rss [-i FILE] [-o FILE] COMMAND [ARG...]\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("peak_rss: fork");
        return 127;
    }
    if (pid == 0) {
        if ((in && redirect(in, O_RDONLY, 0) != 0) ||
            (out && redirect(out, O_WRONLY | O_CREAT | O_TRUNC, 1) != 0)) {
            perror("peak_rss: redirect");
            _exit(127);
        }
        execvp(argv[i], argv + i);
        perror("peak_rss: exec");
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            perror("peak_rss: wait");
            return 127;
        }
    }
    /* The only child: the largest of its processes and of those it waited for. */
    struct rusage ru;
    if (getrusage(RUSAGE_CHILDREN, &ru) != 0) {
        perror("peak_rss: getrusage");
        return 127;
    }
    fprintf(stderr, "%ld\n", ru.ru_maxrss);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
