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
    sk_game_loader_free(g->loader);
    g->loader = NULL;
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
    sk_cli_print_diags(cli, path, text.data ? text.data : "", text.len, &d, 0, 1);
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

int sk_cli_game_spec(sk_cli *cli, const sk_cli_game *g, sk_game_spec *spec)
{
    sk_game_spec_init(spec);
    if (g->rules_name) {
        sk_ruleset rs;
        if (sk_ruleset_from_name(g->rules_name, &rs) != SK_OK) {
            sk_cli_error(cli, "unknown rule set '%s' (expected skrabbkle or classic)",
                         g->rules_name);
            return SK_EXIT_ERROR;
        }
        sk_game_spec_set_ruleset(spec, rs);
    }
    const char *names[3] = {g->board_name, g->tiles_name, g->lexicon_name};
    for (int f = 0; f < 3; f++)
        if (names[f] && sk_game_spec_set_file(spec, (sk_spec_file)f, names[f], NULL) != SK_OK) {
            sk_cli_error(cli, "'%s': the name is too long", names[f]);
            return SK_EXIT_ERROR;
        }
    return SK_EXIT_OK;
}

/* A file's findings, printed as every command prints them. */
static void report(void *ctx, const char *path, const char *text, size_t len,
                   const sk_diag_list *diags)
{
    sk_cli_print_diags(ctx, path, text, len, diags, 0, 1);
}

int sk_cli_game_load(sk_cli *cli, sk_cli_game *g, const sk_game_spec *spec)
{
    if (!g->loader) {
        char cache[SK_PATH_MAX];
        const char *cache_dir = NULL;
        if (sk_lexicon_cache_dir(cli->cache_home, cli->home, cache, sizeof(cache)) == SK_OK)
            cache_dir = cache;
        if (sk_game_loader_new(&g->loader, &cli->datadirs, cache_dir, report, cli) != SK_OK) {
            sk_cli_error(cli, "out of memory");
            return SK_EXIT_ERROR;
        }
    }
    char why[SK_PATH_MAX + 200];
    sk_spec_file which = SK_SPEC_BOARD;
    int rc = sk_game_load(g->loader, spec, &g->loaded, &which, why, sizeof(why));
    if (rc == SK_OK) return SK_EXIT_OK;
    if (why[0])
        sk_cli_error(cli, "%s%s", why,
                     rc == SK_ENOTFOUND && which == SK_SPEC_LEXICON
                         ? " (give a word list or KWG file, or -l none)"
                         : "");
    return rc == SK_EINVAL ? SK_EXIT_FINDINGS : SK_EXIT_ERROR;
}

int sk_cli_game_setup(sk_cli *cli, sk_cli_game *g, const sk_position *pos, const char *source,
                      const char *shown, int line)
{
    sk_game_spec spec;
    int status = sk_cli_game_spec(cli, g, &spec);
    if (status != SK_EXIT_OK) return status;
    char why[SK_CGP_OP_ARG_MAX + 100];
    int rc = sk_game_spec_from_cgp(&spec, pos, source, why, sizeof(why));
    if (rc != SK_OK) {
        sk_cli_error(cli, "%s", why);
        /* an unknown rule set is a name that does not exist; a bad number, a finding of the line */
        return rc == SK_EINVAL ? SK_EXIT_FINDINGS : SK_EXIT_ERROR;
    }
    if ((status = sk_cli_game_load(cli, g, &spec)) != SK_EXIT_OK) return status;
    const sk_board *b = &g->loaded.board;
    if (pos->width != b->width || pos->height != b->height) {
        sk_cli_error(cli, "%s:%d: the position is %d x %d but the board '%s' is %d x %d", shown,
                     line, pos->width, pos->height, g->loaded.spec.file[SK_SPEC_BOARD], b->width,
                     b->height);
        return SK_EXIT_FINDINGS;
    }
    int unseen[SK_TILE_KINDS], over;
    sk_position_unseen(pos, &g->loaded.tiles, unseen, &over);
    if (over >= 0 && !g->no_count_warning)
        fprintf(cli->err, "%s:%d: warning: more %c tiles than the bag holds\n", shown, line,
                over == SK_TILE_BLANK ? '?' : 'A' + over - 1);
    return SK_EXIT_OK;
}

enum { POS_STDIN, POS_FILE, POS_LITERAL };

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
    out->literal = 1;
    return POS_LITERAL;
}

int sk_cli_posinput_read(sk_cli *cli, const char *arg, sk_cli_posinput *out)
{
    struct stat st;
    if (posinput_kind(arg, out, &st) == POS_LITERAL) return sk_buf_puts(&out->text, arg);
    return sk_cli_read(cli, arg, (size_t)64 << 20, &out->text, 0);
}

void sk_cli_posinput_free(sk_cli_posinput *in)
{
    sk_buf_free(&in->text);
    if (in->own_stream && in->stream) fclose(in->stream);
    free(in->line);
    in->stream = NULL;
    in->line = NULL;
}

int sk_cli_posinput_open(sk_cli *cli, const char *arg, sk_cli_posinput *out)
{
    struct stat st;
    int kind = posinput_kind(arg, out, &st);
    if (kind == POS_STDIN) {
        out->stream = cli->in;
        return SK_OK;
    }
    if (kind == POS_FILE) {
        out->stream = S_ISDIR(st.st_mode) ? NULL : fopen(arg, "rb");
        if (!out->stream) {
            sk_cli_error(cli, "%s: cannot read: %s", arg,
                         S_ISDIR(st.st_mode) ? "is a directory" : strerror(errno));
            return SK_EIO;
        }
        out->own_stream = 1;
        return SK_OK;
    }
    return sk_buf_puts(&out->text, arg);
}

int sk_cli_posinput_getline(sk_cli *cli, sk_cli_posinput *in, const char **line, size_t *len,
                            int *lineno)
{
    if (!in->stream) return sk_cli_posinput_next(in, &in->cursor, line, len, lineno);
    for (;;) {
        errno = 0;
        ssize_t got = getline(&in->line, &in->line_cap, in->stream);
        if (got < 0) {
            if (!ferror(in->stream)) return 0;
            sk_cli_error(cli, "%s: cannot read: %s", in->shown,
                         errno ? strerror(errno) : "I/O error");
            return -1;
        }
        in->bytes += (size_t)got;
        (*lineno)++;
        size_t e = (size_t)got;
        if (e && in->line[e - 1] == '\n') e--;
        if (e && in->line[e - 1] == '\r') e--;
        size_t f = 0;
        while (f < e && (in->line[f] == ' ' || in->line[f] == '\t'))
            f++;
        if (f == e || in->line[f] == '#') continue;
        *line = in->line;
        *len = e;
        return 1;
    }
}

int sk_cli_posinput_next(const sk_cli_posinput *in, size_t *cursor, const char **line, size_t *len,
                         int *lineno)
{
    const char *t = sk_buf_str(&in->text);
    size_t n = in->text.len;
    while (*cursor < n) {
        size_t s = *cursor;
        const char *nl = memchr(t + s, '\n', n - s);
        size_t e = nl ? (size_t)(nl - t) : n;
        *cursor = nl ? e + 1 : n;
        (*lineno)++;
        size_t ce = e;
        if (ce > s && t[ce - 1] == '\r') ce--;
        size_t f = s;
        while (f < ce && (t[f] == ' ' || t[f] == '\t'))
            f++;
        if (f == ce || t[f] == '#') continue;
        *line = t + s;
        *len = ce - s;
        return 1;
    }
    return 0;
}

int sk_cli_parse_position(sk_cli *cli, const sk_cli_posinput *in, const char *line, size_t len,
                          int lineno, sk_position *out)
{
    sk_diag_list d;
    sk_diag_list_init(&d);
    int rc = sk_position_parse_cgp(out, line, len, &d);
    for (size_t i = 0; i < d.count; i++) {
        size_t off = d.items[i].offset > len ? len : d.items[i].offset;
        fprintf(cli->err, "%s:%d:%zu: %s: %s\n", in->shown, lineno, off + 1,
                sk_severity_name(d.items[i].severity), d.items[i].message);
    }
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
    sk_buf moves;
    sk_buf_init(&moves);
    int rc = 0;
    if (sk_cli_read(cli, "-", (size_t)64 << 20, &moves, 0) != SK_OK) rc = SK_EXIT_ERROR;
    size_t cur = 0;
    while (rc == 0 && cur < moves.len) {
        const char *s = moves.data + cur;
        const char *nl = memchr(s, '\n', moves.len - cur);
        size_t n = nl ? (size_t)(nl - s) : moves.len - cur;
        cur += n + (nl ? 1 : 0);
        /* cppcheck-suppress knownConditionTrueFalse ; an empty line has N 0 */
        if (n && s[n - 1] == '\r') n--;
        size_t k = 0;
        while (k < n && (s[k] == ' ' || s[k] == '\t'))
            k++;
        if (k < n) rc = fn(ctx, s, n);
    }
    sk_buf_free(&moves);
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
    if (sk_cli_posinput_read(cli, arg, in) != SK_OK) return SK_EXIT_ERROR;
    size_t cursor = 0, len = 0;
    const char *line = NULL;
    int lineno = 0;
    if (!sk_cli_posinput_next(in, &cursor, &line, &len, &lineno)) {
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
