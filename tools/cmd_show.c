/* cmd_show.c — `skrab show [BOARD]`: the SkraBBKle text drawing of a board, or an SVG picture.
 * (Positions — tiles, racks, scores — come with the position module.) */
#include <string.h>

#include "cli.h"
#include "skrab/error.h"

const sk_cli_option sk_show_options[] = {
    {"board", 'b', "BOARD", "the board to draw (same as the BOARD operand)"},
    {"format", 'f', "FMT", "read the board as skrabbkle, cs104 or magpie (default: detect)"},
    {"svg", 0, NULL, "write an SVG picture instead of text"},
    {NULL, 0, NULL, NULL},
};

enum { OPT_BOARD, OPT_FORMAT, OPT_SVG };

int sk_cmd_show(sk_cli *cli, int argc, char **argv);
int sk_cmd_show(sk_cli *cli, int argc, char **argv)
{
    const char *name = NULL;
    sk_board_format format = SK_BOARD_FORMAT_AUTO;
    int svg = 0;
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        switch (opt) {
        case OPT_BOARD:
            name = o.optarg;
            break;
        case OPT_FORMAT:
            if (sk_board_format_from_name(o.optarg, &format) != SK_OK)
                return sk_cli_usage_error(cli, "unknown board format '%s'", o.optarg);
            break;
        case OPT_SVG:
            svg = 1;
            break;
        }
    }
    if (opt == SK_OPT_ERROR) return SK_EXIT_ERROR;
    if (opt == SK_OPT_HELP) return SK_EXIT_OK;
    if (o.optind < argc) {
        if (name || o.optind + 1 < argc) return sk_cli_usage_error(cli, "show draws one board");
        name = argv[o.optind];
    }
    if (!name) name = "skrabbkle";
    sk_board board;
    int status = sk_cli_load_board(cli, name, format, &board);
    if (status != SK_EXIT_OK) return status;
    sk_buf out;
    sk_buf_init(&out);
    if (svg)
        sk_board_render_svg(&board, NULL, &out);
    else
        sk_board_render_text(&board, NULL, NULL, &out);
    status = sk_cli_write(cli, &out);
    sk_buf_free(&out);
    return status;
}
