/* main.c — the `skrab` executable: hands the process's streams, $SKRAB_DATA and its own path
 * to sk_cli_main. SIGPIPE is ignored so that the command, not the signal, decides what a closed
 * pipe means: it stops writing and ends without a message, status 2 (docs/commands.md, "Exit
 * status"). */
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
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
