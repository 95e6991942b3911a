/* cli_game.c — loading what a position needs: rules, board, tiles, lexicon (see cli_game.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_game.h"
#include "skrab/error.h"

void sk_cli_game_init(sk_cli_game *g)
{
    memset(g, 0, sizeof(*g));
}

void sk_cli_game_free(sk_cli_game *g)
{
    for (int i = 0; i < g->nloaded; i++)
        sk_lexicon_free(g->loaded[i]);
    free(g->loaded);
    free(g->loaded_path);
    g->loaded = NULL;
    g->loaded_path = NULL;
    g->nloaded = 0;
    g->lexicon = NULL;
}

int sk_cli_game_option(sk_cli_game *g, int id, const char *arg)
{
    switch (id) {
    case SK_CLI_OPT_RULES:
        g->rules_name = arg;
        return 1;
    case SK_CLI_OPT_BOARD:
        g->board_name = arg;
        return 1;
    case SK_CLI_OPT_TILES:
        g->tiles_name = arg;
        return 1;
    case SK_CLI_OPT_LEXICON:
        g->lexicon_name = arg;
        return 1;
    default:
        return 0;
    }
}

/* NAME from an op is relative to the file the position came from; from an option, to the
 * current directory. */
static const char *resolve_op_path(const char *name, const char *source, char *buf, size_t size)
{
    if (!source || !sk_resource_is_path(name) || name[0] == '/') return name;
    return sk_path_relative_to(source, name, buf, size) == SK_OK ? buf : name;
}

static int load_tiles(sk_cli *cli, sk_cli_game *g, const char *name)
{
    if (!sk_resource_is_path(name) && sk_tileset_builtin(&g->tiles, name) == SK_OK)
        return SK_EXIT_OK;
    char path[SK_PATH_MAX];
    if (sk_resource_find(&cli->datadirs, SK_RES_TILES, name, path, sizeof(path)) != SK_OK) {
        sk_cli_error(cli, "no tile set named '%s' (built-in: skrabbkle, english; or a path)", name);
        return SK_EXIT_ERROR;
    }
    sk_buf text;
    sk_buf_init(&text);
    int status = SK_EXIT_OK;
    if (sk_cli_read(cli, path, SK_TILES_FILE_MAX, &text, 0) != SK_OK) {
        status = SK_EXIT_ERROR;
    } else {
        sk_diag_list d;
        sk_diag_list_init(&d);
        if (sk_tileset_parse(&g->tiles, text.data, text.len, SK_TILES_FORMAT_AUTO, &d) != SK_OK)
            status = SK_EXIT_FINDINGS;
        sk_cli_print_diags(cli, path, 0, text.data, text.len, &d, SK_CLI_DIAG_ERRORS_ONLY);
        sk_diag_list_free(&d);
    }
    sk_buf_free(&text);
    return status;
}

int sk_cli_load_lexicon_file(sk_cli *cli, const char *path, sk_lexicon **out)
{
    *out = NULL;
    char cache[SK_PATH_MAX];
    const char *cache_dir = NULL;
    if (sk_lexicon_cache_dir(cli->cache_home, cli->home, cache, sizeof(cache)) == SK_OK)
        cache_dir = cache;
    sk_diag_list d;
    sk_diag_list_init(&d);
    sk_buf text;
    sk_buf_init(&text);
    errno = 0;
    int rc = sk_lexicon_load(out, path, cache_dir, &text, &d);
    sk_diag_list_sort(&d);
    sk_cli_print_diags(cli, path, 0, text.data ? text.data : "", text.len, &d,
                       SK_CLI_DIAG_ERRORS_ONLY);
    size_t errors = d.errors;
    sk_diag_list_free(&d);
    sk_buf_free(&text);
    if (rc == SK_OK) return SK_EXIT_OK;
    *out = NULL;
    if (errors == 0) /* nothing said yet */
        sk_cli_error(cli, "%s: cannot load the lexicon: %s", path,
                     rc == SK_EIO && errno ? strerror(errno) : sk_strerror(rc));
    return rc == SK_EINVAL ? SK_EXIT_FINDINGS : SK_EXIT_ERROR;
}

static int load_lexicon(sk_cli *cli, sk_cli_game *g, const char *name)
{
    if (strcmp(name, "none") == 0) {
        g->lexicon = NULL;
        return SK_EXIT_OK;
    }
    char path[SK_PATH_MAX];
    if (sk_lexicon_find(&cli->datadirs, name, path, sizeof(path)) != SK_OK) {
        sk_cli_error(cli, "no lexicon named '%s' (give a word list or KWG file, or -l none)", name);
        return SK_EXIT_ERROR;
    }
    for (int i = 0; i < g->nloaded; i++)
        if (strcmp(g->loaded_path[i], path) == 0) {
            g->lexicon = g->loaded[i]; /* loaded for an earlier position */
            return SK_EXIT_OK;
        }
    sk_lexicon *lex = NULL;
    int status = sk_cli_load_lexicon_file(cli, path, &lex);
    if (status != SK_EXIT_OK) return status;
    sk_lexicon **l = realloc(g->loaded, (size_t)(g->nloaded + 1) * sizeof(*l));
    if (l) g->loaded = l;
    char(*p)[SK_PATH_MAX] = realloc(g->loaded_path, (size_t)(g->nloaded + 1) * sizeof(*p));
    if (p) g->loaded_path = p;
    if (!l || !p) {
        sk_lexicon_free(lex);
        sk_cli_error(cli, "out of memory");
        return SK_EXIT_ERROR;
    }
    g->loaded[g->nloaded] = lex;
    snprintf(g->loaded_path[g->nloaded], SK_PATH_MAX, "%s", path);
    g->nloaded++;
    g->lexicon = lex;
    return SK_EXIT_OK;
}

static int op_int(sk_cli *cli, const sk_position *pos, const char *code, int lo, int hi, int *out)
{
    const char *arg = sk_position_op(pos, code);
    if (!arg) return SK_EXIT_OK;
    char *end;
    long v = strtol(arg, &end, 10);
    if (!*arg || *end || v < lo || v > hi) {
        sk_cli_error(cli, "op '%s %s': expected a number %d..%d", code, arg, lo, hi);
        return SK_EXIT_FINDINGS;
    }
    *out = (int)v;
    return SK_EXIT_OK;
}

int sk_cli_game_setup(sk_cli *cli, sk_cli_game *g, const sk_position *pos, const char *source,
                      const char *shown, int line)
{
    char buf[SK_PATH_MAX];
    const char *var = g->rules_name ? g->rules_name : sk_position_op(pos, "var");
    sk_ruleset rs = SK_RULES_CLASSIC;
    if (var && sk_ruleset_from_name(var, &rs) != SK_OK) {
        sk_cli_error(cli, "unknown rule set '%s' (expected skrabbkle or classic)", var);
        return SK_EXIT_ERROR;
    }
    int skr = rs == SK_RULES_SKRABBKLE;
    const char *board = g->board_name, *tiles = g->tiles_name, *lex = g->lexicon_name;
    if (!board && (board = sk_position_op(pos, "bdn")) != NULL)
        board = resolve_op_path(board, source, buf, sizeof(buf));
    if (!board) board = skr ? "skrabbkle" : "CrosswordGame";
    int status = sk_cli_load_board(cli, board, SK_BOARD_FORMAT_AUTO, &g->board);
    if (status != SK_EXIT_OK) return status;
    if (!tiles && (tiles = sk_position_op(pos, "ld")) != NULL)
        tiles = resolve_op_path(tiles, source, buf, sizeof(buf));
    if (!tiles) tiles = skr ? "skrabbkle" : "english";
    if ((status = load_tiles(cli, g, tiles)) != SK_EXIT_OK) return status;
    if (!lex && (lex = sk_position_op(pos, "lex")) != NULL)
        lex = resolve_op_path(lex, source, buf, sizeof(buf));
    if (!lex) lex = "wordlist";
    if ((status = load_lexicon(cli, g, lex)) != SK_EXIT_OK) return status;
    if (pos->width != g->board.width || pos->height != g->board.height) {
        sk_cli_error(cli, "%s:%d: the position is %d x %d but the board '%s' is %d x %d", shown,
                     line, pos->width, pos->height, board, g->board.width, g->board.height);
        return SK_EXIT_FINDINGS;
    }
    sk_rules_init(&g->rules, rs, &g->board, &g->tiles, g->lexicon);
    if (op_int(cli, pos, "rs", 1, SK_RACK_MAX, &g->rules.rack_size) ||
        op_int(cli, pos, "bb", 0, 1000, &g->rules.bingo_bonus) ||
        op_int(cli, pos, "etl", 0, 1000, &g->rules.exchange_min))
        return SK_EXIT_FINDINGS;
    if (!sk_position_op(pos, "etl")) g->rules.exchange_min = g->rules.rack_size;
    int unseen[SK_TILE_KINDS], over;
    sk_position_unseen(pos, &g->tiles, unseen, &over);
    if (over >= 0 && !g->no_count_warning)
        fprintf(cli->err, "%s:%d: warning: more %c tiles than the bag holds\n", shown, line,
                over == SK_TILE_BLANK ? '?' : 'A' + over - 1);
    return SK_EXIT_OK;
}

/* Prints that SHOWN could not be read (ERROR an errno). */
static void read_error(sk_cli *cli, const char *shown, int error)
{
    sk_cli_error(cli, "%s: cannot read: %s", shown, error ? strerror(error) : "I/O error");
}

enum { POS_STDIN, POS_FILE, POS_LITERAL };

/* The lines of a POS that are not positions (docs/commands.md, "Positions: POS arguments"). */
#define POS_LINES (SK_CLI_LINES_SKIP_BLANK | SK_CLI_LINES_SKIP_COMMENTS)

/* Starts OUT for the POS argument ARG and says what it is: '-' (stdin), an existing file (*ST
 * its stat), or else a CGP line given literally (not read here). */
static int posinput_kind(const char *arg, sk_cli_posinput *out, struct stat *st)
{
    memset(out, 0, sizeof(*out));
    sk_buf_init(&out->text);
    if (strcmp(arg, "-") == 0) {
        out->shown = "<stdin>";
        return POS_STDIN;
    }
    if (stat(arg, st) == 0) {
        out->shown = arg;
        out->source = arg;
        return POS_FILE;
    }
    out->shown = "<argument>";
    return POS_LITERAL;
}

/* Starts IN's reader over IN->text. */
static int lines_over_text(sk_cli_posinput *in)
{
    if (in->text.failed) return SK_ENOMEM;
    sk_cli_lines_text(&in->lines, in->text.data, in->text.len, SK_CLI_LINE_MAX, POS_LINES);
    return SK_OK;
}

int sk_cli_posinput_read(sk_cli *cli, const char *arg, sk_cli_posinput *out)
{
    struct stat st;
    int rc = posinput_kind(arg, out, &st) == POS_LITERAL
                 ? sk_buf_puts(&out->text, arg)
                 : sk_cli_read(cli, arg, (size_t)64 << 20, &out->text, 0);
    return rc == SK_OK ? lines_over_text(out) : rc;
}

void sk_cli_posinput_free(sk_cli_posinput *in)
{
    sk_cli_lines_free(&in->lines);
    sk_buf_free(&in->text);
    if (in->own) fclose(in->own);
    in->own = NULL;
}

int sk_cli_posinput_open(sk_cli *cli, const char *arg, sk_cli_posinput *out)
{
    struct stat st;
    int kind = posinput_kind(arg, out, &st);
    if (kind == POS_LITERAL) {
        sk_buf_puts(&out->text, arg);
        return lines_over_text(out);
    }
    FILE *stream = cli->in;
    if (kind == POS_FILE) {
        out->own = S_ISDIR(st.st_mode) ? NULL : fopen(arg, "rb");
        if (!out->own) {
            sk_cli_error(cli, "%s: cannot read: %s", arg,
                         S_ISDIR(st.st_mode) ? "is a directory" : strerror(errno));
            return SK_EIO;
        }
        stream = out->own;
    }
    sk_cli_lines_stream(&out->lines, stream, SK_CLI_LINE_MAX, POS_LINES);
    return SK_OK;
}

int sk_cli_posinput_getline(sk_cli *cli, sk_cli_posinput *in, const char **line, size_t *len,
                            int *lineno)
{
    int rc = sk_cli_lines_next(&in->lines);
    if (rc == SK_CLI_LINE_ERROR) {
        read_error(cli, in->shown, in->lines.error);
        return -1;
    }
    if (rc != SK_CLI_LINE_OK) return 0;
    *line = in->lines.line;
    *len = in->lines.len;
    *lineno = in->lines.lineno;
    return 1;
}

int sk_cli_parse_position(sk_cli *cli, const sk_cli_posinput *in, const char *line, size_t len,
                          int lineno, sk_position *out)
{
    sk_diag_list d;
    sk_diag_list_init(&d);
    int rc = sk_position_parse_cgp(out, line, len, &d);
    sk_cli_print_diags(cli, in->shown, lineno, line, len, &d, 0);
    sk_diag_list_free(&d);
    return rc == SK_OK ? SK_EXIT_OK : SK_EXIT_FINDINGS;
}

int sk_cli_for_each_move(sk_cli *cli, int argc, char **argv, int first, sk_cli_move_fn fn,
                         void *ctx)
{
    if (first < argc) {
        for (int i = first; i < argc; i++) {
            int rc = fn(ctx, argv[i], strlen(argv[i]));
            if (rc) return rc;
        }
        return 0;
    }
    sk_cli_lines moves;
    sk_cli_lines_stream(&moves, cli->in, SK_CLI_LINE_MAX, SK_CLI_LINES_SKIP_BLANK);
    int rc = 0, got;
    while (rc == 0 && (got = sk_cli_lines_next(&moves)) == SK_CLI_LINE_OK)
        rc = fn(ctx, moves.line, moves.len);
    if (rc == 0 && got == SK_CLI_LINE_ERROR) {
        read_error(cli, "<stdin>", moves.error);
        rc = SK_EXIT_ERROR;
    }
    sk_cli_lines_free(&moves);
    return rc;
}

int sk_cli_position_operand(sk_cli *cli, int argc, char **argv, int first, sk_cli_posinput *in,
                            sk_position *pos, sk_cli_game *g)
{
    memset(in, 0, sizeof(*in));
    sk_buf_init(&in->text);
    if (first >= argc)
        return sk_cli_usage_error(cli, "a position is needed (a CGP file, '-', or a CGP line)");
    return sk_cli_load_position(cli, argv[first], first + 1 == argc, in, pos, g);
}

int sk_cli_load_position(sk_cli *cli, const char *arg, int moves_from_stdin, sk_cli_posinput *in,
                         sk_position *pos, sk_cli_game *g)
{
    memset(in, 0, sizeof(*in));
    sk_buf_init(&in->text);
    if (moves_from_stdin && strcmp(arg, "-") == 0)
        return sk_cli_usage_error(cli, "with the position on stdin, give the moves as arguments");
    if (sk_cli_posinput_open(cli, arg, in) != SK_OK) return SK_EXIT_ERROR;
    size_t len = 0;
    const char *line = NULL;
    int lineno = 0;
    int got = sk_cli_posinput_getline(cli, in, &line, &len, &lineno);
    if (got < 0) return SK_EXIT_ERROR;
    if (got == 0) {
        sk_cli_error(cli, "%s: no CGP line", in->shown);
        return SK_EXIT_ERROR;
    }
    int status = sk_cli_parse_position(cli, in, line, len, lineno, pos);
    if (status == SK_EXIT_OK)
        status = sk_cli_game_setup(cli, g, pos, in->source, in->shown, lineno);
    return status;
}

void sk_json_words(sk_buf *out, const sk_play *play)
{
    sk_buf_putc(out, '[');
    int first = 1;
    for (int i = 0; i < play->nwords; i++) {
        if (play->words[i].len < 2) continue;
        if (!first) sk_buf_putc(out, ',');
        sk_json_string(out, play->words[i].letters);
        first = 0;
    }
    sk_buf_putc(out, ']');
}
