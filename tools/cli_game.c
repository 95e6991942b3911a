/* cli_game.c — loading what a position needs: rules, board, tiles, lexicon (see cli_game.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_game.h"
#include "skrab/error.h"
#include "skrab/utf8.h"

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
    case SK_CLI_OPT_UNTRUSTED:
        g->untrusted = 1;
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
    int rc = sk_lexicon_load(out, path, cache_dir, NULL, &text, &d);
    sk_diag_list_sort(&d);
    sk_cli_print_errors(cli, path, text.data ? text.data : "", text.len, &d);
    size_t errors = d.errors;
    sk_diag_list_free(&d);
    sk_buf_free(&text);
    if (rc == SK_OK) return SK_EXIT_OK;
    *out = NULL;
    if (rc == SK_ENOTREG)
        sk_cli_error(cli, "%s: not a regular file (%s)", path, sk_file_kind(path));
    else if (errors == 0) /* nothing said yet */
        sk_cli_error(cli, "%s: cannot load the lexicon: %s", path,
                     rc == SK_EIO && errno ? strerror(errno) : sk_strerror(rc));
    return rc == SK_EINVAL ? SK_EXIT_FINDINGS : SK_EXIT_ERROR;
}

int sk_cli_game_spec(sk_cli *cli, const sk_cli_game *g, sk_game_spec *spec)
{
    sk_game_spec_init(spec);
    spec->untrusted = g->untrusted || cli->untrusted;
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

int sk_cli_game_check(sk_cli *cli, sk_cli_game *g)
{
    if (!g->rules_name && !g->board_name && !g->tiles_name && !g->lexicon_name) return SK_EXIT_OK;
    const char *lexicon = g->lexicon_name;
    if (!lexicon) g->lexicon_name = "none"; /* the default is no mistake: not loaded */
    sk_game_spec spec;
    int status = sk_cli_game_spec(cli, g, &spec);
    if (status == SK_EXIT_OK) status = sk_cli_game_load(cli, g, &spec);
    g->lexicon_name = lexicon;
    return status;
}

/* A file's findings, printed as every command prints them. */
static void report(void *ctx, const char *path, const char *text, size_t len,
                   const sk_diag_list *diags)
{
    sk_cli_print_errors(ctx, path, text, len, diags);
}

/* Makes G's loader at its first use. Returns SK_EXIT_OK, or SK_EXIT_ERROR after saying why. */
static int need_loader(sk_cli *cli, sk_cli_game *g)
{
    if (g->loader) return SK_EXIT_OK;
    char cache[SK_PATH_MAX];
    const char *cache_dir = NULL;
    if (sk_lexicon_cache_dir(cli->cache_home, cli->home, cache, sizeof(cache)) == SK_OK)
        cache_dir = cache;
    if (sk_game_loader_new(&g->loader, &cli->datadirs, cache_dir, report, cli) != SK_OK) {
        sk_cli_error(cli, "out of memory");
        return SK_EXIT_ERROR;
    }
    return SK_EXIT_OK;
}

int sk_cli_game_load_tiles(sk_cli *cli, sk_cli_game *g, const char *name, sk_tileset *out,
                           char *path, size_t path_size)
{
    if (need_loader(cli, g) != SK_EXIT_OK) return SK_EXIT_ERROR;
    char why[SK_PATH_MAX + 200];
    int rc = sk_game_load_tiles(g->loader, name, out, path, path_size, why, sizeof(why));
    if (rc == SK_OK) return SK_EXIT_OK;
    if (why[0]) sk_cli_error(cli, "%s", why);
    return rc == SK_EINVAL ? SK_EXIT_FINDINGS : SK_EXIT_ERROR;
}

/* 1 if A and B name the same game: the same rule set, files and numbers. */
static int spec_same(const sk_game_spec *a, const sk_game_spec *b)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(a->file[i], b->file[i]) != 0 || a->named_by[i] != b->named_by[i]) return 0;
    return a->has_ruleset == b->has_ruleset && a->ruleset == b->ruleset &&
           a->rack_size == b->rack_size && a->bingo_bonus == b->bingo_bonus &&
           a->exchange_min == b->exchange_min && a->end_turns == b->end_turns &&
           a->end_per_player == b->end_per_player && a->end_passes_only == b->end_passes_only &&
           a->untrusted == b->untrusted;
}

int sk_cli_game_load(sk_cli *cli, sk_cli_game *g, const sk_game_spec *spec)
{
    if (need_loader(cli, g) != SK_EXIT_OK) return SK_EXIT_ERROR;
    char why[SK_PATH_MAX + 200];
    sk_spec_file which = SK_SPEC_BOARD;
    int rc = sk_game_load(g->loader, spec, &g->loaded, &which, why, sizeof(why));
    if (rc == SK_OK) return SK_EXIT_OK;
    if (why[0])
        sk_cli_error(cli, "%s%s", why,
                     rc != SK_ENOTFOUND || which != SK_SPEC_LEXICON ? ""
                     : g->needs_lexicon ? " (give a word list or KWG file with -l)"
                                        : " (give a word list or KWG file, or -l none)");
    return rc == SK_EINVAL ? SK_EXIT_FINDINGS : SK_EXIT_ERROR;
}

void sk_cli_game_findings(sk_cli *cli, sk_cli_game *g, const char *shown, int line,
                          const char *text, size_t len, sk_diag_list *d)
{
    if (!g->bounded) {
        sk_diag_list_sort(d);
        sk_cli_print_diags(cli, shown, line, text, len, d, g->diag_flags);
        return;
    }
    if (strcmp(shown, g->said_in) != 0 || line < g->said_line) { /* another input */
        snprintf(g->said_in, sizeof(g->said_in), "%s", shown);
        g->said = 0;
    }
    g->said_line = line;
    if (g->said > SK_DIAG_MAX_ENTRIES) return; /* the bound was passed and the note printed */
    sk_diag_list_sort(d);
    sk_diag_list shown_part = *d; /* the first ones, up to the bound: a view, not freed */
    int errors_only = (g->diag_flags & SK_CLI_DIAG_ERRORS_ONLY) != 0;
    for (size_t i = 0; i < d->count; i++) {
        if (errors_only && d->items[i].severity != SK_SEV_ERROR) continue;
        if (g->said == SK_DIAG_MAX_ENTRIES) { /* one more than the bound: dropped, and said */
            shown_part.count = i;
            shown_part.truncated = 1;
            g->said++;
            break;
        }
        g->said++;
    }
    sk_cli_print_diags(cli, shown, line, text, len, &shown_part, g->diag_flags);
}

/* Prints the finding D (one, about line LINE of SHOWN) as G says; returns STATUS. */
static int line_finding(sk_cli *cli, sk_cli_game *g, const char *shown, int line, sk_diag_list *d,
                        int status)
{
    sk_cli_game_findings(cli, g, shown, line, NULL, 0, d);
    sk_diag_list_free(d);
    return status;
}

int sk_cli_game_setup(sk_cli *cli, sk_cli_game *g, const sk_position *pos, const char *source,
                      const char *shown, int line)
{
    sk_game_spec spec;
    int status = sk_cli_game_spec(cli, g, &spec);
    if (status != SK_EXIT_OK) return status;
    char why[SK_CGP_OP_ARG_MAX + 100];
    sk_diag_list d;
    sk_diag_list_init(&d);
    /* an op that names no rule set, a number out of range, a path not allowed: the line's
     * findings, like its other errors (a file an op names is loaded below: its own problems) */
    if (sk_game_spec_from_cgp(&spec, pos, source, why, sizeof(why)) != SK_OK) {
        sk_diag_add_line(&d, SK_SEV_ERROR, 0, "%s", why);
        return line_finding(cli, g, shown, line, &d, SK_EXIT_FINDINGS);
    }
    /* the same files that failed for an earlier line of this input fail again, said once */
    if (g->failed_status != SK_EXIT_OK && line > g->failed_line &&
        strcmp(shown, g->failed_in) == 0 && spec_same(&spec, &g->failed))
        return g->failed_status;
    status = sk_cli_game_load(cli, g, &spec);
    g->failed_status = status;
    if (status != SK_EXIT_OK) {
        g->failed = spec;
        g->failed_line = line;
        snprintf(g->failed_in, sizeof(g->failed_in), "%s", shown);
        return status;
    }
    const sk_board *b = &g->loaded.board;
    if (pos->width != b->width || pos->height != b->height) {
        sk_diag_add_line(&d, SK_SEV_ERROR, 0,
                         "the position is %d x %d but the board '%s' is %d x %d", pos->width,
                         pos->height, g->loaded.spec.file[SK_SPEC_BOARD], b->width, b->height);
        return line_finding(cli, g, shown, line, &d, SK_EXIT_FINDINGS);
    }
    /* a longer rack would break the rules that count on the rack size (the bingo, the draw):
     * docs/rules.md, "Boards, tiles and racks" */
    int rack_size = g->loaded.rules.rack_size;
    const sk_alphabet *a = &g->loaded.tiles.alphabet;
    for (int p = 0; p < pos->nplayers; p++) {
        size_t held = strlen(pos->racks[p]);
        if (held > (size_t)rack_size) {
            sk_buf rack;
            sk_buf_init(&rack);
            sk_alphabet_write_tiles(a, pos->racks[p], &rack);
            sk_diag_add_line(&d, SK_SEV_ERROR, 0,
                             "rack %s has %zu tiles; a rack holds %d (the op 'rs N;' sets "
                             "another size)",
                             sk_buf_str(&rack), held, rack_size);
            sk_buf_free(&rack);
            return line_finding(cli, g, shown, line, &d, SK_EXIT_FINDINGS);
        }
    }
    int unseen[SK_TILE_KINDS], over;
    sk_position_unseen(pos, &g->loaded.tiles, unseen, &over);
    if (over >= 0 && !g->no_count_warning) {
        char label[SK_LABEL_TEXT_MAX + 1];
        sk_alphabet_label(a, (sk_tile)(over == SK_TILE_BLANK ? SK_TILE_WILD : over), label);
        sk_diag_add_line(&d, SK_SEV_WARNING, 0, "more %s tiles than the bag holds", label);
        return line_finding(cli, g, shown, line, &d, SK_EXIT_OK);
    }
    return SK_EXIT_OK;
}

int sk_cli_resource_here(sk_cli *cli, sk_resource_kind kind, const char *name, char *path,
                         size_t size)
{
    path[0] = '\0';
    if (sk_resource_is_path(name)) return 0;
    sk_tileset t;
    if (kind == SK_RES_TILES && sk_tileset_builtin(&t, name) == SK_OK) return 1;
    if (kind == SK_RES_LEXICON) return sk_lexicon_find(&cli->datadirs, name, path, size) == SK_OK;
    return sk_resource_find(&cli->datadirs, kind, name, path, size) == SK_OK;
}

int sk_cli_game_can_deal(sk_cli *cli, const sk_cli_game *g, int players)
{
    int need = players * g->loaded.rules.rack_size, have = g->loaded.tiles.total;
    if (have >= need) return 1;
    sk_cli_error(cli, "the tile set has %d tile%s, too few to deal %d racks of %d", have,
                 have == 1 ? "" : "s", players, g->loaded.rules.rack_size);
    return 0;
}

int sk_cli_game_can_generate(sk_cli *cli, const sk_cli_game *g, const char *prefix)
{
    if (sk_lexicon_has_gaddag(g->loaded.lexicon)) return 1;
    const char *lexicon = g->loaded.path[SK_SPEC_LEXICON][0] ? g->loaded.path[SK_SPEC_LEXICON]
                                                             : g->loaded.spec.file[SK_SPEC_LEXICON];
    sk_cli_error(cli,
                 "%s%s%s: this lexicon has no GADDAG (built DAWG-only): move generation needs one",
                 prefix ? prefix : "", prefix ? ": " : "", lexicon);
    return 0;
}

/* Prints that SHOWN could not be read (ERROR an errno). */
static void read_error(sk_cli *cli, const char *shown, int error)
{
    sk_cli_error(cli, "%s: cannot read: %s", shown, error ? strerror(error) : "I/O error");
}

enum { POS_STDIN, POS_FILE, POS_LITERAL, POS_MISSING };

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
    /* a CGP line has blanks between its fields: without one, ARG was meant as a file */
    if (!strpbrk(arg, " \t")) {
        out->shown = arg;
        return POS_MISSING;
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
    if (kind == POS_MISSING) { /* said as sk_cli_read says it */
        int err = stat(arg, &st) == 0 ? 0 : errno;
        if (err == ENOENT || err == ENOTDIR || err == 0)
            sk_cli_error(cli, "%s: no such file", arg);
        else
            sk_cli_error(cli, "%s: cannot read: %s", arg, strerror(err));
        return SK_ENOTFOUND;
    }
    FILE *stream = cli->in;
    if (kind == POS_FILE && !S_ISDIR(st.st_mode) && !S_ISREG(st.st_mode) &&
        !S_ISFIFO(st.st_mode)) { /* a device or socket: refused, as every operand is */
        sk_cli_error(cli, "%s: not a regular file (%s)", arg, sk_file_kind(arg));
        return SK_ENOTREG;
    }
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

/* The alphabet the tiles of the CGP line LINE are written in: that of the tile set its ops (or
 * -t, -R) name, loaded quietly into OUT. The default alphabet when the set cannot be loaded: the
 * setup that follows the parse says why. */
static const sk_alphabet *line_alphabet(sk_cli *cli, sk_cli_game *g, const char *source,
                                        const char *line, size_t len, sk_tileset *out)
{
    if (need_loader(cli, g) != SK_EXIT_OK) return NULL;
    sk_position ops;
    sk_position_parse_cgp_ops(&ops, line, len);
    sk_game_spec spec;
    sk_game_spec_init(&spec);
    spec.untrusted = g->untrusted || cli->untrusted;
    sk_ruleset rs;
    if (g->rules_name && sk_ruleset_from_name(g->rules_name, &rs) == SK_OK)
        sk_game_spec_set_ruleset(&spec, rs);
    if (g->tiles_name) sk_game_spec_set_file(&spec, SK_SPEC_TILES, g->tiles_name, NULL);
    char why[SK_PATH_MAX + 200];
    if (sk_game_spec_from_cgp(&spec, &ops, source, why, sizeof(why)) == SK_EINVAL && spec.untrusted)
        return NULL; /* a name the untrusted rule refuses: the setup says so */
    char path[SK_PATH_MAX];
    sk_game_loader_set_report(g->loader, NULL, NULL);
    int rc = sk_game_load_spec_tiles(g->loader, &spec, out, path, sizeof(path), why, sizeof(why));
    sk_game_loader_set_report(g->loader, report, cli);
    return rc == SK_OK ? &out->alphabet : NULL;
}

int sk_cli_parse_position(sk_cli *cli, sk_cli_game *g, const sk_cli_posinput *in, const char *line,
                          size_t len, int lineno, sk_position *out)
{
    sk_diag_list d;
    sk_diag_list_init(&d);
    sk_tileset *tiles = malloc(sizeof(*tiles));
    const sk_alphabet *alphabet =
        tiles ? line_alphabet(cli, g, in->source, line, len, tiles) : NULL;
    int rc = sk_position_parse_cgp(out, line, len, alphabet, &d);
    free(tiles);
    sk_cli_game_findings(cli, g, in->shown, lineno, line, len, &d);
    sk_diag_list_free(&d);
    return rc == SK_OK ? SK_EXIT_OK : SK_EXIT_FINDINGS;
}

size_t sk_cli_move_echo(char out[SK_MOVE_TEXT_MAX + 1], const char *text, size_t len)
{
    size_t n = sk_utf8_cut(text, len, SK_MOVE_TEXT_MAX);
    memcpy(out, text, n);
    out[n] = '\0';
    return n;
}

int sk_cli_for_each_move(sk_cli *cli, int argc, char **argv, int first, sk_cli_move_fn fn,
                         void *ctx)
{
    /* 'check POS -- -POE': the options ended at POS, and '--' (no move) only says so again */
    if (first < argc && strcmp(argv[first], "--") == 0) first++;
    if (first < argc) {
        for (int i = first; i < argc; i++) {
            int rc = fn(ctx, argv[i], strlen(argv[i]));
            if (rc) return rc;
        }
        return 0;
    }
    sk_cli_lines moves;
    sk_cli_lines_stream(&moves, cli->in, SK_CLI_LINE_MAX,
                        SK_CLI_LINES_SKIP_BLANK | SK_CLI_LINES_SKIP_COMMENTS);
    /* from a pipe or a terminal each answer goes out at once, so that a program can write a
     * move and read its answer (a file's answers are written in blocks) */
    struct stat st;
    int each = !(fstat(fileno(cli->in), &st) == 0 && S_ISREG(st.st_mode));
    int rc = 0, got;
    while (rc == 0 && (got = sk_cli_lines_next(&moves)) == SK_CLI_LINE_OK) {
        rc = fn(ctx, moves.line, moves.len);
        if (rc == 0 && each && fflush(cli->out) != 0) rc = sk_cli_write_failed(cli);
    }
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
    int status = sk_cli_load_position(cli, argv[first], first + 1 == argc, in, pos, g);
    /* one position is used: a second is a warning (docs/commands.md, "Positions: POS
     * arguments"), looked for unless POS is a terminal, where it would wait for a line */
    const char *next;
    size_t len;
    int lineno, first_line = in->lines.lineno;
    int more = 0;
    if (status == SK_EXIT_OK && !(strcmp(argv[first], "-") == 0 && isatty(fileno(cli->in))))
        more = sk_cli_posinput_getline(cli, in, &next, &len, &lineno);
    if (more < 0) status = SK_EXIT_ERROR; /* said */
    if (more > 0) {
        sk_diag_list d;
        sk_diag_list_init(&d);
        sk_diag_add_line(&d, SK_SEV_WARNING, 0,
                         "more than one position: %s uses only the first (line %d)", cli->cmd->name,
                         first_line);
        sk_cli_print_diags(cli, in->shown, lineno, next, len, &d, 0);
        sk_diag_list_free(&d);
    }
    return status;
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
    int status = sk_cli_parse_position(cli, g, in, line, len, lineno, pos);
    if (status == SK_EXIT_OK)
        status = sk_cli_game_setup(cli, g, pos, in->source, in->shown, lineno);
    return status;
}

void sk_json_words(sk_buf *out, const sk_play *play, const sk_alphabet *alphabet)
{
    sk_buf_putc(out, '[');
    int first = 1;
    sk_buf word;
    sk_buf_init(&word);
    for (int i = 0; i < play->nwords; i++) {
        if (play->words[i].len < 2) continue;
        if (!first) sk_buf_putc(out, ',');
        sk_buf_clear(&word);
        sk_alphabet_write_tiles(alphabet, play->words[i].letters, &word);
        sk_json_string(out, sk_buf_str(&word));
        first = 0;
    }
    sk_buf_free(&word);
    sk_buf_putc(out, ']');
}
