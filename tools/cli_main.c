/* cli_main.c — `skrab` dispatch: global options (--help, --version), `skrab help [CMD]`, the
 * dispatch of commands with subcommands, and the final check that stdout was written completely. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <strings.h>

#include "cli_commands.h"

#ifndef SKRAB_VERSION
#define SKRAB_VERSION "0.0.0"
#endif

enum { GLOBAL_HELP, GLOBAL_VERSION, GLOBAL_NONE };
const sk_cli_option sk_global_options[] = {
    {GLOBAL_HELP, "help", 'h', NULL, "list the commands", NULL},
    {GLOBAL_VERSION, "version", 'V', NULL, "print the version", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

/* Which of sk_global_options ARG is (GLOBAL_NONE: none). */
static int global_option(const char *arg)
{
    for (int i = 0; sk_global_options[i].long_name; i++) {
        const sk_cli_option *o = &sk_global_options[i];
        if ((arg[0] == '-' && arg[1] == o->short_name && arg[2] == '\0') ||
            (arg[0] == '-' && arg[1] == '-' && strcmp(arg + 2, o->long_name) == 0))
            return o->id;
    }
    return GLOBAL_NONE;
}

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

/* The last word of a subcommand's name ("build" of "lexicon build"). */
static const char *last_word(const char *name)
{
    const char *space = strrchr(name, ' ');
    return space ? space + 1 : name;
}

#define NAME_MAX_COMPARED 32 /* longer words are no misspelling of a command */

/* Whether bytes A and B are the same letter, case aside. */
static int same_letter(char a, char b)
{
    return tolower((unsigned char)a) == tolower((unsigned char)b);
}

/* The edit distance of A and B, letters compared without regard to case: the fewest
 * insertions, deletions, substitutions and swaps of two neighbours that turn one into the
 * other. Both are at most NAME_MAX_COMPARED bytes. */
static int edit_distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    int d[NAME_MAX_COMPARED + 1][NAME_MAX_COMPARED + 1];
    for (int i = 0; i <= la; i++)
        d[i][0] = i;
    for (int j = 0; j <= lb; j++)
        d[0][j] = j;
    for (int i = 1; i <= la; i++)
        for (int j = 1; j <= lb; j++) {
            int best = d[i - 1][j - 1] + !same_letter(a[i - 1], b[j - 1]);
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && same_letter(a[i - 1], b[j - 2]) &&
                same_letter(a[i - 2], b[j - 1]) && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

/* How far WORD is from the command NAME: its edit distance, or 1 when WORD (two letters or more)
 * begins NAME; -1 when NAME is too far to be what WORD meant (more than 2 edits, or edits for
 * half of WORD's letters or more). */
static int misspelling(const char *word, const char *name)
{
    size_t n = strlen(word);
    if (n > NAME_MAX_COMPARED || strlen(name) > NAME_MAX_COMPARED) return -1;
    if (n >= 2 && strncasecmp(word, name, n) == 0) return 1;
    int d = edit_distance(word, name);
    return d <= 2 && 2 * d < (int)n ? d : -1;
}

/* Writes into OUT the names of TABLE (their last words) nearest to WORD, as "Did you mean
 * 'a'?" or "Did you mean 'a' or 'b'?", or "" when none is near enough (docs/commands.md,
 * "The command line"). */
static void did_you_mean(const char *word, const sk_cmd *table, char *out, size_t size)
{
    int best = -1, count = 0;
    for (const sk_cmd *c = table; c->name; c++) {
        int d = misspelling(word, last_word(c->name));
        if (d >= 0 && (best < 0 || d < best)) best = d;
    }
    for (const sk_cmd *c = table; c->name; c++)
        if (best >= 0 && misspelling(word, last_word(c->name)) == best) count++;
    out[0] = '\0';
    if (best < 0) return;
    size_t len = (size_t)snprintf(out, size, "Did you mean ");
    int k = 0;
    for (const sk_cmd *c = table; c->name && len < size; c++) {
        if (misspelling(word, last_word(c->name)) != best) continue;
        const char *sep = k == 0 ? "" : k + 1 == count ? " or " : ", ";
        int w = snprintf(out + len, size - len, "%s'%s'", sep, last_word(c->name));
        len = w < 0 ? size : len + (size_t)w;
        k++;
    }
    if (len < size) snprintf(out + len, size - len, "?");
}

static void list_names(const sk_cmd *subs, int with_or, char *out, size_t size);

int sk_cmd_help(sk_cli *cli, int argc, char **argv)
{
    int first, status = sk_cli_opts_only_help(cli, argc, argv, &first);
    if (status >= 0) return status;
    if (first >= argc) {
        print_overview(cli->out);
        return SK_EXIT_OK;
    }
    const sk_cmd *c = find_command(argv[first]);
    if (!c) {
        char hint[256];
        did_you_mean(argv[first], sk_commands, hint, sizeof(hint));
        return sk_cli_usage_error(cli, "no such command '%s'%s%s", argv[first], hint[0] ? ". " : "",
                                  hint);
    }
    /* 'help lexicon lookup': the subcommand's own help */
    if (first + 1 < argc && c->subcommands) {
        const sk_cmd *sub = c->subcommands;
        while (sub->name && strcmp(last_word(sub->name), argv[first + 1]) != 0)
            sub++;
        if (!sub->name) {
            char names[256], hint[256];
            list_names(c->subcommands, 1, names, sizeof(names));
            did_you_mean(argv[first + 1], c->subcommands, hint, sizeof(hint));
            return sk_cli_usage_error(cli, "no %s subcommand '%s' (%s)%s%s", c->name,
                                      argv[first + 1], names, hint[0] ? ". " : "", hint);
        }
        c = sub;
        first++;
    }
    if (first + 1 < argc)
        return sk_cli_usage_error(cli, "help takes one command (and its subcommand), not '%s'",
                                  argv[first + 1]);
    sk_cli_print_help(c, cli->out);
    return SK_EXIT_OK;
}

/* Writes the subcommands' names into OUT: "a, b or c" (WITH_OR set) or "a, b, c". */
static void list_names(const sk_cmd *subs, int with_or, char *out, size_t size)
{
    size_t n = 0, len = 0;
    while (subs[n].name)
        n++;
    out[0] = '\0';
    for (size_t i = 0; i < n && len < size; i++) {
        const char *sep = i == 0 ? "" : (with_or && i + 1 == n) ? " or " : ", ";
        int w = snprintf(out + len, size - len, "%s%s", sep, last_word(subs[i].name));
        len = w < 0 ? size : len + (size_t)w;
    }
}

int sk_cli_run_subcommand(sk_cli *cli, int argc, char **argv, const char *noun)
{
    const sk_cmd *subs = cli->cmd->subcommands;
    char names[256];
    if (argc < 2) {
        list_names(subs, 1, names, sizeof(names));
        return sk_cli_usage_error(cli, "which %s: %s?", noun ? noun : "one", names);
    }
    const char *sub = argv[1];
    if (strcmp(sub, "-h") == 0 || strcmp(sub, "--help") == 0) {
        sk_cli_print_help(cli->cmd, cli->out);
        return SK_EXIT_OK;
    }
    if (strcmp(sub, "--") == 0) { /* the end of the options, as everywhere */
        argc--;
        argv++;
        if (argc < 2) return sk_cli_run_subcommand(cli, argc, argv, noun);
        sub = argv[1];
    } else if (sub[0] == '-' && sub[1]) {
        return sk_cli_usage_error(cli, "unknown option '%s' (the %s comes first, then its options)",
                                  sub, noun ? noun : "subcommand");
    }
    for (const sk_cmd *c = subs; c->name; c++) {
        if (strcmp(last_word(c->name), sub) == 0) {
            cli->cmd = c;
            return c->run(cli, argc - 1, argv + 1);
        }
    }
    list_names(subs, 0, names, sizeof(names));
    char hint[256];
    did_you_mean(sub, subs, hint, sizeof(hint));
    return sk_cli_usage_error(cli, "no %s '%s' (%s)%s%s", noun ? noun : "subcommand", sub, names,
                              hint[0] ? ". " : "", hint);
}

/* The exit status once standard output is flushed: a write error of any kind is status 2 (the
 * output is incomplete: never a silent 0); a closed pipe is not said, any other error once. */
static int finish(sk_cli *cli, int status)
{
    if (cli->out_state == SK_OUT_OPEN) {
        if (!ferror(cli->out)) errno = 0; /* else errno is the failed write's, as likely as not */
        if (fflush(cli->out) != 0 || ferror(cli->out)) {
            if (errno == EPIPE) {
                cli->out_state = SK_OUT_CLOSED;
            } else {
                /* named as every other error of the command is (skrab COMMAND: ...) */
                sk_cli_error(cli, "write error on standard output: %s",
                             errno ? strerror(errno) : "I/O error");
                cli->out_state = SK_OUT_FAILED;
            }
            status = SK_EXIT_ERROR;
        }
    }
    return cli->out_state == SK_OUT_OPEN ? status : SK_EXIT_ERROR;
}

int sk_cli_main(int argc, char **argv, const sk_cli_env *env)
{
    sk_cli cli = {.in = env->in,
                  .out = env->out,
                  .err = env->err,
                  .cache_home = env->cache_home,
                  .home = env->home,
                  .data_home = env->data_home,
                  .cmd = NULL,
                  .untrusted =
                      env->untrusted && env->untrusted[0] && strcmp(env->untrusted, "0") != 0};
    sk_datadirs_init(&cli.datadirs, env->data_env, env->exe_path);
    if (argc < 2) {
        print_overview(cli.err);
        return SK_EXIT_ERROR;
    }
    const char *name = argv[1];
    int global = global_option(name);
    if (global == GLOBAL_HELP && argc > 2) { /* 'skrab --help lint' as 'skrab help lint' */
        cli.cmd = find_command("help");
        return finish(&cli, sk_cmd_help(&cli, argc - 1, argv + 1));
    }
    if (global == GLOBAL_VERSION && argc > 2) { /* nothing after it */
        fprintf(cli.err, "skrab: %s takes no arguments, not '%s'. See 'skrab help'.\n", name,
                argv[2]);
        return SK_EXIT_ERROR;
    }
    if (global == GLOBAL_VERSION) {
        fprintf(cli.out, "skrab %s\n", SKRAB_VERSION);
        return finish(&cli, SK_EXIT_OK);
    }
    if (global == GLOBAL_HELP) {
        print_overview(cli.out);
        return finish(&cli, SK_EXIT_OK);
    }
    const sk_cmd *c = find_command(name);
    if (!c && name[0] == '-' && name[1]) { /* an option, not a command */
        fprintf(cli.err,
                "skrab: unknown option '%s' (skrab takes --help or --version; a command's "
                "options come after it). See 'skrab help'.\n",
                name);
        return SK_EXIT_ERROR;
    }
    if (!c) {
        char hint[256];
        did_you_mean(name, sk_commands, hint, sizeof(hint));
        fprintf(cli.err, "skrab: '%s' is not a skrab command. %s\n", name,
                hint[0] ? hint : "See 'skrab help'.");
        return SK_EXIT_ERROR;
    }
    cli.cmd = c;
    int status = c->run(&cli, argc - 1, argv + 1);
    return finish(&cli, status);
}
