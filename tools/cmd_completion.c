/* cmd_completion.c — `skrab completion bash|zsh` (docs/commands.md, "skrab completion"):
 * prints a shell completion script made from the tables the commands run from: sk_commands,
 * each command's subcommands and option table, and sk_global_options. What a shell completes is
 * therefore what this skrab takes. The only names written here are -h/--help, which every
 * command takes (cli_opts.c adds it), and `help`, whose operand is a command name. An option's
 * `values` (cli.h) says what its argument completes to; a command whose usage line names no
 * operand besides [OPTIONS] is offered no file names. */
#include <string.h>

#include "cli_commands.h"

#ifndef SKRAB_VERSION
#define SKRAB_VERSION "0.0.0"
#endif

/* What an option's argument completes to, from its `values`. */
typedef struct {
    char words[512]; /* the plain words, space-separated */
    int files, dirs;
} values;

static void parse_values(const sk_cli_option *opt, values *v)
{
    memset(v, 0, sizeof(*v));
    if (!opt->values) {
        v->files = 1;
        return;
    }
    size_t len = 0;
    for (const char *p = opt->values; *p;) {
        size_t n = strcspn(p, " ");
        if (n == 6 && strncmp(p, "<file>", n) == 0) {
            v->files = 1;
        } else if (n == 5 && strncmp(p, "<dir>", n) == 0) {
            v->dirs = 1;
        } else if (n > 0 && p[0] != '<' && len + n + 2 < sizeof(v->words)) {
            if (len) v->words[len++] = ' ';
            memcpy(v->words + len, p, n);
            len += n;
            v->words[len] = '\0';
        }
        p += n;
        while (*p == ' ')
            p++;
    }
}

/* 1 if CMD's usage line names an operand besides [OPTIONS]. */
static int takes_operands(const sk_cmd *cmd)
{
    const char *u = cmd->usage;
    while (*u) {
        if (strncmp(u, "[OPTIONS]", 9) == 0)
            u += 9;
        else if (*u == ' ')
            u++;
        else
            return 1;
    }
    return 0;
}

static int is_help(const sk_cmd *cmd)
{
    return strcmp(cmd->name, "help") == 0;
}

/* The last word of a subcommand's name ("build" of "lexicon build"). */
static const char *last_word(const char *name)
{
    const char *space = strrchr(name, ' ');
    return space ? space + 1 : name;
}

/* Appends S to OUT as one single-quoted shell word. */
static void put_quoted(sk_buf *out, const char *s)
{
    sk_buf_putc(out, '\'');
    for (; *s; s++) {
        if (*s == '\'')
            sk_buf_puts(out, "'\\''");
        else
            sk_buf_putc(out, *s);
    }
    sk_buf_putc(out, '\'');
}

/* Appends S for the inside of a single-quoted zsh word, with each character of ESCAPED
 * escaped by a backslash (for _arguments and _describe). */
static void put_zsh_text(sk_buf *out, const char *s, const char *escaped)
{
    for (; *s; s++) {
        if (*s == '\'')
            sk_buf_puts(out, "'\\''");
        else if (*s == '\\' || strchr(escaped, *s))
            sk_buf_printf(out, "\\%c", *s);
        else
            sk_buf_putc(out, *s);
    }
}

/* Calls FN for every command that runs with options of its own: each command without
 * subcommands, and each subcommand. */
typedef void (*leaf_fn)(sk_buf *out, const sk_cmd *cmd);
static void for_each_leaf(sk_buf *out, leaf_fn fn)
{
    for (const sk_cmd *c = sk_commands; c->name; c++) {
        if (!c->subcommands) {
            fn(out, c);
            continue;
        }
        for (const sk_cmd *s = c->subcommands; s->name; s++)
            fn(out, s);
    }
}

/* Appends the option names of TABLE, separated by spaces ("--long -s --other"). */
static void put_option_names(sk_buf *out, const sk_cli_option *table)
{
    for (const sk_cli_option *o = table; o && o->long_name; o++) {
        sk_buf_printf(out, "%s--%s", o == table ? "" : " ", o->long_name);
        if (o->short_name) sk_buf_printf(out, " -%c", o->short_name);
    }
}

/* Appends the names of the commands in TABLE, separated by spaces (last words only). */
static void put_command_names(sk_buf *out, const sk_cmd *table)
{
    for (const sk_cmd *c = table; c->name; c++)
        sk_buf_printf(out, "%s%s", c == table ? "" : " ", last_word(c->name));
}

/* ---- bash ------------------------------------------------------------------------------------ */

/* The case arms that complete the argument of one of CMD's options. */
static void bash_option_arguments(sk_buf *o, const sk_cmd *cmd)
{
    for (const sk_cli_option *opt = cmd->options; opt && opt->long_name; opt++) {
        if (!opt->arg) continue;
        values v;
        parse_values(opt, &v);
        char pattern[128];
        snprintf(pattern, sizeof(pattern), "%s --%s", cmd->name, opt->long_name);
        sk_buf_puts(o, "    ");
        put_quoted(o, pattern);
        if (opt->short_name) {
            snprintf(pattern, sizeof(pattern), "%s -%c", cmd->name, opt->short_name);
            sk_buf_puts(o, " | ");
            put_quoted(o, pattern);
        }
        sk_buf_puts(o, ")");
        if (v.words[0]) {
            sk_buf_puts(o, " words=");
            put_quoted(o, v.words);
        }
        if (v.dirs) sk_buf_puts(o, " dirs=1");
        if (v.files && !v.dirs) sk_buf_puts(o, " files=1");
        sk_buf_puts(o, " ;;\n");
    }
}

/* The case arm that lists CMD's options. */
static void bash_options(sk_buf *o, const sk_cmd *cmd)
{
    if (!cmd->options || !cmd->options[0].long_name) return;
    sk_buf_puts(o, "            ");
    put_quoted(o, cmd->name);
    sk_buf_puts(o, ") words='");
    put_option_names(o, cmd->options);
    sk_buf_puts(o, "' ;;\n");
}

/* Appends " | 'NAME'" when CMD takes no operands: the case pattern of those commands, once the
 * caller drops its first " | ". */
static void bash_no_operands(sk_buf *o, const sk_cmd *cmd)
{
    if (takes_operands(cmd)) return;
    sk_buf_puts(o, " | ");
    put_quoted(o, cmd->name);
}

static void bash_script(sk_buf *o)
{
    sk_buf_printf(o,
                  "# bash completion for skrab, written by `skrab completion bash` (skrab %s) "
                  "from the tables\n"
                  "# of its commands and options. Needs bash 4 and nothing else. Load it with\n"
                  "# `source <(skrab completion bash)`, or install it as\n"
                  "# share/bash-completion/completions/skrab.\n\n",
                  SKRAB_VERSION);
    sk_buf_puts(o, "_skrab()\n{\n"
                   "    local cur=${COMP_WORDS[COMP_CWORD]} prev= cmd=${COMP_WORDS[1]} path= "
                   "subs= words= arg= files= dirs=\n"
                   "    (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}\n"
                   "    # bash splits --option=value at '=' (COMP_WORDBREAKS): the value is "
                   "completed\n"
                   "    if [[ $cur == = ]]; then\n"
                   "        cur=\n"
                   "    elif [[ $prev == = ]] && (( COMP_CWORD > 2 )); then\n"
                   "        prev=${COMP_WORDS[COMP_CWORD-2]}\n"
                   "    fi\n"
                   "    COMPREPLY=()\n"
                   "    if (( COMP_CWORD == 1 )); then\n"
                   "        if [[ $cur == -* ]]; then\n"
                   "            words='");
    put_option_names(o, sk_global_options);
    sk_buf_puts(o, "'\n        else\n            words='");
    put_command_names(o, sk_commands);
    sk_buf_puts(o, "'\n        fi\n"
                   "        COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
                   "        return 0\n"
                   "    fi\n"
                   "    case $cmd in\n");
    for (const sk_cmd *c = sk_commands; c->name; c++) {
        if (!c->subcommands) continue;
        sk_buf_printf(o, "    %s) subs='", c->name);
        put_command_names(o, c->subcommands);
        sk_buf_puts(o, "' ;;\n");
    }
    sk_buf_puts(o, "    esac\n"
                   "    path=$cmd\n"
                   "    if [[ -n $subs ]]; then\n"
                   "        if (( COMP_CWORD == 2 )); then\n"
                   "            if [[ $cur == -* ]]; then words='--help -h'; else words=$subs; fi\n"
                   "            COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
                   "            return 0\n"
                   "        fi\n"
                   "        path=\"$cmd ${COMP_WORDS[2]}\"\n"
                   "    fi\n"
                   "    # the argument of an option\n"
                   "    arg=1\n"
                   "    case \"$path $prev\" in\n");
    for_each_leaf(o, bash_option_arguments);
    sk_buf_puts(o, "    *) arg= ;;\n"
                   "    esac\n"
                   "    if [[ -z $arg ]]; then\n"
                   "        if [[ $cur == -* ]]; then\n"
                   "            case $path in\n");
    for_each_leaf(o, bash_options);
    sk_buf_puts(o, "            esac\n"
                   "            COMPREPLY=($(compgen -W \"$words --help -h\" -- \"$cur\"))\n"
                   "            return 0\n"
                   "        fi\n"
                   "        case $path in\n");
    for (const sk_cmd *c = sk_commands; c->name; c++) {
        if (!is_help(c)) continue;
        sk_buf_printf(o, "        %s) (( COMP_CWORD == 2 )) && words='", c->name);
        put_command_names(o, sk_commands);
        sk_buf_puts(o, "' ;;\n");
    }
    sk_buf none;
    sk_buf_init(&none);
    for_each_leaf(&none, bash_no_operands);
    if (none.len) sk_buf_printf(o, "        %s) ;;\n", sk_buf_str(&none) + 3);
    sk_buf_free(&none);
    sk_buf_puts(o, "        *) files=1 ;;\n"
                   "        esac\n"
                   "    fi\n"
                   "    [[ -n $words ]] && COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
                   "    if [[ -n $dirs ]]; then\n"
                   "        compopt -o filenames 2>/dev/null\n"
                   "        mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -d -- \"$cur\")\n"
                   "    elif [[ -n $files ]]; then\n"
                   "        compopt -o filenames 2>/dev/null\n"
                   "        mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -f -- \"$cur\")\n"
                   "    fi\n"
                   "    return 0\n"
                   "}\n"
                   "complete -F _skrab skrab\n");
}

/* ---- zsh ------------------------------------------------------------------------------------- */

/* The name of the zsh function for CMD: _skrab_cmd_ and its name, spaces as '_'. */
static void zsh_function_name(sk_buf *o, const char *prefix, const sk_cmd *cmd)
{
    sk_buf_puts(o, prefix);
    for (const char *p = cmd->name; *p; p++)
        sk_buf_putc(o, *p == ' ' || *p == '-' ? '_' : *p);
}

/* One _arguments spec for OPT. Flags may be given once; options with an argument again. */
static void zsh_option_spec(sk_buf *o, const sk_cli_option *opt)
{
    sk_buf_puts(o, " \\\n    ");
    if (opt->short_name) { /* '(-s --long)'{-s,--long}'[help]...' */
        if (opt->arg)
            sk_buf_puts(o, "'*'");
        else
            sk_buf_printf(o, "'(-%c --%s)'", opt->short_name, opt->long_name);
        sk_buf_printf(o, "{-%c%s,--%s%s}'[", opt->short_name, opt->arg ? "+" : "", opt->long_name,
                      opt->arg ? "=" : "");
    } else if (opt->arg) { /* '*--long=[help]...' */
        sk_buf_printf(o, "'*--%s=[", opt->long_name);
    } else { /* '(--long)--long[help]' */
        sk_buf_printf(o, "'(--%s)--%s[", opt->long_name, opt->long_name);
    }
    put_zsh_text(o, opt->help, "[]");
    sk_buf_puts(o, "]");
    if (opt->arg) {
        values v;
        parse_values(opt, &v);
        sk_buf_putc(o, ':');
        put_zsh_text(o, opt->arg, ":");
        sk_buf_putc(o, ':');
        if (v.dirs)
            sk_buf_puts(o, "_files -/");
        else if (v.files && v.words[0])
            sk_buf_printf(o, "_skrab_words_or_files -- %s", v.words);
        else if (v.files)
            sk_buf_puts(o, "_files");
        else if (v.words[0])
            sk_buf_printf(o, "(%s)", v.words);
        else
            sk_buf_putc(o, ' '); /* a value to type: the message only */
    }
    sk_buf_putc(o, '\'');
}

static void zsh_help_spec(sk_buf *o, const char *help)
{
    sk_buf_printf(o, " \\\n    '(- *)'{-h,--help}'[%s]'", help);
}

/* The function that lists the commands of TABLE with their summaries (_describe). */
static void zsh_list_function(sk_buf *o, const char *name, const char *what, const sk_cmd *table)
{
    sk_buf_printf(o, "%s() {\n  local -a commands=(\n", name);
    for (const sk_cmd *c = table; c->name; c++) {
        sk_buf_puts(o, "    '");
        put_zsh_text(o, last_word(c->name), ":");
        sk_buf_putc(o, ':');
        put_zsh_text(o, c->summary, "");
        sk_buf_puts(o, "'\n");
    }
    sk_buf_printf(o, "  )\n  _describe -t commands '%s' commands\n}\n\n", what);
}

/* The function of a command without subcommands: its options and operands. */
static void zsh_leaf_function(sk_buf *o, const sk_cmd *cmd)
{
    zsh_function_name(o, "_skrab_cmd_", cmd);
    sk_buf_puts(o, "() {\n  _arguments -s -S :");
    for (const sk_cli_option *opt = cmd->options; opt && opt->long_name; opt++)
        zsh_option_spec(o, opt);
    zsh_help_spec(o, "show this help and exit");
    if (is_help(cmd))
        sk_buf_puts(o, " \\\n    '1:command:_skrab_commands'");
    else if (takes_operands(cmd))
        sk_buf_puts(o, " \\\n    '*:file:_files'");
    sk_buf_puts(o, "\n}\n\n");
}

/* The case that hands the words after a command (or subcommand) to its function. */
static void zsh_dispatch(sk_buf *o, const sk_cmd *table)
{
    sk_buf_puts(o, "  case $state in\n  args)\n    case $words[1] in\n");
    for (const sk_cmd *c = table; c->name; c++) {
        sk_buf_printf(o, "    %s) ", last_word(c->name));
        zsh_function_name(o, "_skrab_cmd_", c);
        sk_buf_puts(o, " ;;\n");
    }
    sk_buf_puts(o, "    esac\n  esac\n");
}

static void zsh_script(sk_buf *o)
{
    sk_buf_printf(o,
                  "#compdef skrab\n"
                  "# zsh completion for skrab, written by `skrab completion zsh` (skrab %s) from "
                  "the tables\n"
                  "# of its commands and options. Install it as _skrab in a directory of $fpath\n"
                  "# (share/zsh/site-functions), or source it after compinit.\n\n",
                  SKRAB_VERSION);
    sk_buf_puts(
        o, "# An option's argument: one of the words after --, or a file name (_arguments puts\n"
           "# options of its own before the --).\n"
           "_skrab_words_or_files() {\n"
           "  local -a words=(\"${(@)argv[${argv[(i)--]}+1,-1]}\")\n"
           "  _alternative \"values:value:($words)\" 'files:file:_files'\n"
           "}\n\n");
    zsh_list_function(o, "_skrab_commands", "skrab command", sk_commands);
    for_each_leaf(o, zsh_leaf_function);
    for (const sk_cmd *c = sk_commands; c->name; c++) {
        if (!c->subcommands) continue;
        char list[64];
        snprintf(list, sizeof(list), "_skrab_list_%s", c->name);
        char what[96];
        snprintf(what, sizeof(what), "skrab %s subcommand", c->name);
        zsh_list_function(o, list, what, c->subcommands);
        zsh_function_name(o, "_skrab_cmd_", c);
        sk_buf_puts(o, "() {\n  local curcontext=$curcontext state state_descr line\n"
                       "  typeset -A opt_args\n  _arguments -C :");
        zsh_help_spec(o, "show this help and exit");
        sk_buf_printf(o, " \\\n    '1:subcommand:%s' \\\n    '*:: :->args'\n", list);
        zsh_dispatch(o, c->subcommands);
        sk_buf_puts(o, "}\n\n");
    }
    sk_buf_puts(o, "_skrab() {\n  local curcontext=$curcontext state state_descr line\n"
                   "  typeset -A opt_args\n  _arguments -C :");
    for (const sk_cli_option *g = sk_global_options; g->long_name; g++)
        sk_buf_printf(o, " \\\n    '(- *)'{-%c,--%s}'[%s]'", g->short_name, g->long_name, g->help);
    sk_buf_puts(o, " \\\n    '1:command:_skrab_commands' \\\n    '*:: :->args'\n");
    zsh_dispatch(o, sk_commands);
    sk_buf_puts(o, "}\n\n"
                   "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then\n"
                   "  _skrab \"$@\"\n"
                   "else\n"
                   "  compdef _skrab skrab\n"
                   "fi\n");
}

/* ---- the command ----------------------------------------------------------------------------- */

static int run_shell(sk_cli *cli, int argc, char **argv, void (*script)(sk_buf *))
{
    int first, status = sk_cli_opts_only_help(cli, argc, argv, &first);
    if (status >= 0) return status;
    if (first < argc) return sk_cli_usage_error(cli, "unexpected argument '%s'", argv[first]);
    sk_buf out;
    sk_buf_init(&out);
    script(&out);
    status = sk_cli_write(cli, &out);
    sk_buf_free(&out);
    return status;
}

static int run_bash(sk_cli *cli, int argc, char **argv)
{
    return run_shell(cli, argc, argv, bash_script);
}

static int run_zsh(sk_cli *cli, int argc, char **argv)
{
    return run_shell(cli, argc, argv, zsh_script);
}

const sk_cmd sk_completion_shells[] = {
    {"completion bash", run_bash, "print the completion script for bash", "",
     "Prints a bash completion script for skrab: the function _skrab, registered for the\n"
     "command skrab with complete -F. It needs bash 4 and nothing else (not the\n"
     "bash-completion package). Load it with: source <(skrab completion bash).",
     NULL, NULL},
    {"completion zsh", run_zsh, "print the completion script for zsh", "",
     "Prints a zsh completion script for skrab (#compdef skrab): install it as _skrab in a\n"
     "directory of $fpath before compinit runs, or source it after compinit.",
     NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};

int sk_cmd_completion(sk_cli *cli, int argc, char **argv)
{
    return sk_cli_run_subcommand(cli, argc, argv, "shell");
}
