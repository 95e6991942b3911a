/* test_movegen_alphabets.c — the move generator in the alphabet of every built-in tile set: for
 * each set, a random lexicon over its letters (its highest-numbered letters and its labels of
 * several characters among them), and random games from the empty board, racks drawn from the
 * set's bag with its blanks and each turn a random legal move. At every position the generator's
 * list is the brute force's (brute_moves.c) move for move, placement, blanks and score; and the
 * best move and the top three, by score and by equity, walked and with the word map, are the
 * head of that list ranked the slow way (each leave taken off the rack tile by tile, the list
 * sorted by comparisons). Classic rules on the standard board, every fourth game skrabbkle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "brute_moves.h"
#include "skrab/error.h"
#include "skrab/game.h"
#include "skrab/leave.h"
#include "skrab/movegen.h"
#include "skrab/wordmap.h"

#define WORDS 320 /* words tried for each lexicon (a few read back as other tiles) */
#define WORD_LEN_MAX 8
#define TURNS 14 /* turns of a game at most */
#define TOP 3

typedef struct {
    int positions, moves, blank_racks, no_move, words;
    long checks;
} tally;

/* A letter of T: as often as the bag holds it three times in four, else any letter alike (so
 * that rare letters, whatever their number, make words too). */
static sk_tile pick_letter(const sk_tileset *t, uint64_t *seed)
{
    int letters = t->alphabet.size - 1;
    int in_bag = t->total - t->count[SK_TILE_BLANK];
    if (tu_rnd(seed) % 4 == 0 || in_bag <= 0)
        return (sk_tile)(1 + tu_rnd(seed) % (uint64_t)letters);
    int x = (int)(tu_rnd(seed) % (uint64_t)in_bag);
    for (int k = 1; k < t->alphabet.size; k++)
        if ((x -= t->count[k]) < 0) return (sk_tile)k;
    return (sk_tile)letters;
}

/* Random words of 2..WORD_LEN_MAX letters of T, a third of them holding one of its three
 * highest-numbered letters or a letter whose label has several characters: each into TRIE and,
 * as a word list writes it (labels without brackets), into TEXT. A word whose text reads back as
 * other tiles (C then H read as [CH]) is left out, and so is a repeated one. Returns the number
 * of words. */
static int make_words(const sk_tileset *t, uint64_t *seed, tu_trie *trie, sk_buf *text)
{
    const sk_alphabet *a = &t->alphabet;
    sk_tile special[SK_ALPHABET_MAX];
    int nspecial = 0, nwords = 0;
    for (int k = 1; k < a->size; k++)
        if (k >= a->size - 3 || a->chars[k] > 1) special[nspecial++] = (sk_tile)k;
    for (int i = 0; i < WORDS; i++) {
        int r = (int)(tu_rnd(seed) % 20);
        int len = r < 6 ? 2 : r < 11 ? 3 : r < 15 ? 4 : 5 + (int)(tu_rnd(seed) % 4);
        char w[WORD_LEN_MAX + 1];
        for (int j = 0; j < len; j++)
            w[j] = (char)pick_letter(t, seed);
        if (i % 3 == 0)
            w[tu_rnd(seed) % (uint64_t)len] = (char)special[tu_rnd(seed) % (uint64_t)nspecial];
        w[len] = '\0';
        char line[WORD_LEN_MAX * SK_LABEL_MAX + 1];
        size_t n = 0;
        for (int j = 0; j < len; j++) {
            size_t l = strlen(a->upper[(unsigned char)w[j]]);
            memcpy(line + n, a->upper[(unsigned char)w[j]], l);
            n += l;
        }
        unsigned char back[SK_WORD_MAX];
        size_t count;
        if (sk_word_read(a, 0, line, n, back, &count) != SK_OK || count != (size_t)len ||
            memcmp(back, w, (size_t)len) != 0)
            continue;
        if (!tu_trie_add(trie, w)) continue;
        sk_buf_append(text, line, n);
        sk_buf_putc(text, '\n');
        nwords++;
    }
    return nwords;
}

/* RACK minus the tiles M places (a blank played as a letter comes off as the blank), taken off
 * one by one, into OUT. */
static void leave_of(const sk_gen_move *m, const char *rack, char *out)
{
    char left[SK_RACK_MAX + 1];
    snprintf(left, sizeof(left), "%s", rack);
    for (int i = 0; i < m->len; i++) {
        if (!(m->placed >> i & 1)) continue;
        char t = (unsigned char)m->word[i] & SK_TILE_BLANKED ? (char)SK_TILE_WILD : m->word[i];
        char *at = strchr(left, t);
        assert_non_null(at);
        memmove(at, at + 1, strlen(at));
    }
    snprintf(out, SK_RACK_MAX + 1, "%s", left);
}

static int same_move(const sk_gen_move *a, const sk_gen_move *b)
{
    return a->kind == b->kind &&
           (a->kind != SK_MOVE_PLACE || (a->row == b->row && a->col == b->col && a->dir == b->dir &&
                                         strcmp(a->word, b->word) == 0 && a->score == b->score));
}

/* The best move and the TOP best by score and by equity, walked and with WM (when there is one),
 * are the head of LIST (every placement of POS, already compared with the brute force) ranked
 * the slow way, the pass after the placements. Equity is by the built-in leaves of the set
 * (sk_leaves_for: the English heuristic for A..Z, the flat one for other alphabets). */
static void check_best(sk_movegen *gen, const sk_rules *rules, const sk_position *pos,
                       const sk_move_list *list, const sk_wordmap *wm, const char *head,
                       const char *tail)
{
    const sk_alphabet *a = &rules->tiles->alphabet;
    size_t n = list->count;
    sk_gen_move *ranked = malloc((n + 1) * sizeof(*ranked));
    assert_non_null(ranked);
    if (n) memcpy(ranked, list->moves, n * sizeof(*ranked));
    memset(&ranked[n], 0, sizeof(ranked[n]));
    ranked[n].kind = SK_MOVE_PASS;
    int bag = sk_position_bag(pos, rules->tiles, rules->rack_size);
    for (int by_score = 0; by_score < 2; by_score++) {
        char kept[SK_RACK_MAX + 1];
        for (size_t i = 0; i < n; i++) {
            leave_of(&ranked[i], pos->racks[0], kept);
            ranked[i].equity =
                (float)ranked[i].score +
                (by_score ? 0.0f : (float)sk_leave_value(sk_leaves_for(NULL, rules->tiles), kept));
        }
        qsort(ranked, n, sizeof(*ranked), by_score ? tu_slow_by_score : tu_slow_by_equity);
        for (int with_map = 0; with_map < (wm ? 2 : 1); with_map++) {
            sk_movegen_use_wordmap(gen, with_map ? wm : NULL);
            sk_gen_move best;
            assert_int_equal(sk_movegen_best(gen, rules, pos, NULL, by_score, 0, bag, &best),
                             SK_OK);
            sk_move_list top;
            sk_move_list_init(&top);
            assert_int_equal(sk_movegen_top(gen, rules, pos, NULL, by_score, 0, bag, TOP, &top),
                             SK_OK);
            size_t want = n + 1 < TOP ? n + 1 : TOP;
            const char *how = by_score ? "score" : "equity";
            const char *map = with_map ? " with the word map" : "";
            if (top.count != want)
                fail_msg("%s: the top %d by %s%s are %zu moves, of %zu\n  %s", head, TOP, how, map,
                         top.count, n, tail);
            const sk_gen_move *have = NULL, *expect = NULL;
            size_t at = 0;
            if (!same_move(&best, &ranked[0])) {
                have = &best;
                expect = &ranked[0];
            }
            for (size_t i = 0; i < want && !have; i++)
                if (!same_move(&top.moves[i], &ranked[i])) {
                    have = &top.moves[i];
                    expect = &ranked[i];
                    at = i + 1;
                }
            if (have) {
                sk_buf h, w;
                sk_buf_init(&h);
                sk_buf_init(&w);
                sk_gen_move_write(have, SK_PLAY_GCG, a, &h);
                sk_gen_move_write(expect, SK_PLAY_GCG, a, &w);
                char which[40] = "best move";
                if (at) snprintf(which, sizeof(which), "top move %zu", at);
                fail_msg("%s: the %s by %s%s is %s (%d) but the brute force's is %s (%d), of %zu "
                         "moves\n  %s",
                         head, which, how, map, sk_buf_str(&h), have->score, sk_buf_str(&w),
                         expect->score, n, tail);
            }
            sk_move_list_free(&top);
        }
    }
    sk_movegen_use_wordmap(gen, NULL);
    free(ranked);
}

static void read_board(sk_board *out, const char *rel)
{
    sk_buf text;
    tu_read_source(&text, rel);
    assert_int_equal(sk_board_parse(out, text.data, text.len, SK_BOARD_FORMAT_AUTO, NULL), SK_OK);
    sk_buf_free(&text);
}

/* GAMES random games in the tile set NAME (SEED, one lexicon for them all), counted into TL. */
static void play_games(const char *name, uint64_t seed, int games, tally *tl)
{
    sk_tileset tiles;
    assert_int_equal(sk_tileset_builtin(&tiles, name), SK_OK);
    const sk_alphabet *a = &tiles.alphabet;
    uint64_t words_seed = seed;
    tu_trie *trie = tu_trie_new();
    sk_buf text;
    sk_buf_init(&text);
    int nwords = make_words(&tiles, &words_seed, trie, &text);
    sk_kwg_build_options opts;
    memset(&opts, 0, sizeof(opts));
    opts.alphabet = a;
    opts.alphabet_name = name;
    sk_kwg_build_stats stats;
    sk_lexicon *lex;
    assert_int_equal(sk_lexicon_from_wordlist(&lex, text.data, text.len, &opts, &stats, NULL),
                     SK_OK);
    if ((int)stats.words != nwords)
        fail_msg("%s: %zu words compiled of %d", name, stats.words, nwords);
    tl->words += nwords;
    sk_wordmap *wm = NULL;
    /* every built-in set has at most SK_WM_LETTERS letters: its word map is checked too (a wide
     * one past 26 letters) */
    assert_int_equal(sk_wordmap_build(&wm, lex), SK_OK);
    sk_board classic, skrabbkle;
    read_board(&classic, "resources/boards/CrosswordGame.txt");
    read_board(&skrabbkle, "resources/defaultBoard.txt");
    sk_movegen *gen;
    assert_int_equal(sk_movegen_new(&gen), SK_OK);
    sk_movegen_set_table_after(gen, 3); /* the first positions walked without the walk table */
    for (int g = 0; g < games; g++) {
        sk_ruleset rs = g % 4 == 3 ? SK_RULES_SKRABBKLE : SK_RULES_CLASSIC;
        const sk_board *board = rs == SK_RULES_SKRABBKLE ? &skrabbkle : &classic;
        sk_rules rules;
        sk_rules_init(&rules, rs, board, &tiles, lex);
        uint64_t game_seed = seed + 0x9E3779B97F4A7C15ull * (uint64_t)(g + 1);
        sk_rng rng;
        sk_rng_seed(&rng, game_seed);
        sk_position pos;
        sk_position_init(&pos, board->width, board->height);
        sk_game_draw(&pos, &tiles, 0, rules.rack_size, &rng);
        sk_game_draw(&pos, &tiles, 1, rules.rack_size, &rng);
        for (int turn = 0; turn < TURNS && pos.racks[0][0]; turn++) {
            tu_brute b;
            tu_brute_run(&b, &rules, &pos, trie);
            sk_move_list list;
            sk_move_list_init(&list);
            assert_int_equal(sk_movegen_all(gen, &rules, &pos, &list), SK_OK);
            char head[200];
            snprintf(head, sizeof(head), "%s, %s game %d (seed 0x%llx), turn %d", name,
                     sk_ruleset_name(rs), g, (unsigned long long)game_seed, turn);
            sk_position shown = pos; /* the position as CGP, its tile set named */
            assert_int_equal(sk_position_set_op(&shown, "ld", name), SK_OK);
            sk_buf cgp;
            sk_buf_init(&cgp);
            sk_position_write_cgp(&shown, a, &cgp);
            tu_brute_compare(&b, &list, head, sk_buf_str(&cgp));
            check_best(gen, &rules, &pos, &list, wm, head, sk_buf_str(&cgp));
            sk_buf_free(&cgp);
            tl->positions++;
            tl->moves += (int)b.found.count;
            tl->no_move += b.found.count == 0;
            tl->blank_racks += strchr(pos.racks[0], SK_TILE_WILD) != NULL;
            tl->checks += b.checks;
            sk_play play;
            memset(&play, 0, sizeof(play));
            play.kind = SK_MOVE_PASS;
            if (b.nplays) play = b.plays[tu_rnd(&words_seed) % b.nplays];
            tu_brute_free(&b);
            sk_move_list_free(&list);
            assert_int_equal(sk_game_apply(&pos, &play, &tiles, rules.rack_size, &rng), SK_OK);
            if (!pos.racks[pos.nplayers - 1][0] || pos.zeros >= 4) break; /* went out, or stuck */
        }
    }
    sk_movegen_free(gen);
    sk_wordmap_free(wm);
    sk_lexicon_free(lex);
    sk_buf_free(&text);
    tu_trie_free(trie);
}

static void every_builtin_alphabet(void **state)
{
    (void)state;
    /* the sanitizer build sets SKRAB_TEST_GAMES lower (tests/CMakeLists.txt): fewer games */
    const char *env = getenv("SKRAB_TEST_GAMES");
    int games = env ? (atoi(env) + 1) / 2 : 40;
    assert_true(games > 0);
    int sets = 0;
    for (int i = 0; sk_tileset_builtin_name(i); i++) {
        const char *name = sk_tileset_builtin_name(i);
        if (strcmp(name, "skrabbkle") == 0) continue; /* English letters: test_movegen's */
        tally tl = {0};
        play_games(name, 0x5EED0000ull + (uint64_t)i * 7919u, games, &tl);
        sk_tileset tiles;
        sk_tileset_builtin(&tiles, name);
        print_message("%-10s %2d letters: %d words, %d positions (%d with a blank, %d without a "
                      "move), %d moves, %ld rule checks\n",
                      name, tiles.alphabet.size - 1, tl.words, tl.positions, tl.blank_racks,
                      tl.no_move, tl.moves, tl.checks);
        assert_true(tl.positions >= games * 3);
        assert_true(tl.moves >= tl.positions * 5);
        if (games >= 10) assert_true(tl.blank_racks > 0); /* valgrind plays too few to be sure */
        sets++;
    }
    assert_int_equal(sets, 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_builtin_alphabet),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
