/* cmd_lint.c — `skrab lint [FILE...]`: checks board files, tile sets and CS104 configuration
 * files (kind detected from content, or --format), reporting every problem. */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_commands.h"
#include "cli_game.h"
#include "skrab/config.h"
#include "skrab/error.h"
#include "skrab/gamespec.h"
#include "skrab/resource.h"
#include "skrab/tiles.h"

/* Larger files are reported, not read: the bound of a board file, the largest of the three kinds
 * (tile sets and configurations have smaller ones, which their parsers check). */
#define LINT_FILE_MAX SK_BOARD_FILE_MAX

enum { OPT_FORMAT, OPT_JSON, OPT_QUIET, OPT_ERRORS_ONLY, OPT_UNTRUSTED };
const sk_cli_option sk_lint_options[] = {
    {OPT_FORMAT, "format", 'f', "FMT",
     "force the kind of file: skrabbkle, cs104, magpie (boards), tiles, csv (tile sets), config",
     "auto skrabbkle cs104 magpie tiles csv config"},
    {OPT_JSON, "json", 0, NULL,
     "print findings as JSON Lines on standard output, then a verdict for each file", NULL},
    {OPT_QUIET, "quiet", 'q', NULL,
     "print no findings (a file that cannot be read is still said); with --json, the verdicts "
     "alone",
     NULL},
    {OPT_ERRORS_ONLY, "errors-only", 'e', NULL, "print only errors (no warnings, no notes)", NULL},
    {OPT_UNTRUSTED, "untrusted", 0, NULL,
     "a configuration may name only files in the data directories", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

typedef enum { KIND_AUTO, KIND_BOARD, KIND_TILES, KIND_CONFIG } file_kind;

typedef struct {
    sk_cli *cli;
    file_kind kind;
    sk_board_format board_format;
    sk_tiles_format tiles_format;
    int json, errors_only, silent;
    int untrusted; /* --untrusted or $SKRAB_UNTRUSTED: the files a configuration names are held
                    * to the untrusted rule (docs/commands.md, "Untrusted input") */
    int depth;     /* config files lint the files they name, one level deep */
} lint_ctx;

/* How the findings are printed (sk_cli_print_diags). */
static unsigned diag_flags(const lint_ctx *ctx)
{
    return (ctx->json ? SK_CLI_DIAG_JSON : 0u) | (ctx->errors_only ? SK_CLI_DIAG_ERRORS_ONLY : 0u);
}

static int parse_format(lint_ctx *ctx, const char *arg)
{
    if (strcmp(arg, "tiles") == 0) {
        ctx->kind = KIND_TILES;
        ctx->tiles_format = SK_TILES_FORMAT_CS104;
    } else if (strcmp(arg, "csv") == 0) {
        ctx->kind = KIND_TILES;
        ctx->tiles_format = SK_TILES_FORMAT_CSV;
    } else if (strcmp(arg, "config") == 0) {
        ctx->kind = KIND_CONFIG;
    } else if (sk_board_format_from_name(arg, &ctx->board_format) == SK_OK) {
        ctx->kind = ctx->board_format == SK_BOARD_FORMAT_AUTO ? KIND_AUTO : KIND_BOARD;
    } else {
        return sk_cli_usage_error(ctx->cli,
                                  "unknown format '%s' (expected auto, skrabbkle, cs104, magpie, "
                                  "tiles, csv or config)",
                                  arg);
    }
    return SK_EXIT_OK;
}

/* How a file is read: its kind and format, and, when they were guessed, why (GUESS.what is
 * NULL when nothing was guessed). */
typedef struct {
    file_kind kind;
    sk_board_format board_format;
    sk_tiles_format tiles_format;
    sk_cli_guess guess;
} reading;

/* The names --format takes, for the note on a guess of the kind of file. */
static const char *const kind_names[] = {"skrabbkle", "cs104",  "magpie", "tiles",
                                         "csv",       "config", NULL};

/* The offset of the first byte that is not a blank or a line end (LEN when there is none). */
static size_t first_content(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && (text[i] == '\n' || text[i] == '\r' || text[i] == ' ' || text[i] == '\t'))
        i++;
    return i;
}

/* The end of the '?' or tile label (letters, ASCII or not: "A", "CH", "Ł", "L·L"; at most
 * SK_LABEL_MAX bytes) that starts TEXT[I..END), or I when none does. */
static size_t label_end(const char *text, size_t i, size_t end)
{
    size_t start = i;
    if (i < end && text[i] == '?') return i + 1;
    while (i < end && i - start <= SK_LABEL_MAX &&
           ((unsigned char)text[i] >= 0x80 || (text[i] >= 'A' && text[i] <= 'Z') ||
            (text[i] >= 'a' && text[i] <= 'z')))
        i++;
    return i - start <= SK_LABEL_MAX ? i : start;
}

/* Whether TEXT[I..END) starts with '?' or a tile label and then a space, a tab or a comma: the
 * first field of a tile set's line. */
static int starts_with_label(const char *text, size_t i, size_t end)
{
    size_t j = label_end(text, i, end);
    return j > i && j < end && (text[j] == ' ' || text[j] == '\t' || text[j] == ',');
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* What the field TEXT[A..B) of a tile set's line is: 'L' a label or '?', 'N' a number (digits),
 * '-' anything else. */
static char field_kind(const char *text, size_t a, size_t b)
{
    size_t i = a;
    while (i < b && text[i] >= '0' && text[i] <= '9')
        i++;
    if (a < b && i == b) return 'N';
    return a < b && label_end(text, a, b) == b ? 'L' : '-';
}

/* Whether TEXT[I..END), the line a tile set was guessed from, is exactly a line of its format
 * (docs/formats.md, "Tile sets"): "LABEL POINTS COUNT", or with CSV 4, 5 or 7 fields,
 * "LABEL,COUNT,SCORE,VOWEL" or "LABEL,LOWER,COUNT,SCORE,VOWEL[,X,Y]"; blanks around the fields.
 * An error on such a line is in its values: the guess is certain. */
static int tile_line_exact(const char *text, size_t i, size_t end, int csv)
{
    char kinds[8];
    size_t n = 0;
    for (;;) {
        while (i < end && is_blank(text[i]))
            i++;
        size_t b = i;
        while (b < end && (csv ? text[b] != ',' : !is_blank(text[b])))
            b++;
        size_t e = b;
        while (e > i && is_blank(text[e - 1]))
            e--;
        if (n == sizeof(kinds) - 1) return 0; /* more fields than any format has */
        kinds[n++] = field_kind(text, i, e);
        i = b + (csv && b < end);
        while (!csv && i < end && is_blank(text[i]))
            i++;
        if (i >= end && (!csv || b == end)) break;
    }
    kinds[n] = '\0';
    if (!csv) return strcmp(kinds, "LNN") == 0;
    return strcmp(kinds, "LNNN") == 0 || strcmp(kinds, "LLNNN") == 0 ||
           (n == 7 && strncmp(kinds, "LLNNN", 5) == 0);
}

/* Tile sets: "C POINTS COUNT" lines or a letter-distribution CSV. A board never has a label
 * or '?' followed by a space or a comma on its first line, nor a comma outside its "row, col"
 * line; a configuration's first line starts with one of its keys (a guess not worth a note). A
 * drawing of a board (what `skrab show` prints) is read as a board, whose parser names it. */
static void guess_kind(const char *text, size_t len, reading *r)
{
    size_t i = first_content(text, len), first = i;
    while (first > 0 && text[first - 1] != '\n')
        first--; /* the start of the first non-blank line */
    const char *nl = memchr(text + first, '\n', len - first);
    size_t end = nl ? (size_t)(nl - text) : len;
    int line = 1;
    for (size_t k = 0; k < first; k++)
        line += text[k] == '\n';
    r->kind = KIND_BOARD;
    if (sk_board_is_drawing(text, len)) return;
    if (sk_config_detect(text, len)) {
        r->kind = KIND_CONFIG;
    } else if (starts_with_label(text, i, end)) {
        int csv = memchr(text + first, ',', end - first) != NULL;
        r->kind = KIND_TILES;
        r->tiles_format = csv ? SK_TILES_FORMAT_CSV : SK_TILES_FORMAT_CS104;
        r->guess.what = csv ? "a letter-distribution CSV" : "a CS104 tile set";
        r->guess.format = csv ? "csv" : "tiles";
        snprintf(r->guess.why, sizeof(r->guess.why), "line %d starts with a tile label and %s",
                 line,
                 csv ? "has a comma (label,count,score,...)" : "a space (LETTER POINTS COUNT)");
        r->guess.certain = tile_line_exact(text, i, end, csv);
        r->guess.from = first;
        r->guess.to = end;
        r->guess.names = kind_names;
    }
}

/* The kind and format of TEXT: those --format gave, the rest guessed. */
static void guess_reading(const lint_ctx *ctx, const char *text, size_t len, reading *r)
{
    memset(r, 0, sizeof(*r));
    r->kind = ctx->kind;
    r->board_format = ctx->board_format;
    r->tiles_format = ctx->tiles_format;
    if (r->kind == KIND_AUTO) guess_kind(text, len, r);
    if (r->kind == KIND_BOARD && r->board_format == SK_BOARD_FORMAT_AUTO) {
        r->board_format = sk_cli_guess_board(ctx->cli, text, len, &r->guess);
        /* a file a configuration names as a board is one: only its format was guessed */
        if (ctx->kind == KIND_AUTO) r->guess.names = kind_names;
    }
    if (r->kind == KIND_TILES && r->tiles_format == SK_TILES_FORMAT_AUTO) {
        /* as the tile-set parser guesses: a comma on the first non-blank line makes a CSV */
        size_t i = first_content(text, len);
        const char *nl = memchr(text + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) : len;
        r->tiles_format =
            memchr(text + i, ',', end - i) ? SK_TILES_FORMAT_CSV : SK_TILES_FORMAT_CS104;
    }
}

/* The name --format takes for how R reads a file. */
static const char *reading_name(const reading *r)
{
    if (r->kind == KIND_CONFIG) return "config";
    if (r->kind == KIND_TILES) return r->tiles_format == SK_TILES_FORMAT_CSV ? "csv" : "tiles";
    return sk_board_format_name(r->board_format);
}

/* With --json, the verdict on one file after its findings: {"file","ok","errors","warnings",
 * "format"} (docs/commands.md, "JSON keys"); FORMAT NULL when the file was not read. */
static int print_summary(const lint_ctx *ctx, const char *shown, size_t errors, size_t warnings,
                         const char *format)
{
    if (!ctx->json) return SK_EXIT_OK; /* with -q too: the verdicts alone */
    sk_buf line;
    sk_buf_init(&line);
    sk_buf_puts(&line, "{\"file\":");
    sk_json_string(&line, shown);
    sk_buf_printf(&line, ",\"ok\":%s,\"errors\":%zu,\"warnings\":%zu,\"format\":",
                  errors ? "false" : "true", errors, warnings);
    if (format)
        sk_json_string(&line, format);
    else
        sk_buf_puts(&line, "null");
    sk_buf_puts(&line, "}\n");
    int status = sk_cli_write(ctx->cli, &line);
    sk_buf_free(&line);
    return status;
}

static int lint_one(lint_ctx *ctx, const char *path);

/* A file named by a config, to be linted after the config's own findings are printed. */
typedef struct {
    char path[SK_PATH_MAX];
    file_kind kind;
} deferred_lint;

/* Checks that a file named by a config exists (a finding of the config's) and, for boards and
 * tile sets, queues it in LATER to be linted. */
static void lint_referenced(const lint_ctx *ctx, const char *config_path, const char *value,
                            size_t offset, const char *key, file_kind kind, sk_diag_list *diags,
                            deferred_lint *later, int *nlater)
{
    if (!value[0]) return;
    if (ctx->untrusted && !sk_game_name_is_confined(value)) { /* as play --config says it */
        sk_diag_add(diags, SK_SEV_ERROR, offset,
                    "%s line: '%s' is not allowed in untrusted input (an absolute path or '..'; "
                    "name a file in the data directories)",
                    key, value);
        return;
    }
    char path[SK_PATH_MAX];
    if (sk_path_relative_to(strcmp(config_path, "-") == 0 ? "./x" : config_path, value, path,
                            sizeof(path)) != SK_OK) {
        sk_diag_add(diags, SK_SEV_ERROR, offset, "%s path is too long", key);
        return;
    }
    struct stat st;
    int found = stat(path, &st) == 0;
    char resource[SK_PATH_MAX];
    sk_resource_kind res = kind == KIND_TILES   ? SK_RES_TILES
                           : kind == KIND_BOARD ? SK_RES_BOARD
                                                : SK_RES_LEXICON; /* the DICTIONARY line */
    if (!found && sk_cli_resource_here(ctx->cli, res, value, resource, sizeof(resource))) {
        if (!resource[0]) return; /* a built-in tile set */
        snprintf(path, sizeof(path), "%s", resource);
        found = stat(path, &st) == 0;
    }
    if (!found) {
        sk_diag_add(diags, SK_SEV_ERROR, offset, "%s file '%s' not found (looked for %s%s)", key,
                    value, path,
                    sk_resource_is_path(value) ? "" : ", and for a resource of that name");
    } else if (ctx->untrusted && !sk_datadirs_hold(&ctx->cli->datadirs, path)) {
        sk_diag_add(diags, SK_SEV_ERROR, offset,
                    "%s line names %s: outside the data directories, which untrusted input may "
                    "not name",
                    key, path);
    } else if (!S_ISREG(st.st_mode) || access(path, R_OK) != 0) {
        sk_diag_add(diags, SK_SEV_ERROR, offset, "%s file '%s' cannot be read", key, value);
    } else if (kind != KIND_AUTO && ctx->depth == 0) {
        snprintf(later[*nlater].path, sizeof(later[*nlater].path), "%s", path);
        later[(*nlater)++].kind = kind;
    }
}

static int lint_text(lint_ctx *ctx, const char *shown, const char *path, const char *text,
                     size_t len)
{
    sk_diag_list diags, note;
    sk_diag_list_init(&diags);
    sk_diag_list_init(&note);
    reading r;
    guess_reading(ctx, text, len, &r);
    int status = SK_EXIT_OK, rc;
    deferred_lint later[3];
    int nlater = 0;
    if (r.kind == KIND_TILES) {
        sk_tileset tiles;
        rc = sk_tileset_parse(&tiles, text, len, r.tiles_format, &diags);
    } else if (r.kind == KIND_CONFIG) {
        sk_config config;
        rc = sk_config_parse(&config, text, len, &diags);
        if (rc == SK_OK || rc == SK_EINVAL) {
            lint_referenced(ctx, path, config.board, config.board_offset, "BOARD", KIND_BOARD,
                            &diags, later, &nlater);
            lint_referenced(ctx, path, config.tiles, config.tiles_offset, "TILES", KIND_TILES,
                            &diags, later, &nlater);
            lint_referenced(ctx, path, config.dictionary, config.dictionary_offset, "DICTIONARY",
                            KIND_AUTO, &diags, later, &nlater);
        }
    } else {
        sk_board board;
        rc = sk_board_parse(&board, text, len, r.board_format, &diags);
    }
    if (diags.errors > 0 && rc == SK_OK) rc = SK_EINVAL;
    if (ctx->depth > 0 && !sk_diag_header_parsed(&diags, text, len)) {
        /* a file a configuration names is data's choice: not quoted unless its header parsed
         * (docs/commands.md, "Untrusted input") */
        sk_diag_list_clear(&diags);
        sk_diag_add(&diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "not a %s file (a file the configuration names is not quoted; lint it alone "
                    "to see why)",
                    r.kind == KIND_TILES ? "tile set" : "board");
    }
    sk_diag_list_sort(&diags);
    if (r.guess.what) sk_cli_note_guess(&r.guess, text, len, &diags, &note);
    if (!ctx->silent) {
        sk_cli_print_diags(ctx->cli, shown, 0, text, len, &note, diag_flags(ctx));
        sk_cli_print_diags(ctx->cli, shown, 0, text, len, &diags, diag_flags(ctx));
    }
    /* a file past a bound of its format (SK_ETOOBIG: 100,000 lines) is invalid, a finding as a
     * file over LINT_FILE_MAX is (docs/commands.md, "skrab lint") */
    if (rc == SK_EINVAL || rc == SK_EUNSUPPORTED || rc == SK_ETOOBIG)
        status = status > SK_EXIT_FINDINGS ? status : SK_EXIT_FINDINGS;
    else if (rc != SK_OK)
        status = SK_EXIT_ERROR;
    if (print_summary(ctx, shown, diags.errors, diags.warnings, reading_name(&r)) != SK_EXIT_OK)
        status = SK_EXIT_ERROR;
    sk_diag_list_free(&note);
    sk_diag_list_free(&diags);
    for (int i = 0; i < nlater; i++) {
        lint_ctx sub = *ctx;
        sub.depth = 1;
        sub.kind = later[i].kind;
        sub.board_format = SK_BOARD_FORMAT_AUTO;
        sub.tiles_format = SK_TILES_FORMAT_AUTO;
        int st = lint_one(&sub, later[i].path);
        if (st > status) status = st;
    }
    return status;
}

static int lint_one(lint_ctx *ctx, const char *path)
{
    const char *shown = strcmp(path, "-") == 0 ? "<stdin>" : path;
    sk_buf text;
    sk_buf_init(&text);
    int status;
    int rc = sk_cli_read(ctx->cli, path, LINT_FILE_MAX, &text, 1);
    if (rc == SK_ETOOBIG) {
        status = sk_cli_report_too_large(ctx->cli, shown, LINT_FILE_MAX,
                                         "a board, tile set or config file",
                                         diag_flags(ctx) | (ctx->silent ? SK_CLI_DIAG_NONE : 0u));
        if (print_summary(ctx, shown, 1, 0, NULL) != SK_EXIT_OK) status = SK_EXIT_ERROR;
    } else if (rc != SK_OK) {
        status = SK_EXIT_ERROR; /* said on standard error; the verdict still goes with the rest */
        print_summary(ctx, shown, 1, 0, NULL);
    } else {
        status = lint_text(ctx, shown, path, text.data, text.len);
    }
    sk_buf_free(&text);
    return status;
}

int sk_cmd_lint(sk_cli *cli, int argc, char **argv)
{
    lint_ctx ctx = {.cli = cli, .untrusted = cli->untrusted};
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        switch (opt) {
        case OPT_FORMAT:
            if (parse_format(&ctx, o.optarg) != SK_EXIT_OK) return SK_EXIT_ERROR;
            break;
        case OPT_JSON:
            ctx.json = 1;
            break;
        case OPT_QUIET:
            ctx.silent = 1;
            break;
        case OPT_ERRORS_ONLY:
            ctx.errors_only = 1;
            break;
        case OPT_UNTRUSTED:
            ctx.untrusted = 1;
            break;
        }
    }
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    int status = SK_EXIT_OK;
    if (o.optind >= argc) {
        status = lint_one(&ctx, "-");
    } else {
        for (int i = o.optind; i < argc; i++) {
            int st = lint_one(&ctx, argv[i]);
            if (st > status) status = st;
        }
    }
    return status;
}
