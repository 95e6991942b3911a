/* cmd_lexicon.c — `skrab lexicon build|lookup|anagram|info`: compiling word lists to KWG files,
 * checking words, anagrams of a rack, what a lexicon file holds. One table entry (`lexicon`)
 * dispatches to four subcommands, each with its own option table and --help. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_commands.h"
#include "cmd_lexicon.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"
#include "skrab/tiles.h"
#include "skrab/utf8.h"

#define LOOKUP_LINE_MAX 4096 /* longer stdin lines are reported, not looked up */
#define ANAGRAM_RESULTS_MAX 1000000

/* ---- build ----------------------------------------------------------------------------------- */
enum { B_OUTPUT, B_SKIP_INVALID, B_QUIET, B_TILES, B_KEEP_ACCENTS };
static const sk_cli_option build_options[] = {
    {B_OUTPUT, "output", 'o', "FILE", "write the KWG to FILE ('-': standard output); required",
     NULL},
    {B_TILES, "tiles", 't', "TILES",
     "the words are in the letters of tile set TILES (a name or file)", SK_LEXCMD_TILES_VALUES},
    {B_KEEP_ACCENTS, "keep-accents", 0, NULL, SK_LEXCMD_KEEP_ACCENTS_HELP, NULL},
    {B_SKIP_INVALID, "skip-invalid", 0, NULL,
     "leave out words with characters other than A-Z, with a warning", NULL},
    {B_QUIET, "quiet", 'q', NULL, "no progress display, no warnings", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

static void show_progress(void *ctx, sk_kwg_stage stage, size_t done, size_t total)
{
    static const char *const names[] = {"reading the word list", "sorting",
                                        "building the DAWG",     "building the GADDAG",
                                        "placing nodes",         "done"};
    FILE *err = ctx;
    (void)done;
    (void)total;
    if (stage == SK_KWG_STAGE_DONE)
        fprintf(err, "\r\033[K");
    else
        fprintf(err, "\r\033[Kskrab lexicon build: %s...", names[stage]);
    fflush(err);
}

/* Writes NODES little-endian to STREAM. Returns 0 or -1. */
static int write_nodes(FILE *stream, const uint32_t *nodes, size_t count)
{
    unsigned char chunk[4096] = {0};
    for (size_t i = 0; i < count;) {
        size_t n = 0;
        for (; n < sizeof(chunk) / 4 && i < count; n++, i++) {
            chunk[4 * n] = (unsigned char)nodes[i];
            chunk[4 * n + 1] = (unsigned char)(nodes[i] >> 8);
            chunk[4 * n + 2] = (unsigned char)(nodes[i] >> 16);
            chunk[4 * n + 3] = (unsigned char)(nodes[i] >> 24);
        }
        if (fwrite(chunk, 4, n, stream) != n) return -1;
    }
    return 0;
}

/* Compiles the word list TEXT (read from INPUT) and writes the KWG to OUTPUT ("-": standard
 * output). Returns the exit status. */
static int compile(sk_cli *cli, const sk_buf *text, const char *input, const char *output,
                   int quiet, sk_kwg_build_options *bopts)
{
    int tty = !quiet && isatty(fileno(cli->err));
    if (tty) {
        bopts->progress = show_progress;
        bopts->progress_ctx = cli->err;
    }
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    sk_kwg_build_stats stats;
    uint32_t *nodes = NULL;
    size_t count = 0;
    int rc = sk_kwg_build(&nodes, &count, text->data, text->len, bopts, &stats, &diags);
    if (tty && rc != SK_OK) show_progress(cli->err, SK_KWG_STAGE_DONE, 0, 0);
    if (rc == SK_OK && stats.words == 0) /* written all the same: a lexicon may be empty */
        sk_diag_add(&diags, SK_SEV_WARNING, SK_DIAG_NO_OFFSET,
                    "no words: the lexicon built is empty (every move will be refused)");
    sk_diag_list_sort(&diags);
    sk_cli_print_diags(cli, sk_lexcmd_shown_name(input), 0, text->data, text->len, &diags,
                       quiet ? SK_CLI_DIAG_ERRORS_ONLY : 0);
    int status = SK_EXIT_OK;
    if (rc == SK_EINVAL) {
        status = SK_EXIT_FINDINGS;
    } else if (rc != SK_OK) {
        if (diags.errors == 0) sk_cli_error(cli, "%s", sk_strerror(rc));
        status = SK_EXIT_ERROR;
    } else if (strcmp(output, "-") == 0) {
        if (write_nodes(cli->out, nodes, count) != 0) status = sk_cli_write_failed(cli);
    } else if (sk_kwg_write(output, nodes, count) != SK_OK) {
        sk_cli_error(cli, "cannot write %s: %s", output, strerror(errno));
        status = SK_EXIT_ERROR;
    } else if (tty) {
        fprintf(cli->err, "skrab lexicon build: %s: %zu words, %zu nodes, %zu bytes%s\n", output,
                stats.words, count, count * 4, stats.dawg_only ? " (DAWG only)" : "");
    }
    free(nodes);
    sk_diag_list_free(&diags);
    return status;
}

static int run_build(sk_cli *cli, int argc, char **argv)
{
    const char *output = NULL, *tiles = NULL;
    int quiet = 0;
    sk_kwg_build_options bopts = {0};
    sk_lexcmd_alphabet ac = {0};
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        if (opt == B_OUTPUT) output = o.optarg;
        if (opt == B_SKIP_INVALID) bopts.skip_invalid = 1;
        if (opt == B_QUIET) quiet = 1;
        if (opt == B_TILES) tiles = o.optarg;
        if (opt == B_KEEP_ACCENTS) ac.keep_accents = 1;
    }
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    if (tiles) {
        int st = sk_lexcmd_load_alphabet(cli, tiles, &ac);
        if (st != SK_EXIT_OK) return st;
        sk_lexcmd_reading_options(&ac, &bopts);
    }
    if (o.optind + 1 < argc) return sk_cli_usage_error(cli, "build compiles one word list");
    if (!output) return sk_cli_usage_error(cli, "missing -o FILE: where to write the KWG");
    const char *input = o.optind < argc ? argv[o.optind] : "-";
    if (strcmp(output, "-") == 0 && isatty(fileno(cli->out))) {
        sk_cli_error(cli, "refusing to write a binary KWG to a terminal; use -o FILE");
        return SK_EXIT_ERROR;
    }
    struct stat in_st, out_st; /* the same file (or a link to it) would lose the word list */
    if (strcmp(input, "-") != 0 && strcmp(output, "-") != 0 && stat(input, &in_st) == 0 &&
        stat(output, &out_st) == 0 && in_st.st_dev == out_st.st_dev &&
        in_st.st_ino == out_st.st_ino) {
        sk_cli_error(cli, "-o %s is the word list itself: choose another FILE", output);
        return SK_EXIT_ERROR;
    }
    sk_buf text;
    sk_buf_init(&text);
    int status;
    if (sk_cli_read(cli, input, SK_WORDLIST_FILE_MAX, &text, 0) != SK_OK) {
        status = SK_EXIT_ERROR;
    } else if (sk_kwg_detect(text.data, text.len)) {
        sk_cli_error(cli, "%s: this is a KWG file already, not a word list",
                     sk_lexcmd_shown_name(input));
        status = SK_EXIT_FINDINGS;
    } else {
        status = compile(cli, &text, input, output, quiet, &bopts);
    }
    sk_buf_free(&text);
    return status;
}

/* ---- lookup ---------------------------------------------------------------------------------- */
enum { L_LEXICON, L_VALID_ONLY, L_JSON, L_TILES, L_KEEP_ACCENTS };
static const sk_cli_option lookup_options[] = {
    {L_LEXICON, "lexicon", 'l', "LEX",
     "the lexicon: a name, a word list or a KWG file (default wordlist)", SK_CLI_LEXICON_VALUES},
    {L_TILES, "tiles", 't', "TILES", SK_LEXCMD_TILES_HELP, SK_LEXCMD_TILES_VALUES},
    {L_KEEP_ACCENTS, "keep-accents", 0, NULL, SK_LEXCMD_KEEP_ACCENTS_HELP, NULL},
    {L_VALID_ONLY, "valid-only", 'v', NULL, "print only the valid words, one a line (like grep)",
     NULL},
    {L_JSON, "json", 0, NULL, "JSON Lines: {\"word\",\"valid\"} for each word", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

typedef struct {
    sk_cli *cli;
    const sk_lexicon *lex;
    const sk_alphabet *alphabet; /* NULL: A..Z */
    int read_flags;              /* sk_word_read's */
    int valid_only, json, any_invalid;
    sk_buf line;
} looker;

/* The exit status of a lexicon sk_lexcmd_load could not load (RC its code): a word list or KWG
 * with errors is a finding (1), one that cannot be found or read an error (2). */
static int load_status(int rc)
{
    return rc == SK_EINVAL ? SK_EXIT_FINDINGS : SK_EXIT_ERROR;
}

static void look_up(looker *k, const char *word, size_t len)
{
    int valid;
    if (k->alphabet) {
        unsigned char tiles[SK_WORD_MAX];
        size_t n;
        valid = sk_word_read(k->alphabet, k->read_flags, word, len, tiles, &n) == SK_OK &&
                sk_lexicon_contains_tiles(k->lex, tiles, n);
    } else {
        valid = sk_lexicon_contains(k->lex, NULL, word, len);
    }
    if (!valid) k->any_invalid = 1;
    if (k->valid_only && !valid) return;
    sk_buf_clear(&k->line);
    if (k->json) {
        sk_buf_puts(&k->line, "{\"word\":");
        sk_json_string_n(&k->line, word, len);
        sk_buf_printf(&k->line, ",\"valid\":%s}\n", valid ? "true" : "false");
    } else {
        sk_buf_append(&k->line, word, len);
        sk_buf_puts(&k->line, k->valid_only ? "\n" : valid ? " valid\n" : " invalid\n");
    }
    fwrite(k->line.data, 1, k->line.len, k->cli->out);
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* Reports the line IN holds when it is no word to look up: cut at the bound, or holding a NUL
 * byte (docs/CONVENTIONS.md, "Input bounds"), as an error on its line of <stdin> that makes the
 * exit status 1 (K->any_invalid). Returns 1 when it reported the line, 0 when the line is fine. */
static int bad_line(looker *k, const sk_cli_lines *in)
{
    const char *nul = memchr(in->line, '\0', in->len);
    if (!in->cut && !nul) return 0;
    sk_diag_list d;
    sk_diag_list_init(&d);
    if (in->cut)
        sk_diag_add(&d, SK_SEV_ERROR, SK_DIAG_NO_OFFSET, "line longer than %d bytes",
                    LOOKUP_LINE_MAX);
    else
        sk_diag_add(&d, SK_SEV_ERROR, (size_t)(nul - in->line), "NUL byte in the word");
    sk_cli_print_diags(k->cli, "<stdin>", in->lineno, in->line, in->len, &d, 0);
    sk_diag_list_free(&d);
    k->any_invalid = 1;
    return 1;
}

/* Looks up each line of standard input as it arrives (trimmed; blank lines skipped). */
static int look_up_stdin(looker *k)
{
    sk_cli_lines in;
    sk_cli_lines_stream(&in, k->cli->in, LOOKUP_LINE_MAX, 0);
    int status = SK_EXIT_OK, got;
    while ((got = sk_cli_lines_next(&in)) == SK_CLI_LINE_OK) {
        if (bad_line(k, &in)) continue;
        char *w = in.line;
        size_t len = in.len;
        while (len && is_space(w[len - 1]))
            w[--len] = '\0';
        while (*w && is_space(*w)) {
            w++;
            len--;
        }
        if (len) look_up(k, w, len);
        if (ferror(k->cli->out)) break;
    }
    if (got == SK_CLI_LINE_ERROR) {
        sk_cli_error(k->cli, "<stdin>: read error: %s", strerror(in.error));
        status = SK_EXIT_ERROR;
    }
    sk_cli_lines_free(&in);
    return status;
}

static int run_lookup(sk_cli *cli, int argc, char **argv)
{
    const char *lexname = SK_LEXICON_DEFAULT, *tiles = NULL;
    looker k = {.cli = cli};
    sk_lexcmd_alphabet ac = {0};
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        if (opt == L_LEXICON) lexname = o.optarg;
        if (opt == L_VALID_ONLY) k.valid_only = 1;
        if (opt == L_JSON) k.json = 1;
        if (opt == L_TILES) tiles = o.optarg;
        if (opt == L_KEEP_ACCENTS) ac.keep_accents = 1;
    }
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    if (strcmp(lexname, "none") == 0)
        return sk_cli_usage_error(cli, "lookup needs a lexicon, not 'none'");
    if (tiles) {
        int st = sk_lexcmd_load_alphabet(cli, tiles, &ac);
        if (st != SK_EXIT_OK) return st;
    }
    sk_lexicon *lex;
    int rc;
    if (sk_lexcmd_load(cli, lexname, 1, &ac, &lex, NULL, &rc) != SK_EXIT_OK) return load_status(rc);
    k.lex = lex;
    k.alphabet = sk_lexcmd_chosen(&ac);
    k.read_flags = ac.keep_accents ? 0 : SK_WORD_FOLD_ACCENTS;
    sk_buf_init(&k.line);
    int status = SK_EXIT_OK;
    if (o.optind < argc) {
        for (int i = o.optind; i < argc; i++)
            look_up(&k, argv[i], strlen(argv[i]));
    } else {
        status = look_up_stdin(&k);
    }
    if (k.line.failed) {
        sk_cli_error(cli, "out of memory");
        status = SK_EXIT_ERROR;
    }
    sk_buf_free(&k.line);
    sk_lexicon_free(lex);
    if (status == SK_EXIT_OK && k.any_invalid) status = SK_EXIT_FINDINGS;
    return status;
}

/* ---- anagram --------------------------------------------------------------------------------- */
enum { A_LEXICON, A_EXACT, A_MIN, A_JSON, A_TILES, A_KEEP_ACCENTS };
static const sk_cli_option anagram_options[] = {
    {A_LEXICON, "lexicon", 'l', "LEX",
     "the lexicon: a name, a word list or a KWG file (default wordlist)", SK_CLI_LEXICON_VALUES},
    {A_TILES, "tiles", 't', "TILES", SK_LEXCMD_TILES_HELP, SK_LEXCMD_TILES_VALUES},
    {A_KEEP_ACCENTS, "keep-accents", 0, NULL, SK_LEXCMD_KEEP_ACCENTS_HELP, NULL},
    {A_EXACT, "exact", 'e', NULL, "only words that use every tile of the rack", NULL},
    {A_MIN, "min", 'm', "N", "only words of at least N letters (default 2)", "<number>"},
    {A_JSON, "json", 0, NULL, "JSON Lines: {\"word\"} for each word", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

/* A word found: its tiles (for sorting) and its text, in one allocation. */
typedef struct {
    unsigned char n;                  /* tiles */
    unsigned char tiles[SK_WORD_MAX]; /* letters, SK_TILE_BLANKED on blanks */
    char text[];
} found_word;

typedef struct {
    const sk_alphabet *alphabet; /* how the words are written; NULL: A..Z */
    found_word **words;
    size_t count, cap;
    int overflow, nomem;
} word_set;

static int collect(void *ctx, const char *word, size_t len)
{
    word_set *s = ctx;
    if (s->count == ANAGRAM_RESULTS_MAX) {
        s->overflow = 1;
        return 1;
    }
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 256;
        found_word **w = realloc(s->words, cap * sizeof(*w));
        if (!w) {
            s->nomem = 1;
            return 1;
        }
        s->words = w;
        s->cap = cap;
    }
    found_word *f = malloc(sizeof(*f) + len + 1);
    if (!f) {
        s->nomem = 1;
        return 1;
    }
    memcpy(f->text, word, len + 1);
    /* Read back as written: labels bracketed when long, blanks in lower case. */
    f->n = 0;
    if (!s->alphabet) { /* A..Z: one letter a tile */
        for (size_t p = 0; p < len && f->n < SK_WORD_MAX; p++) {
            unsigned char c = (unsigned char)word[p];
            f->tiles[f->n++] =
                (unsigned char)(c >= 'a' ? (c - 'a' + 1) | SK_TILE_BLANKED : c - 'A' + 1);
        }
    }
    for (size_t p = 0; s->alphabet && p < len && f->n < SK_WORD_MAX;) {
        sk_tile t;
        if (sk_alphabet_read(s->alphabet, word, len, &p, SK_READ_BLANKED, &t) != SK_TILE_READ_OK)
            break;
        f->tiles[f->n++] = t;
    }
    s->words[s->count++] = f;
    return 0;
}

/* Longest first, then in tile order with a blank's letter sorting as the letter; then a natural
 * tile before a blank. */
static int by_length_then_letters(const void *pa, const void *pb)
{
    const found_word *a = *(const found_word *const *)pa, *b = *(const found_word *const *)pb;
    if (a->n != b->n) return a->n > b->n ? -1 : 1;
    for (unsigned i = 0; i < a->n; i++) {
        int ca = a->tiles[i] & SK_TILE_LETTER, cb = b->tiles[i] & SK_TILE_LETTER;
        if (ca != cb) return ca - cb;
    }
    for (unsigned i = 0; i < a->n; i++)
        if (a->tiles[i] != b->tiles[i]) return a->tiles[i] - b->tiles[i];
    return 0;
}

/* The length of the character at TEXT[0..LEN) for a message: its UTF-8 sequence, else 1. */
static int char_len(const char *text, size_t len)
{
    uint32_t cp;
    size_t n = sk_utf8_decode(text, len, &cp);
    return n ? (int)n : 1;
}

/* Writes RACK, tiles of alphabet A read with accents folded (SK_WORD_FOLD_ACCENTS) and '?', to
 * OUT as the anagram search reads it again: each tile bracketed (so that C then H do not read as
 * [CH]), the blanks last. Returns SK_EXIT_OK, or the usage error printed. */
static int fold_rack(sk_cli *cli, const sk_alphabet *a, const sk_lexcmd_alphabet *ac,
                     const char *rack, sk_buf *out)
{
    size_t len = strlen(rack), blanks = 0;
    for (size_t from = 0; from <= len;) {
        size_t to = from;
        while (to < len && rack[to] != '?')
            to++;
        unsigned char tiles[SK_WORD_MAX];
        size_t n = 0;
        int rc = to > from
                     ? sk_word_read(a, SK_WORD_FOLD_ACCENTS, rack + from, to - from, tiles, &n)
                     : SK_OK;
        if (rc == SK_ETOOBIG)
            return sk_cli_usage_error(cli, "a rack holds 1 to %d tiles", SK_WORD_MAX);
        if (rc != SK_OK) {
            size_t at = from + n;
            return sk_cli_usage_error(cli,
                                      "a rack holds letters of %s and '?' (blanks), not '%.*s'",
                                      ac->name, char_len(rack + at, len - at), rack + at);
        }
        for (size_t i = 0; i < n; i++) {
            char label[SK_LABEL_TEXT_MAX + 1];
            sk_alphabet_label(a, (sk_tile)tiles[i], label);
            sk_buf_puts(out, label[0] == '[' ? "" : "[");
            sk_buf_puts(out, label);
            sk_buf_puts(out, label[0] == '[' ? "" : "]");
        }
        if (to < len) blanks++;
        from = to + 1;
    }
    for (; blanks > 0; blanks--)
        sk_buf_putc(out, '?');
    return SK_EXIT_OK;
}

/* Checks RACK in alphabet A (NULL: A..Z): tiles and '?', 1 to SK_WORD_MAX of them. Returns
 * SK_EXIT_OK or the usage error printed. */
static int check_rack(sk_cli *cli, const sk_alphabet *a, const sk_lexcmd_alphabet *ac,
                      const char *rack)
{
    size_t len = strlen(rack), n = 0;
    if (!a) {
        for (size_t i = 0; i < len; i++) {
            char c = rack[i];
            if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '?'))
                return sk_cli_usage_error(cli, "a rack holds letters and '?' (blanks), not '%.*s'",
                                          char_len(rack + i, len - i), rack + i);
        }
        n = len;
    }
    for (size_t p = 0; a && p < len; n++) {
        sk_tile t;
        size_t at = p;
        if (sk_alphabet_read(a, rack, len, &p, SK_READ_BLANK | SK_READ_GREEDY | SK_READ_FOLD, &t) !=
            SK_TILE_READ_OK) {
            return sk_cli_usage_error(cli,
                                      "a rack holds letters of %s and '?' (blanks), not '%.*s'",
                                      ac->name, char_len(rack + at, len - at), rack + at);
        }
    }
    if (n == 0 || n > SK_WORD_MAX)
        return sk_cli_usage_error(cli, "a rack holds 1 to %d tiles", SK_WORD_MAX);
    return SK_EXIT_OK;
}

static int run_anagram(sk_cli *cli, int argc, char **argv)
{
    const char *lexname = SK_LEXICON_DEFAULT, *tiles = NULL;
    int flags = 0, json = 0;
    int min_len = 2;
    sk_lexcmd_alphabet ac = {0};
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        if (opt == A_LEXICON) lexname = o.optarg;
        if (opt == A_EXACT) flags |= SK_ANAGRAM_EXACT;
        if (opt == A_JSON) json = 1;
        if (opt == A_TILES) tiles = o.optarg;
        if (opt == A_KEEP_ACCENTS) ac.keep_accents = 1;
        if (opt == A_MIN && sk_cli_opts_int(&o, 0, SK_WORD_MAX, &min_len) != SK_EXIT_OK)
            return SK_EXIT_ERROR;
    }
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    if (o.optind + 1 != argc) return sk_cli_usage_error(cli, "anagram takes one RACK");
    if (tiles) {
        int st = sk_lexcmd_load_alphabet(cli, tiles, &ac);
        if (st != SK_EXIT_OK) return st;
    }
    const sk_alphabet *alphabet = sk_lexcmd_chosen(&ac);
    const char *rack = argv[o.optind];
    sk_buf folded; /* a tile set's rack, read as its words are: accents folded */
    sk_buf_init(&folded);
    if (alphabet && !ac.keep_accents) {
        int st = fold_rack(cli, alphabet, &ac, rack, &folded);
        if (st == SK_EXIT_OK && folded.failed) st = sk_cli_usage_error(cli, "out of memory");
        if (st != SK_EXIT_OK) {
            sk_buf_free(&folded);
            return st;
        }
        rack = sk_buf_str(&folded);
    }
    size_t len = strlen(rack);
    if (check_rack(cli, alphabet, &ac, rack) != SK_EXIT_OK) {
        sk_buf_free(&folded);
        return SK_EXIT_ERROR;
    }
    sk_lexicon *lex = NULL;
    int rc;
    if (strcmp(lexname, "none") == 0) {
        sk_buf_free(&folded);
        return sk_cli_usage_error(cli, "anagram needs a lexicon, not 'none'");
    }
    if (sk_lexcmd_load(cli, lexname, 1, &ac, &lex, NULL, &rc) != SK_EXIT_OK) {
        sk_buf_free(&folded);
        return load_status(rc);
    }
    word_set set = {.alphabet = alphabet && !sk_alphabet_is_latin(alphabet) ? alphabet : NULL};
    sk_lexicon_anagram(lex, alphabet, rack, len, flags, min_len, collect, &set);
    int status = SK_EXIT_OK;
    if (set.nomem) {
        sk_cli_error(cli, "out of memory");
        status = SK_EXIT_ERROR;
    } else if (set.overflow) {
        sk_cli_error(cli, "more than %d words: give fewer blanks or use --min",
                     ANAGRAM_RESULTS_MAX);
        status = SK_EXIT_ERROR;
    } else {
        if (set.count > 1) /* no words: set.words is NULL, which qsort must not get */
            qsort(set.words, set.count, sizeof(*set.words), by_length_then_letters);
        sk_buf out;
        sk_buf_init(&out);
        for (size_t i = 0; i < set.count; i++) {
            if (json) {
                sk_buf_puts(&out, "{\"word\":");
                sk_json_string(&out, set.words[i]->text);
                sk_buf_puts(&out, "}\n");
            } else {
                sk_buf_puts(&out, set.words[i]->text);
                sk_buf_putc(&out, '\n');
            }
        }
        status = sk_cli_write(cli, &out);
        sk_buf_free(&out);
    }
    for (size_t i = 0; i < set.count; i++)
        free(set.words[i]);
    free(set.words);
    sk_lexicon_free(lex);
    sk_buf_free(&folded);
    return status;
}

/* ---- info ------------------------------------------------------------------------------------ */
enum { I_JSON };
static const sk_cli_option info_options[] = {
    {I_JSON, "json", 0, NULL,
     "JSON Lines: {\"file\",\"format\",\"words\",\"nodes\",\"bytes\",\"gaddag\"}", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

static int run_info(sk_cli *cli, int argc, char **argv)
{
    int json = 0;
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0)
        if (opt == I_JSON) json = 1;
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    if (o.optind >= argc) return sk_cli_usage_error(cli, "info needs a FILE (or a lexicon name)");
    int status = SK_EXIT_OK;
    sk_buf out;
    sk_buf_init(&out);
    for (int i = o.optind; i < argc; i++) {
        sk_lexicon *lex;
        int wordlist = 0, rc;
        const char *shown = strcmp(argv[i], "-") == 0 ? "<stdin>" : argv[i]; /* as lint says */
        if (sk_lexcmd_load(cli, argv[i], 0, NULL, &lex, &wordlist, &rc) != SK_EXIT_OK) {
            int s = load_status(rc);
            if (s > status) status = s;
            continue;
        }
        sk_lexicon_info info;
        if (sk_lexicon_get_info(lex, &info) != SK_OK) {
            sk_cli_error(cli, "out of memory");
            status = SK_EXIT_ERROR;
        } else if (json) {
            sk_buf_puts(&out, "{\"file\":");
            sk_json_string(&out, shown);
            sk_buf_printf(&out,
                          ",\"format\":\"%s\",\"words\":%llu,\"nodes\":%zu,\"bytes\":%zu,"
                          "\"gaddag\":%s}\n",
                          wordlist ? "wordlist" : "kwg", (unsigned long long)info.words, info.nodes,
                          info.bytes, info.has_gaddag ? "true" : "false");
        } else {
            sk_buf_printf(&out, "%s: %s, %llu word%s, %zu nodes, %zu bytes%s\n", shown,
                          wordlist ? "word list" : "KWG", (unsigned long long)info.words,
                          info.words == 1 ? "" : "s", info.nodes, info.bytes,
                          info.has_gaddag ? " (DAWG and GADDAG)" : " (DAWG only)");
        }
        sk_lexicon_free(lex);
    }
    int w = sk_cli_write(cli, &out);
    sk_buf_free(&out);
    return w != SK_EXIT_OK ? w : status;
}

/* ---- dispatch -------------------------------------------------------------------------------- */
const sk_cmd sk_lexicon_subcommands[] = {
    {"lexicon build", run_build, "compile a word list to a KWG file",
     "[OPTIONS] [WORDLIST] -o FILE",
     "Compiles WORDLIST (standard input when absent or '-') into a KWG word graph: a DAWG and\n"
     "a GADDAG in the format of wolges (docs/formats.md, \"Compiled lexicons (KWG)\"). One\n"
     "word a line, any case; blank lines and lines starting with '#' are skipped, duplicates\n"
     "merged; single letters are skipped with a warning. A word with a character other than\n"
     "A-Z is an error (exit 1, nothing written) unless --skip-invalid. FILE is replaced\n"
     "atomically. With -t the words are in the letters of a tile set, UTF-8, numbered as the\n"
     "set numbers them: a label of several letters needs no brackets ('chico' is [CH]ICO in\n"
     "Spanish), a letter the set lacks is read as its plain letter ('é' as E; not with\n"
     "--keep-accents), and a word that still has a character outside the set is skipped with\n"
     "a warning (docs/lexicon.md, \"Other languages\").",
     build_options, NULL},
    {"lexicon lookup", run_lookup, "check words against a lexicon", "[OPTIONS] [WORD...]",
     "Prints 'WORD valid' or 'WORD invalid' for each WORD, or for each line of standard input\n"
     "when no WORD is given (case is ignored; single letters are never words). Exit status 1\n"
     "when any word is invalid. A word list given with -l is compiled once and cached in\n"
     "$XDG_CACHE_HOME/skrab (default ~/.cache/skrab). With -t, words are read in the letters\n"
     "of a tile set, as lexicon build reads them.",
     lookup_options, NULL},
    {"lexicon anagram", run_anagram, "list the words a rack makes", "[OPTIONS] RACK",
     "Lists every word that can be made from the tiles of RACK ('?' is a blank; the letter it\n"
     "stands for is shown in lowercase), longest first, then alphabetically. With -t, RACK\n"
     "and the words are in the letters of a tile set, in the set's order; a label of several\n"
     "letters is written in brackets ('[CH]', '[ch]' for a blank), and read with or without;\n"
     "a letter that would read as one label with the next is bracketed too ('[C]H').",
     anagram_options, NULL},
    {"lexicon info", run_info, "describe lexicon files", "[OPTIONS] FILE...",
     "Prints, for each FILE (a KWG, a word list, or a lexicon name), its format, the number\n"
     "of words, and the number of nodes and bytes of its KWG. Exit status 1 when a file is\n"
     "not a valid KWG or word list.",
     info_options, NULL},
    {NULL, NULL, NULL, NULL, NULL, NULL, NULL},
};

int sk_cmd_lexicon(sk_cli *cli, int argc, char **argv)
{
    return sk_cli_run_subcommand(cli, argc, argv, NULL);
}
