/* cli_main.c — `skrab` dispatch: global options (--help, --version), `skrab help [CMD]`, and
 * the final check that stdout was written completely. */
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "cli.h"

#ifndef SKRAB_VERSION
#define SKRAB_VERSION "0.0.0"
#endif

static void print_overview(FILE *f)
{
    fprintf(f, "usage: skrab [--version] [--help] COMMAND [ARGS]\n\n"
               "A toolkit for crossword board games (SkraBBKle, Scrabble) and Boggle.\n\n"
               "Commands:\n");
    for (const sk_cmd *c = sk_commands; c->name; c++)
        fprintf(f, "  %-10s %s\n", c->name, c->summary);
    fprintf(f, "\nRun 'skrab help COMMAND' or 'skrab COMMAND --help' for a command's options.\n"
               "Exit status: 0 success, 1 findings (invalid input, illegal move), 2 error.\n");
}

static const sk_cmd *find_command(const char *name)
{
    for (const sk_cmd *c = sk_commands; c->name; c++)
        if (strcmp(c->name, name) == 0) return c;
    return NULL;
}

int sk_cmd_help(sk_cli *cli, int argc, char **argv);
int sk_cmd_help(sk_cli *cli, int argc, char **argv)
{
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
    }
    if (opt == SK_OPT_ERROR) return SK_EXIT_ERROR;
    if (opt == SK_OPT_HELP) return SK_EXIT_OK;
    if (o.optind >= argc) {
        print_overview(cli->out);
        return SK_EXIT_OK;
    }
    const sk_cmd *c = find_command(argv[o.optind]);
    if (!c) return sk_cli_usage_error(cli, "no such command '%s'", argv[o.optind]);
    sk_cli_print_help(c, cli->out);
    return SK_EXIT_OK;
}

static int finish(sk_cli *cli, int status)
{
    if (fflush(cli->out) != 0 || ferror(cli->out)) {
        fprintf(cli->err, "skrab: write error on standard output: %s\n", strerror(errno));
        return SK_EXIT_ERROR;
    }
    return status;
}

int sk_cli_main(int argc, char **argv, const sk_cli_env *env)
{
    sk_cli cli = {.in = env->in,
                  .out = env->out,
                  .err = env->err,
                  .cache_home = env->cache_home,
                  .home = env->home,
                  .data_home = env->data_home,
                  .cmd = NULL};
    sk_datadirs_init(&cli.datadirs, env->data_env, env->exe_path);
    if (argc < 2) {
        print_overview(cli.err);
        return SK_EXIT_ERROR;
    }
    const char *name = argv[1];
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        fprintf(cli.out, "skrab %s\n", SKRAB_VERSION);
        return finish(&cli, SK_EXIT_OK);
    }
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        print_overview(cli.out);
        return finish(&cli, SK_EXIT_OK);
    }
    const sk_cmd *c = find_command(name);
    if (!c) {
        fprintf(cli.err, "skrab: '%s' is not a skrab command. See 'skrab help'.\n", name);
        return SK_EXIT_ERROR;
    }
    cli.cmd = c;
    int status = c->run(&cli, argc - 1, argv + 1);
    return finish(&cli, status);
}
