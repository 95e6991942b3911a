/* cli_commands.h — the commands of `skrab` as the command table (cli_commands.c) names them:
 * each command's entry point, its option table and, for a command with subcommands, its table of
 * subcommands. Each is defined in the command's own file (cmd_NAME.c; `help` in cli_main.c). */
#ifndef SKRAB_CLI_COMMANDS_H
#define SKRAB_CLI_COMMANDS_H

#include "cli.h"

/* Every command runs as RUN(CLI, ARGC, ARGV) with ARGV[0] its name and returns its exit
 * status (SK_EXIT_*). */
int sk_cmd_help(sk_cli *cli, int argc, char **argv);
int sk_cmd_lint(sk_cli *cli, int argc, char **argv);
int sk_cmd_show(sk_cli *cli, int argc, char **argv);
int sk_cmd_lexicon(sk_cli *cli, int argc, char **argv);
int sk_cmd_check(sk_cli *cli, int argc, char **argv);
int sk_cmd_score(sk_cli *cli, int argc, char **argv);
int sk_cmd_apply(sk_cli *cli, int argc, char **argv);
int sk_cmd_parse(sk_cli *cli, int argc, char **argv);
int sk_cmd_validate(sk_cli *cli, int argc, char **argv);
int sk_cmd_suggest(sk_cli *cli, int argc, char **argv);
int sk_cmd_replay(sk_cli *cli, int argc, char **argv);
int sk_cmd_play(sk_cli *cli, int argc, char **argv);
int sk_cmd_selfplay(sk_cli *cli, int argc, char **argv);
int sk_cmd_leaves(sk_cli *cli, int argc, char **argv);
int sk_cmd_boggle(sk_cli *cli, int argc, char **argv);
int sk_cmd_completion(sk_cli *cli, int argc, char **argv);

/* The option tables of the commands without subcommands. */
extern const sk_cli_option sk_lint_options[];
extern const sk_cli_option sk_show_options[];
extern const sk_cli_option sk_check_options[];
extern const sk_cli_option sk_score_options[];
extern const sk_cli_option sk_apply_options[];
extern const sk_cli_option sk_parse_options[];
extern const sk_cli_option sk_validate_options[];
extern const sk_cli_option sk_suggest_options[];
extern const sk_cli_option sk_replay_options[];
extern const sk_cli_option sk_play_options[];
extern const sk_cli_option sk_selfplay_options[];

/* The subcommands of lexicon, leaves, boggle and completion (see sk_cli_run_subcommand). */
extern const sk_cmd sk_lexicon_subcommands[];
extern const sk_cmd sk_leaves_subcommands[];
extern const sk_cmd sk_boggle_subcommands[];
extern const sk_cmd sk_completion_shells[];

#endif
