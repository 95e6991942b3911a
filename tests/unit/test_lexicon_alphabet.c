/* test_lexicon_alphabet.c — lexicons in other alphabets than A..Z: word lists read with labels of
 * several characters (Spanish CH LL RR, Catalan L·L NY QU), UTF-8 letters (Polish, German),
 * accents read as plain letters, words written back with labels, anagrams whose blanks stand for
 * multi-letter tiles, the compiled-list cache keyed on the alphabet, and A..Z unchanged. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal/kwg.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"
#include "skrab/tiles.h"
#include "testutil.h"

static sk_tileset set_of(const char *name)
{
    sk_tileset t;
    assert_int_equal(sk_tileset_builtin(&t, name), SK_OK);
    return t;
}

/* Builds TEXT in alphabet A, folding accents when FOLD. */
static sk_lexicon *build_in(const sk_alphabet *a, const char *text, sk_kwg_build_stats *stats,
                            sk_diag_list *diags, int fold)
{
    sk_kwg_build_options opts = {
        .alphabet = a, .alphabet_name = "the test set", .fold_accents = fold};
    sk_lexicon *lex = NULL;
    int rc = sk_lexicon_from_wordlist(&lex, text, strlen(text), &opts, stats, diags);
    if (rc != SK_OK) {
        if (diags) tu_diag_dump(text, diags);
        fail_msg("build failed: %d", rc);
    }
    return lex;
}

static const char *all_words(const sk_lexicon *lex, const sk_alphabet *a)
{
    static tu_words c;
    memset(&c, 0, sizeof(c));
    assert_int_equal(sk_lexicon_foreach_word(lex, a, tu_collect_word, &c), SK_OK);
    return c.text;
}

static const char *anagrams(const sk_lexicon *lex, const sk_alphabet *a, const char *rack,
                            int flags)
{
    static tu_words c;
    memset(&c, 0, sizeof(c));
    assert_int_equal(sk_lexicon_anagram(lex, a, rack, strlen(rack), flags, 2, tu_collect_word, &c),
                     SK_OK);
    return c.text;
}

static int has(const sk_lexicon *lex, const sk_alphabet *a, const char *w)
{
    return sk_lexicon_contains(lex, a, w, strlen(w));
}

/* Reads back each word of WORDS (each followed by a space, as all_words writes them): it must
 * read (sk_word_read, greedy) as tiles of a word of LEX. Returns how many tile strings were
 * read, each counted once: two words written alike, or read alike, count once. */
static size_t read_back_distinct(const sk_lexicon *lex, const sk_alphabet *a, const char *words)
{
    static unsigned char seen[64][SK_WORD_MAX];
    static size_t seen_n[64];
    size_t distinct = 0;
    for (const char *p = words; *p;) {
        const char *sp = strchr(p, ' ');
        assert_non_null(sp);
        unsigned char tiles[SK_WORD_MAX];
        size_t n;
        assert_int_equal(sk_word_read(a, 0, p, (size_t)(sp - p), tiles, &n), SK_OK);
        assert_true(sk_lexicon_contains_tiles(lex, tiles, n));
        assert_true(sk_lexicon_contains(lex, a, p, (size_t)(sp - p)));
        size_t i = 0;
        while (i < distinct && !(seen_n[i] == n && memcmp(seen[i], tiles, n) == 0))
            i++;
        if (i == distinct) {
            assert_true(distinct < 64);
            memcpy(seen[distinct], tiles, n);
            seen_n[distinct++] = n;
        }
        p = sp + 1;
    }
    return distinct;
}

static const char spanish[] = "chico\ncoche\nllama\ncalle\nperro\ncarro\nniño\naño\ncanción\n"
                              "árbol\n[CH]ICO\nwhisky\n";

static void spanish_labels_of_two_letters(void **state)
{
    (void)state;
    sk_tileset es = set_of("spanish");
    const sk_alphabet *a = &es.alphabet;
    sk_kwg_build_stats stats;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    sk_lexicon *lex = build_in(a, spanish, &stats, &diags, 1);
    assert_int_equal(stats.words, 10);
    assert_int_equal(stats.duplicates, 1); /* chico and [CH]ICO */
    assert_int_equal(stats.skipped, 1);    /* whisky */
    tu_expect_counts(spanish, &diags, 0, 1);
    tu_expect_diag_at(spanish, &diags, SK_SEV_WARNING, 12, 1,
                      "'w' is not a letter of the test set in word 'whisky'; word skipped", 1);
    /* In tile order: C before CH, L before LL, N before Ñ, R before RR. */
    assert_string_equal(all_words(lex, a), "AÑO ARBOL CA[LL]E CANCION CA[RR]O CO[CH]E [CH]ICO "
                                           "[LL]AMA NIÑO PE[RR]O ");
    assert_true(has(lex, a, "chico"));
    assert_true(has(lex, a, "CHICO"));
    assert_true(has(lex, a, "[ch]ico"));
    assert_true(has(lex, a, "Niño"));
    assert_false(has(lex, a, "[C]HICO")); /* C and H are not the tile CH */
    assert_false(has(lex, a, "nino"));
    assert_false(has(lex, a, "canción")); /* lookups read accents only when asked to */
    assert_false(has(lex, a, "ch"));

    unsigned char tiles[SK_WORD_MAX];
    size_t n;
    assert_int_equal(sk_word_read(a, 0, "chico", 5, tiles, &n), SK_OK);
    assert_int_equal(n, 4);
    char label[SK_LABEL_TEXT_MAX + 1];
    sk_alphabet_label(a, tiles[0], label);
    assert_string_equal(label, "[CH]");
    assert_int_equal(sk_word_read(a, SK_WORD_FOLD_ACCENTS, "canción", 8, tiles, &n), SK_OK);
    assert_true(sk_lexicon_contains_tiles(lex, tiles, n));
    assert_int_equal(sk_word_read(a, 0, "kilo", 4, tiles, &n), SK_EINVAL);
    assert_int_equal(n, 0); /* the offset of K */
    sk_lexicon_free(lex);
    sk_diag_list_free(&diags);
}

static void spanish_anagrams_with_blanks(void **state)
{
    (void)state;
    sk_tileset es = set_of("spanish");
    const sk_alphabet *a = &es.alphabet;
    sk_lexicon *lex = build_in(a, spanish, NULL, NULL, 1);
    /* A blank as a tile of two letters is written in brackets, in lower case. */
    assert_string_equal(anagrams(lex, a, "ICO?", SK_ANAGRAM_EXACT), "[ch]ICO ");
    assert_string_equal(anagrams(lex, a, "AMA?", SK_ANAGRAM_EXACT), "[ll]AMA ");
    assert_string_equal(anagrams(lex, a, "[CH]ICO", SK_ANAGRAM_EXACT), "[CH]ICO ");
    assert_string_equal(anagrams(lex, a, "chico", SK_ANAGRAM_EXACT), "[CH]ICO ");
    assert_string_equal(anagrams(lex, a, "PEO?", SK_ANAGRAM_EXACT), "PE[rr]O ");
    assert_string_equal(anagrams(lex, a, "ÑOA", 0), "AÑO ");
    assert_string_equal(anagrams(lex, a, "????", SK_ANAGRAM_EXACT), "ca[ll]e ca[rr]o "
                                                                    "co[ch]e [ch]ico [ll]ama "
                                                                    "niño pe[rr]o ");
    tu_words c = {0};
    assert_int_equal(sk_lexicon_anagram(lex, a, "W?", 2, 0, 2, tu_collect_word, &c), SK_EINVAL);
    assert_int_equal(sk_lexicon_anagram(lex, a, "[CH", 3, 0, 2, tu_collect_word, &c), SK_EINVAL);
    sk_lexicon_free(lex);
}

/* A one-letter tile before the letter that would make a two-letter label with it (C then H in
 * Spanish, from "[c]" or from an accent folded away, as in "plaçhan") is written in brackets:
 * every word written, and every anagram, reads back (greedily) to its own tiles. */
static void spanish_tiles_that_would_join_are_bracketed(void **state)
{
    (void)state;
    sk_tileset es = set_of("spanish");
    const sk_alphabet *a = &es.alphabet;
    const char *list = "pla[c]han\nplaçhan\nplachan\nca[l]l\ncall\nca[r]ro\n";
    sk_kwg_build_stats stats;
    sk_lexicon *lex = build_in(a, list, &stats, NULL, 1);
    assert_int_equal(stats.words, 5); /* pla[c]han and plaçhan are the same tiles */
    const char *all = all_words(lex, a);
    assert_string_equal(all, "CA[L]L CA[LL] CA[R]RO PLA[C]HAN PLA[CH]AN ");
    assert_true(has(lex, a, "PLA[C]HAN"));
    assert_true(has(lex, a, "plachan"));
    assert_true(has(lex, a, "CA[L][L]"));
    assert_true(has(lex, a, "CALL"));   /* the tiles C A LL */
    assert_false(has(lex, a, "CARRO")); /* C A RR O: not a word here */
    /* each word written reads back to its own tiles: five words, five tile strings */
    assert_int_equal(read_back_distinct(lex, a, all), 5);
    /* anagrams, a blank among the tiles that would join, in lower case */
    assert_string_equal(anagrams(lex, a, "PLA[C]HAN", SK_ANAGRAM_EXACT), "PLA[C]HAN ");
    assert_string_equal(anagrams(lex, a, "PLA?HAN", SK_ANAGRAM_EXACT), "PLA[c]HAN ");
    assert_string_equal(anagrams(lex, a, "[L]?CA", SK_ANAGRAM_EXACT), "CA[L]l ");
    sk_lexicon_free(lex);
}

static void catalan_labels_with_a_middle_dot(void **state)
{
    (void)state;
    sk_tileset ca = set_of("catalan");
    const sk_alphabet *a = &ca.alphabet;
    const char *list = "col·lecció\nparaula\nany\nanys\nquatre\nqui\nforça\nplaça\ncanya\nkiwi\n";
    sk_kwg_build_stats stats;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    sk_lexicon *lex = build_in(a, list, &stats, &diags, 1);
    assert_int_equal(stats.words, 9);
    tu_expect_diag_at(list, &diags, SK_SEV_WARNING, 10, 1, "'k' is not a letter", 0);
    unsigned char tiles[SK_WORD_MAX];
    size_t n;
    assert_int_equal(sk_word_read(a, SK_WORD_FOLD_ACCENTS, "col·lecció", 12, tiles, &n), SK_OK);
    assert_int_equal(n, 8); /* C O L·L E C C I O */
    assert_true(sk_lexicon_contains_tiles(lex, tiles, n));
    assert_true(has(lex, a, "CO[L·L]ECCIO"));
    assert_true(has(lex, a, "quatre"));
    assert_true(has(lex, a, "[QU]ATRE"));
    assert_true(has(lex, a, "força"));
    assert_false(has(lex, a, "forca")); /* Ç is a letter of its own */
    assert_int_equal(sk_word_read(a, 0, "q", 1, tiles, &n), SK_EINVAL); /* only QU */
    assert_string_equal(all_words(lex, a), "A[NY] A[NY]S CA[NY]A CO[L·L]ECCIO FORÇA PARAULA "
                                           "PLAÇA [QU]ATRE [QU]I ");
    assert_string_equal(anagrams(lex, a, "sa?", SK_ANAGRAM_EXACT), "A[ny]S ");
    assert_string_equal(anagrams(lex, a, "ICOEOCC?", SK_ANAGRAM_EXACT), "CO[l·l]ECCIO ");
    sk_lexicon_free(lex);
    sk_diag_list_free(&diags);
}

/* Every word written by foreach_word reads back to a word of the lexicon, with the same tiles. */
static void polish_round_trip(void **state)
{
    (void)state;
    sk_tileset pl = set_of("polish");
    const sk_alphabet *a = &pl.alphabet;
    const char *list = "źdźbło\nżółw\nłódź\npięść\ngęś\nzażółć\nmama\nquiz\nŻÓŁW\n";
    sk_kwg_build_stats stats;
    sk_lexicon *lex = build_in(a, list, &stats, NULL, 1);
    assert_int_equal(stats.words, 7);
    assert_string_equal(all_words(lex, a), "GĘŚ ŁÓDŹ MAMA PIĘŚĆ ZAŻÓŁĆ ŹDŹBŁO ŻÓŁW ");
    assert_int_equal(read_back_distinct(lex, a, all_words(lex, a)), 7);
    assert_true(has(lex, a, "Zażółć"));
    assert_false(has(lex, a, "zazolc"));
    sk_lexicon_free(lex);
}

static void accents_fold_unless_kept(void **state)
{
    (void)state;
    sk_tileset de = set_of("german");
    const sk_alphabet *a = &de.alphabet;
    const char *list = "Straße\nÄrger\nÖl\nMüsli\nCafé\nÜbel\nzählen\n";
    sk_kwg_build_stats stats;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    sk_lexicon *lex = build_in(a, list, &stats, &diags, 1);
    assert_int_equal(stats.words, 7);
    tu_expect_counts(list, &diags, 0, 0);
    assert_true(has(lex, a, "STRASSE"));
    assert_true(has(lex, a, "cafe"));
    assert_true(has(lex, a, "ärger"));
    assert_false(has(lex, a, "arger"));
    sk_lexicon_free(lex);
    sk_diag_list_free(&diags);

    sk_diag_list_init(&diags);
    lex = build_in(a, list, &stats, &diags, 0);
    assert_int_equal(stats.words, 5);
    tu_expect_counts(list, &diags, 0, 2);
    tu_expect_diag_at(list, &diags, SK_SEV_WARNING, 1, 5,
                      "'ß' is not a letter of the test set in word 'Straße'; word skipped", 1);
    assert_false(has(lex, a, "STRASSE"));
    sk_lexicon_free(lex);
    sk_diag_list_free(&diags);

    /* Pairs and the letters of Latin Extended-A. */
    sk_tileset fr = set_of("french");
    unsigned char tiles[SK_WORD_MAX], want[SK_WORD_MAX];
    size_t n, m;
    assert_int_equal(sk_word_read(&fr.alphabet, SK_WORD_FOLD_ACCENTS, "cœur", 5, tiles, &n), SK_OK);
    assert_int_equal(sk_word_read(&fr.alphabet, 0, "COEUR", 5, want, &m), SK_OK);
    assert_int_equal(n, m);
    assert_memory_equal(tiles, want, n);
    assert_int_equal(sk_word_read(&fr.alphabet, 0, "cœur", 5, tiles, &n), SK_EINVAL);
    assert_int_equal(sk_word_read(&fr.alphabet, SK_WORD_FOLD_ACCENTS, "\xc5\xbe", 2, tiles, &n),
                     SK_OK); /* ž */
    assert_int_equal(n, 1);
    assert_int_equal(sk_word_read(&fr.alphabet, SK_WORD_FOLD_ACCENTS, "\xc3\x97", 2, tiles, &n),
                     SK_EINVAL); /* × is no letter */
}

static void bad_utf8_is_an_error_with_its_place(void **state)
{
    (void)state;
    sk_tileset pl = set_of("polish");
    sk_kwg_build_options opts = {.alphabet = &pl.alphabet, .alphabet_name = "the polish tile set"};
    const char *list = "mama\nab\xe9\x63\n";
    sk_lexicon *lex = NULL;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    assert_int_equal(sk_lexicon_from_wordlist(&lex, list, strlen(list), &opts, NULL, &diags),
                     SK_EINVAL);
    assert_null(lex);
    tu_expect_counts(list, &diags, 1, 0);
    tu_expect_diag_at(list, &diags, SK_SEV_ERROR, 2, 3, "byte 0xe9 is not UTF-8", 0);
    sk_diag_list_free(&diags);
    /* In brackets too. */
    unsigned char tiles[SK_WORD_MAX];
    size_t n;
    assert_int_equal(sk_word_read(&pl.alphabet, 0, "a[\xe9]", 4, tiles, &n), SK_EINVAL);
    assert_int_equal(n, 2);
}

/* Past 20 words skipped, one warning counts them all. */
static void skipped_words_are_counted(void **state)
{
    (void)state;
    sk_tileset pl = set_of("polish");
    sk_buf list;
    sk_buf_init(&list);
    for (int i = 0; i < 30; i++)
        sk_buf_printf(&list, "qu%c\n", 'a' + i % 26);
    sk_buf_puts(&list, "mama\n");
    sk_kwg_build_stats stats;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    sk_lexicon *lex = build_in(&pl.alphabet, sk_buf_str(&list), &stats, &diags, 1);
    assert_int_equal(stats.skipped, 30);
    assert_int_equal(stats.words, 1);
    tu_expect_counts(sk_buf_str(&list), &diags, 0, 21);
    tu_expect_diag_at(sk_buf_str(&list), &diags, SK_SEV_WARNING, 0, 0,
                      "30 words in all skipped for characters that are not letters of the test "
                      "set (the first 20 are named)",
                      1);
    sk_lexicon_free(lex);
    sk_diag_list_free(&diags);
    sk_buf_free(&list);
}

/* A Latin alphabet given is no alphabet given: the same errors, the same tiles. */
static void latin_is_unchanged(void **state)
{
    (void)state;
    sk_alphabet latin;
    sk_alphabet_latin(&latin);
    const char *list = "ab\ncafé\n";
    sk_kwg_build_options opts = {.alphabet = &latin, .alphabet_name = "the english tile set"};
    sk_lexicon *lex = NULL;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    assert_int_equal(sk_lexicon_from_wordlist(&lex, list, strlen(list), &opts, NULL, &diags),
                     SK_EINVAL);
    tu_expect_diag_at(list, &diags, SK_SEV_ERROR, 2, 4, "byte 0xc3 is not a letter A-Z", 0);
    sk_diag_list_free(&diags);
    assert_int_equal(sk_lexicon_from_wordlist(&lex, "cab\nzo\n", 7, &opts, NULL, NULL), SK_OK);
    assert_true(has(lex, &latin, "CAB"));
    assert_true(has(lex, NULL, "cab"));
    assert_string_equal(all_words(lex, &latin), "CAB ZO ");
    assert_string_equal(anagrams(lex, &latin, "BACO?", 0), "CAB zO ");
    unsigned char tiles[SK_WORD_MAX];
    size_t n;
    assert_int_equal(sk_word_read(&latin, 0, "zo", 2, tiles, &n), SK_OK);
    assert_int_equal(tiles[0], 26);
    assert_int_equal(sk_word_read(NULL, 0, "é", 2, tiles, &n), SK_EINVAL);
    assert_int_equal(sk_word_read(NULL, SK_WORD_FOLD_ACCENTS, "é", 2, tiles, &n), SK_OK);
    assert_int_equal(tiles[0], 5);
    sk_lexicon_free(lex);
}

/* The cache of compiled lists: a list read in Polish is a different entry from the same list in
 * A..Z, so neither is served for the other. */
static void cache_keyed_on_the_alphabet(void **state)
{
    (void)state;
    char dir[] = "/tmp/skrab-test-lexalpha-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char list[300], cache[300];
    snprintf(list, sizeof(list), "%s/words.txt", dir);
    snprintf(cache, sizeof(cache), "%s/cache", dir);
    FILE *f = fopen(list, "w");
    assert_non_null(f);
    fputs("mama\ntata\n", f);
    fclose(f);
    sk_tileset pl = set_of("polish");
    sk_kwg_build_options opts = {.alphabet = &pl.alphabet};
    sk_lexicon *lex;
    for (int round = 0; round < 2; round++) { /* the second round is served from the cache */
        assert_int_equal(sk_lexicon_load(&lex, list, cache, &opts, NULL, NULL), SK_OK);
        assert_true(has(lex, &pl.alphabet, "MAMA"));
        assert_false(has(lex, NULL, "MAMA")); /* Polish M is not tile 13 */
        sk_lexicon_free(lex);
        assert_int_equal(sk_lexicon_load(&lex, list, cache, NULL, NULL, NULL), SK_OK);
        assert_true(has(lex, NULL, "MAMA"));
        sk_lexicon_free(lex);
    }
    /* a cache hit has nothing to report: TEXT is left empty, whatever it held */
    sk_buf text;
    sk_buf_init(&text);
    sk_buf_puts(&text, "junk");
    assert_int_equal(sk_lexicon_load(&lex, list, cache, &opts, &text, NULL), SK_OK);
    assert_int_equal(text.len, 0);
    sk_buf_free(&text);
    sk_lexicon_free(lex);
    opts.fold_accents = 1; /* another way of reading: another entry */
    assert_int_equal(sk_lexicon_load(&lex, list, cache, &opts, NULL, NULL), SK_OK);
    sk_lexicon_free(lex);
    char cmd[400];
    snprintf(cmd, sizeof(cmd), "test $(ls '%s' | wc -l) = 3 && rm -rf '%s'", cache, dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(spanish_labels_of_two_letters),
        cmocka_unit_test(spanish_anagrams_with_blanks),
        cmocka_unit_test(spanish_tiles_that_would_join_are_bracketed),
        cmocka_unit_test(catalan_labels_with_a_middle_dot),
        cmocka_unit_test(polish_round_trip),
        cmocka_unit_test(accents_fold_unless_kept),
        cmocka_unit_test(bad_utf8_is_an_error_with_its_place),
        cmocka_unit_test(skipped_words_are_counted),
        cmocka_unit_test(latin_is_unchanged),
        cmocka_unit_test(cache_keyed_on_the_alphabet),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
