/* test_lexicon.c — building KWGs from word lists and asking them questions: tiny lists, every
 * edge of the word-list reader, the GADDAG's exact content, anagrams, enumeration, counts. */
#include <stdlib.h>
#include <string.h>

#include "internal/kwg.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"
#include "testutil.h"

static sk_lexicon *build_ok(const char *text, sk_kwg_build_stats *stats)
{
    sk_lexicon *lex = NULL;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    int rc = sk_lexicon_from_wordlist(&lex, text, strlen(text), NULL, stats, &diags);
    if (rc != SK_OK)
        fail_msg("build failed (%d): %s", rc, diags.count ? diags.items[0].message : "no diag");
    assert_int_equal(diags.errors, 0);
    sk_diag_list_free(&diags);
    return lex;
}

static int has(const sk_lexicon *lex, const char *w)
{
    return sk_lexicon_contains(lex, NULL, w, strlen(w));
}

static const char *all_words(const sk_lexicon *lex)
{
    static tu_words c;
    memset(&c, 0, sizeof(c));
    assert_int_equal(sk_lexicon_foreach_word(lex, NULL, tu_collect_word, &c), SK_OK);
    return c.text;
}

static uint64_t word_count(const sk_lexicon *lex)
{
    sk_lexicon_info info;
    assert_int_equal(sk_lexicon_get_info(lex, &info), SK_OK);
    assert_int_equal(info.bytes, info.nodes * 4);
    return info.words;
}

/* 1 if the GADDAG holds TILES split before position K (1..LEN): the first K tiles reversed,
 * then (when K < LEN) the separator and the rest, ending on an accepting node. */
static int gaddag_has(const sk_lexicon *lex, const unsigned char *tiles, size_t len, size_t k)
{
    unsigned char path[2 * SK_WORD_MAX + 1];
    size_t n = 0;
    for (size_t i = k; i-- > 0;)
        path[n++] = tiles[i];
    if (k < len) {
        path[n++] = SK_KWG_SEPARATOR;
        for (size_t i = k; i < len; i++)
            path[n++] = tiles[i];
    }
    uint32_t at = sk_lexicon_walk(lex, sk_lexicon_gaddag_root(lex), path, n);
    return at && sk_kwg_accepts(sk_lexicon_nodes(lex)[at]);
}

/* Every accepted GADDAG path must spell a split of a word of the DAWG; returns their number. */
static size_t gaddag_paths(const sk_lexicon *lex, uint32_t list, unsigned char *path, size_t n,
                           size_t sep)
{
    const uint32_t *nodes = sk_lexicon_nodes(lex);
    size_t found = 0;
    for (uint32_t i = list; list; i++) {
        uint32_t node = nodes[i];
        unsigned t = sk_kwg_tile(node);
        if (t == SK_KWG_SEPARATOR) assert_int_equal(sep, 0); /* at most one separator */
        path[n] = (unsigned char)t;
        size_t nsep = t == SK_KWG_SEPARATOR ? n + 1 : sep;
        if (sk_kwg_accepts(node)) {
            assert_int_not_equal(t, SK_KWG_SEPARATOR);
            unsigned char word[2 * SK_WORD_MAX];
            size_t k = nsep ? nsep - 1 : n + 1, len = 0;
            for (size_t j = k; j-- > 0;)
                word[len++] = path[j];
            for (size_t j = nsep; nsep && j <= n; j++)
                word[len++] = path[j];
            assert_true(sk_lexicon_contains_tiles(lex, word, len));
            found++;
        }
        if (sk_kwg_arc(node)) found += gaddag_paths(lex, sk_kwg_arc(node), path, n + 1, nsep);
        if (sk_kwg_is_end(node)) break;
    }
    return found;
}

/* The GADDAG holds exactly every split of every word. */
static void check_gaddag(const sk_lexicon *lex)
{
    assert_true(sk_lexicon_has_gaddag(lex));
    size_t letters = 0, words = 0;
    const char *p = all_words(lex);
    while (*p) {
        const char *sp = strchr(p, ' ');
        size_t len = (size_t)(sp - p);
        unsigned char tiles[SK_WORD_MAX];
        assert_int_equal(sk_word_to_tiles(p, len, tiles), 0);
        for (size_t k = 1; k <= len; k++)
            assert_true(gaddag_has(lex, tiles, len, k));
        letters += len;
        words++;
        p = sp + 1;
    }
    unsigned char path[2 * SK_WORD_MAX + 2];
    assert_int_equal(gaddag_paths(lex, sk_lexicon_gaddag_root(lex), path, 0, 0), letters);
    assert_int_equal(word_count(lex), words);
}

static void tiny_list(void **state)
{
    (void)state;
    sk_kwg_build_stats stats;
    sk_lexicon *lex = build_ok("CAT\ncats\n  Car \r\n\n# a comment\n#CARE\ndog\n", &stats);
    assert_true(has(lex, "CAT"));
    assert_true(has(lex, "cat"));
    assert_true(has(lex, "Cats"));
    assert_true(has(lex, "CAR"));
    assert_true(has(lex, "DOG"));
    assert_false(has(lex, "CA"));
    assert_false(has(lex, "CARE")); /* commented out */
    assert_false(has(lex, "CATSS"));
    assert_false(has(lex, "DO"));
    assert_false(has(lex, "C"));
    assert_false(has(lex, ""));
    assert_false(has(lex, "CAT "));
    assert_false(has(lex, "C-T"));
    assert_string_equal(all_words(lex), "CAR CAT CATS DOG ");
    assert_int_equal(stats.words, 4);
    assert_int_equal(stats.lines, 7);
    assert_int_equal(sk_lexicon_node_count(lex), stats.nodes);
    check_gaddag(lex);
    /* a prefix walk: CA leads on to R and T; CAT is a word with a child (S) */
    unsigned char ca[] = {3, 1}, cat[] = {3, 1, 20};
    uint32_t at = sk_lexicon_walk(lex, sk_lexicon_dawg_root(lex), ca, 2);
    assert_true(at != 0);
    assert_false(sk_kwg_accepts(sk_lexicon_nodes(lex)[at]));
    uint64_t tiles, accepting;
    sk_kwg_list_sets(sk_lexicon_nodes(lex), sk_kwg_arc(sk_lexicon_nodes(lex)[at]), &tiles,
                     &accepting);
    assert_true(tiles == ((1u << 18) | (1u << 20)) && accepting == tiles);
    at = sk_lexicon_walk(lex, sk_lexicon_dawg_root(lex), cat, 3);
    assert_true(sk_kwg_accepts(sk_lexicon_nodes(lex)[at]) && sk_kwg_arc(sk_lexicon_nodes(lex)[at]));
    sk_lexicon_free(lex);
}

static void empty_lists(void **state)
{
    (void)state;
    const char *empties[] = {"", "\n\n", "# only a comment", "  \t\r\n# x\n"};
    for (size_t i = 0; i < 4; i++) {
        sk_kwg_build_stats stats;
        sk_lexicon *lex = build_ok(empties[i], &stats);
        assert_int_equal(sk_lexicon_node_count(lex), 2); /* two root pointers, no lists */
        assert_int_equal(sk_lexicon_nodes(lex)[0], 0x400000u);
        assert_int_equal(sk_lexicon_nodes(lex)[1], 0x400000u);
        assert_int_equal(sk_lexicon_dawg_root(lex), 0);
        assert_int_equal(sk_lexicon_gaddag_root(lex), 0);
        assert_false(has(lex, "AA"));
        assert_int_equal(word_count(lex), 0);
        assert_string_equal(all_words(lex), "");
        tu_words c = {.len = 0};
        assert_int_equal(sk_lexicon_anagram(lex, NULL, "AB?", 3, 0, 2, tu_collect_word, &c), SK_OK);
        assert_int_equal(c.count, 0);
        assert_int_equal(stats.words, 0);
        sk_lexicon_free(lex);
    }
}

static void single_letters_skipped(void **state)
{
    (void)state;
    sk_lexicon *lex = NULL;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    sk_kwg_build_stats stats;
    const char *text = "A\nAA\ni\nAB";
    assert_int_equal(sk_lexicon_from_wordlist(&lex, text, strlen(text), NULL, &stats, &diags),
                     SK_OK);
    assert_int_equal(diags.errors, 0);
    assert_int_equal(diags.warnings, 2);
    assert_non_null(strstr(diags.items[0].message, "single letters are not words; 'A'"));
    int line, col;
    sk_diag_locate(text, strlen(text), diags.items[1].offset, &line, &col);
    assert_int_equal(line, 3);
    assert_int_equal(stats.skipped, 2);
    assert_string_equal(all_words(lex), "AA AB ");
    assert_false(has(lex, "A"));
    sk_lexicon_free(lex);
    sk_diag_list_free(&diags);
}

static void long_words_and_all_letters(void **state)
{
    (void)state;
    char text[600], w64[SK_WORD_MAX + 1];
    for (int i = 0; i < SK_WORD_MAX; i++)
        w64[i] = (char)('A' + i % 26);
    w64[SK_WORD_MAX] = '\0';
    /* 15 letters, all 26 letters in one word, 64 letters; last line without a newline */
    snprintf(text, sizeof(text), "abcdefghijklmnopqrstuvwxyz\nQUATERNIONIZING\nZA\n%s", w64);
    sk_lexicon *lex = build_ok(text, NULL);
    assert_true(has(lex, "QUATERNIONIZING"));
    assert_true(has(lex, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"));
    assert_true(has(lex, w64));
    assert_true(has(lex, "ZA"));
    assert_false(has(lex, "QUATERNIONIZIN"));
    w64[SK_WORD_MAX - 1] = '\0';
    assert_false(has(lex, w64));
    check_gaddag(lex);
    sk_lexicon_free(lex);

    /* 65 letters: an error naming the line */
    char w65[SK_WORD_MAX + 3];
    memset(w65, 'Q', SK_WORD_MAX + 1);
    w65[SK_WORD_MAX + 1] = '\0';
    snprintf(text, sizeof(text), "AA\n%s\nBB\n", w65);
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    lex = NULL;
    assert_int_equal(sk_lexicon_from_wordlist(&lex, text, strlen(text), NULL, NULL, &diags),
                     SK_EINVAL);
    assert_null(lex);
    assert_int_equal(diags.errors, 1);
    assert_non_null(strstr(diags.items[0].message, "65 letters are more than the limit of 64"));
    int line, col;
    sk_diag_locate(text, strlen(text), diags.items[0].offset, &line, &col);
    assert_int_equal(line, 2);
    sk_diag_list_free(&diags);
}

static void duplicates_and_order(void **state)
{
    (void)state;
    sk_kwg_build_stats stats;
    sk_lexicon *lex = build_ok("zoo\ncat\nCAT\nCat\naa\nzoo\nbee\n", &stats);
    assert_int_equal(stats.words, 4);
    assert_int_equal(stats.duplicates, 3);
    assert_string_equal(all_words(lex), "AA BEE CAT ZOO ");
    check_gaddag(lex);
    sk_lexicon_free(lex);
}

static void invalid_words(void **state)
{
    (void)state;
    const char *text = "CAT\nca-t\nice cream\nna\xc3\xafve\nDOG\n";
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    sk_lexicon *lex = NULL;
    assert_int_equal(sk_lexicon_from_wordlist(&lex, text, strlen(text), NULL, NULL, &diags),
                     SK_EINVAL);
    assert_int_equal(diags.errors, 3);
    const int lines[] = {2, 3, 4}, cols[] = {3, 4, 3};
    for (int i = 0; i < 3; i++) {
        int line, col;
        sk_diag_locate(text, strlen(text), diags.items[i].offset, &line, &col);
        assert_int_equal(line, lines[i]);
        assert_int_equal(col, cols[i]);
    }
    assert_non_null(strstr(diags.items[0].message, "'-' is not a letter A-Z in word 'ca-t'"));
    assert_non_null(strstr(diags.items[1].message, "a space is not a letter"));
    assert_non_null(strstr(diags.items[2].message, "byte 0xc3"));
    sk_diag_list_free(&diags);

    /* --skip-invalid: warnings, and the rest is built */
    sk_diag_list_init(&diags);
    sk_kwg_build_options opts = {.skip_invalid = 1};
    sk_kwg_build_stats stats;
    assert_int_equal(sk_lexicon_from_wordlist(&lex, text, strlen(text), &opts, &stats, &diags),
                     SK_OK);
    assert_int_equal(diags.errors, 0);
    assert_int_equal(diags.warnings, 3);
    assert_int_equal(stats.skipped, 3);
    assert_string_equal(all_words(lex), "CAT DOG ");
    sk_lexicon_free(lex);
    sk_diag_list_free(&diags);

    /* binary data is refused outright; a byte-order mark is skipped */
    sk_diag_list_init(&diags);
    assert_int_equal(sk_lexicon_from_wordlist(&lex, "AB\0CD\n", 6, NULL, NULL, &diags), SK_EINVAL);
    assert_non_null(strstr(diags.items[0].message, "binary data"));
    sk_diag_list_free(&diags);
    lex = build_ok("\xEF\xBB\xBF"
                   "AB\nCD\n",
                   NULL);
    assert_string_equal(all_words(lex), "AB CD ");
    sk_lexicon_free(lex);
}

static void record_stage(void *ctx, sk_kwg_stage stage, size_t done, size_t total)
{
    (void)done;
    (void)total;
    ((int *)ctx)[stage]++;
}

static void progress_reported(void **state)
{
    (void)state;
    int seen[SK_KWG_STAGE_DONE + 1] = {0};
    sk_kwg_build_options opts = {.progress = record_stage, .progress_ctx = seen};
    uint32_t *nodes;
    size_t count;
    const char *text = "AA\nAB\n";
    assert_int_equal(sk_kwg_build(&nodes, &count, text, strlen(text), &opts, NULL, NULL), SK_OK);
    assert_true(seen[SK_KWG_STAGE_READ] && seen[SK_KWG_STAGE_DAWG] && seen[SK_KWG_STAGE_GADDAG]);
    assert_true(seen[SK_KWG_STAGE_LAYOUT] && seen[SK_KWG_STAGE_DONE]);
    free(nodes);
}

static int stop_after_two(void *ctx, const char *word, size_t len)
{
    (void)word;
    (void)len;
    return ++*(int *)ctx == 2;
}

static void anagrams(void **state)
{
    (void)state;
    sk_lexicon *lex = build_ok("ACT\nCAT\nAT\nTA\nTACT\nAA\nBAA\nABA\nZZZ\n", NULL);
    tu_words c;
    memset(&c, 0, sizeof(c));
    assert_int_equal(sk_lexicon_anagram(lex, NULL, "TAC", 3, 0, 2, tu_collect_word, &c), SK_OK);
    assert_string_equal(c.text, "ACT AT CAT TA ");
    memset(&c, 0, sizeof(c));
    assert_int_equal(
        sk_lexicon_anagram(lex, NULL, "tac", 3, SK_ANAGRAM_EXACT, 2, tu_collect_word, &c), SK_OK);
    assert_string_equal(c.text, "ACT CAT ");
    memset(&c, 0, sizeof(c));
    assert_int_equal(sk_lexicon_anagram(lex, NULL, "TAC", 3, 0, 3, tu_collect_word, &c), SK_OK);
    assert_string_equal(c.text, "ACT CAT ");
    /* a blank is used only where the rack lacks the letter, shown lowercase */
    memset(&c, 0, sizeof(c));
    assert_int_equal(sk_lexicon_anagram(lex, NULL, "A?", 2, 0, 2, tu_collect_word, &c), SK_OK);
    assert_string_equal(c.text, "Aa At tA ");
    memset(&c, 0, sizeof(c));
    assert_int_equal(
        sk_lexicon_anagram(lex, NULL, "AB?", 3, SK_ANAGRAM_EXACT, 2, tu_collect_word, &c), SK_OK);
    assert_string_equal(c.text, "ABa BAa ");
    memset(&c, 0, sizeof(c));
    assert_int_equal(
        sk_lexicon_anagram(lex, NULL, "???", 3, SK_ANAGRAM_EXACT, 2, tu_collect_word, &c), SK_OK);
    assert_string_equal(c.text, "aba act baa cat zzz ");
    /* bad racks */
    assert_int_equal(sk_lexicon_anagram(lex, NULL, "A1", 2, 0, 2, tu_collect_word, &c), SK_EINVAL);
    char big[SK_WORD_MAX + 2];
    memset(big, 'A', sizeof(big));
    assert_int_equal(sk_lexicon_anagram(lex, NULL, big, sizeof(big), 0, 2, tu_collect_word, &c),
                     SK_EINVAL);
    /* the callback may stop the search */
    int calls = 0;
    assert_int_equal(sk_lexicon_anagram(lex, NULL, "???", 3, 0, 2, stop_after_two, &calls), 1);
    assert_int_equal(calls, 2);
    calls = 0;
    assert_int_equal(sk_lexicon_foreach_word(lex, NULL, stop_after_two, &calls), 1);
    sk_lexicon_free(lex);
}

/* Random lists against a brute-force oracle: the DAWG holds exactly the words, the GADDAG
 * exactly their splits. */
static void random_lists(void **state)
{
    (void)state;
    unsigned long long seed = 12345;
    for (int round = 0; round < 40; round++) {
        char text[8192];
        size_t len = 0;
        int nwords = 1 + (int)(seed % 120);
        for (int w = 0; w < nwords; w++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            int wl = 2 + (int)((seed >> 33) % 9);
            int alpha = 2 + round % 6; /* small alphabets share more */
            for (int i = 0; i < wl; i++) {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                text[len++] = (char)('A' + (seed >> 40) % (unsigned)alpha);
            }
            text[len++] = '\n';
        }
        text[len] = '\0';
        sk_lexicon *lex = build_ok(text, NULL);
        for (const char *p = text; *p;) {
            const char *nl = strchr(p, '\n');
            assert_true(sk_lexicon_contains(lex, NULL, p, (size_t)(nl - p)));
            p = nl + 1;
        }
        check_gaddag(lex);
        assert_true(sk_kwg_arcs_forward(sk_lexicon_nodes(lex), sk_lexicon_node_count(lex)));
        sk_lexicon_free(lex);
    }
}

/* A list too big for the KWG format is refused with a message, before it costs much. */
static void too_big(void **state)
{
    (void)state;
    size_t nwords = 450000, len = nwords * (SK_WORD_MAX + 1);
    char *text = malloc(len);
    assert_non_null(text);
    unsigned long long seed = 99;
    for (size_t w = 0; w < nwords; w++) {
        for (int i = 0; i < SK_WORD_MAX; i++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            text[w * (SK_WORD_MAX + 1) + (size_t)i] = (char)('A' + (seed >> 40) % 26);
        }
        text[w * (SK_WORD_MAX + 1) + SK_WORD_MAX] = '\n';
    }
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    uint32_t *nodes = NULL;
    size_t count;
    assert_int_equal(sk_kwg_build(&nodes, &count, text, len, NULL, NULL, &diags), SK_ETOOBIG);
    assert_null(nodes);
    assert_non_null(strstr(diags.items[0].message, "too large to compile"));
    sk_diag_list_free(&diags);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tiny_list),
        cmocka_unit_test(empty_lists),
        cmocka_unit_test(single_letters_skipped),
        cmocka_unit_test(long_words_and_all_letters),
        cmocka_unit_test(duplicates_and_order),
        cmocka_unit_test(invalid_words),
        cmocka_unit_test(progress_reported),
        cmocka_unit_test(anagrams),
        cmocka_unit_test(random_lists),
        cmocka_unit_test(too_big),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
