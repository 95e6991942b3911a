/* test_boggle.c — Boggle grids, dice, tracing and the solver: known grids with
 * resources/wordlist.txt (exact word counts and points), the Qu face, repeated paths, minimum
 * lengths, and the fast solver against a slow reference (every word of the lexicon traced by a
 * plain recursive search) on random grids of every size. */
#include <stdlib.h>
#include <string.h>

#include "skrab/boggle.h"
#include "skrab/buf.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"
#include "testutil.h"

static sk_lexicon *wordlist(void)
{
    static sk_lexicon *lex;
    if (!lex) {
        sk_diag_list d;
        sk_diag_list_init(&d);
        int rc = sk_lexicon_open(&lex, SKRAB_BUILD_DATADIR "/wordlist.kwg", &d);
        if (rc != SK_OK) fail_msg("cannot open wordlist.kwg (%d): build the tree first", rc);
        sk_diag_list_free(&d);
    }
    return lex;
}

static sk_lexicon *tiny(const char *words)
{
    sk_lexicon *lex = NULL;
    assert_int_equal(sk_lexicon_from_wordlist(&lex, words, strlen(words), NULL, NULL, NULL), SK_OK);
    return lex;
}

static sk_boggle_grid grid(const char *text)
{
    sk_boggle_grid g;
    if (sk_boggle_grid_parse(&g, text, strlen(text), NULL) != SK_OK) fail_msg("bad grid %s", text);
    return g;
}

/* ---- grids ----------------------------------------------------------------------------------- */
static void parse_err(const char *text, int code, size_t offset, const char *message)
{
    sk_boggle_grid g;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_boggle_grid_parse(&g, text, strlen(text), &d), code);
    assert_int_equal(d.errors, 1);
    assert_int_equal(d.items[0].offset, offset);
    if (!strstr(d.items[0].message, message))
        fail_msg("'%s': message '%s' lacks '%s'", text, d.items[0].message, message);
    sk_diag_list_free(&d);
}

static void grids(void **state)
{
    (void)state;
    char out[64];
    sk_boggle_grid g = grid("PERSLATGSINETERS");
    assert_int_equal(g.size, 4);
    assert_int_equal(g.cells[0], 'P' - 'A' + 1);
    sk_boggle_grid_format(&g, out, sizeof(out));
    assert_string_equal(out, "PERS/LATG/SINE/TERS");
    g = grid("  per/sla/tgs \n");
    assert_int_equal(g.size, 3);
    sk_boggle_grid_format(&g, out, sizeof(out));
    assert_string_equal(out, "PER/SLA/TGS");
    g = grid("ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ");
    assert_int_equal(g.size, 6);
    g = grid("ABCDE/FGHIJ/KLMNO/PQRST/UVWXY");
    assert_int_equal(g.size, 5);
    assert_int_equal(g.cells[16], SK_BOGGLE_Q);
    sk_boggle_grid_format(&g, out, 3);
    assert_string_equal(out, "AB");

    parse_err("", SK_EINVAL, 0, "empty grid");
    parse_err(" \t", SK_EINVAL, 2, "empty grid");
    parse_err("ABCDEFGH", SK_EINVAL, 0, "8 letters make no grid");
    parse_err("ABCDEFGHIJKLMNOPQ", SK_EINVAL, 0, "17 letters");
    parse_err("ABCD/EFG/HIJK/LMNO", SK_EINVAL, 5, "row 2 has 3 letters");
    parse_err("AB/CD", SK_EINVAL, 0, "2 rows: a grid has 3 to 6 rows");
    parse_err("ABCDEFG/ABCDEFG/ABCDEFG/ABCDEFG/ABCDEFG/ABCDEFG/ABCDEFG", SK_EINVAL, 0, "7 rows");
    parse_err("ABC/DEF/GHI/", SK_EINVAL, 11, "empty row 4: a '/' at the end of the grid");
    parse_err("ABCD/EFGH/IJKL/", SK_EINVAL, 14, "empty row 4: a '/' at the end of the grid");
    parse_err("PERS/LATG/SINE/TERS/ ", SK_EINVAL, 19, "empty row 5: a '/' at the end");
    parse_err("PERS/LATG//SINE/TERS", SK_EINVAL, 10, "empty row 3: two '/' in a row");
    parse_err("PERS/LATG///SINE/TERS", SK_EINVAL, 10, "empty row 3: two '/' in a row");
    parse_err(" /PER/SLA/TGS", SK_EINVAL, 1, "empty row 1: a '/' at the start of the grid");
    parse_err("PERSLATGSINETERS/", SK_EINVAL, 16, "empty row 2: a '/' at the end");
    parse_err("/", SK_EINVAL, 0, "empty row 1");
    parse_err("AB1DEFGHI", SK_EINVAL, 2, "'1' is not a letter");
    parse_err("ABC DEF GHI", SK_EINVAL, 3, "space inside a grid");
    parse_err("AB\x01", SK_EINVAL, 2, "byte 0x01");
    char nul[] = "ABCDEFGHI";
    nul[4] = '\0';
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_equal(sk_boggle_grid_parse(&g, nul, 9, &d), SK_EINVAL);
    assert_string_equal(d.items[0].message, "NUL byte in a grid");
    sk_diag_list_free(&d);
    char big[SK_BOGGLE_GRID_TEXT_MAX + 2];
    memset(big, 'A', sizeof(big) - 1);
    big[sizeof(big) - 1] = '\0';
    parse_err(big, SK_ETOOBIG, 0, "longer than 256");

    char name[4];
    sk_boggle_cell_name(4, 0, name);
    assert_string_equal(name, "a1");
    sk_boggle_cell_name(4, 7, name);
    assert_string_equal(name, "d2");
    sk_boggle_cell_name(6, 35, name);
    assert_string_equal(name, "f6");
    static const int points[] = {0, 1, 1, 1, 1, 2, 3, 5, 11, 11, 11};
    for (int n = 0; n <= 10; n++)
        assert_int_equal(sk_boggle_score(n), points[n]);
    assert_int_equal(sk_boggle_score(72), 11);
}

/* ---- dice ------------------------------------------------------------------------------------ */
/* Bipartite matching of cells to dice (augmenting paths): can CELL get a die showing its letter,
 * moving earlier cells to other dice? DIE_OF[k] is the cell die k went to, or -1. */
static int match(const sk_boggle_dice *dice, const sk_boggle_grid *g, int cell, int *die_of,
                 uint64_t *seen)
{
    for (int k = 0; k < dice->count; k++) {
        if ((*seen >> k & 1) || !memchr(dice->faces[k], g->cells[cell], SK_BOGGLE_FACES)) continue;
        *seen |= (uint64_t)1 << k;
        if (die_of[k] < 0 || match(dice, g, die_of[k], die_of, seen)) {
            die_of[k] = cell;
            return 1;
        }
    }
    return 0;
}

static void dice_files(void **state)
{
    (void)state;
    static const char *const names[] = {"small", "classic", "new", "big", "super"};
    static const int counts[] = {9, 16, 16, 25, 36};
    for (int i = 0; i < 5; i++) {
        sk_buf text;
        char path[128];
        snprintf(path, sizeof(path), "resources/boggle/%s.txt", names[i]);
        tu_read_source(&text, path);
        sk_boggle_dice dice;
        sk_diag_list d;
        sk_diag_list_init(&d);
        assert_int_equal(sk_boggle_dice_parse(&dice, text.data, text.len, &d), SK_OK);
        assert_int_equal(d.count, 0);
        assert_int_equal(dice.count, counts[i]);
        sk_diag_list_free(&d);
        sk_buf_free(&text);
        /* rolling: each die used once, each cell a face of its die */
        sk_rng rng;
        sk_rng_seed(&rng, (uint64_t)i);
        for (int roll = 0; roll < 50; roll++) {
            sk_boggle_grid g;
            sk_boggle_roll(&g, &dice, &rng);
            assert_int_equal(g.size * g.size, dice.count);
            int die_of[SK_BOGGLE_CELLS_MAX];
            for (int k = 0; k < dice.count; k++)
                die_of[k] = -1;
            for (int c = 0; c < dice.count; c++) {
                uint64_t seen = 0;
                if (!match(&dice, &g, c, die_of, &seen))
                    fail_msg("%s: no die for cell %d", names[i], c);
            }
        }
    }
    /* the classic set as the original Boggle game lists it */
    sk_buf text;
    tu_read_source(&text, "resources/boggle/classic.txt");
    assert_non_null(strstr(text.data, "AACIOT\nABILTY\nABJMOQ\nACDEMP"));
    sk_buf_free(&text);
    /* the same seed rolls the same grid */
    sk_boggle_dice dice;
    const char *nine =
        "AAAAAA\nBBBBBB\nCCCCCC\nDDDDDD\nEEEEEE\nFFFFFF\nGGGGGG\nHHHHHH\nI I I I I I\n";
    assert_int_equal(sk_boggle_dice_parse(&dice, nine, strlen(nine), NULL), SK_OK);
    sk_rng a, b;
    sk_rng_seed(&a, 42);
    sk_rng_seed(&b, 42);
    sk_boggle_grid ga, gb;
    sk_boggle_roll(&ga, &dice, &a);
    sk_boggle_roll(&gb, &dice, &b);
    assert_memory_equal(&ga, &gb, sizeof(ga));
}

static void dice_err(const char *text, size_t offset, const char *message)
{
    sk_boggle_dice dice;
    sk_diag_list d;
    sk_diag_list_init(&d);
    assert_int_not_equal(sk_boggle_dice_parse(&dice, text, strlen(text), &d), SK_OK);
    assert_true(d.errors >= 1);
    assert_int_equal(d.items[0].offset, offset);
    if (!strstr(d.items[0].message, message))
        fail_msg("message '%s' lacks '%s'", d.items[0].message, message);
    sk_diag_list_free(&d);
}

static void dice_errors(void **state)
{
    (void)state;
    dice_err("AAAAAA\n", SK_DIAG_NO_OFFSET, "1 dice make no square grid");
    dice_err("# x\nAAAAA\n", 4, "a die has 6 faces, this line has 5");
    dice_err("AAAAAAA\n", 0, "this line has 7");
    dice_err("AAAAA1\n", 5, "'1' is not a letter");
    char many[37 * 7 + 1];
    for (int i = 0; i < 37; i++)
        memcpy(many + 7 * i, "ABCDEF\n", 7);
    many[37 * 7] = '\0';
    dice_err(many, 36 * 7, "more than 36 dice");
}

/* ---- tracing --------------------------------------------------------------------------------- */
static void tracing(void **state)
{
    (void)state;
    /* the seed's example board */
    sk_boggle_grid g = grid("AKHG/NTER/MEJA/POWL");
    unsigned char cells[SK_BOGGLE_CELLS_MAX];
    static const char *const yes[] = {"mop", "owl", "teem", "meet", "ether", "TEEM", "Meter"};
    for (size_t i = 0; i < sizeof(yes) / sizeof(*yes); i++)
        if (sk_boggle_trace(&g, yes[i], strlen(yes[i]), cells) <= 0)
            fail_msg("%s should be on the board", yes[i]);
    assert_int_equal(sk_boggle_trace(&g, "wow", 3, cells), 0);  /* W twice */
    assert_int_equal(sk_boggle_trace(&g, "then", 4, cells), 0); /* E and N not adjacent */
    assert_int_equal(sk_boggle_trace(&g, "mop", 3, cells), 3);
    assert_memory_equal(cells, "\x08\x0d\x0c", 3); /* M a3, O b4, P a4 */
    assert_int_equal(sk_boggle_trace(&g, "", 0, cells), SK_EINVAL);
    assert_int_equal(sk_boggle_trace(&g, "mo p", 4, cells), SK_EINVAL);
    /* Qu: one cell, two letters; a Q without its U is never on the board */
    g = grid("QAT/EIN/RST");
    assert_int_equal(sk_boggle_trace(&g, "quit", 4, cells), 3);
    assert_int_equal(sk_boggle_trace(&g, "QUAT", 4, cells), 3);
    assert_int_equal(sk_boggle_trace(&g, "qat", 3, cells), 0);
    assert_int_equal(sk_boggle_trace(&g, "q", 1, cells), 0);
    assert_int_equal(sk_boggle_trace(&g, "uat", 3, cells), 0);
    /* a long word in a grid of one letter: found, and hopeless ones end fast */
    g = grid("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    char word[40];
    memset(word, 'A', sizeof(word));
    assert_int_equal(sk_boggle_trace(&g, word, 36, cells), 36);
    assert_int_equal(sk_boggle_trace(&g, word, 37, cells), 0); /* more letters than cells */
    word[35] = 'B';
    assert_int_equal(sk_boggle_trace(&g, word, 36, cells), 0);
}

/* ---- the solver ------------------------------------------------------------------------------ */
static void known_grids(void **state)
{
    (void)state;
    sk_boggle_solver *s;
    assert_int_equal(sk_boggle_solver_new(&s, wordlist()), SK_OK);
    assert_int_equal(sk_boggle_solver_words(s), 267751);
    static const struct {
        const char *grid;
        size_t words;
        long points;
    } known[] = {{"PERSLATGSINETERS", 1300, 4512},
                 {"CATDLINEMAROPETS", 1003, 3120},
                 {"NGENMEQYKTASIETS", 140, 189}};
    sk_boggle_words out;
    sk_boggle_words_init(&out);
    for (size_t i = 0; i < 3; i++) {
        sk_boggle_grid g = grid(known[i].grid);
        size_t words;
        long points;
        assert_int_equal(sk_boggle_count(s, &g, 3, &words, &points), SK_OK);
        assert_int_equal(words, known[i].words);
        assert_int_equal(points, known[i].points);
        assert_int_equal(sk_boggle_solve(s, &g, 3, &out), SK_OK);
        assert_int_equal(out.count, known[i].words);
        assert_int_equal(out.total, known[i].points);
        /* alphabetical, each once, every path traces its word */
        char prev[SK_BOGGLE_WORD_MAX + 1] = "", word[SK_BOGGLE_WORD_MAX + 1];
        for (size_t k = 0; k < out.count; k++) {
            const sk_boggle_word *w = &out.words[k];
            size_t len = sk_boggle_word_text(&g, w, word);
            assert_int_equal(len, w->letters);
            assert_true(strcmp(prev, word) < 0);
            assert_true(sk_lexicon_contains(wordlist(), NULL, word, len));
            assert_int_equal(w->score, sk_boggle_score((int)len));
            uint64_t used = 0;
            for (int c = 0; c < w->ncells; c++) {
                assert_false(used >> w->cells[c] & 1);
                used |= (uint64_t)1 << w->cells[c];
                if (c) {
                    int a = w->cells[c - 1], b = w->cells[c];
                    assert_true(abs(a / 4 - b / 4) <= 1 && abs(a % 4 - b % 4) <= 1);
                }
            }
            memcpy(prev, word, len + 1);
        }
    }
    /* the Qu grid: QUEY and other Qu words are there, and scored as their letters */
    sk_boggle_grid g = grid("NGENMEQYKTASIETS");
    assert_int_equal(sk_boggle_solve(s, &g, 3, &out), SK_OK);
    int quey = 0;
    char word[SK_BOGGLE_WORD_MAX + 1];
    for (size_t k = 0; k < out.count; k++)
        if (sk_boggle_word_text(&g, &out.words[k], word) && strcmp(word, "QUEY") == 0) {
            quey = 1;
            assert_int_equal(out.words[k].ncells, 3);
            assert_int_equal(out.words[k].letters, 4);
        }
    assert_true(quey);
    /* minimum lengths */
    g = grid("PERSLATGSINETERS");
    size_t words3, words2, words8;
    assert_int_equal(sk_boggle_count(s, &g, 3, &words3, NULL), SK_OK);
    assert_int_equal(sk_boggle_count(s, &g, 2, &words2, NULL), SK_OK);
    assert_int_equal(sk_boggle_count(s, &g, 8, &words8, NULL), SK_OK);
    assert_true(words2 > words3 && words8 < words3 && words8 > 0);
    assert_int_equal(sk_boggle_count(s, &g, 0, &words2, NULL), SK_OK); /* below 2 means 2 */
    assert_int_equal(sk_boggle_count(s, &g, 73, &words8, NULL), SK_OK);
    assert_int_equal(words8, 0);
    sk_boggle_words_free(&out);
    sk_boggle_solver_free(s);
}

/* Collects the words a solver finds as "WORD WORD ..." */
static void solved(sk_boggle_solver *s, const char *text, int min_len, char *out, size_t cap)
{
    sk_boggle_grid g = grid(text);
    sk_boggle_words w;
    sk_boggle_words_init(&w);
    assert_int_equal(sk_boggle_solve(s, &g, min_len, &w), SK_OK);
    size_t k = 0;
    out[0] = '\0';
    for (size_t i = 0; i < w.count; i++) {
        char word[SK_BOGGLE_WORD_MAX + 1];
        size_t n = sk_boggle_word_text(&g, &w.words[i], word);
        if (k + n + 2 < cap) {
            memcpy(out + k, word, n);
            k += n;
            out[k++] = ' ';
            out[k] = '\0';
        }
    }
    sk_boggle_words_free(&w);
}

static void tiny_lexicons(void **state)
{
    (void)state;
    char out[512];
    sk_lexicon *lex = tiny("QUA\nQI\nAQUA\nQAT\nAA\nAAA\nAAAA\nTRANQ\nQUQU\nSUQ\nAB\nBA\nABBA\n");
    sk_boggle_solver *s;
    assert_int_equal(sk_boggle_solver_new(&s, lex), SK_OK);
    assert_int_equal(sk_boggle_solver_words(s), 13);
    solved(s, "QAA/ATR/NQI", 2, out, sizeof(out)); /* QAT, QI, TRANQ: a Q without its U */
    assert_string_equal(out, "AA AAA AQUA QUA ");
    solved(s, "QAA/ATR/NQI", 4, out, sizeof(out));
    assert_string_equal(out, "AQUA ");
    solved(s, "QAA/AAR/NQI", 2, out, sizeof(out));
    assert_string_equal(out, "AA AAA AAAA AQUA QUA ");
    solved(s, "QQB/ABX/XXX", 2, out, sizeof(out));
    assert_string_equal(out, "AB BA QUA QUQU ");
    solved(s, "QQB/ABA/XXX", 2, out, sizeof(out));
    assert_string_equal(out, "AB ABBA AQUA BA QUA QUQU ");
    solved(s, "XXX/XXX/XXX", 2, out, sizeof(out));
    assert_string_equal(out, "");
    sk_boggle_solver_free(s);
    sk_lexicon_free(lex);
    /* an empty lexicon */
    lex = tiny("");
    assert_int_equal(sk_boggle_solver_new(&s, lex), SK_OK);
    assert_int_equal(sk_boggle_solver_words(s), 0);
    solved(s, "ABC/DEF/GHI", 2, out, sizeof(out));
    assert_string_equal(out, "");
    sk_boggle_solver_free(s);
    sk_lexicon_free(lex);
    /* a grid that is no grid */
    lex = tiny("AB\n");
    assert_int_equal(sk_boggle_solver_new(&s, lex), SK_OK);
    sk_boggle_grid g = grid("ABC/DEF/GHI");
    g.cells[4] = 0;
    assert_int_equal(sk_boggle_count(s, &g, 2, NULL, NULL), SK_EINVAL);
    g.size = 7;
    assert_int_equal(sk_boggle_count(s, &g, 2, NULL, NULL), SK_EINVAL);
    sk_boggle_solver_free(s);
    sk_lexicon_free(lex);
}

static void pathological_lexicon(void **state)
{
    (void)state;
    /* long words of one letter in a grid of that letter: the search gives up, within bounds */
    sk_buf text;
    sk_buf_init(&text);
    for (int n = 2; n <= 30; n++) {
        for (int i = 0; i < n; i++)
            sk_buf_putc(&text, 'A');
        sk_buf_putc(&text, '\n');
    }
    sk_lexicon *lex = tiny(text.data);
    sk_boggle_solver *s;
    assert_int_equal(sk_boggle_solver_new(&s, lex), SK_OK);
    sk_boggle_grid g = grid("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    size_t words;
    assert_int_equal(sk_boggle_count(s, &g, 2, &words, NULL), SK_ETOOBIG);
    assert_true(words > 0);
    g = grid("AAAAAAAAA"); /* 3x3: small enough to finish */
    assert_int_equal(sk_boggle_count(s, &g, 2, &words, NULL), SK_OK);
    assert_int_equal(words, 8);
    sk_boggle_solver_free(s);
    sk_lexicon_free(lex);
    sk_buf_free(&text);
}

/* ---- the slow reference ---------------------------------------------------------------------- */
typedef struct {
    unsigned char tiles[SK_BOGGLE_WORD_MAX]; /* QU folded into Q */
    int n, letters;
    uint32_t mask;
    char text[SK_BOGGLE_WORD_MAX + 1];
} ref_word;

typedef struct {
    ref_word *words;
    size_t count, cap;
} ref_list;

static int ref_collect(void *ctx, const char *word, size_t len)
{
    ref_list *l = ctx;
    ref_word w = {.n = 0, .letters = (int)len, .mask = 0};
    for (size_t i = 0; i < len; i++) {
        unsigned char t = (unsigned char)(word[i] - 'A' + 1);
        if (t == SK_BOGGLE_Q) {
            if (i + 1 == len || word[i + 1] != 'U') return 0; /* never on a board */
            i++;
        }
        w.tiles[w.n++] = t;
        w.mask |= 1u << t;
    }
    memcpy(w.text, word, len + 1);
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 1024;
        l->words = realloc(l->words, l->cap * sizeof(*l->words));
        assert_non_null(l->words);
    }
    l->words[l->count++] = w;
    return 0;
}

/* Can W[k..] be traced from CELL, next to the cells not in USED? (plain recursion) */
static int ref_from(const sk_boggle_grid *g, const ref_word *w, int k, int cell, uint64_t used)
{
    if (g->cells[cell] != w->tiles[k] || (used >> cell & 1)) return 0;
    if (k + 1 == w->n) return 1;
    used |= (uint64_t)1 << cell;
    int r = cell / g->size, c = cell % g->size;
    for (int rr = r - 1; rr <= r + 1; rr++)
        for (int cc = c - 1; cc <= c + 1; cc++)
            if (rr >= 0 && rr < g->size && cc >= 0 && cc < g->size &&
                ref_from(g, w, k + 1, rr * g->size + cc, used))
                return 1;
    return 0;
}

static void compare_with_reference(sk_boggle_solver *s, const ref_list *ref,
                                   const sk_boggle_grid *g, int min_len)
{
    uint32_t have = 0;
    for (int i = 0; i < g->size * g->size; i++)
        have |= 1u << g->cells[i];
    sk_boggle_words out;
    sk_boggle_words_init(&out);
    assert_int_equal(sk_boggle_solve(s, g, min_len, &out), SK_OK);
    size_t k = 0;
    long total = 0;
    for (size_t i = 0; i < ref->count; i++) {
        const ref_word *w = &ref->words[i];
        if (w->letters < min_len || (w->mask & ~have) || w->n > g->size * g->size) continue;
        int found = 0;
        for (int cell = 0; cell < g->size * g->size && !found; cell++)
            found = ref_from(g, w, 0, cell, 0);
        if (!found) continue;
        char text[SK_BOGGLE_WORD_MAX + 1], gtext[64];
        sk_boggle_grid_format(g, gtext, sizeof(gtext));
        if (k == out.count) fail_msg("%s: the solver misses %s", gtext, w->text);
        sk_boggle_word_text(g, &out.words[k], text);
        if (strcmp(text, w->text) != 0)
            fail_msg("%s: the solver has %s where the reference has %s", gtext, text, w->text);
        total += sk_boggle_score(w->letters);
        k++;
    }
    assert_int_equal(k, out.count);
    assert_int_equal(total, out.total);
    size_t words;
    long points;
    assert_int_equal(sk_boggle_count(s, g, min_len, &words, &points), SK_OK);
    assert_int_equal(words, out.count);
    assert_int_equal(points, out.total);
    sk_boggle_words_free(&out);
}

static void against_reference(void **state)
{
    (void)state;
    ref_list ref = {0};
    assert_int_equal(sk_lexicon_foreach_word(wordlist(), NULL, ref_collect, &ref), SK_OK);
    sk_boggle_solver *s;
    assert_int_equal(sk_boggle_solver_new(&s, wordlist()), SK_OK);
    /* letters drawn as often as on the dice (roughly English), with Q a little more often */
    static const char bag[] = "AAAAAABBCCDDDEEEEEEEEEFFGGHHHHIIIIIJKLLLLMMNNNNNNOOOOOPPQQRRRRRSSSSS"
                              "TTTTTTTUUUVVWWXYYZ";
    static const char *const dice[] = {"small", "new", "big", "super"};
    sk_rng rng;
    sk_rng_seed(&rng, 2024);
    for (int size = 3; size <= 6; size++) {
        sk_boggle_dice d;
        sk_buf text;
        char path[64];
        snprintf(path, sizeof(path), "resources/boggle/%s.txt", dice[size - 3]);
        tu_read_source(&text, path);
        assert_int_equal(sk_boggle_dice_parse(&d, text.data, text.len, NULL), SK_OK);
        sk_buf_free(&text);
        for (int round = 0; round < 12; round++) {
            sk_boggle_grid g;
            if (round % 2) {
                sk_boggle_roll(&g, &d, &rng);
            } else {
                g.size = size;
                for (int i = 0; i < size * size; i++)
                    g.cells[i] =
                        (unsigned char)(bag[sk_rng_below(&rng, sizeof(bag) - 1)] - 'A' + 1);
            }
            compare_with_reference(s, &ref, &g, round % 4 == 3 ? 2 : 3);
        }
    }
    /* grids of few letters (many paths to each word) and of many Qu faces */
    static const char *const few[] = {"SESESESESESESESESESESESESESESESESESE",
                                      "ESTERSESTERSESTERSESTERSESTERSESTERS",
                                      "RESINTRESINTRESINTRESINTRESINTRESINT",
                                      "QAQEQIQOQ",
                                      "AQSQEQTQIQNQRQLQO/",
                                      "EEEEEEEEEEEEEEEEEEEEEEEEE"};
    for (size_t i = 0; i < sizeof(few) / sizeof(*few); i++) {
        sk_boggle_grid g;
        if (sk_boggle_grid_parse(&g, few[i], strlen(few[i]), NULL) != SK_OK) continue;
        compare_with_reference(s, &ref, &g, 3);
    }
    sk_boggle_solver_free(s);
    free(ref.words);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grids),
        cmocka_unit_test(dice_files),
        cmocka_unit_test(dice_errors),
        cmocka_unit_test(tracing),
        cmocka_unit_test(known_grids),
        cmocka_unit_test(tiny_lexicons),
        cmocka_unit_test(pathological_lexicon),
        cmocka_unit_test(against_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
