/* cli_commands.c — the one table of subcommands; `skrab help` lists it in this order. */
#include "cli.h"

int sk_cmd_help(sk_cli *cli, int argc, char **argv);
int sk_cmd_lint(sk_cli *cli, int argc, char **argv);
int sk_cmd_show(sk_cli *cli, int argc, char **argv);

extern const sk_cli_option sk_lint_options[];
extern const sk_cli_option sk_show_options[];

const sk_cmd sk_commands[] = {
    {"help", sk_cmd_help, "show help for skrab or one of its commands", "[COMMAND]", NULL, NULL},
    {"lint", sk_cmd_lint, "check board, tile-set and CS104 config files", "[OPTIONS] [FILE...]",
     "Checks each FILE (standard input when none is given, or '-') and reports every problem\n"
     "as FILE:LINE:COL: error: MESSAGE on standard error. The kind of file is detected from\n"
     "its content: a board (SkraBBKle, CS104 or MAGPIE layout), a tile set (CS104 tile file or\n"
     "letter-distribution CSV) or a CS104 game configuration (whose TILES, BOARD and\n"
     "DICTIONARY files are checked too). Exit status: 0 all valid, 1 a file has errors,\n"
     "2 a file could not be read or bad usage.",
     sk_lint_options},
    {"show", sk_cmd_show, "draw a board", "[OPTIONS] [BOARD]",
     "Draws BOARD (a built-in name such as skrabbkle, CrosswordGame, SuperCrosswordGame, a\n"
     "file, or '-' for standard input; default skrabbkle) in the SkraBBKle text layout: three\n"
     "characters a square (' . ', '(3)' letter factor, '{2}' word factor, '(12' and '{-3' when\n"
     "the factor has two characters), column letters above and below, row numbers on both\n"
     "sides. --svg writes an SVG picture instead.",
     sk_show_options},
    {NULL, NULL, NULL, NULL, NULL, NULL},
};
