/* main.c — the `skrab` executable: hands the process's streams, $SKRAB_DATA and its own path
 * to sk_cli_main. SIGPIPE is ignored so that the command, not the signal, decides what a closed
 * pipe means: it stops writing and ends without a message, status 2 (docs/commands.md, "Exit
 * status"). SIGBUS — a mapped lexicon or word list cut short by another process while it is
 * read — ends the command with a message and status 2, not with the signal. */
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* Async-signal-safe: one write, then _exit. */
static void on_sigbus(int sig)
{
    (void)sig;
    static const char msg[] = "skrab: a file shrank while it was being read (a lexicon or word "
                              "list truncated or rewritten in place?): stopped\n";
    ssize_t n = write(STDERR_FILENO, msg, sizeof(msg) - 1);
    (void)n;
    _exit(2);
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_sigbus;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, NULL);
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    const char *exe_path = NULL;
    if (n > 0) {
        exe[n] = '\0';
        exe_path = exe;
    }
    sk_cli_env env = {stdin,
                      stdout,
                      stderr,
                      exe_path,
                      getenv("SKRAB_DATA"),
                      getenv("XDG_CACHE_HOME"),
                      getenv("HOME"),
                      getenv("XDG_DATA_HOME"),
                      getenv("SKRAB_UNTRUSTED")};
    return sk_cli_main(argc, argv, &env);
}
