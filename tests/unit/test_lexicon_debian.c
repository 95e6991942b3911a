/* test_lexicon_debian.c — building lexicons from the word lists Debian installs under
 * /usr/share/dict (wspanish, wcatalan, wfrench, wngerman, wpolish, wswedish) with the tile set
 * of their language, as docs/lexicon.md, "Other languages", tells users to. Each test is skipped
 * when its list is not installed; the hand-written lists of test_lexicon_alphabet.c test the
 * same features everywhere. */
#include <stdio.h>
#include <string.h>

#include "skrab/error.h"
#include "skrab/lexicon.h"
#include "skrab/tiles.h"
#include "testutil.h"

#define POLISH_LINES 200000 /* the whole list is past the KWG's node limit */

/* Reads PATH (at most LINES lines, 0: all) into OUT; 0 when it is not there. */
static int read_list(const char *path, size_t lines, sk_buf *out)
{
    sk_buf_init(out);
    if (sk_buf_read_file(out, path, SK_WORDLIST_FILE_MAX) != SK_OK) return 0;
    for (size_t i = 0, n = 0; lines && i < out->len; i++)
        if (out->data[i] == '\n' && ++n == lines) out->len = i + 1;
    return 1;
}

/* Whether W, read as the list was (accents folded), is a word of LEX. */
static int has(const sk_lexicon *lex, const sk_alphabet *a, const char *w)
{
    unsigned char tiles[SK_WORD_MAX];
    size_t n;
    return sk_word_read(a, SK_WORD_FOLD_ACCENTS, w, strlen(w), tiles, &n) == SK_OK &&
           sk_lexicon_contains_tiles(lex, tiles, n);
}

/* Builds the list at PATH in tile set SET with accents folded and checks that WORDS (a NULL
 * ended list) are in it and NON_WORDS are not, and that at least MIN_WORDS were compiled. */
static void build_from(const char *path, size_t lines, const char *set, size_t min_words,
                       const char *const *words, const char *const *non_words)
{
    sk_buf text;
    if (!read_list(path, lines, &text)) {
        sk_buf_free(&text);
        skip();
    }
    sk_tileset t;
    assert_int_equal(sk_tileset_builtin(&t, set), SK_OK);
    sk_kwg_build_options opts = {.alphabet = &t.alphabet, .fold_accents = 1};
    sk_kwg_build_stats stats;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    sk_lexicon *lex = NULL;
    assert_int_equal(sk_lexicon_from_wordlist(&lex, text.data, text.len, &opts, &stats, &diags),
                     SK_OK);
    assert_int_equal(diags.errors, 0);
    assert_true(stats.words >= min_words);
    for (const char *const *w = words; *w; w++)
        if (!has(lex, &t.alphabet, *w)) fail_msg("not found: %s", *w);
    for (const char *const *w = non_words; *w; w++)
        if (has(lex, &t.alphabet, *w)) fail_msg("found: %s", *w);
    sk_lexicon_free(lex);
    sk_diag_list_free(&diags);
    sk_buf_free(&text);
}

static void spanish(void **state)
{
    (void)state;
    const char *const words[] = {"chico", "[CH]ICO", "llama", "perro", "niño", "CANCION", NULL};
    const char *const non_words[] = {"[C]HICO", "[L]LAMA", "pe[R]RO", "nino", NULL};
    build_from("/usr/share/dict/spanish", 0, "spanish", 80000, words, non_words);
}

static void catalan(void **state)
{
    (void)state;
    const char *const words[] = {"col·lecció", "CO[L·L]ECCIO", "quatre", "força", "any", NULL};
    const char *const non_words[] = {"co[L][L]eccio", NULL};
    build_from("/usr/share/dict/catalan", 0, "catalan", 500000, words, non_words);
}

static void french(void **state)
{
    (void)state;
    const char *const words[] = {"été", "ETE", "école", "cœur", "COEUR", "noël", NULL};
    const char *const non_words[] = {"écolez", "cœurz", NULL};
    build_from("/usr/share/dict/french", 0, "french", 300000, words, non_words);
}

static void german(void **state)
{
    (void)state;
    const char *const words[] = {"Straße", "STRASSE", "ärger", "Übel", NULL};
    const char *const non_words[] = {"ubel", NULL};
    build_from("/usr/share/dict/ngerman", 0, "german", 300000, words, non_words);
}

static void polish(void **state)
{
    (void)state;
    const char *const words[] = {"abażur", "ABAŻUR", NULL};
    const char *const non_words[] = {"abazur", NULL};
    build_from("/usr/share/dict/polish", POLISH_LINES, "polish", 190000, words, non_words);
}

/* Debian's Swedish list is Latin-1: an error at the first byte that is not UTF-8. */
static void swedish_in_latin1(void **state)
{
    (void)state;
    sk_buf text;
    if (!read_list("/usr/share/dict/swedish", 0, &text)) {
        sk_buf_free(&text);
        skip();
    }
    sk_tileset t;
    assert_int_equal(sk_tileset_builtin(&t, "swedish"), SK_OK);
    sk_kwg_build_options opts = {.alphabet = &t.alphabet};
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    sk_lexicon *lex = NULL;
    int rc = sk_lexicon_from_wordlist(&lex, text.data, text.len, &opts, NULL, &diags);
    if (rc == SK_OK) { /* a later Debian may ship it in UTF-8 */
        sk_lexicon_free(lex);
    } else {
        assert_int_equal(rc, SK_EINVAL);
        assert_true(diags.errors > 0);
        int found = 0;
        for (size_t i = 0; i < diags.count; i++)
            found |= diags.items[i].severity == SK_SEV_ERROR &&
                     strstr(diags.items[i].message, "is not UTF-8") != NULL;
        assert_true(found);
    }
    sk_diag_list_free(&diags);
    sk_buf_free(&text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(spanish), cmocka_unit_test(catalan), cmocka_unit_test(french),
        cmocka_unit_test(german),  cmocka_unit_test(polish),  cmocka_unit_test(swedish_in_latin1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
