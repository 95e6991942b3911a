/* fuzz_boggle.c — libFuzzer target for the Boggle parsers: the input is read as a grid (what the
 * first line holds) and the rest as words to trace in it; as a dice file; as the computer's word
 * file. A grid that parses must write back to itself, and every word the solver finds in it (with
 * a small built-in lexicon rich in Qu words) must be in the lexicon and traced by a valid path;
 * every rejection must say why. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "skrab/boggle.h"
#include "skrab/error.h"

static const char words[] = "QUA\nQI\nAQUA\nQUIT\nQUITE\nQUEST\nTRANQ\nSUQ\nQUQU\nAA\nAAA\nAAAA\n"
                            "AB\nABBA\nTEA\nEAT\nATE\nETA\nTEAS\nSEAT\nEATS\nEAST\nSATE\nSTEAL\n"
                            "LEAST\nSLATE\nTALES\nSTALE\nTESLA\nRATE\nTEAR\nTARE\nSTARE\nASTER\n"
                            "TEARS\nRATES\nINERT\nINTER\nNITER\nTRAINS\nSTRAIN\nRETAINS\nNASTIER\n"
                            "STAINER\nRETINAS\nANESTRI\nRESTRAIN\nTERRAINS\nTRAINERS\nZZZ\n";

static sk_boggle_solver *solver(sk_lexicon **lex_out)
{
    static sk_boggle_solver *s;
    static sk_lexicon *lex;
    if (!s) {
        if (sk_lexicon_from_wordlist(&lex, words, sizeof(words) - 1, NULL, NULL, NULL) != SK_OK)
            abort();
        if (sk_boggle_solver_new(&s, lex) != SK_OK) abort();
    }
    *lex_out = lex;
    return s;
}

static void check_found(const sk_boggle_grid *g)
{
    sk_lexicon *lex;
    sk_boggle_solver *s = solver(&lex);
    sk_boggle_words out;
    sk_boggle_words_init(&out);
    if (sk_boggle_solve(s, g, 2, &out) != SK_OK) abort();
    size_t count;
    long total;
    if (sk_boggle_count(s, g, 2, &count, &total) != SK_OK || count != out.count ||
        total != out.total)
        abort();
    char prev[SK_BOGGLE_WORD_MAX + 1] = "";
    for (size_t i = 0; i < out.count; i++) {
        const sk_boggle_word *w = &out.words[i];
        char text[SK_BOGGLE_WORD_MAX + 1];
        size_t len = sk_boggle_word_text(g, w, text);
        if (len != w->letters || !sk_lexicon_contains(lex, NULL, text, len) ||
            strcmp(prev, text) >= 0)
            abort();
        uint64_t used = 0;
        for (int c = 0; c < w->ncells; c++) {
            int cell = w->cells[c];
            if (cell >= g->size * g->size || (used >> cell & 1)) abort();
            used |= (uint64_t)1 << cell;
            if (c) {
                int a = w->cells[c - 1];
                if (abs(a / g->size - cell / g->size) > 1 || abs(a % g->size - cell % g->size) > 1)
                    abort();
            }
        }
        unsigned char cells[SK_BOGGLE_CELLS_MAX];
        if (sk_boggle_trace(g, text, len, cells) <= 0) abort();
        memcpy(prev, text, len + 1);
    }
    sk_boggle_words_free(&out);
}

static void check_rejection(const sk_diag_list *d)
{
    if (d->errors == 0 || d->count == 0 || d->items[0].message[0] == '\0') abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    const char *nl = memchr(text, '\n', size);
    size_t first = nl ? (size_t)(nl - text) : size;

    sk_boggle_grid g;
    sk_diag_list d;
    sk_diag_list_init(&d);
    int rc = sk_boggle_grid_parse(&g, text, first, &d);
    if (rc == SK_OK) {
        if (d.count || g.size < SK_BOGGLE_SIZE_MIN || g.size > SK_BOGGLE_SIZE_MAX) abort();
        for (int i = 0; i < g.size * g.size; i++)
            if (g.cells[i] < 1 || g.cells[i] > 26) abort();
        char back[64];
        size_t n = sk_boggle_grid_format(&g, back, sizeof(back));
        sk_boggle_grid again;
        if (sk_boggle_grid_parse(&again, back, n, NULL) != SK_OK ||
            memcmp(&again, &g, sizeof(g)) != 0)
            abort();
        check_found(&g);
        /* the other lines: words to trace */
        size_t pos = nl ? first + 1 : size;
        while (pos < size) {
            const char *w = text + pos;
            const char *end = memchr(w, '\n', size - pos);
            size_t len = end ? (size_t)(end - w) : size - pos;
            unsigned char cells[SK_BOGGLE_CELLS_MAX];
            int got = sk_boggle_trace(&g, w, len, cells);
            if (got > g.size * g.size || (got < 0 && got != SK_EINVAL && got != SK_ETOOBIG))
                abort();
            for (int c = 0; c < got; c++)
                if (cells[c] >= g.size * g.size) abort();
            pos += len + 1;
        }
    } else {
        if (rc != SK_EINVAL && rc != SK_ETOOBIG) abort();
        check_rejection(&d);
    }
    sk_diag_list_free(&d);

    sk_boggle_dice dice;
    sk_diag_list_init(&d);
    rc = sk_boggle_dice_parse(&dice, text, size, &d);
    if (rc == SK_OK) {
        sk_rng rng;
        sk_rng_seed(&rng, size);
        sk_boggle_roll(&g, &dice, &rng);
        if (g.size * g.size != dice.count) abort();
    } else {
        check_rejection(&d);
    }
    sk_diag_list_free(&d);

    sk_boggle_wordset set;
    sk_boggle_wordset_init(&set);
    if (sk_boggle_wordset_parse(&set, text, size, NULL) == SK_OK)
        for (size_t i = 1; i < set.count; i++)
            if (strcmp(set.items[i - 1], set.items[i]) >= 0) abort();
    sk_boggle_wordset_free(&set);
    return 0;
}
