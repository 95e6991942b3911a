/* test_movegen.c — the move generator is exact: the reference positions' counts and best scores
 * (tests/data/positions, agreed by independent engines), and move-for-move, score-for-score
 * agreement with a brute force that tries every start square, direction and ordered choice of rack
 * tiles and lets the rules module decide — on random boards 11..26 with random factors -9..99 (a
 * third of them 1..99), both rule sets. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "brute_moves.h"

#include "internal/kwg.h" /* sk_lexicon_walk_nodes: whether the walk table was built */
#include "skrab/error.h"
#include "skrab/game.h"
#include "skrab/leave.h"
#include "skrab/movegen.h"
#include "skrab/players.h"
#include "skrab/wordmap.h"

static void check_best(sk_movegen *gen, const sk_rules *rules, const sk_position *pos,
                       sk_move_list *list, const sk_wordmap *wm, const sk_leaves *lv);

/* ---- a leave file of random values ---------------------------------------------------------- */

typedef struct {
    unsigned char t[8];
    int n;
} leave_str;

static int leave_cmp(const void *a, const void *b)
{
    const leave_str *x = a, *y = b;
    int m = x->n < y->n ? x->n : y->n, c = memcmp(x->t, y->t, (size_t)m);
    return c ? c : x->n - y->n;
}

/* Lays out the leaves L[LO..HI) (sorted), which agree on their first D tiles, as the list of
 * their D-th tiles in NODES: a trie, which a KLV's DAWG may be (no suffix shared). */
static uint32_t trie_list(const leave_str *l, size_t lo, size_t hi, int d, uint32_t *nodes,
                          uint32_t *used)
{
    while (lo < hi && l[lo].n <= d)
        lo++;
    uint32_t first = *used, k = 0;
    for (size_t i = lo; i < hi; k++) /* the distinct tiles at D */
        for (unsigned char t = l[i].t[d]; i < hi && l[i].t[d] == t; i++)
            ;
    *used += k;
    k = 0;
    for (size_t i = lo; i < hi; k++) {
        size_t j = i;
        unsigned char t = l[i].t[d];
        while (j < hi && l[j].t[d] == t)
            j++;
        int accepts = l[i].n == d + 1, deeper = l[j - 1].n > d + 1;
        uint32_t arc = deeper ? trie_list(l, i, j, d + 1, nodes, used) : 0;
        nodes[first + k] =
            (uint32_t)t << 24 | (accepts ? 0x800000u : 0) | (j == hi ? 0x400000u : 0) | arc;
        i = j;
    }
    return first;
}

/* Leaves over the tiles 0..KINDS-1 (0 the blank) with random values in -30..+40: every leave of
 * one and two tiles and EXTRA random ones of 3..MAXLEN tiles (others are worth 0, as a leave a
 * file lacks). */
static sk_leaves *random_leaves(uint64_t *seed, int kinds, int maxlen, int extra)
{
    size_t cap = (size_t)kinds * (size_t)kinds + (size_t)extra, n = 0;
    leave_str *l = calloc(cap, sizeof(*l));
    assert_non_null(l);
    for (int a = 0; a < kinds; a++) {
        l[n].t[0] = (unsigned char)a;
        l[n++].n = 1;
        for (int b = a; b < kinds; b++) {
            l[n].t[0] = (unsigned char)a;
            l[n].t[1] = (unsigned char)b;
            l[n++].n = 2;
        }
    }
    for (int e = 0; e < extra; e++) {
        leave_str *x = &l[n++];
        x->n = 3 + (int)(tu_rnd(seed) % (uint64_t)(maxlen - 2));
        for (int i = 0; i < x->n; i++)
            x->t[i] = (unsigned char)(tu_rnd(seed) % (uint64_t)kinds);
        for (int i = 1; i < x->n; i++) /* sorted: blank first */
            for (int j = i; j > 0 && x->t[j] < x->t[j - 1]; j--) {
                unsigned char c = x->t[j];
                x->t[j] = x->t[j - 1];
                x->t[j - 1] = c;
            }
    }
    qsort(l, n, sizeof(*l), leave_cmp);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (m == 0 || leave_cmp(&l[m - 1], &l[i]) != 0) l[m++] = l[i];
    uint32_t *nodes = calloc(m * 8 + 2, sizeof(uint32_t)), used = 1;
    assert_non_null(nodes);
    nodes[0] = 0x400000u | trie_list(l, 0, m, 0, nodes, &used);
    size_t len = 8 + 4 * (size_t)used + 4 * m, o = 0;
    unsigned char *bytes = malloc(len);
    assert_non_null(bytes);
    uint32_t words[2] = {used, (uint32_t)m};
    for (int part = 0; part < 2; part++) {
        for (int b = 0; b < 4; b++)
            bytes[o++] = (unsigned char)(words[part] >> (8 * b));
        for (uint32_t i = 0; part == 0 && i < used; i++)
            for (int b = 0; b < 4; b++)
                bytes[o++] = (unsigned char)(nodes[i] >> (8 * b));
    }
    for (size_t i = 0; i < m; i++) {
        float f = (float)(tu_rnd(seed) % 7001) / 100.0f - 30.0f;
        uint32_t bits;
        memcpy(&bits, &f, 4);
        for (int b = 0; b < 4; b++)
            bytes[o++] = (unsigned char)(bits >> (8 * b));
    }
    sk_leaves *lv;
    assert_int_equal(sk_leaves_from_bytes(&lv, bytes, len, NULL), SK_OK);
    free(bytes);
    free(nodes);
    free(l);
    return lv;
}

/* ---- the reference positions --------------------------------------------------------------- */

static sk_lexicon *load_wordlist(void)
{
    sk_lexicon *lex = NULL;
    char path[1024];
    snprintf(path, sizeof(path), "%s/wordlist.kwg", SKRAB_BUILD_DATADIR);
    assert_int_equal(sk_lexicon_open(&lex, path, NULL), SK_OK);
    return lex;
}

/* The shipped lexicon on the standard board, classic rules, a generator and the word map. */
typedef struct {
    sk_lexicon *lex;
    sk_buf text;
    sk_board board;
    sk_tileset tiles;
    sk_rules rules;
    sk_movegen *gen;
    sk_wordmap *wm;
} shipped;

static void shipped_open(shipped *s)
{
    s->lex = load_wordlist();
    tu_read_source(&s->text, "resources/boards/CrosswordGame.txt");
    assert_int_equal(
        sk_board_parse(&s->board, s->text.data, s->text.len, SK_BOARD_FORMAT_AUTO, NULL), SK_OK);
    sk_tileset_builtin(&s->tiles, "english");
    sk_rules_init(&s->rules, SK_RULES_CLASSIC, &s->board, &s->tiles, s->lex);
    assert_int_equal(sk_movegen_new(&s->gen), SK_OK);
    sk_movegen_set_table_after(s->gen, 0); /* the walk table from the start */
    assert_int_equal(sk_wordmap_build(&s->wm, s->lex), SK_OK);
}

static void shipped_close(shipped *s)
{
    sk_movegen_free(s->gen);
    sk_wordmap_free(s->wm);
    sk_buf_free(&s->text);
    sk_lexicon_free(s->lex);
}

/* The reference positions of tests/data/positions (README.md there says what they are). */
static FILE *open_reference_positions(void)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/tests/data/positions/classic.cgp", SKRAB_SOURCE_DIR);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    return f;
}

static void reference_positions_exact(void **state)
{
    (void)state;
    char path[1024];
    FILE *f = open_reference_positions();
    snprintf(path, sizeof(path), "%s/tests/data/positions/classic.expected.tsv", SKRAB_SOURCE_DIR);
    FILE *e = fopen(path, "r");
    assert_non_null(e);
    shipped sh;
    shipped_open(&sh);
    char line[4096], exp[256];
    assert_non_null(fgets(exp, sizeof(exp), e)); /* header */
    int n = 0;
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = '\0';
        int lineno, count, best;
        assert_non_null(fgets(exp, sizeof(exp), e));
        assert_int_equal(sscanf(exp, "%d %d %d", &lineno, &count, &best), 3);
        assert_int_equal(lineno, n + 1); /* the expectations name the CGP line they are for */
        sk_position pos;
        assert_int_equal(sk_position_parse_cgp(&pos, line, strlen(line), NULL, NULL), SK_OK);
        sk_move_list list;
        sk_move_list_init(&list);
        assert_int_equal(sk_movegen_all(sh.gen, &sh.rules, &pos, &list), SK_OK);
        sk_move_list_sort(&list, 1);
        int have_best = list.count ? list.moves[0].score : 0;
        if ((int)list.count != count || have_best != best)
            fail_msg("line %d: %zu moves, best %d; expected %d, %d", lineno, list.count, have_best,
                     count, best);
        check_best(sh.gen, &sh.rules, &pos, &list, sh.wm, NULL);
        sk_move_list_free(&list);
        n++;
    }
    assert_int_equal(n, 6);
    assert_null(fgets(exp, sizeof(exp), e)); /* no expectation left without its position */
    fclose(f);
    fclose(e);
    shipped_close(&sh);
}

/* sk_move_list_order names the moves of LIST (ranked) in the order the comparisons give, and
 * sk_move_list_sort puts them in it. */
static void order_as_compared(const sk_move_list *list, int by_score)
{
    size_t n = list->count;
    sk_gen_move *copy = malloc(n * sizeof(*copy));
    uint32_t *order = malloc(n * sizeof(*order));
    assert_non_null(copy);
    assert_non_null(order);
    memcpy(copy, list->moves, n * sizeof(*copy));
    qsort(copy, n, sizeof(*copy), by_score ? tu_slow_by_score : tu_slow_by_equity);
    assert_int_equal(sk_move_list_order(list, by_score, order), SK_OK);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(sk_gen_move_compare(&copy[i], &list->moves[order[i]]), 0);
    sk_move_list sorted = *list;
    sorted.moves = malloc(n * sizeof(*sorted.moves));
    assert_non_null(sorted.moves);
    memcpy(sorted.moves, list->moves, n * sizeof(*sorted.moves));
    sk_move_list_sort(&sorted, by_score);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(sk_gen_move_compare(&copy[i], &sorted.moves[i]), 0);
    free(sorted.moves);
    free(order);
    free(copy);
}

/* What writing a move's words and leave needs, found without the rules: for every move of the
 * reference positions, its cross words (sk_gen_move_cross_word) are the words sk_rules_words
 * finds, its leave is the rack minus its tiles taken one by one, its text in each notation is
 * the text of the play the rules resolve, and the whole list sorts as the comparisons order it,
 * by equity and by score, also with a score too large for the radix sort's key. */
static void words_leaves_and_order_without_the_rules(void **state)
{
    (void)state;
    FILE *f = open_reference_positions();
    shipped sh;
    shipped_open(&sh);
    char line[4096];
    int n = 0;
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = '\0';
        sk_position pos;
        assert_int_equal(sk_position_parse_cgp(&pos, line, strlen(line), NULL, NULL), SK_OK);
        sk_move_list list;
        sk_move_list_init(&list);
        assert_int_equal(sk_movegen_all(sh.gen, &sh.rules, &pos, &list), SK_OK);
        assert_int_equal(sk_movegen_add_non_placements(&sh.rules, &pos, 100, &list), SK_OK);
        for (size_t i = 0; i < list.count; i++) {
            const sk_gen_move *m = &list.moves[i];
            sk_play play;
            sk_gen_move_to_play(m, &play);
            assert_int_equal(sk_rules_words(&sh.rules, &pos, &play), SK_OK);
            int w = m->kind == SK_MOVE_PLACE;
            if (w) assert_string_equal(play.words[0].letters, m->word);
            char cross[SK_BOARD_MAX + 1];
            for (int k = 0; k < m->len && m->kind == SK_MOVE_PLACE; k++)
                if (sk_gen_move_cross_word(m, &pos, k, cross) >= 2) {
                    assert_true(w < play.nwords);
                    assert_string_equal(play.words[w++].letters, cross);
                }
            assert_int_equal(w, play.nwords);
            char used[SK_BOARD_MAX + 1], slow[SK_RACK_MAX + 1], fast[SK_RACK_MAX + 1];
            int u = 0, k = 0;
            for (int t = 0; m->word[t]; t++)
                if (m->kind == SK_MOVE_EXCHANGE || (m->kind == SK_MOVE_PLACE && m->placed >> t & 1))
                    used[u++] = (char)((unsigned char)m->word[t] & SK_TILE_BLANKED ? SK_TILE_WILD
                                                                                   : m->word[t]);
            for (const char *r = pos.racks[0]; *r; r++) {
                int j = 0;
                while (j < u && used[j] != *r)
                    j++;
                if (j < u)
                    used[j] = 0;
                else
                    slow[k++] = *r;
            }
            slow[k] = '\0';
            sk_gen_move_leave(m, pos.racks[0], fast);
            assert_string_equal(fast, slow);
            static const sk_play_style styles[] = {SK_PLAY_GCG, SK_PLAY_GCG_DOTS, SK_PLAY_SKRABBKLE,
                                                   SK_PLAY_CS104};
            for (size_t st = 0; st < sizeof(styles) / sizeof(styles[0]); st++) {
                char text[SK_GEN_MOVE_TEXT_MAX];
                size_t len = sk_gen_move_format(m, styles[st], NULL, text);
                sk_buf resolved;
                sk_buf_init(&resolved);
                sk_play_write(&play, styles[st], NULL, &resolved);
                assert_int_equal(len, strlen(text));
                assert_string_equal(text, sk_buf_str(&resolved));
                sk_buf_free(&resolved);
            }
        }
        assert_int_equal(sk_move_list_rank(&list, pos.racks[0], NULL, 0), SK_OK);
        order_as_compared(&list, 0);
        assert_int_equal(sk_move_list_rank(&list, pos.racks[0], NULL, 1), SK_OK);
        order_as_compared(&list, 1);
        if (list.count > 1) { /* past the radix key: the comparisons alone */
            list.moves[list.count / 2].score = 70000;
            assert_int_equal(sk_move_list_rank(&list, pos.racks[0], NULL, 0), SK_OK);
            order_as_compared(&list, 0);
        }
        sk_move_list_free(&list);
        n++;
    }
    assert_int_equal(n, 6);
    fclose(f);
    shipped_close(&sh);
}

/* A generator walks its first positions without the lexicon's walk table, and here builds it
 * at its third (movegen.c, kwg_walk.c); the table only skips dead ends, so each reference position
 * gives the same moves in the same order without it and with it. */
static void walk_table_same_moves(void **state)
{
    (void)state;
    FILE *f = open_reference_positions();
    shipped sh;
    shipped_open(&sh); /* its board and tiles; each position below gets a new lexicon */
    char line[4096];
    int n = 0;
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = '\0';
        sk_lexicon *lex = load_wordlist(); /* no table yet */
        sk_rules rules = sh.rules;
        rules.lexicon = lex;
        sk_movegen *gen;
        assert_int_equal(sk_movegen_new(&gen), SK_OK);
        sk_position pos;
        assert_int_equal(sk_position_parse_cgp(&pos, line, strlen(line), NULL, NULL), SK_OK);
        sk_move_list without, with;
        sk_move_list_init(&without);
        sk_move_list_init(&with);
        /* by default not for the first positions: SK_MOVEGEN_TABLE_AFTER */
        for (int i = 0; i < 2; i++) {
            without.count = 0;
            assert_int_equal(sk_movegen_all(gen, &rules, &pos, &without), SK_OK);
        }
        assert_null(sk_lexicon_walk_nodes(lex));
        sk_movegen_set_table_after(gen, 3); /* from the generator's third position: this one */
        assert_int_equal(sk_movegen_all(gen, &rules, &pos, &with), SK_OK);
        assert_non_null(sk_lexicon_walk_nodes(lex));
        assert_int_equal(with.count, without.count);
        assert_true(with.count > 0);
        for (size_t i = 0; i < with.count; i++) {
            assert_int_equal(sk_gen_move_compare(&with.moves[i], &without.moves[i]), 0);
            assert_int_equal(with.moves[i].score, without.moves[i].score);
        }
        sk_move_list_free(&without);
        sk_move_list_free(&with);
        sk_movegen_free(gen);
        sk_lexicon_free(lex);
        n++;
    }
    assert_int_equal(n, 6);
    fclose(f);
    shipped_close(&sh);
}

/* Greedy games on the shipped lexicon and board: every position's best and top-N moves, walked
 * and with the word map, against the sorted list of all its moves. The random games below use
 * a small lexicon and 4-tile racks; these have the whole 7-tile racks, blanks and long words
 * the best-move search's word-map paths are for. */
static void selfplay_positions_best(void **state)
{
    (void)state;
    shipped sh;
    shipped_open(&sh);
    const char *env = getenv("SKRAB_TEST_GAMES");
    int games = env ? (atoi(env) + 9) / 10 : 20, positions = 0, blanks = 0;
    sk_rng rng;
    sk_rng_seed(&rng, 77);
    /* every other game ranked by a leave file: all leaves of one and two tiles, 3,000 longer */
    uint64_t klv_seed = 77;
    sk_leaves *klv = random_leaves(&klv_seed, 27, 6, 3000);
    for (int game = 0; game < games; game++) {
        sk_position pos;
        sk_position_init(&pos, sh.board.width, sh.board.height);
        sk_game_draw(&pos, &sh.tiles, 0, sh.rules.rack_size, &rng);
        sk_game_draw(&pos, &sh.tiles, 1, sh.rules.rack_size, &rng);
        while (pos.racks[0][0] && pos.zeros < 6) {
            sk_move_list list;
            sk_move_list_init(&list);
            assert_int_equal(sk_movegen_all(sh.gen, &sh.rules, &pos, &list), SK_OK);
            check_best(sh.gen, &sh.rules, &pos, &list, sh.wm, game % 2 ? klv : NULL);
            positions++;
            blanks += strchr(pos.racks[0], tu_tile('?')) != NULL;
            /* play the list's best by score (check_best left it sorted by score) */
            sk_play play;
            memset(&play, 0, sizeof(play));
            play.kind = SK_MOVE_PASS;
            if (list.count) sk_gen_move_to_play(&list.moves[0], &play);
            sk_move_list_free(&list);
            assert_int_equal(sk_game_apply(&pos, &play, &sh.tiles, sh.rules.rack_size, &rng),
                             SK_OK);
            if (!pos.racks[pos.nplayers - 1][0]) break; /* the player who moved went out */
        }
    }
    print_message("checked %d positions of %d games, %d racks with a blank\n", positions, games,
                  blanks);
    assert_true(positions > games * 10);
    assert_true(blanks > 0);
    sk_leaves_free(klv);
    shipped_close(&sh);
}

/* A generator keeps its views from one position to the next, redoing only what new tiles
 * touch (movegen.c, sk_mg_setup). After an empty board, whose one anchor is the start square,
 * a position whose tiles lie elsewhere (a stream of CGP lines may hold one) must lose that
 * anchor: its moves are those a fresh generator finds. */
static void empty_board_then_tiles_elsewhere(void **state)
{
    (void)state;
    shipped sh;
    shipped_open(&sh);
    sk_position pos;
    sk_position_init(&pos, sh.board.width, sh.board.height);
    tu_tiles(pos.racks[0], "AEINRST");
    sk_move_list first, kept, fresh;
    sk_move_list_init(&first);
    sk_move_list_init(&kept);
    sk_move_list_init(&fresh);
    assert_int_equal(sk_movegen_all(sh.gen, &sh.rules, &pos, &first), SK_OK);
    assert_true(first.count > 0);
    for (int c = 0; c < 3; c++) /* CAT in the top row, far from the start square */
        pos.tiles[c] = tu_tile("CAT"[c]);
    assert_int_equal(sk_movegen_all(sh.gen, &sh.rules, &pos, &kept), SK_OK);
    sk_movegen *gen;
    assert_int_equal(sk_movegen_new(&gen), SK_OK);
    assert_int_equal(sk_movegen_all(gen, &sh.rules, &pos, &fresh), SK_OK);
    sk_move_list_sort(&kept, 1);
    sk_move_list_sort(&fresh, 1);
    assert_true(fresh.count > 0);
    assert_int_equal(kept.count, fresh.count);
    for (size_t i = 0; i < fresh.count; i++)
        assert_int_equal(sk_gen_move_compare(&kept.moves[i], &fresh.moves[i]), 0);
    sk_movegen_free(gen);
    sk_move_list_free(&first);
    sk_move_list_free(&kept);
    sk_move_list_free(&fresh);
    shipped_close(&sh);
}

/* ---- brute force (brute_moves.c) ------------------------------------------------------------- */

/* The best-move path returns exactly the head of the sorted full list, by score and by equity
 * (built-in leave heuristic); with no placement, the pass. */
/* sk_move_list_rank + sk_move_list_top give the first N moves of SORTED (ranked the slow way:
 * each move's leave worked out from its string, the whole list sorted) from UNSORTED. */
static void check_top(const sk_move_list *unsorted, const sk_move_list *sorted, const char *rack,
                      const sk_leaves *lv, int by_score)
{
    size_t ns[] = {1, 3, 10, 100, sorted->count};
    for (size_t k = 0; k < sizeof(ns) / sizeof(ns[0]); k++) {
        sk_move_list copy;
        sk_move_list_init(&copy);
        copy.count = copy.cap = unsorted->count;
        copy.moves = malloc((unsorted->count + 1) * sizeof(*copy.moves));
        assert_non_null(copy.moves);
        if (unsorted->count)
            memcpy(copy.moves, unsorted->moves, unsorted->count * sizeof(*copy.moves));
        assert_int_equal(sk_move_list_rank(&copy, rack, lv, by_score), SK_OK);
        size_t n = ns[k] < sorted->count ? ns[k] : sorted->count;
        sk_move_list_top(&copy, n, by_score);
        for (size_t i = 0; i < n; i++) {
            const sk_gen_move *a = &copy.moves[i], *b = &sorted->moves[i];
            if (strcmp(a->word, b->word) != 0 || a->row != b->row || a->col != b->col ||
                a->dir != b->dir || a->score != b->score || a->equity != b->equity)
                fail_msg("top %zu by %s, move %zu: %d,%d %s %d %.3f, sorted list %d,%d %s %d %.3f",
                         n, by_score ? "score" : "equity", i, a->row, a->col, tu_ascii(a->word),
                         a->score, (double)a->equity, b->row, b->col, tu_ascii(b->word), b->score,
                         (double)b->equity);
        }
        sk_move_list_free(&copy);
    }
}

/* Positions where an exchange headed the full list (the top-N search must rank exchanges as
 * the list does: matches_brute_force checks that this happened at all). */
static int exchange_heads;

/* The full list of POS, ranked the slow way: PLACEMENTS (each leave worked out from its string),
 * then the exchanges (with BAG; -1: none) and the pass, sorted. */
static void full_list(const sk_rules *rules, const sk_position *pos, const sk_move_list *placements,
                      int bag, const sk_leaves *lv, int by_score, sk_move_list *out)
{
    sk_move_list_init(out);
    assert_int_equal(sk_movegen_add_non_placements(rules, pos, bag, out), SK_OK);
    size_t extra = out->count;
    sk_gen_move *moves = realloc(out->moves, (extra + placements->count + 1) * sizeof(*moves));
    assert_non_null(moves);
    out->moves = moves;
    out->cap = extra + placements->count + 1;
    if (placements->count)
        memcpy(moves + extra, placements->moves, placements->count * sizeof(*moves));
    out->count = extra + placements->count;
    char kept[SK_RACK_MAX + 1];
    for (size_t i = 0; i < out->count; i++) {
        sk_gen_move *m = &moves[i];
        sk_gen_move_leave(m, pos->racks[0], kept);
        float leave = by_score ? 0.0f : (float)sk_leave_value(lv, kept);
        m->equity = m->kind == SK_MOVE_PLACE ? (float)m->score + leave : leave;
    }
    sk_move_list_sort(out, by_score);
}

static void check_best_with(sk_movegen *gen, const sk_rules *rules, const sk_position *pos,
                            sk_move_list *list, const sk_leaves *lv)
{
    sk_move_list unsorted;
    sk_move_list_init(&unsorted);
    unsorted.count = unsorted.cap = list->count;
    unsorted.moves = malloc((list->count + 1) * sizeof(*unsorted.moves));
    assert_non_null(unsorted.moves);
    if (list->count) memcpy(unsorted.moves, list->moves, list->count * sizeof(*list->moves));
    int bag = sk_position_bag(pos, rules->tiles, rules->rack_size);
    for (int by_score = 0; by_score < 2; by_score++) {
        char kept[SK_RACK_MAX + 1];
        for (size_t i = 0; i < list->count; i++) {
            sk_gen_move_leave(&list->moves[i], pos->racks[0], kept);
            list->moves[i].equity =
                (float)list->moves[i].score + (by_score ? 0.0f : (float)sk_leave_value(lv, kept));
        }
        sk_move_list_sort(list, by_score);
        check_top(&unsorted, list, pos->racks[0], lv, by_score);
        for (int exch = 0; exch < 2; exch++) {
            sk_move_list full;
            full_list(rules, pos, &unsorted, exch ? bag : -1, lv, by_score, &full);
            exchange_heads += full.moves[0].kind == SK_MOVE_EXCHANGE;
            size_t ns[] = {1, 2, 5, 20, 200};
            for (size_t k = 0; k < sizeof(ns) / sizeof(ns[0]); k++) {
                sk_move_list top;
                sk_move_list_init(&top);
                assert_int_equal(
                    sk_movegen_top(gen, rules, pos, lv, by_score, exch, bag, ns[k], &top), SK_OK);
                size_t want = ns[k] < full.count ? ns[k] : full.count;
                assert_int_equal(top.count, want);
                for (size_t i = 0; i < want; i++) {
                    const sk_gen_move *a = &top.moves[i], *b = &full.moves[i];
                    if (a->kind != b->kind || strcmp(a->word, b->word) != 0 || a->row != b->row ||
                        a->col != b->col || a->dir != b->dir || a->score != b->score ||
                        a->equity != b->equity)
                        fail_msg("sk_movegen_top %zu by %s%s, move %zu: %d %d,%d %s %d %.3f, the "
                                 "list's %d %d,%d %s %d %.3f",
                                 ns[k], by_score ? "score" : "equity",
                                 exch ? " with exchanges" : "", i, a->kind, a->row, a->col,
                                 tu_ascii(a->word), a->score, (double)a->equity, b->kind, b->row,
                                 b->col, tu_ascii(b->word), b->score, (double)b->equity);
                }
                sk_move_list_free(&top);
            }
            sk_gen_move best;
            assert_int_equal(sk_movegen_best(gen, rules, pos, lv, by_score, exch, bag, &best),
                             SK_OK);
            const sk_gen_move *head = &full.moves[0];
            if (best.kind != head->kind || best.row != head->row || best.col != head->col ||
                best.dir != head->dir || strcmp(best.word, head->word) != 0 ||
                best.score != head->score)
                fail_msg("best %s %d,%d %s (%d) but the list's head is %d,%d %s (%d)",
                         by_score ? "by score" : "by equity", best.row, best.col,
                         tu_ascii(best.word), best.score, head->row, head->col,
                         tu_ascii(head->word), head->score);
            sk_move_list_free(&full);
        }
    }
    sk_move_list_free(&unsorted);
}

/* The best-move and top-N searches, walking the GADDAG and with the word map WM of the rules'
 * lexicon, give the head of the sorted list (LIST: every move of POS). */
static void check_best(sk_movegen *gen, const sk_rules *rules, const sk_position *pos,
                       sk_move_list *list, const sk_wordmap *wm, const sk_leaves *lv)
{
    sk_movegen_use_wordmap(gen, NULL);
    check_best_with(gen, rules, pos, list, lv);
    sk_movegen_use_wordmap(gen, wm);
    check_best_with(gen, rules, pos, list, lv);
    sk_movegen_use_wordmap(gen, NULL);
}

static void random_case(sk_ruleset rs, uint64_t *seed, int *compared, int *moves_seen)
{
    int size = 11 + (int)(tu_rnd(seed) % 16);
    int width = size, height = size;
    if (rs == SK_RULES_CLASSIC && tu_rnd(seed) % 3 == 0) width = 11 + (int)(tu_rnd(seed) % 16);
    sk_board board;
    sk_board_init(&board, width, height);
    if (rs == SK_RULES_CLASSIC) {
        board.start_row = (int)(tu_rnd(seed) % (uint64_t)height);
        board.start_col = (int)(tu_rnd(seed) % (uint64_t)width);
    }
    /* a third of the boards without factors below 1, as the usual ones: the best-move search
     * bounds their starts more cheaply first (quick_bound in movegen_shadow.c) */
    int low = tu_rnd(seed) % 3 == 0 ? 1 : -9;
    for (int i = 0; i < width * height; i++) {
        int k = (int)(tu_rnd(seed) % 10);
        if (k >= 4) continue;
        signed char f = (signed char)(low + (int)(tu_rnd(seed) % (uint64_t)(100 - low)));
        board.squares[i] = (sk_square){k < 2 ? SK_SQ_LETTER : SK_SQ_WORD, f};
    }
    if (width == height && tu_rnd(seed) % 3 == 0) { /* symmetric about the diagonal, as most boards
                                                   are: the first move's down plays are copied
                                                   from its across ones */
        board.start_col = board.start_row;
        for (int r = 0; r < height; r++)
            for (int c = 0; c < r; c++)
                board.squares[r * width + c] = board.squares[c * width + r];
    }
    /* a small lexicon over A..E: each word of length 2..4 with probability 1/4 */
    sk_buf words;
    sk_buf_init(&words);
    char w[5];
    for (int len = 2; len <= 4; len++) {
        int total = 1;
        for (int i = 0; i < len; i++)
            total *= 5;
        for (int x = 0; x < total; x++) {
            int y = x;
            for (int i = 0; i < len; i++, y /= 5)
                w[i] = (char)('A' + y % 5);
            w[len] = '\0';
            if (tu_rnd(seed) % 4 == 0) sk_buf_printf(&words, "%s\n", w);
        }
    }
    sk_lexicon *lex;
    assert_int_equal(sk_lexicon_from_wordlist(&lex, words.data, words.len, NULL, NULL, NULL),
                     SK_OK);
    sk_tileset tiles;
    sk_tileset_builtin(&tiles, rs == SK_RULES_SKRABBKLE ? "skrabbkle" : "english");
    if (tu_rnd(seed) % 3 == 0) /* a third with other values, the blank's too: the bounds' caps
                               (movegen_keep.c) must hold whatever a tile is worth */
        for (int t = 0; t < SK_TILE_KINDS; t++)
            tiles.score[t] = (int)(tu_rnd(seed) % 12);
    sk_rules rules;
    sk_rules_init(&rules, rs, &board, &tiles, lex);
    rules.rack_size = 4; /* so that bingos happen */
    sk_position pos;
    sk_position_init(&pos, width, height);
    sk_movegen *gen;
    assert_int_equal(sk_movegen_new(&gen), SK_OK);
    sk_movegen_set_table_after(gen, 2); /* the first turn walked without the walk table */
    sk_wordmap *wm;
    assert_int_equal(sk_wordmap_build(&wm, lex), SK_OK);
    /* every other turn ranked by a leave file (the blank and A..E) instead of the heuristic */
    sk_leaves *klv = random_leaves(seed, 6, 3, 40);
    for (int turn = 0; turn < 8; turn++) {
        int n = 1 + (int)(tu_rnd(seed) % 4);
        for (int i = 0; i < n; i++)
            pos.racks[0][i] =
                tu_tile(tu_rnd(seed) % 12 == 0 ? '?' : (char)('A' + tu_rnd(seed) % 5));
        pos.racks[0][n] = '\0';
        int blanks = 0;
        for (int i = 0; i < n; i++)
            blanks += pos.racks[0][i] == tu_tile('?');
        if (blanks && n > 3) pos.racks[0][3] = '\0'; /* keep the brute force quick */
        if (turn == 5) { /* two blanks and a letter: the search bounds whole rows first */
            pos.racks[0][0] = pos.racks[0][1] = tu_tile('?');
            pos.racks[0][2] = tu_tile((char)('A' + tu_rnd(seed) % 5));
            pos.racks[0][3] = '\0';
        }
        tu_brute b;
        tu_brute_run(&b, &rules, &pos, NULL);
        sk_move_list list;
        sk_move_list_init(&list);
        assert_int_equal(sk_movegen_all(gen, &rules, &pos, &list), SK_OK);
        char head[64];
        snprintf(head, sizeof(head), "%s %dx%d", sk_ruleset_name(rs), width, height);
        sk_buf cgp;
        sk_buf_init(&cgp);
        sk_position_write_cgp(&pos, NULL, &cgp);
        tu_brute_compare(&b, &list, head, sk_buf_str(&cgp));
        sk_buf_free(&cgp);
        check_best(gen, &rules, &pos, &list, wm, turn % 2 ? klv : NULL);
        *compared += 1;
        *moves_seen += (int)b.found.count;
        /* go on with a random legal move, or stop when there is none */
        if (b.nplays == 0) {
            tu_brute_free(&b);
            sk_move_list_free(&list);
            break;
        }
        sk_play *p = &b.plays[tu_rnd(seed) % b.nplays];
        pos.racks[0][0] = '\0';
        sk_play_apply_tiles(p, &pos);
        tu_brute_free(&b);
        sk_move_list_free(&list);
    }
    sk_movegen_free(gen);
    sk_wordmap_free(wm);
    sk_leaves_free(klv);
    sk_lexicon_free(lex);
    sk_buf_free(&words);
}

static void matches_brute_force(void **state)
{
    (void)state;
    /* 200 games (about 940 positions); the sanitizer build sets SKRAB_TEST_GAMES lower */
    const char *env = getenv("SKRAB_TEST_GAMES");
    int games = env ? atoi(env) : 200;
    assert_true(games > 0);
    uint64_t seed = 0x5EED5EED12345ull;
    int compared = 0, moves = 0;
    for (int g = 0; g < games; g++) {
        random_case(g % 2 ? SK_RULES_SKRABBKLE : SK_RULES_CLASSIC, &seed, &compared, &moves);
    }
    print_message("compared %d positions, %d legal moves, %d lists headed by an exchange\n",
                  compared, moves, exchange_heads);
    assert_true(moves > games * 10);
    if (games >= 40)
        assert_true(exchange_heads > 0); /* a handful of games (valgrind) may have none */
}

/* Five x99 word squares: 5 x 99^5 overflows 32 bits; generator and rules module clamp alike. */
static void huge_scores_clamp(void **state)
{
    (void)state;
    sk_board board;
    sk_board_init(&board, 11, 11);
    for (int c = 3; c <= 7; c++)
        board.squares[5 * 11 + c] = (sk_square){SK_SQ_WORD, 99};
    sk_lexicon *lex;
    assert_int_equal(sk_lexicon_from_wordlist(&lex, "AAAAA\n", 6, NULL, NULL, NULL), SK_OK);
    sk_tileset tiles;
    sk_tileset_builtin(&tiles, "english");
    sk_rules rules;
    sk_rules_init(&rules, SK_RULES_CLASSIC, &board, &tiles, lex);
    sk_position pos;
    sk_position_init(&pos, 11, 11);
    tu_tiles(pos.racks[0], "AAAAA");
    sk_movegen *gen;
    assert_int_equal(sk_movegen_new(&gen), SK_OK);
    sk_move_list list;
    sk_move_list_init(&list);
    assert_int_equal(sk_movegen_all(gen, &rules, &pos, &list), SK_OK);
    int seen = 0;
    for (size_t i = 0; i < list.count; i++)
        if (list.moves[i].row == 5 && list.moves[i].col == 3 && list.moves[i].dir == SK_ACROSS) {
            assert_int_equal(list.moves[i].score, 2147483647);
            seen = 1;
        }
    assert_true(seen);
    sk_move m;
    sk_play p;
    assert_int_equal(sk_move_parse(&m, "6D AAAAA", 8, NULL, NULL, 0), SK_OK);
    assert_int_equal(sk_rules_check(&rules, &pos, &m, -1, &p, NULL, 0), SK_LEGAL);
    assert_int_equal(p.score, 2147483647);
    sk_move_list_free(&list);
    sk_movegen_free(gen);
    sk_lexicon_free(lex);
}

/* An exchange of the tiles WORD (tile bytes), for sk_rack_tally_index. */
static sk_gen_move exchange_of(const char *word)
{
    sk_gen_move m;
    memset(&m, 0, sizeof(m));
    m.kind = SK_MOVE_EXCHANGE;
    snprintf(m.word, sizeof(m.word), "%s", word);
    return m;
}

/* sk_rack_tally: one index for each multiset of the rack's tiles, in 0 .. cells - 1, the same
 * for a placement and an exchange of the same tiles (a blank played as a letter is the blank);
 * none for a tile the rack lacks, a kind used too often, or a rack of more than 7 kinds. */
static void rack_tally_tells_multisets(void **state)
{
    (void)state;
    const char rack[] = {1, 1, 2, (char)SK_TILE_WILD, 0}; /* A A B ? */
    sk_rack_tally t;
    sk_rack_tally_init(&t, rack);
    assert_true(t.fits);
    assert_int_equal(t.cells, 3 * 2 * 2);
    int seen[12] = {0};
    for (int a = 0; a <= 2; a++)
        for (int b = 0; b <= 1; b++)
            for (int q = 0; q <= 1; q++) {
                char w[8];
                int n = 0;
                for (int i = 0; i < a; i++)
                    w[n++] = 1;
                if (b) w[n++] = 2;
                if (q) w[n++] = (char)SK_TILE_WILD;
                w[n] = 0;
                sk_gen_move m = exchange_of(w);
                long index = sk_rack_tally_index(&t, &m);
                assert_true(index >= 0 && index < 12);
                assert_int_equal(seen[index], 0); /* distinct multisets, distinct indexes */
                seen[index] = 1;
            }
    /* a placement of B and a blank played as Z: the exchange of B and the blank */
    sk_gen_move place;
    memset(&place, 0, sizeof(place));
    place.kind = SK_MOVE_PLACE;
    place.word[0] = 3; /* C, a board tile */
    place.word[1] = 2;
    place.word[2] = (char)(26 | SK_TILE_BLANKED);
    place.len = 3;
    place.placed = 6;
    sk_gen_move same = exchange_of((const char[]){2, (char)SK_TILE_WILD, 0});
    assert_int_equal(sk_rack_tally_index(&t, &place), sk_rack_tally_index(&t, &same));
    sk_gen_move too_many = exchange_of((const char[]){1, 1, 1, 0});
    sk_gen_move foreign = exchange_of((const char[]){3, 0});
    assert_int_equal(sk_rack_tally_index(&t, &too_many), -1);
    assert_int_equal(sk_rack_tally_index(&t, &foreign), -1);
    const char eight[] = {1, 2, 3, 4, 5, 6, 7, 8, 0};
    sk_rack_tally_init(&t, eight);
    assert_false(t.fits);
    sk_gen_move one = exchange_of((const char[]){1, 0});
    assert_int_equal(sk_rack_tally_index(&t, &one), -1);
}

/* sk_move_list_rank with a rack whose tally does not fit (nine kinds: the leave values are kept
 * by an index of its own, rank_each): every exchange of every choice of the rack's tiles, some
 * of them the same multiset, and one of a tile the rack lacks, gets the value of its own leave
 * worked out from its string. */
static void rank_nine_kinds(void **state)
{
    (void)state;
    const char rack[] = {1, 1, 2, 3, 4, 5, 6, 7, 8, (char)SK_TILE_WILD, 0}; /* A A B..H ? */
    sk_rack_tally t;
    sk_rack_tally_init(&t, rack);
    assert_false(t.fits);
    assert_true(t.cells <= 65536);
    int n = (int)strlen(rack);
    sk_move_list list;
    sk_move_list_init(&list);
    list.cap = (size_t)1 << n; /* the choices but the empty one, and the foreign tile */
    list.moves = malloc(list.cap * sizeof(*list.moves));
    assert_non_null(list.moves);
    for (unsigned bits = 1; bits < 1u << n; bits++) {
        char w[16];
        int k = 0;
        for (int i = 0; i < n; i++)
            if (bits >> i & 1) w[k++] = rack[i];
        w[k] = 0;
        list.moves[list.count++] = exchange_of(w);
    }
    list.moves[list.count++] = exchange_of((const char[]){26, 0});
    assert_int_equal(sk_move_list_rank(&list, rack, NULL, 0), SK_OK);
    char kept[SK_RACK_MAX + 1];
    for (size_t i = 0; i < list.count; i++) {
        sk_gen_move_leave(&list.moves[i], rack, kept);
        assert_float_equal(list.moves[i].equity, (float)sk_leave_value(NULL, kept), 0);
    }
    sk_move_list_free(&list);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reference_positions_exact),
        cmocka_unit_test(words_leaves_and_order_without_the_rules),
        cmocka_unit_test(selfplay_positions_best),
        cmocka_unit_test(walk_table_same_moves),
        cmocka_unit_test(matches_brute_force),
        cmocka_unit_test(huge_scores_clamp),
        cmocka_unit_test(empty_board_then_tiles_elsewhere),
        cmocka_unit_test(rack_tally_tells_multisets),
        cmocka_unit_test(rank_nine_kinds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
