/* cmd_boggle_solve.c — `skrab boggle solve` and `skrab boggle check` (docs/boggle.md): every
 * word of each grid with its score (and path), and each word checked against a grid: traced on
 * the board, in the lexicon, long enough. Grids and words come from the arguments or one a line
 * from standard input. Not the dice, the lexicons by name or the subcommand table: cmd_boggle.c;
 * nor the interactive game: cmd_boggle_play.c. */
#include <stdlib.h>
#include <string.h>

#include "cmd_boggle.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"

/* Appends the path of W as cell names: JSON ["a1","b2"] or text " a1 b2". */
static void put_path(sk_buf *out, int size, const unsigned char *cells, int n, int json)
{
    char name[4];
    if (json) sk_buf_putc(out, '[');
    for (int i = 0; i < n; i++) {
        sk_boggle_cell_name(size, cells[i], name);
        if (json)
            sk_buf_printf(out, "%s\"%s\"", i ? "," : "", name);
        else
            sk_buf_printf(out, " %s", name);
    }
    if (json) sk_buf_putc(out, ']');
}

/* Parses the grid TEXT[0..LEN) from SHOWN:LINENO, printing problems (columns counted in the
 * line). Returns SK_EXIT_OK or SK_EXIT_FINDINGS. */
static int parse_grid(sk_cli *cli, const char *shown, int lineno, const char *text, size_t len,
                      sk_boggle_grid *g)
{
    sk_diag_list d;
    sk_diag_list_init(&d);
    int rc = sk_boggle_grid_parse(g, text, len, &d);
    sk_cli_print_diags(cli, shown, lineno, text, len, &d, 0);
    sk_diag_list_free(&d);
    return rc == SK_OK ? SK_EXIT_OK : SK_EXIT_FINDINGS;
}

/* Called with each grid or word: SHOWN and LINENO say where it came from. */
typedef int (*item_fn)(void *ctx, const char *shown, int lineno, const char *text, size_t len);

/* Calls FN for each line of standard input as it arrives (blank lines and '#' lines skipped,
 * surrounding blanks trimmed). Returns the worst status FN returned, or SK_EXIT_ERROR after a
 * read error. */
static int for_each_line(sk_cli *cli, item_fn fn, void *ctx)
{
    int status = SK_EXIT_OK, got;
    sk_cli_lines in;
    sk_cli_lines_stream(&in, cli->in, SK_CLI_LINE_MAX,
                        SK_CLI_LINES_SKIP_BLANK | SK_CLI_LINES_SKIP_COMMENTS);
    while ((got = sk_cli_lines_next(&in)) == SK_CLI_LINE_OK) {
        const char *s = in.line;
        size_t n = in.len;
        while (n && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
            n--;
        while (n && (*s == ' ' || *s == '\t')) {
            s++;
            n--;
        }
        int st = fn(ctx, "<stdin>", in.lineno, s, n);
        if (st > status) status = st;
        if (st == SK_EXIT_ERROR && ferror(cli->out)) break;
    }
    if (got == SK_CLI_LINE_ERROR) {
        sk_cli_error(cli, "<stdin>: cannot read: %s", strerror(in.error));
        status = SK_EXIT_ERROR;
    }
    sk_cli_lines_free(&in);
    return status;
}

/* Calls FN for ARGV[FIRST..ARGC), or for each line of stdin (see for_each_line) when there are
 * none or where an argument is '-'. Returns the worst status FN returned, or SK_EXIT_ERROR when
 * stdin cannot be read. */
static int for_each_item(sk_cli *cli, int argc, char **argv, int first, item_fn fn, void *ctx)
{
    int status = SK_EXIT_OK;
    if (first < argc) {
        for (int i = first; i < argc; i++) {
            int st = strcmp(argv[i], "-") == 0
                         ? for_each_line(cli, fn, ctx)
                         : fn(ctx, "<argument>", i - first + 1, argv[i], strlen(argv[i]));
            if (st > status) status = st;
        }
        return status;
    }
    return for_each_line(cli, fn, ctx);
}

/* ---- the options solve and check share ----------------------------------------------------- */
enum { GRID_LEXICON, GRID_MIN, GRID_PATH, GRID_JSON, GRID_SHARED };

/* What the shared options set. */
typedef struct {
    const char *lexname;
    int min_len, path, json;
} grid_options;

/* Reads OPT when it is one of the shared options into G. Returns SK_EXIT_ERROR on a bad value,
 * else SK_EXIT_OK. */
static int shared_option(sk_cli_opts *o, int opt, grid_options *g)
{
    if (opt == GRID_LEXICON) g->lexname = o->optarg;
    if (opt == GRID_MIN && sk_cli_opts_int(o, 2, SK_BOGGLE_WORD_MAX, &g->min_len) != SK_EXIT_OK)
        return SK_EXIT_ERROR;
    if (opt == GRID_PATH) g->path = 1;
    if (opt == GRID_JSON) g->json = 1;
    return SK_EXIT_OK;
}

/* ---- solve ----------------------------------------------------------------------------------- */
enum { S_BY_SCORE = GRID_SHARED, S_COUNT };
const sk_cli_option sk_boggle_solve_options[] = {
    {GRID_LEXICON, "lexicon", 'l', "LEX",
     "the lexicon: a name, a word list or a KWG file (default wordlist)", SK_CLI_LEXICON_VALUES},
    {GRID_MIN, "min", 'm', "N", "only words of at least N letters (default 3)", "<number>"},
    {GRID_PATH, "path", 'p', NULL, "show the cells of each word (a1 = top left)", NULL},
    {S_BY_SCORE, "by-score", 's', NULL, "highest scores first (default: alphabetical)", NULL},
    {S_COUNT, "count", 'c', NULL, "print only the summary line of each grid", NULL},
    {GRID_JSON, "json", 0, NULL,
     "JSON Lines: {\"word\",\"score\",\"path\"}, then {\"grid\",\"words\",\"total\"}", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

typedef struct {
    sk_cli *cli;
    sk_boggle_solver *solver;
    sk_boggle_words words;
    grid_options go;
    int by_score, count_only;
    sk_buf out;
} solving;

static int by_score(const void *pa, const void *pb)
{
    const sk_boggle_word *a = pa, *b = pb;
    if (a->score != b->score) return b->score - a->score;
    return (a->rank > b->rank) - (a->rank < b->rank);
}

/* The longest line of a word: JSON with every cell a Qu and on the path, score of two digits. */
#define WORD_LINE_MAX                                                                              \
    (sizeof("{\"word\":\"\",\"score\":99,\"path\":[]}\n") + SK_BOGGLE_WORD_MAX +                   \
     SK_BOGGLE_CELLS_MAX * sizeof("\"a1\","))

static char *put_text(char *at, const char *s, size_t n)
{
    memcpy(at, s, n);
    return at + n;
}

/* Writes the line of W (found in G; NAMES the cells' names, two characters each) into LINE, at
 * least WORD_LINE_MAX bytes, as solve prints it: JSON {"word","score","path"}, or text "SCORE WORD"
 * with the cells after it when PATH is set. Byte for byte what put_path and printf would write,
 * without their cost on the thousands of words a second a stream of grids yields. Returns the
 * length. */
static size_t word_line(const sk_boggle_grid *g, const sk_boggle_word *w, const char *names,
                        int json, int path, char *line)
{
    char *at = line;
    char score[3];
    size_t nscore = 0;
    if (w->score >= 10) score[nscore++] = (char)('0' + w->score / 10 % 10);
    score[nscore++] = (char)('0' + w->score % 10);
    if (json) {
        at = put_text(at, "{\"word\":\"", 9);
    } else {
        at = put_text(at, score, nscore);
        *at++ = ' ';
    }
    int ncells = w->ncells < SK_BOGGLE_CELLS_MAX ? w->ncells : SK_BOGGLE_CELLS_MAX;
    for (int i = 0; i < ncells; i++) {
        unsigned char t = g->cells[w->cells[i] % SK_BOGGLE_CELLS_MAX];
        *at++ = (char)('A' + t - 1);
        if (t == SK_BOGGLE_Q) *at++ = 'U';
    }
    if (json) {
        at = put_text(at, "\",\"score\":", 10);
        at = put_text(at, score, nscore);
        at = put_text(at, ",\"path\":[", 9);
        for (int i = 0; i < ncells; i++) {
            if (i) *at++ = ',';
            *at++ = '"';
            at = put_text(at, names + 2 * (w->cells[i] % SK_BOGGLE_CELLS_MAX), 2);
            *at++ = '"';
        }
        at = put_text(at, "]}", 2);
    } else if (path) {
        for (int i = 0; i < ncells; i++) {
            *at++ = ' ';
            at = put_text(at, names + 2 * (w->cells[i] % SK_BOGGLE_CELLS_MAX), 2);
        }
    }
    *at++ = '\n';
    return (size_t)(at - line);
}

static int solve_one(void *ctx, const char *shown, int lineno, const char *text, size_t len)
{
    solving *sv = ctx;
    sk_boggle_grid g;
    if (parse_grid(sv->cli, shown, lineno, text, len, &g) != SK_EXIT_OK) return SK_EXIT_FINDINGS;
    int rc = sk_boggle_solve(sv->solver, &g, sv->go.min_len, &sv->words);
    char gtext[64];
    sk_boggle_grid_format(&g, gtext, sizeof(gtext));
    if (rc == SK_ENOMEM) {
        sk_cli_error(sv->cli, "out of memory");
        return SK_EXIT_ERROR;
    }
    if (rc == SK_ETOOBIG) {
        sk_cli_error(sv->cli,
                     "%s:%d: %s: search abandoned after %u steps (a lexicon of "
                     "pathological words?); the list is incomplete",
                     shown, lineno, gtext, SK_BOGGLE_STEPS_MAX);
    }
    if (sv->by_score && sv->words.count > 1)
        qsort(sv->words.words, sv->words.count, sizeof(*sv->words.words), by_score);
    sk_buf *o = &sv->out;
    sk_buf_clear(o);
    char names[2 * SK_BOGGLE_CELLS_MAX], line[WORD_LINE_MAX];
    for (int c = 0; c < g.size * g.size; c++) {
        char name[4];
        sk_boggle_cell_name(g.size, c, name); /* two characters: a grid has at most 6 rows */
        memcpy(names + 2 * c, name, 2);
    }
    for (size_t i = 0; i < sv->words.count && !sv->count_only; i++)
        sk_buf_append(o, line,
                      word_line(&g, &sv->words.words[i], names, sv->go.json, sv->go.path, line));
    if (sv->go.json)
        sk_buf_printf(o, "{\"grid\":\"%s\",\"words\":%zu,\"total\":%ld}\n", gtext, sv->words.count,
                      sv->words.total);
    else
        sk_buf_printf(o, "%s: %zu word%s, %ld point%s\n", gtext, sv->words.count,
                      sv->words.count == 1 ? "" : "s", sv->words.total,
                      sv->words.total == 1 ? "" : "s");
    if (o->failed) {
        sk_cli_error(sv->cli, "out of memory");
        return SK_EXIT_ERROR;
    }
    int st = sk_cli_write(sv->cli, o);
    return st != SK_EXIT_OK ? st : rc == SK_ETOOBIG ? SK_EXIT_ERROR : SK_EXIT_OK;
}

/* Loads the lexicon and builds a solver; prints the problem. */
static int make_solver(sk_cli *cli, const char *lexname, sk_boggle_solver **out)
{
    sk_lexicon *lex;
    int status = sk_boggle_cli_lexicon(cli, lexname, &lex);
    if (status != SK_EXIT_OK) return status;
    int rc = sk_boggle_solver_new(out, lex);
    sk_lexicon_free(lex);
    if (rc != SK_OK) {
        sk_cli_error(cli, "%s: %s", lexname,
                     rc == SK_ETOOBIG ? "too many words for a Boggle solver" : sk_strerror(rc));
        return SK_EXIT_ERROR;
    }
    return SK_EXIT_OK;
}

int sk_boggle_cli_solve(sk_cli *cli, int argc, char **argv)
{
    solving sv = {.cli = cli, .go = {SK_LEXICON_DEFAULT, 3, 0, 0}};
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        if (shared_option(&o, opt, &sv.go) != SK_EXIT_OK) return SK_EXIT_ERROR;
        if (opt == S_BY_SCORE) sv.by_score = 1;
        if (opt == S_COUNT) sv.count_only = 1;
    }
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    const char *lexname = sv.go.lexname;
    if (strcmp(lexname, "none") == 0)
        return sk_cli_usage_error(cli, "solve needs a lexicon, not 'none'");
    int status = make_solver(cli, lexname, &sv.solver);
    if (status != SK_EXIT_OK) return status;
    sk_boggle_words_init(&sv.words);
    sk_buf_init(&sv.out);
    status = for_each_item(cli, argc, argv, o.optind, solve_one, &sv);
    sk_buf_free(&sv.out);
    sk_boggle_words_free(&sv.words);
    sk_boggle_solver_free(sv.solver);
    return status;
}

/* ---- check ----------------------------------------------------------------------------------- */
const sk_cli_option sk_boggle_check_options[] = {
    {GRID_LEXICON, "lexicon", 'l', "LEX",
     "the lexicon (default wordlist); 'none': only trace the words", SK_CLI_LEXICON_NONE_VALUES},
    {GRID_MIN, "min", 'm', "N", "words need at least N letters (default 3)", "<number>"},
    {GRID_PATH, "path", 'p', NULL, "show the cells of each word that can be traced", NULL},
    {GRID_JSON, "json", 0, NULL,
     "JSON Lines: {\"input\",\"word\",\"on_board\",\"in_lexicon\",\"valid\",\"score\",\"path\"}",
     NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

typedef struct {
    sk_cli *cli;
    sk_boggle_grid grid;
    sk_lexicon *lex; /* NULL: -l none */
    grid_options go;
    sk_buf out;
} checking;

/* 1 when WORD (uppercase) has a Q without a U after it and G has a Q cube: on the board that
 * Q reads QU (docs/boggle.md, "Grids, words and scores"), so the word cannot be traced. */
static int qu_hint(const sk_boggle_grid *g, const char *word)
{
    int q_cube = 0;
    for (int i = 0; i < g->size * g->size; i++)
        q_cube |= g->cells[i] == SK_BOGGLE_Q;
    for (const char *p = word; q_cube && *p; p++)
        if (p[0] == 'Q' && p[1] != 'U') return 1;
    return 0;
}

static int check_one(void *ctx, const char *shown, int lineno, const char *text, size_t len)
{
    checking *ck = ctx;
    (void)shown;
    (void)lineno;
    char word[SK_BOGGLE_WORD_MAX + 1];
    unsigned char cells[SK_BOGGLE_CELLS_MAX];
    size_t n = len > SK_BOGGLE_WORD_MAX ? SK_BOGGLE_WORD_MAX : len;
    /* cppcheck-suppress knownConditionTrueFalse ; its value flow takes LEN for 0 */
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        word[i] = (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    }
    word[n] = '\0';
    int ncells = sk_boggle_trace(&ck->grid, text, len, cells);
    int letters = ncells == -1 ? 0 : (int)len;
    int in_lex = ncells != -1 && ck->lex && sk_lexicon_contains(ck->lex, NULL, text, len);
    const char *why = NULL;
    char shorter[40], longer[80];
    snprintf(shorter, sizeof(shorter), "shorter than %d letters", ck->go.min_len);
    snprintf(longer, sizeof(longer), "%zu letters; no grid holds a word of more than %d", len,
             SK_BOGGLE_WORD_MAX);
    if (ncells == -1 && len > SK_BOGGLE_WORD_MAX && sk_boggle_cli_all_letters(text, len))
        why = longer;
    else if (ncells == -1)
        why = "not a word of letters A-Z";
    else if (letters < ck->go.min_len)
        why = shorter;
    else if (ncells <= 0)
        why = qu_hint(&ck->grid, word) ? "not on the board (a Q cube reads QU: the word needs a U "
                                         "after each Q)"
                                       : "not on the board";
    else if (ck->lex && !in_lex)
        why = "not in the lexicon";
    int score = why ? 0 : sk_boggle_score(letters);
    sk_buf *o = &ck->out;
    sk_buf_clear(o);
    if (ck->go.json) {
        sk_buf_puts(o, "{\"input\":");
        char *input = malloc(len + 1);
        if (input) {
            memcpy(input, text, len);
            input[len] = '\0';
            sk_json_string(o, input);
            free(input);
        }
        sk_buf_puts(o, ",\"word\":");
        if (ncells == -1)
            sk_buf_puts(o, "null");
        else
            sk_json_string(o, word);
        sk_buf_printf(o, ",\"on_board\":%s,\"in_lexicon\":%s,\"valid\":%s,\"score\":%d,\"path\":",
                      ncells > 0 ? "true" : "false",
                      !ck->lex ? "null"
                      : in_lex ? "true"
                               : "false",
                      why ? "false" : "true", score);
        if (ncells > 0)
            put_path(o, ck->grid.size, cells, ncells, 1);
        else
            sk_buf_puts(o, "null");
        sk_buf_puts(o, "}\n");
    } else if (ncells == -1) {
        sk_buf_puts(o, "no ");
        for (size_t i = 0; i < len && i < 80; i++)
            sk_buf_putc(o, (unsigned char)text[i] < 0x20 ? '?' : text[i]);
        sk_buf_printf(o, "%s: %s\n", len > 80 ? "..." : "", why);
    } else {
        sk_buf_printf(o, "%s %s", why ? "no" : "ok", word);
        if (why)
            sk_buf_printf(o, ": %s", why);
        else
            sk_buf_printf(o, ": %d point%s", score, score == 1 ? "" : "s");
        if (ck->go.path && ncells > 0) put_path(o, ck->grid.size, cells, ncells, 0);
        sk_buf_putc(o, '\n');
    }
    int st = sk_cli_write(ck->cli, o);
    return st != SK_EXIT_OK ? st : why ? SK_EXIT_FINDINGS : SK_EXIT_OK;
}

int sk_boggle_cli_check(sk_cli *cli, int argc, char **argv)
{
    checking ck = {.cli = cli, .go = {SK_LEXICON_DEFAULT, 3, 0, 0}};
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0)
        if (shared_option(&o, opt, &ck.go) != SK_EXIT_OK) return SK_EXIT_ERROR;
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    const char *lexname = ck.go.lexname;
    if (o.optind >= argc) return sk_cli_usage_error(cli, "check needs a GRID, then WORDs");
    const char *grid = argv[o.optind];
    if (parse_grid(cli, "<argument>", 1, grid, strlen(grid), &ck.grid) != SK_EXIT_OK)
        return SK_EXIT_FINDINGS;
    if (strcmp(lexname, "none") != 0) {
        int status = sk_boggle_cli_lexicon(cli, lexname, &ck.lex);
        if (status != SK_EXIT_OK) return status;
    }
    sk_buf_init(&ck.out);
    int status = for_each_item(cli, argc, argv, o.optind + 1, check_one, &ck);
    sk_buf_free(&ck.out);
    sk_lexicon_free(ck.lex);
    return status;
}
