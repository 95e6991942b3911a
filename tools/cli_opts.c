/* cli_opts.c — declarative options: the getopt_long array, the short-option string and the
 * --help text all come from a subcommand's one sk_cli_option table. */
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_OPTIONS 48

void sk_cli_opts_init(sk_cli_opts *o, sk_cli *cli, int argc, char **argv)
{
    memset(o, 0, sizeof(*o));
    o->cli = cli;
    o->argc = argc;
    o->argv = argv;
    o->optind = 1;
    optind = 0; /* GNU getopt: 0 re-initialises the scanner (tests call sk_cli_main repeatedly) */
    opterr = 0;
}

static size_t count_options(const sk_cmd *cmd)
{
    size_t n = 0;
    while (cmd->options && cmd->options[n].long_name)
        n++;
    return n;
}

/* The id of the option o->opt just read, or SK_OPT_ERROR after saying that its value is empty:
 * no option takes an empty value (a name, a file, a number), and '' is more often a shell
 * variable left unset than a choice. */
static int taken(sk_cli_opts *o)
{
    if (o->opt->arg && o->optarg && !o->optarg[0]) {
        sk_cli_usage_error(o->cli, "option '--%s' needs a value, not ''", o->opt->long_name);
        return SK_OPT_ERROR;
    }
    return o->opt->id;
}

int sk_cli_opts_next(sk_cli_opts *o)
{
    const sk_cmd *cmd = o->cli->cmd;
    size_t n = count_options(cmd);
    if (n + 2 > MAX_OPTIONS) return SK_OPT_ERROR;
    struct option longs[MAX_OPTIONS];
    char shorts[3 * MAX_OPTIONS + 4];
    size_t s = 0;
    if (o->options_first) shorts[s++] = '+'; /* stop at the first operand */
    shorts[s++] = ':';                       /* report a missing argument as ':' */
    for (size_t i = 0; i < n; i++) {
        const sk_cli_option *opt = &cmd->options[i];
        longs[i] = (struct option){opt->long_name, opt->arg ? required_argument : no_argument, NULL,
                                   1000 + (int)i};
        if (opt->short_name) {
            shorts[s++] = opt->short_name;
            if (opt->arg) shorts[s++] = ':';
        }
    }
    longs[n] = (struct option){"help", no_argument, NULL, 'h'};
    longs[n + 1] = (struct option){NULL, 0, NULL, 0};
    shorts[s++] = 'h';
    shorts[s] = '\0';

    int longindex = -1;
    int c = getopt_long(o->argc, o->argv, shorts, longs, &longindex);
    o->optind = optind;
    o->optarg = optarg;
    if (c == -1) return SK_OPT_END;
    if (c == 'h') {
        sk_cli_print_help(cmd, o->cli->out);
        return SK_OPT_HELP;
    }
    if (c >= 1000) {
        o->opt = &cmd->options[c - 1000];
        return taken(o);
    }
    if (c == '?' || c == ':') {
        const char *bad = o->argv[optind - 1];
        if (c == ':')
            sk_cli_usage_error(o->cli, "option '%s' needs an argument", bad);
        else if (optopt > 0 && optopt < 256) /* a short option: BAD may be an earlier argument */
            sk_cli_usage_error(o->cli, "unknown option '-%c'", optopt);
        else
            sk_cli_usage_error(o->cli, "unknown option '%s'", bad);
        return SK_OPT_ERROR;
    }
    for (size_t i = 0; i < n; i++)
        if (cmd->options[i].short_name == c) {
            o->opt = &cmd->options[i];
            return taken(o);
        }
    return SK_OPT_ERROR;
}

int sk_cli_opts_status(int opt)
{
    if (opt == SK_OPT_ERROR) return SK_EXIT_ERROR;
    if (opt == SK_OPT_HELP) return SK_EXIT_OK;
    return -1;
}

int sk_cli_opts_only_help(sk_cli *cli, int argc, char **argv, int *first_operand)
{
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
    }
    *first_operand = o.optind;
    return sk_cli_opts_status(opt);
}

void sk_cli_print_help(const sk_cmd *cmd, FILE *f)
{
    fprintf(f, "usage: skrab %s%s%s\n\n%s\n", cmd->name, cmd->usage[0] ? " " : "", cmd->usage,
            cmd->summary);
    if (cmd->description) fprintf(f, "\n%s\n", cmd->description);
    fprintf(f, "\nOptions:\n");
    size_t n = count_options(cmd);
    for (size_t i = 0; i < n; i++) {
        const sk_cli_option *opt = &cmd->options[i];
        char left[64];
        if (opt->short_name)
            snprintf(left, sizeof(left), "-%c, --%s%s%s", opt->short_name, opt->long_name,
                     opt->arg ? " " : "", opt->arg ? opt->arg : "");
        else
            snprintf(left, sizeof(left), "    --%s%s%s", opt->long_name, opt->arg ? " " : "",
                     opt->arg ? opt->arg : "");
        if (strlen(left) > 24)
            fprintf(f, "  %s\n  %-24s %s\n", left, "", opt->help);
        else
            fprintf(f, "  %-24s %s\n", left, opt->help);
    }
    fprintf(f, "  %-24s %s\n", "-h, --help", "show this help and exit");
}

int sk_cli_usage_error(sk_cli *cli, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(cli->err, "skrab %s: ", cli->cmd ? cli->cmd->name : "");
    vfprintf(cli->err, fmt, ap);
    va_end(ap);
    fprintf(cli->err, "\nTry 'skrab %s --help'.\n", cli->cmd ? cli->cmd->name : "");
    return SK_EXIT_ERROR;
}

void sk_cli_error(sk_cli *cli, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (cli->cmd)
        fprintf(cli->err, "skrab %s: ", cli->cmd->name);
    else
        fprintf(cli->err, "skrab: ");
    vfprintf(cli->err, fmt, ap);
    va_end(ap);
    fputc('\n', cli->err);
}

/* Reads S, one or more decimal digits and nothing else, into *OUT. Returns 0, or -1 when S is
 * not that or its value is past UINT64_MAX. */
static int read_digits(const char *s, uint64_t *out)
{
    if (*s < '0' || *s > '9') return -1;
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

int sk_cli_parse_number(const char *arg, long long lo, long long hi, long long *out)
{
    int negative = arg[0] == '-' && lo < 0;
    uint64_t magnitude;
    if (read_digits(arg + negative, &magnitude) != 0) return -1;
    long long v;
    if (negative && magnitude > (uint64_t)LLONG_MAX + 1) return -1;
    if (!negative && magnitude > (uint64_t)LLONG_MAX) return -1;
    if (negative)
        v = magnitude == (uint64_t)LLONG_MAX + 1 ? LLONG_MIN : -(long long)magnitude;
    else
        v = (long long)magnitude;
    if (v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

int sk_cli_parse_u64(const char *arg, uint64_t hi, uint64_t *out)
{
    uint64_t v;
    if (read_digits(arg, &v) != 0 || v > hi) return -1;
    *out = v;
    return 0;
}

int sk_cli_number(sk_cli *cli, const char *what, const char *arg, long long lo, long long hi,
                  long long *out)
{
    if (sk_cli_parse_number(arg, lo, hi, out) == 0) return SK_EXIT_OK;
    return sk_cli_usage_error(cli, "%s: expected a number %lld..%lld, got '%s'", what, lo, hi, arg);
}

int sk_cli_number_u64(sk_cli *cli, const char *what, const char *arg, uint64_t hi, uint64_t *out)
{
    if (sk_cli_parse_u64(arg, hi, out) == 0) return SK_EXIT_OK;
    return sk_cli_usage_error(cli, "%s: expected a number 0..%llu, got '%s'", what,
                              (unsigned long long)hi, arg);
}

/* "option --LONG" for the current option of O. */
static void option_name(const sk_cli_opts *o, char *out, size_t size)
{
    snprintf(out, size, "option --%s", o->opt ? o->opt->long_name : "?");
}

int sk_cli_opts_number(sk_cli_opts *o, long long lo, long long hi, long long *out)
{
    char what[80];
    option_name(o, what, sizeof(what));
    return sk_cli_number(o->cli, what, o->optarg ? o->optarg : "", lo, hi, out);
}

int sk_cli_opts_int(sk_cli_opts *o, int lo, int hi, int *out)
{
    long long v;
    int status = sk_cli_opts_number(o, lo, hi, &v);
    if (status == SK_EXIT_OK) *out = (int)v;
    return status;
}

int sk_cli_opts_u64(sk_cli_opts *o, uint64_t hi, uint64_t *out)
{
    char what[80];
    option_name(o, what, sizeof(what));
    return sk_cli_number_u64(o->cli, what, o->optarg ? o->optarg : "", hi, out);
}
