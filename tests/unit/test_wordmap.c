/* test_wordmap.c — the word map: every word of the lexicon under the key of its letters, each
 * class holding exactly its anagrams; keys that spell nothing find nothing; lexicons it cannot
 * count are refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "internal/wordmap.h"
#include "skrab/board.h"
#include "skrab/error.h"
#include "skrab/tiles.h"
#include "skrab/wordmap.h"

static sk_lexicon *lexicon_of(const char *words)
{
    sk_lexicon *lex = NULL;
    assert_int_equal(sk_lexicon_from_wordlist(&lex, words, strlen(words), NULL, NULL, NULL), SK_OK);
    return lex;
}

static sk_wm_key key_of(const char *letters)
{
    sk_wm_key k = {0, 0};
    for (const char *p = letters; *p; p++)
        sk_wm_key_add(&k, (unsigned)(*p - 'A' + 1));
    return k;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* The words of KEY as text, sorted, space-separated, into OUT. */
static void words_of(const sk_wordmap *wm, const char *letters, char *out, size_t size)
{
    unsigned count, len;
    const uint8_t *w = sk_wordmap_find(wm, key_of(letters), &count, &len);
    char all[64][32];
    assert_true(count < 64);
    for (unsigned i = 0; i < count; i++) {
        assert_true(len < 32);
        for (unsigned j = 0; j < len; j++)
            all[i][j] = (char)('A' - 1 + w[i * len + j]);
        all[i][len] = '\0';
    }
    qsort(all, count, sizeof(all[0]), by_text);
    size_t at = 0;
    out[0] = '\0';
    for (unsigned i = 0; i < count; i++) {
        int n = snprintf(out + at, size - at, "%s%s", i ? " " : "", all[i]);
        assert_true(n > 0 && (size_t)n < size - at);
        at += (size_t)n;
    }
}

static void anagram_classes(void **state)
{
    (void)state;
    sk_lexicon *lex = lexicon_of("AE\nEAT\nETA\nTEA\nATE\nTEAS\nSEAT\nEATS\nZZZ\nQI\nXYZZYXZ\n");
    sk_wordmap *wm;
    assert_int_equal(sk_wordmap_build(&wm, lex), SK_OK);
    assert_true(sk_wordmap_of(wm, lex));
    char got[256];
    words_of(wm, "TAE", got, sizeof(got));
    assert_string_equal(got, "ATE EAT ETA TEA");
    words_of(wm, "SATE", got, sizeof(got));
    assert_string_equal(got, "EATS SEAT TEAS");
    words_of(wm, "EA", got, sizeof(got));
    assert_string_equal(got, "AE");
    words_of(wm, "ZZZ", got, sizeof(got));
    assert_string_equal(got, "ZZZ");
    words_of(wm, "XXYYZZZ", got, sizeof(got));
    assert_string_equal(got, "XYZZYXZ");
    /* near misses: a letter more, a letter less, another letter */
    const char *none[] = {"EATT", "T", "ZZ", "ZZZZ", "IQQ", "SEATS", "XYZ", ""};
    for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++) {
        unsigned count = 99, len = 99;
        assert_null(sk_wordmap_find(wm, key_of(none[i]), &count, &len));
        assert_int_equal(count, 0);
    }
    size_t classes, words, bytes;
    sk_wordmap_stats(wm, &classes, &words, &bytes);
    assert_int_equal(words, 11);
    assert_int_equal(classes, 6); /* AE, AET, AEST, ZZZ, IQ, XXYYZZZ */
    assert_true(bytes > 0);
    sk_lexicon *other = lexicon_of("AE\n");
    assert_false(sk_wordmap_of(wm, other));
    sk_lexicon_free(other);
    sk_wordmap_free(wm);
    sk_lexicon_free(lex);
}

/* The letters of a key one short of a class: each letter that completes a word is there, the
 * exact set for these (no two keys share a hash half here), and none for a key no letter
 * completes. Then, over every key of up to 3 letters from A..F, against sk_wordmap_find. */
static void blank_letters(void **state)
{
    (void)state;
    sk_lexicon *lex = lexicon_of("CAT\nACT\nBAT\nTAB\nEAT\nATE\nTAT\nAT\nQI\nABED\nBEAD\nFADE\n");
    sk_wordmap *wm;
    assert_int_equal(sk_wordmap_build(&wm, lex), SK_OK);
    uint32_t want = 1u << ('C' - 'A' + 1) | 1u << ('B' - 'A' + 1) | 1u << ('E' - 'A' + 1) |
                    1u << ('T' - 'A' + 1);
    assert_int_equal(sk_wordmap_blank_letters(wm, key_of("AT")), want);
    assert_int_equal(sk_wordmap_blank_letters(wm, key_of("Q")), 1u << ('I' - 'A' + 1));
    assert_int_equal(sk_wordmap_blank_letters(wm, key_of("A")), 1u << ('T' - 'A' + 1));
    assert_int_equal(sk_wordmap_blank_letters(wm, key_of("ZZ")), 0);
    assert_int_equal(sk_wordmap_blank_letters(wm, key_of("ABD")), 1u << ('E' - 'A' + 1));
    int checked = 0;
    for (int n = 0; n <= 3; n++) {
        int total = 1;
        for (int i = 0; i < n; i++)
            total *= 6;
        for (int x = 0; x < total; x++) {
            char letters[8];
            for (int i = 0, y = x; i < n; i++, y /= 6)
                letters[i] = (char)('A' + y % 6);
            letters[n] = '\0';
            uint32_t have = sk_wordmap_blank_letters(wm, key_of(letters));
            for (unsigned t = 1; t <= 26; t++) {
                sk_wm_key k = key_of(letters);
                sk_wm_key_add(&k, t);
                unsigned count, len;
                int spells = sk_wordmap_find(wm, k, &count, &len) != NULL;
                if (spells && !(have >> t & 1))
                    fail_msg("%s + %c spells a word, not in the blank letters", letters,
                             'A' + t - 1);
                checked += spells;
            }
        }
    }
    assert_true(checked > 10);
    sk_wordmap_free(wm);
    sk_lexicon_free(lex);
}

static void keys_count_letters(void **state)
{
    (void)state;
    sk_wm_key k = key_of("AAZPPP");
    assert_int_equal(sk_wm_key_count(&k, 1), 2);
    assert_int_equal(sk_wm_key_count(&k, 16), 3); /* P, the last letter of the low word */
    assert_int_equal(sk_wm_key_count(&k, 17), 0);
    assert_int_equal(sk_wm_key_count(&k, 26), 1);
    k = key_of("AAAAAAAAAAAAAAA"); /* 15: the most a key counts */
    assert_int_equal(sk_wm_key_count(&k, 1), 15);
    assert_int_equal(sk_wm_key_count(&k, 2), 0);
}

static void refuses_what_it_cannot_count(void **state)
{
    (void)state;
    /* a word with one letter 16 times: the key's four bits cannot hold it */
    sk_lexicon *lex = lexicon_of("AB\nBBBBBBBBBBBBBBBB\n");
    sk_wordmap *wm = (sk_wordmap *)1;
    assert_int_equal(sk_wordmap_build(&wm, lex), SK_EINVAL);
    assert_null(wm);
    sk_lexicon_free(lex);
    /* 15 copies are fine */
    lex = lexicon_of("AB\nBBBBBBBBBBBBBBB\n");
    assert_int_equal(sk_wordmap_build(&wm, lex), SK_OK);
    unsigned count, len;
    assert_non_null(sk_wordmap_find(wm, key_of("BBBBBBBBBBBBBBB"), &count, &len));
    assert_int_equal(len, 15);
    sk_wordmap_free(wm);
    sk_lexicon_free(lex);
    sk_wordmap_free(NULL);
}

/* A map of more than 26 letters (wide): Polish, whose Ź and Ż are letters 31 and 32; a set of
 * more than SK_WM_LETTERS letters has none. */
static void wide_alphabet(void **state)
{
    (void)state;
    sk_tileset pl;
    assert_int_equal(sk_tileset_builtin(&pl, "polish"), SK_OK);
    sk_kwg_build_options opts = {.alphabet = &pl.alphabet};
    const char *text = "żółw\nźdźbło\nłódź\nżal\nlaż\n";
    sk_lexicon *lex = NULL;
    assert_int_equal(sk_lexicon_from_wordlist(&lex, text, strlen(text), &opts, NULL, NULL), SK_OK);
    sk_wordmap *wm = NULL;
    assert_int_equal(sk_wordmap_build(&wm, lex), SK_OK);
    const char *words[] = {"ŻÓŁW", "ŹDŹBŁO", "ŻAL"};
    const unsigned counts[] = {1, 1, 2}; /* ŻAL and LAŻ */
    for (int i = 0; i < 3; i++) {
        char tiles[16];
        size_t at;
        sk_tile_read why;
        int n = sk_alphabet_read_tiles(&pl.alphabet, words[i], strlen(words[i]), 0, tiles, 15, &at,
                                       &why);
        assert_true(n > 0);
        sk_wm_key key = {0, 0}, less = {0, 0};
        for (int j = 0; j < n; j++) {
            sk_wm_key_add(&key, (unsigned char)tiles[j]);
            if (j) sk_wm_key_add(&less, (unsigned char)tiles[j]);
        }
        unsigned count, len;
        const uint8_t *w = sk_wordmap_find(wm, key, &count, &len);
        assert_non_null(w);
        assert_int_equal(count, counts[i]);
        assert_int_equal(len, (unsigned)n);
        int found = 0; /* the word is one of its class */
        for (unsigned k = 0; k < count; k++)
            found |= memcmp(w + (size_t)k * len, tiles, (size_t)n) == 0;
        assert_true(found);
        /* the word less its first letter: a blank may be that letter (bit 32 for Ż) */
        assert_true(sk_wordmap_blank_letters(wm, less) >> (unsigned char)tiles[0] & 1);
    }
    sk_wordmap_free(wm);
    sk_lexicon_free(lex);
}

/* The whole map (its lookup and blank tables, words and filter) past the limit: refused. */
static void refuses_a_map_beyond_its_limit(void **state)
{
    (void)state;
    sk_lexicon *lex = lexicon_of("AB\nBA\nCAT\n");
    sk_wordmap *wm = (sk_wordmap *)1;
    assert_int_equal(sk_wordmap_build_within(&wm, lex, SK_WORDMAP_LETTERS_MAX, 1 << 20), SK_EINVAL);
    assert_null(wm);
    assert_int_equal(sk_wordmap_build_within(&wm, lex, SK_WORDMAP_LETTERS_MAX, 2 << 20), SK_OK);
    sk_wordmap_free(wm);
    sk_lexicon_free(lex);
}

/* Its words (4-byte header and padding per class) past the limit: refused, nothing kept; at
 * the limit: built, and the class found. */
static void refuses_words_beyond_its_limit(void **state)
{
    (void)state;
    sk_lexicon *lex = lexicon_of("AB\nBA\nCAT\n"); /* AB: 4 + 2 * 2, ACT: 4 + 3 + 1 padding */
    sk_wordmap *wm = (sk_wordmap *)1;
    assert_int_equal(sk_wordmap_build_within(&wm, lex, 15, SK_WORDMAP_BYTES_MAX), SK_EINVAL);
    assert_null(wm);
    assert_int_equal(sk_wordmap_build_within(&wm, lex, 16, SK_WORDMAP_BYTES_MAX), SK_OK);
    unsigned count, len;
    assert_non_null(sk_wordmap_find(wm, key_of("TAC"), &count, &len));
    assert_int_equal(count, 1);
    assert_int_equal(len, 3);
    sk_wordmap_free(wm);
    sk_lexicon_free(lex);
}

/* The shipped lexicon (SOWPODS, 267,751 words): each word is in the class of its letters, and
 * for each of its letters the blank table of the word's other letters holds that letter (a key
 * sharing a slot with others may get extra letters, never lose its own). */
static void every_shipped_word(void **state)
{
    (void)state;
    char path[4096];
    snprintf(path, sizeof(path), "%s/wordlist.kwg", SKRAB_BUILD_DATADIR);
    sk_lexicon *lex = NULL;
    assert_int_equal(sk_lexicon_open(&lex, path, NULL), SK_OK);
    sk_wordmap *wm;
    assert_int_equal(sk_wordmap_build(&wm, lex), SK_OK);
    sk_buf text;
    sk_buf_init(&text);
    tu_read_source(&text, "resources/wordlist.txt");
    size_t words = 0;
    const char *end = text.data + text.len;
    for (const char *p = text.data, *nl; p < end; p = nl + 1) {
        nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) nl = end;
        size_t n = (size_t)(nl - p);
        if (n == 0 || n > SK_BOARD_MAX) continue;
        uint8_t tiles[SK_BOARD_MAX];
        sk_wm_key key = {0, 0};
        for (size_t i = 0; i < n; i++) {
            tiles[i] = (uint8_t)(p[i] - 'A' + 1);
            sk_wm_key_add(&key, tiles[i]);
        }
        unsigned count, len;
        const uint8_t *w = sk_wordmap_find(wm, key, &count, &len);
        assert_non_null(w);
        assert_int_equal(len, n);
        unsigned j = 0;
        while (j < count && memcmp(w + (size_t)j * len, tiles, n) != 0)
            j++;
        if (j == count) fail_msg("%.*s is not in the class of its letters", (int)n, p);
        for (size_t i = 0; i < n; i++) {
            sk_wm_key less = key; /* the word less its letter i */
            if (tiles[i] <= 16)
                less.lo -= (uint64_t)1 << (4 * (tiles[i] - 1));
            else
                less.hi -= (uint64_t)1 << (4 * (tiles[i] - 17));
            if (!(sk_wordmap_blank_letters(wm, less) >> tiles[i] & 1))
                fail_msg("the blank table of %.*s less letter %zu lacks it", (int)n, p, i + 1);
        }
        words++;
    }
    size_t classes, total, bytes;
    sk_wordmap_stats(wm, &classes, &total, &bytes);
    assert_int_equal(words, 267751);
    assert_int_equal(total, words);
    sk_buf_free(&text);
    sk_wordmap_free(wm);
    sk_lexicon_free(lex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(anagram_classes),
        cmocka_unit_test(blank_letters),
        cmocka_unit_test(keys_count_letters),
        cmocka_unit_test(refuses_what_it_cannot_count),
        cmocka_unit_test(refuses_words_beyond_its_limit),
        cmocka_unit_test(refuses_a_map_beyond_its_limit),
        cmocka_unit_test(wide_alphabet),
        cmocka_unit_test(every_shipped_word),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
