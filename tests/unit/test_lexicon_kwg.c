/* test_lexicon_kwg.c — KWG files: writing and mmapping, validation of corrupt and truncated
 * files, a KWG made by wolges, the word-list cache, finding lexicons by name, the whole
 * SOWPODS list (every word found, 100,000 random non-words not, every GADDAG split present),
 * and the move generator's walk table, built once when threads ask for it at once. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "internal/kwg.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"
#include "testutil.h"

/* Made by wolges' builder (Gaddawg, Wolges layout) from the 19 words of its own tests, below.
 * Its arcs point backward as often as forward, so it takes the loader's depth-first check. */
static const uint32_t wolges_small[] = {
    0x00400017, 0x00400021, 0x08800005, 0x0c800004, 0x13c00000, 0x05400006, 0x04c00000, 0x00000009,
    0x03c00000, 0x01800008, 0x13800000, 0x19c00000, 0x02800000, 0x04800000, 0x14c00004, 0x10c00004,
    0x0fc00000, 0x0100000f, 0x05000006, 0x0f400010, 0x01800002, 0x02c00009, 0x0140000c, 0x01000014,
    0x03000016, 0x1a400011, 0x01c00000, 0x0800001d, 0x1ac00000, 0x0140001a, 0x00400004, 0x0240001a,
    0x00400006, 0x01000030, 0x02000038, 0x03000039, 0x0400003b, 0x0500003d, 0x08000041, 0x0c000044,
    0x0f000046, 0x10000049, 0x1300004b, 0x14000052, 0x1900001f, 0x1a400054, 0x00400002, 0x01c00035,
    0x00000014, 0x0180002e, 0x0200002f, 0x03000036, 0x1a400037, 0x00400008, 0x0040000c, 0x0040000f,
    0x01c00007, 0x00000016, 0x0140001f, 0x01000008, 0x0540001b, 0x0800003f, 0x1a400020, 0x01400040,
    0x01400020, 0x01400042, 0x01c00043, 0x00400005, 0x01400045, 0x01c0001e, 0x0f00001c, 0x1a400048,
    0x00400010, 0x0140004a, 0x1ac0001e, 0x0100001a, 0x0200001a, 0x0c00001d, 0x10000050, 0x14400051,
    0x0140001c, 0x01400008, 0x01400053, 0x03c0001e, 0x00400011};
static const char wolges_words[] = "AA AAH AAHED AAL AALS AAS AB ABA ABAC ABS ABY CAB CAD CAT "
                                   "CATS ZAP ZAPS ZED ZOO ";

static char tmpdir[256];

static int setup(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof(tmpdir), "/tmp/skrab-test-lexicon-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

static void tmp_path(char *out, size_t outsz, const char *name)
{
    snprintf(out, outsz, "%s/%s", tmpdir, name);
}

static void write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static int append(void *ctx, const char *word, size_t len)
{
    sk_buf *b = ctx;
    sk_buf_append(b, word, len);
    sk_buf_putc(b, ' ');
    return 0;
}

static void words_of(const sk_lexicon *lex, sk_buf *out)
{
    sk_buf_init(out);
    assert_int_equal(sk_lexicon_foreach_word(lex, NULL, append, out), SK_OK);
}

/* Exercises a lexicon that passed validation: nothing may crash or read out of bounds. */
static void poke(const sk_lexicon *lex)
{
    sk_lexicon_info info;
    assert_int_equal(sk_lexicon_get_info(lex, &info), SK_OK);
    sk_buf words;
    words_of(lex, &words);
    sk_lexicon_anagram(lex, NULL, "AEIRS??", 7, 0, 2, append, &words);
    sk_buf_free(&words);
    unsigned char path[] = {1, 0, 1, 1, 8};
    sk_lexicon_walk(lex, sk_lexicon_gaddag_root(lex), path, sizeof(path));
    sk_lexicon_contains(lex, NULL, "AAH", 3);
}

static void write_and_open(void **state)
{
    (void)state;
    const char *text = "CAT\nCATS\nDOG\n";
    uint32_t *nodes;
    size_t count;
    assert_int_equal(sk_kwg_build(&nodes, &count, text, strlen(text), NULL, NULL, NULL), SK_OK);
    char path[300];
    tmp_path(path, sizeof(path), "small.kwg");
    assert_int_equal(sk_kwg_write(path, nodes, count), SK_OK);
    /* little-endian on disk, no temporary file left behind */
    sk_buf bytes;
    sk_buf_init(&bytes);
    assert_int_equal(sk_buf_read_file(&bytes, path, 1 << 20), SK_OK);
    assert_int_equal(bytes.len, count * 4);
    for (size_t i = 0; i < count; i++) {
        const unsigned char *p = (const unsigned char *)bytes.data + 4 * i;
        assert_int_equal((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                             (uint32_t)p[3] << 24,
                         nodes[i]);
    }
    assert_true(sk_kwg_detect(bytes.data, bytes.len));
    assert_false(sk_kwg_detect(text, strlen(text)));
    char cmd[400];
    snprintf(cmd, sizeof(cmd), "test $(ls '%s' | wc -l) -eq 1", tmpdir);
    assert_int_equal(system(cmd), 0);

    sk_lexicon *lex;
    assert_int_equal(sk_lexicon_open(&lex, path, NULL), SK_OK);
    assert_non_null(lex->map); /* mapped, not read */
    assert_true(lex->forward);
    assert_int_equal(sk_lexicon_node_count(lex), count);
    assert_memory_equal(sk_lexicon_nodes(lex), nodes, count * 4);
    assert_true(sk_lexicon_contains(lex, NULL, "cats", 4));
    sk_lexicon_free(lex);
    /* loading by content: the same */
    assert_int_equal(sk_lexicon_load(&lex, path, NULL, NULL, NULL, NULL), SK_OK);
    assert_non_null(lex->map);
    sk_lexicon_free(lex);
    /* replacing an existing file works; a directory or a missing directory does not */
    assert_int_equal(sk_kwg_write(path, nodes, count), SK_OK);
    assert_int_equal(sk_kwg_write(tmpdir, nodes, count), SK_EIO);
    tmp_path(path, sizeof(path), "no/such/dir.kwg");
    assert_int_equal(sk_kwg_write(path, nodes, count), SK_EIO);
    /* a device is written in place (never renamed over) */
    assert_int_equal(sk_kwg_write("/dev/null", nodes, count), SK_OK);
    struct stat st;
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    assert_int_equal(sk_lexicon_open(&lex, "/nonexistent/x.kwg", NULL), SK_ENOTFOUND);
    assert_int_equal(sk_lexicon_open(&lex, tmpdir, NULL), SK_ENOTREG);
    sk_buf_free(&bytes);
    free(nodes);
}

static int validate(const uint32_t *nodes, size_t count, const char *expect)
{
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    int rc = sk_kwg_validate(nodes, count * 4, &diags);
    if (expect) {
        assert_int_equal(rc, SK_EINVAL);
        assert_non_null(strstr(diags.items[0].message, expect));
    }
    sk_diag_list_free(&diags);
    return rc;
}

static void corrupt_files(void **state)
{
    (void)state;
    const uint32_t self_loop[] = {0x00400002, 0x00400000, 0x01400002};
    validate(self_loop, 3, "cycle through node 2");
    const uint32_t two_cycle[] = {0x00400002, 0x00400000, 0x01400003, 0x02400002};
    validate(two_cycle, 4, "cycle");
    const uint32_t sibling_cycle[] = {0x00400002, 0x00400000, 0x01000004, 0x02400000, 0x03400002};
    validate(sibling_cycle, 5, "cycle");
    const uint32_t out_of_range[] = {0x00400002, 0x00400000, 0x01c00009};
    validate(out_of_range, 3, "points to node 9, past the last node 2");
    /* tile 64 and tile 255: beyond any alphabet (a letter set holds tiles 0..63); 63 loads */
    const uint32_t tile64[] = {0x00400002, 0x00400000, 0x40400000};
    validate(tile64, 3, "node 2 holds tile 64: tiles are 0..63");
    const uint32_t tile255[] = {0x00400003, 0x00400000, 0x01000000, 0xff400000};
    validate(tile255, 4, "node 3 holds tile 255");
    const uint32_t tile63[] = {0x00400002, 0x00400000, 0x3f400000};
    assert_int_equal(validate(tile63, 3, NULL), SK_OK);
    const uint32_t runs_off[] = {0x00400002, 0x00400000, 0x01800000};
    validate(runs_off, 3, "does not end its list");
    /* a list's tiles ascend: out of order or repeated, in the plain tail of the scan and in its
     * four-node blocks */
    const uint32_t descending[] = {0x00400002, 0x00400000, 0x02800000, 0x01c00000};
    validate(descending, 4, "node 3 holds tile 1 after tile 2 in the same list");
    const uint32_t repeated[] = {0x00400002, 0x00400000, 0x01800000, 0x01c00000};
    validate(repeated, 4, "node 3 holds tile 1 after tile 1");
    const uint32_t late[] = {0x00400002, 0x00400000, 0x01800000, 0x02800000, 0x03800000,
                             0x04800000, 0x06800000, 0x05c00000, 0x01c00000, 0x02c00000};
    validate(late, 10, "node 7 holds tile 5 after tile 6");
    const uint32_t ascending[] = {0x00400002, 0x00400000, 0x01800000, 0x02800000, 0x03800000,
                                  0x04800000, 0x05800000, 0x06c00000, 0x01c00000, 0x02c00000};
    assert_int_equal(validate(ascending, 10, NULL), SK_OK);
    const uint32_t not_root[] = {0x01400000};
    validate(not_root, 1, "node 0 is not a root pointer");
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    assert_int_equal(sk_kwg_validate("", 0, &diags), SK_EINVAL);
    assert_int_equal(sk_kwg_validate("\0\0@\0\0", 5, &diags), SK_EINVAL);
    assert_non_null(strstr(diags.items[1].message, "not a multiple of 4"));
    size_t big = SK_KWG_FILE_MAX + 4;
    unsigned char *huge = calloc(big, 1);
    assert_non_null(huge);
    assert_int_equal(sk_kwg_validate(huge, big, &diags), SK_EINVAL);
    assert_non_null(strstr(diags.items[2].message, "more than the KWG format's"));
    free(huge);
    sk_diag_list_free(&diags);
    /* a DAWG-only file with one empty root is fine */
    const uint32_t dawg_only[] = {0x00400000};
    assert_int_equal(validate(dawg_only, 1, NULL), SK_OK);

    /* every truncation and every single-bit flip of a real file: an error or a usable lexicon */
    const char *text = "AA\nAAH\nAB\nBA\nBAA\nZA\nZZZ\n";
    uint32_t *nodes;
    size_t count;
    assert_int_equal(sk_kwg_build(&nodes, &count, text, strlen(text), NULL, NULL, NULL), SK_OK);
    for (size_t len = 0; len <= count * 4; len++) {
        sk_lexicon *lex = NULL;
        if (sk_lexicon_from_kwg(&lex, nodes, len, NULL) == SK_OK) {
            poke(lex);
            sk_lexicon_free(lex);
        }
    }
    for (size_t i = 0; i < count; i++) {
        for (int bit = 0; bit < 32; bit++) {
            uint32_t *copy = malloc(count * 4);
            memcpy(copy, nodes, count * 4);
            copy[i] ^= 1u << bit;
            sk_lexicon *lex = NULL;
            if (sk_lexicon_from_kwg(&lex, copy, count * 4, NULL) == SK_OK) {
                poke(lex);
                sk_lexicon_free(lex);
            }
            free(copy);
        }
    }
    free(nodes);
}

/* wolges' small file (*THEIRS) and ours from the same words (*OURS). */
static void wolges_pair(sk_lexicon **theirs, sk_lexicon **ours)
{
    assert_int_equal(sk_lexicon_from_kwg(theirs, wolges_small, sizeof(wolges_small), NULL), SK_OK);
    char list[256];
    size_t n = 0;
    for (const char *p = wolges_words; *p; p++)
        list[n++] = *p == ' ' ? '\n' : *p;
    list[n] = '\0';
    assert_int_equal(sk_lexicon_from_wordlist(ours, list, n, NULL, NULL, NULL), SK_OK);
}

static void wolges_interop(void **state)
{
    (void)state;
    /* wolges' file loads (the slow check: it has backward arcs) and holds its words */
    sk_lexicon *theirs, *ours;
    wolges_pair(&theirs, &ours);
    assert_false(theirs->forward);
    sk_buf a, b;
    words_of(theirs, &a);
    assert_string_equal(a.data, wolges_words);
    /* ours, from the same words, holds the same words and the same GADDAG paths */
    words_of(ours, &b);
    assert_string_equal(a.data, b.data);
    /* as small, but for the few copies that keep every arc pointing forward (85 vs 90) */
    assert_true(sk_lexicon_node_count(ours) <= sizeof(wolges_small) / 4 + 5);
    assert_true(ours->forward);
    const char *p = wolges_words;
    while (*p) {
        const char *sp = strchr(p, ' ');
        size_t len = (size_t)(sp - p);
        unsigned char t[SK_WORD_MAX], path[2 * SK_WORD_MAX];
        assert_int_equal(sk_word_to_tiles(p, len, t), 0);
        for (size_t k = 1; k <= len; k++) {
            size_t m = 0;
            for (size_t i = k; i-- > 0;)
                path[m++] = t[i];
            if (k < len) path[m++] = SK_KWG_SEPARATOR;
            for (size_t i = k; i < len; i++)
                path[m++] = t[i];
            uint32_t x = sk_lexicon_walk(theirs, sk_lexicon_gaddag_root(theirs), path, m);
            uint32_t y = sk_lexicon_walk(ours, sk_lexicon_gaddag_root(ours), path, m);
            assert_true(x && sk_kwg_accepts(sk_lexicon_nodes(theirs)[x]));
            assert_true(y && sk_kwg_accepts(sk_lexicon_nodes(ours)[y]));
        }
        p = sp + 1;
    }
    sk_lexicon_info info;
    assert_int_equal(sk_lexicon_get_info(theirs, &info), SK_OK);
    assert_int_equal(info.words, 19);
    assert_true(info.has_gaddag);
    /* written out and opened through the file path (mmap, then the slow check) */
    char path2[300];
    tmp_path(path2, sizeof(path2), "wolges.kwg");
    assert_int_equal(sk_lexicon_save(theirs, path2), SK_OK);
    sk_lexicon *again;
    assert_int_equal(sk_lexicon_load(&again, path2, NULL, NULL, NULL, NULL), SK_OK);
    assert_true(sk_lexicon_contains(again, NULL, "ABAC", 4));
    sk_lexicon_free(again);
    sk_buf_free(&a);
    sk_buf_free(&b);
    sk_lexicon_free(theirs);
    sk_lexicon_free(ours);
}

/* Checks the list LIST of NODES against the table's list TLIST, and the lists below them: each
 * node the same but for its arc, with its child list's tiles in the high half (all 32 bits when
 * a tile is above 30), and each node of NODES always at the same place MAP[i] of the table (0:
 * not met yet; no list holds node 0). Counts the nodes with children in *WITH_KIDS. */
static void same_lists(const uint32_t *nodes, const uint64_t *table, uint32_t list, uint32_t tlist,
                       uint32_t *map, size_t *with_kids)
{
    for (uint32_t i = list, j = tlist;; i++, j++) {
        if (map[i]) { /* met from another list: checked to its end then */
            assert_int_equal(map[i], j);
            return;
        }
        map[i] = j;
        uint32_t node = nodes[i], tnode = (uint32_t)table[j];
        assert_int_equal(tnode & ~0x3FFFFFu, node & ~0x3FFFFFu);
        assert_int_equal(sk_kwg_arc(tnode) != 0, sk_kwg_arc(node) != 0);
        uint64_t tiles = 0, accepting;
        if (sk_kwg_arc(node)) sk_kwg_list_sets(nodes, sk_kwg_arc(node), &tiles, &accepting);
        assert_int_equal(table[j] >> 32, tiles >> 31 ? 0xFFFFFFFFu : tiles);
        *with_kids += tiles != 0;
        if (sk_kwg_arc(node))
            same_lists(nodes, table, sk_kwg_arc(node), sk_kwg_arc(tnode), map, with_kids);
        if (sk_kwg_is_end(node)) break;
    }
}

/* 1 if the table places the runs of siblings of NODES (COUNT of them; a run ends with a node
 * that ends a list, and holds that list and its tails) breadth first from the runs of nodes 0
 * and 1: by the fewest arcs from those to the run, never fewer than the run placed before it.
 * MAP as same_lists left it. */
static int breadth_first(const uint32_t *nodes, size_t count, const uint32_t *map)
{
    uint32_t *start = malloc(count * sizeof(uint32_t)), *depth = malloc(count * sizeof(uint32_t));
    uint32_t *queue = malloc(count * sizeof(uint32_t)), *at = malloc(count * sizeof(uint32_t));
    assert_true(start && depth && queue && at);
    for (size_t i = 0; i < count; i++) /* the run of each node, by its first node */
        start[i] = i == 0 || sk_kwg_is_end(nodes[i - 1]) ? (uint32_t)i : start[i - 1];
    memset(depth, 0xFF, count * sizeof(uint32_t));
    memset(at, 0xFF, count * sizeof(uint32_t));
    size_t n = 0;
    for (uint32_t root = 0; root < 2 && root < count; root++)
        if (depth[start[root]] == UINT32_MAX) {
            depth[start[root]] = 0;
            queue[n++] = start[root];
        }
    for (size_t q = 0; q < n; q++)
        for (uint32_t i = queue[q];; i++) {
            uint32_t arc = sk_kwg_arc(nodes[i]);
            if (arc && depth[start[arc]] == UINT32_MAX) {
                depth[start[arc]] = depth[queue[q]] + 1;
                queue[n++] = start[arc];
            }
            if (sk_kwg_is_end(nodes[i])) break;
        }
    for (size_t i = 0; i < count; i++)
        if (map[i] || i < 2) at[i < 2 ? i : map[i]] = (uint32_t)i;
    int ok = 1;
    uint32_t last = 0;
    for (size_t j = 0; j < count; j++) {
        if (at[j] == UINT32_MAX) continue; /* no list reaches it */
        uint32_t d = depth[start[at[j]]];
        if (d < last) ok = 0;
        last = d;
    }
    free(start);
    free(depth);
    free(queue);
    free(at);
    return ok;
}

/* The walk table of LEX (kwg_walk.c), built on request: its nodes 0 and 1 those of LEX, every
 * list below them the same list of LEX in the table's own places (breadth first), with the set
 * of its child list's tiles above; returns the nodes with children. */
static size_t check_walk_table(const sk_lexicon *lex)
{
    assert_null(sk_lexicon_walk_nodes(lex)); /* not before it is asked for */
    const uint64_t *table = sk_lexicon_build_walk_nodes(lex);
    assert_non_null(table);
    assert_ptr_equal(sk_lexicon_walk_nodes(lex), table);
    assert_ptr_equal(sk_lexicon_build_walk_nodes(lex), table); /* built once */
    const uint32_t *nodes = sk_lexicon_nodes(lex);
    size_t count = sk_lexicon_node_count(lex), with_kids = 0;
    uint32_t *map = calloc(count, sizeof(uint32_t));
    assert_non_null(map);
    for (uint32_t root = 0; root < 2 && root < count; root++) {
        assert_int_equal((uint32_t)table[root] & ~0x3FFFFFu, nodes[root] & ~0x3FFFFFu);
        if (sk_kwg_arc(nodes[root]))
            same_lists(nodes, table, sk_kwg_arc(nodes[root]), sk_kwg_arc((uint32_t)table[root]),
                       map, &with_kids);
    }
    assert_true(breadth_first(nodes, count, map));
    free(map);
    return with_kids;
}

/* The cross sets published with LEX's walk table (sk_walk_cross), each letter checked against
 * the words of two and three tiles LEX holds; returns the sets that are not empty. */
static size_t check_walk_cross(const sk_lexicon *lex)
{
    const sk_walk_cross *x = sk_lexicon_walk_cross(lex);
    assert_non_null(x);
    assert_ptr_equal((const void *)x,
                     (const void *)(sk_lexicon_walk_nodes(lex) + sk_lexicon_node_count(lex)));
    size_t full = 0;
    for (unsigned a = 0; a < SK_WALK_CROSS_TILES; a++) {
        for (unsigned b = 0; b < SK_WALK_CROSS_TILES; b++) {
            uint64_t want = 0, want_after = 0, want_before = 0;
            for (unsigned t = 1; t <= SK_KWG_TILE_MAX && a && b; t++) {
                const unsigned char axb[3] = {(unsigned char)a, (unsigned char)t, (unsigned char)b};
                if (sk_lexicon_contains_tiles(lex, axb, 3)) want |= (uint64_t)1 << t;
                if (sk_lexicon_contains_tiles(lex, axb, 2)) want_after |= (uint64_t)1 << t;
                if (sk_lexicon_contains_tiles(lex, axb + 1, 2)) want_before |= (uint64_t)1 << t;
            }
            assert_true(x->between[a][b] == want);
            if (a && b == 1) assert_true(x->after[a] == want_after);
            if (a == 1 && b) assert_true((x->before[b] & ~(uint64_t)1) == want_before);
            full += want != 0;
        }
    }
    assert_true(x->after[0] == 0 && x->before[0] == 0); /* no tile 0 on a board */
    return full;
}

static void walk_table(void **state)
{
    (void)state;
    sk_lexicon *theirs, *ours;
    /* wolges' layout (arcs backward and forward) and ours, from the same words */
    wolges_pair(&theirs, &ours);
    assert_true(check_walk_table(theirs) > 10);
    assert_true(check_walk_table(ours) > 10);
    assert_true(check_walk_cross(theirs) >=
                4); /* AAH AAL AAS ABA ABS ABY CAB CAD CAT ZAP ZED ZOO */
    assert_int_equal(check_walk_cross(theirs), check_walk_cross(ours));
    sk_lexicon_free(theirs);
    sk_lexicon_free(ours);
    /* the words B and A, their root lists in the wrong order: refused, since every lookup
     * stops at a tile past the one it looks for (A would be found by some queries, not others) */
    const uint32_t unsorted[] = {0x00400002, 0x00400002, 0x02800000, 0x01c00000};
    sk_lexicon *lex = NULL;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    assert_int_equal(sk_lexicon_from_kwg(&lex, unsorted, sizeof(unsorted), &diags), SK_EINVAL);
    assert_null(lex);
    assert_non_null(strstr(diags.items[0].message, "ascending tile order"));
    sk_diag_list_free(&diags);
}

static int count_files(const char *dir)
{
    char cmd[400];
    snprintf(cmd, sizeof(cmd), "exit $(ls '%s' 2>/dev/null | wc -l)", dir);
    int st = system(cmd);
    return WEXITSTATUS(st);
}

static void wordlist_cache(void **state)
{
    (void)state;
    char list[300], cache[300];
    tmp_path(list, sizeof(list), "mine.txt");
    tmp_path(cache, sizeof(cache), "cache/deeper/skrab");
    write_file(list, "ZA\nZO\nAZO\n", 10);
    sk_lexicon *lex;
    sk_buf text;
    sk_buf_init(&text);
    assert_int_equal(sk_lexicon_load(&lex, list, cache, NULL, &text, NULL), SK_OK);
    assert_null(lex->map); /* compiled this time */
    assert_int_equal(text.len, 10);
    assert_true(sk_lexicon_contains(lex, NULL, "azo", 3));
    sk_lexicon_free(lex);
    assert_int_equal(count_files(cache), 1);
    assert_int_equal(sk_lexicon_load(&lex, list, cache, NULL, NULL, NULL), SK_OK);
    assert_non_null(lex->map); /* mapped from the cache */
    assert_true(sk_lexicon_contains(lex, NULL, "ZO", 2));
    sk_lexicon_free(lex);
    /* a damaged cache entry is rebuilt */
    char cmd[800];
    snprintf(cmd, sizeof(cmd), "for f in '%s'/*.cache; do printf 'junk' > \"$f\"; done", cache);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(count_files(cache), 1);
    assert_int_equal(sk_lexicon_load(&lex, list, cache, NULL, NULL, NULL), SK_OK);
    assert_null(lex->map);
    sk_lexicon_free(lex);
    assert_int_equal(sk_lexicon_load(&lex, list, cache, NULL, NULL, NULL), SK_OK);
    assert_non_null(lex->map);
    sk_lexicon_free(lex);
    /* so is one with its last node's tile changed, which leaves a valid graph: the checksum tells
     */
    snprintf(cmd, sizeof(cmd),
             "for f in '%s'/*.cache; do printf '\\003' | dd of=\"$f\" bs=1 seek=$(($(stat -c %%s "
             "\"$f\") - 1)) conv=notrunc status=none; done",
             cache);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(sk_lexicon_load(&lex, list, cache, NULL, NULL, NULL), SK_OK);
    assert_null(lex->map);
    assert_true(sk_lexicon_contains(lex, NULL, "ZO", 2));
    sk_lexicon_free(lex);
    /* other content, another entry; a bad list reports with offsets into TEXT */
    write_file(list, "ZA\nZ0\n", 6);
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    assert_int_equal(sk_lexicon_load(&lex, list, cache, NULL, &text, &diags), SK_EINVAL);
    assert_int_equal(diags.errors, 1);
    assert_int_equal(diags.items[0].offset, 4);
    assert_int_equal(count_files(cache), 1);
    sk_diag_list_free(&diags);
    sk_buf_free(&text);
    assert_int_equal(sk_lexicon_load(&lex, "/nonexistent.txt", cache, NULL, NULL, NULL),
                     SK_ENOTFOUND);
    /* an unwritable cache is no failure */
    assert_int_equal(sk_lexicon_load(&lex, list, "/proc/no-cache-here", NULL, NULL, NULL),
                     SK_EINVAL);
    write_file(list, "QI\n", 3);
    assert_int_equal(sk_lexicon_load(&lex, list, "/proc/no-cache-here", NULL, NULL, NULL), SK_OK);
    sk_lexicon_free(lex);

    char dir[SK_PATH_MAX];
    assert_int_equal(sk_lexicon_cache_dir("/x/cache", "/home/u", dir, sizeof(dir)), SK_OK);
    assert_string_equal(dir, "/x/cache/skrab");
    assert_int_equal(sk_lexicon_cache_dir("relative", "/home/u", dir, sizeof(dir)), SK_OK);
    assert_string_equal(dir, "/home/u/.cache/skrab");
    assert_int_equal(sk_lexicon_cache_dir(NULL, NULL, dir, sizeof(dir)), SK_ENOTFOUND);
}

static void set_mtime(const char *path, time_t t)
{
    char cmd[1024]; /* room for any path the tests make */
    struct tm tm;
    gmtime_r(&t, &tm);
    char stamp[32];
    strftime(stamp, sizeof(stamp), "%Y%m%d%H%M.%S", &tm);
    snprintf(cmd, sizeof(cmd), "TZ=UTC touch -t %s '%s'", stamp, path);
    assert_int_equal(system(cmd), 0);
}

static void find_by_name(void **state)
{
    (void)state;
    char d1[300], d2[300], env[700], out[SK_PATH_MAX], p[400];
    tmp_path(d1, sizeof(d1), "d1");
    tmp_path(d2, sizeof(d2), "d2");
    assert_int_equal(mkdir(d1, 0700), 0);
    assert_int_equal(mkdir(d2, 0700), 0);
    snprintf(env, sizeof(env), "%s:%s", d1, d2);
    sk_datadirs dirs;
    sk_datadirs_init(&dirs, env, NULL);
    assert_int_equal(sk_lexicon_find(&dirs, "nothing-here", out, sizeof(out)), SK_ENOTFOUND);
    assert_int_equal(sk_lexicon_find(&dirs, "some/path.txt", out, sizeof(out)), SK_OK);
    assert_string_equal(out, "some/path.txt");
    /* d2 has both; the KWG is newer, so it is taken */
    snprintf(p, sizeof(p), "%s/lex.txt", d2);
    write_file(p, "AA\n", 3);
    set_mtime(p, 1000000000);
    snprintf(p, sizeof(p), "%s/lex.kwg", d2);
    write_file(p, "\0\0@\0\0\0@\0", 8);
    set_mtime(p, 1000000100);
    assert_int_equal(sk_lexicon_find(&dirs, "lex", out, sizeof(out)), SK_OK);
    assert_string_equal(out, p);
    /* a word list edited after compiling wins */
    snprintf(p, sizeof(p), "%s/lex.txt", d2);
    set_mtime(p, 1000000200);
    assert_int_equal(sk_lexicon_find(&dirs, "lex", out, sizeof(out)), SK_OK);
    assert_string_equal(out, p);
    /* an earlier directory wins over a later one, whatever the form */
    snprintf(p, sizeof(p), "%s/lex.txt", d1);
    write_file(p, "BB\n", 3);
    assert_int_equal(sk_lexicon_find(&dirs, "lex", out, sizeof(out)), SK_OK);
    assert_string_equal(out, p);
}

/* The real list: the wordlist.kwg the build made holds exactly resources/wordlist.txt. */
static void sowpods(void **state)
{
    (void)state;
    sk_buf text;
    tu_read_source(&text, "resources/wordlist.txt");
    char path[SK_PATH_MAX];
    snprintf(path, sizeof(path), "%s/wordlist.kwg", SKRAB_BUILD_DATADIR);
    sk_lexicon *lex;
    assert_int_equal(sk_lexicon_open(&lex, path, NULL), SK_OK);
    assert_true(lex->forward);
    assert_true(sk_lexicon_has_gaddag(lex));
    /* every word, and every GADDAG split of it */
    size_t nwords = 0;
    const uint32_t *nodes = sk_lexicon_nodes(lex);
    char **sorted = malloc(300000 * sizeof(char *));
    assert_non_null(sorted);
    for (char *p = text.data; p < text.data + text.len;) {
        char *nl = memchr(p, '\n', (size_t)(text.data + text.len - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(text.data + text.len - p);
        if (!sk_lexicon_contains(lex, NULL, p, len)) fail_msg("not found: %.*s", (int)len, p);
        unsigned char t[SK_WORD_MAX], g[2 * SK_WORD_MAX];
        assert_int_equal(sk_word_to_tiles(p, len, t), 0);
        for (size_t k = 1; k <= len; k++) {
            size_t m = 0;
            for (size_t i = k; i-- > 0;)
                g[m++] = t[i];
            if (k < len) g[m++] = SK_KWG_SEPARATOR;
            for (size_t i = k; i < len; i++)
                g[m++] = t[i];
            uint32_t at = sk_lexicon_walk(lex, sk_lexicon_gaddag_root(lex), g, m);
            if (!at || !sk_kwg_accepts(nodes[at]))
                fail_msg("GADDAG lacks %.*s/%zu", (int)len, p, k);
        }
        if (nl) *nl = '\0';
        sorted[nwords++] = p;
        p = nl ? nl + 1 : text.data + text.len;
    }
    assert_int_equal(nwords, 267751);
    sk_lexicon_info info;
    assert_int_equal(sk_lexicon_get_info(lex, &info), SK_OK);
    assert_int_equal(info.words, 267751);
    /* 100,000 random strings that are not in the list (binary search) are not found */
    unsigned long long seed = 42;
    size_t tested = 0;
    while (tested < 100000) {
        char w[16];
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        int len = 2 + (int)((seed >> 33) % 14);
        for (int i = 0; i < len; i++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            w[i] = (char)('A' + (seed >> 40) % 26);
        }
        w[len] = '\0';
        size_t lo = 0, hi = nwords;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (strcmp(sorted[mid], w) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo < nwords && strcmp(sorted[lo], w) == 0) continue;
        if (sk_lexicon_contains(lex, NULL, w, (size_t)len)) fail_msg("found non-word %s", w);
        tested++;
    }
    /* an in-process build of the same list gives the same bytes */
    sk_buf again;
    tu_read_source(&again, "resources/wordlist.txt");
    uint32_t *built;
    size_t count;
    assert_int_equal(sk_kwg_build(&built, &count, again.data, again.len, NULL, NULL, NULL), SK_OK);
    assert_int_equal(count, sk_lexicon_node_count(lex));
    assert_memory_equal(built, nodes, count * 4);
    free(built);
    sk_buf_free(&again);
    free(sorted);
    /* the walk table, breadth first; its cross sets: most pairs of letters have a letter
     * between them */
    assert_true(check_walk_table(lex) > 100000);
    assert_true(check_walk_cross(lex) > 26 * 26 / 2);
    sk_lexicon_free(lex);
    sk_buf_free(&text);
}

/* Threads that ask for the walk table at once (sk_lexicon_build_walk_nodes). */
#define ASKERS 4
typedef struct {
    const sk_lexicon *lex;
    pthread_barrier_t *go;
    const uint64_t *got;
} asker;

static void *ask_table(void *arg)
{
    asker *a = arg;
    pthread_barrier_wait(a->go);
    a->got = sk_lexicon_build_walk_nodes(a->lex);
    return NULL;
}

/* The SOWPODS table asked for by four threads at once: one builds it, the others get it or,
 * while it is being built, nothing (they go on without it), never a table of their own. */
static void walk_table_threads(void **state)
{
    (void)state;
    char path[SK_PATH_MAX];
    snprintf(path, sizeof(path), "%s/wordlist.kwg", SKRAB_BUILD_DATADIR);
    sk_lexicon *lex;
    assert_int_equal(sk_lexicon_open(&lex, path, NULL), SK_OK);
    assert_int_equal(sk_lexicon_walk_builds(lex), 0);
    pthread_barrier_t go;
    assert_int_equal(pthread_barrier_init(&go, NULL, ASKERS), 0);
    asker a[ASKERS];
    pthread_t tid[ASKERS];
    for (int i = 0; i < ASKERS; i++) {
        a[i] = (asker){lex, &go, NULL};
        assert_int_equal(pthread_create(&tid[i], NULL, ask_table, &a[i]), 0);
    }
    for (int i = 0; i < ASKERS; i++)
        assert_int_equal(pthread_join(tid[i], NULL), 0);
    pthread_barrier_destroy(&go);
    const uint64_t *table = sk_lexicon_walk_nodes(lex);
    assert_non_null(table);
    int have = 0;
    for (int i = 0; i < ASKERS; i++) {
        if (a[i].got) assert_ptr_equal(a[i].got, table);
        have += a[i].got != NULL;
    }
    assert_true(have >= 1); /* the builder's own */
    assert_int_equal(sk_lexicon_walk_builds(lex), 1);
    assert_ptr_equal(sk_lexicon_build_walk_nodes(lex), table); /* asked again: the same */
    assert_int_equal(sk_lexicon_walk_builds(lex), 1);
    sk_lexicon_free(lex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(write_and_open), cmocka_unit_test(corrupt_files),
        cmocka_unit_test(wolges_interop), cmocka_unit_test(wordlist_cache),
        cmocka_unit_test(find_by_name),   cmocka_unit_test(sowpods),
        cmocka_unit_test(walk_table),     cmocka_unit_test(walk_table_threads),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
