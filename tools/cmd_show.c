/* cmd_show.c — `skrab show [BOARD|POS]`: the SkraBBKle text drawing of a board, or of a position
 * (tiles as letter and value, racks and scores below), or an SVG picture of either. */
#include <string.h>
#include <sys/stat.h>

#include "cli_game.h"
#include "cmd_play.h"
#include "cli_commands.h"
#include "skrab/error.h"

enum { OPT_FORMAT, OPT_SVG };
const sk_cli_option sk_show_options[] = {
    SK_CLI_GAME_OPTIONS,
    {OPT_FORMAT, "format", 'f', "FMT",
     "read the board as skrabbkle, cs104 or magpie (default: detect)",
     "auto skrabbkle cs104 magpie"},
    {OPT_SVG, "svg", 0, NULL, "write an SVG picture instead of text", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

/* Whether the first line of TEXT that is neither blank nor a '#' comment (those are skipped in
 * position files: docs/commands.md, "Positions: POS arguments") is a CGP line: a board field
 * with '/', then racks, scores and a zero count. */
static int looks_like_cgp(const char *text, size_t len)
{
    const char *end = text + len;
    for (const char *p = text; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *eol = nl ? nl : end;
        int fields = 0, slash_in_first = 0, in_field = 0, comment = 0;
        for (const char *c = p; c < eol; c++) {
            int space = *c == ' ' || *c == '\t' || *c == '\r';
            if (!space && !in_field && ++fields == 1) comment = *c == '#';
            in_field = !space;
            if (fields == 1 && *c == '/') slash_in_first = 1;
        }
        if (fields > 0 && !comment) return slash_in_first && fields >= 4;
        p = eol + (eol < end);
    }
    return 0;
}

static void rack_line(sk_buf *o, const char *rack, const sk_tileset *tiles)
{
    if (!rack[0]) {
        sk_buf_puts(o, "(rack unknown)");
        return;
    }
    sk_dialog_rack(o, rack, tiles);
}

static int show_position(sk_cli *cli, sk_cli_game *g, sk_cli_posinput *in, int svg)
{
    size_t len;
    const char *line;
    int lineno;
    sk_position pos;
    if (sk_cli_posinput_getline(cli, in, &line, &len, &lineno) != 1) return SK_EXIT_ERROR;
    int status = sk_cli_parse_position(cli, g, in, line, len, lineno, &pos);
    if (status == SK_EXIT_OK) {
        if (!g->lexicon_name) g->lexicon_name = "none"; /* drawing needs no words */
        status = sk_cli_game_setup(cli, g, &pos, in->source, in->shown, lineno);
    }
    if (status != SK_EXIT_OK) return status;
    int scores[SK_BOARD_MAX * SK_BOARD_MAX];
    for (int i = 0; i < pos.width * pos.height; i++)
        scores[i] = pos.tiles[i] ? sk_tileset_score_of(&g->loaded.tiles, pos.tiles[i]) : 0;
    sk_buf o;
    sk_buf_init(&o);
    if (svg) {
        sk_board_render_svg(&g->loaded.board, pos.tiles, &g->loaded.tiles.alphabet, &o);
    } else {
        sk_board_render_text(&g->loaded.board, pos.tiles, scores, &g->loaded.tiles.alphabet, &o);
        for (int p = 0; p < pos.nplayers; p++) {
            sk_buf_printf(&o, "player %d%s: score %d, rack ", p + 1, p == 0 ? " (to move)" : "",
                          pos.scores[p]);
            rack_line(&o, pos.racks[p], &g->loaded.tiles);
            sk_buf_putc(&o, '\n');
        }
    }
    status = sk_cli_write(cli, &o);
    sk_buf_free(&o);
    return status;
}

/* Draws the board read into IN (a file), or when IN is NULL the board NAME. */
static int show_board(sk_cli *cli, const sk_cli_posinput *in, const char *name,
                      sk_board_format format, int svg)
{
    sk_board board;
    int status =
        in ? sk_cli_parse_board(cli, in->shown, in->text.data, in->text.len, format, &board)
           : sk_cli_load_board(cli, name, format, &board);
    if (status != SK_EXIT_OK) return status;
    sk_buf out;
    sk_buf_init(&out);
    if (svg)
        sk_board_render_svg(&board, NULL, NULL, &out);
    else
        sk_board_render_text(&board, NULL, NULL, NULL, &out);
    status = sk_cli_write(cli, &out);
    sk_buf_free(&out);
    return status;
}

int sk_cmd_show(sk_cli *cli, int argc, char **argv)
{
    sk_board_format format = SK_BOARD_FORMAT_AUTO;
    int svg = 0;
    sk_cli_game g;
    sk_cli_game_init(&g);
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        if (sk_cli_game_option(&g, opt, o.optarg)) continue;
        if (opt == OPT_FORMAT && sk_board_format_from_name(o.optarg, &format) != SK_OK)
            return sk_cli_usage_error(cli, "unknown board format '%s'", o.optarg);
        if (opt == OPT_SVG) svg = 1;
    }
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    if (o.optind + 1 < argc) return sk_cli_usage_error(cli, "show draws one board or position");
    const char *arg = o.optind < argc ? argv[o.optind] : NULL;
    struct stat st;
    int is_file = arg && (strcmp(arg, "-") == 0 || stat(arg, &st) == 0);
    /* as for every POS argument: a name that is no file and holds a blank is a CGP line */
    int literal_cgp = arg && !is_file && strpbrk(arg, " \t");
    sk_cli_posinput in;
    memset(&in, 0, sizeof(in));
    int status;
    if ((is_file || literal_cgp) && sk_cli_posinput_read(cli, arg, &in) != SK_OK)
        status = SK_EXIT_ERROR;
    else if (literal_cgp || (is_file && looks_like_cgp(in.text.data, in.text.len)))
        status = show_position(cli, &g, &in, svg);
    else if ((status = sk_cli_game_check(cli, &g)) == SK_EXIT_OK) /* -R -t -l: unused, valid */
        status = show_board(cli, is_file ? &in : NULL,
                            arg ? arg : (g.board_name ? g.board_name : "skrabbkle"), format, svg);
    sk_cli_posinput_free(&in);
    sk_cli_game_free(&g);
    return status;
}
