/* fuzz_kwg_gen.c — libFuzzer target for the KWG loader and the move generator together: the
 * input is loaded as a KWG; without a GADDAG the generator must refuse it; with one, every move
 * is generated on a few fixed positions under the English and the Polish tile sets (a first
 * move, a board with tiles, racks with blanks), with and without the word map when it builds.
 * For every move: its tiles came from the rack and its other squares are the board's; when the
 * set holds every tile of the lexicon (the pairs the game loader accepts: sk_lexicon_max_tile),
 * every letter is one of the set's and the move reads back in the set's alphabet. The best move
 * by score is the head of the sorted list. When the file is the builder's own, the rules find
 * each move legal with the same score and the word map changes nothing. Whatever the file, the
 * sanitizers see no undefined behaviour. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "skrab/error.h"
#include "skrab/lexicon.h"
#include "skrab/movegen.h"
#include "skrab/rules.h"
#include "skrab/tiles.h"
#include "skrab/wordmap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define W SK_TILE_WILD
#define CHECKED_MOVES 48 /* moves a position has checked against the rules, at most */

typedef struct {
    const char *rack;           /* a tile string */
    const unsigned char *board; /* {row, col, tile} triples, ended by a row of 0xff */
} fixed_position;

static const unsigned char EMPTY[] = {0xff};
/* CARE across through the centre, with an S below its E: tiles in every alphabet's first 26 */
static const unsigned char CARE[] = {5, 3, 3, 5, 4, 1, 5, 5, 18, 5, 6, 5, 6, 6, 19, 0xff};
/* tiles 27..32 of the Polish set beside tiles of the first 26 */
static const unsigned char WIDE[] = {5, 4, 27, 5, 5, 1, 5, 6, 32, 4, 5, 30, 6, 5, 14, 0xff};

static const char RACK_PLAIN[] = {1, 5, 9, 14, 18, 19, 20, 0};
static const char RACK_BLANK[] = {1, 5, 9, W, 18, 19, 20, 0};
static const char RACK_BLANKS[] = {W, 5, 9, W, 0};
static const char RACK_WIDE[] = {27, 28, 1, 31, W, 15, 32, 0};

static const fixed_position POSITIONS[] = {
    {RACK_BLANK, EMPTY}, {RACK_PLAIN, CARE}, {RACK_BLANKS, CARE},
    {RACK_WIDE, WIDE},   {RACK_BLANK, WIDE},
};

/* Sets POS up from FP on an 11 x 11 board; 0 when it uses a tile SET lacks. */
static int setup(sk_position *pos, const fixed_position *fp, const sk_tileset *set)
{
    sk_position_init(pos, 11, 11);
    for (const unsigned char *p = fp->board; p[0] != 0xff; p += 3) {
        if (p[2] >= set->alphabet.size) return 0;
        pos->tiles[p[0] * 11 + p[1]] = (char)p[2];
    }
    for (const char *r = fp->rack; *r; r++)
        if (*r != W && (unsigned char)*r >= (unsigned)set->alphabet.size) return 0;
    strcpy(pos->racks[0], fp->rack);
    return 1;
}

/* Checks M against the rack and board of POS and against the rules. */
static void check_move(const sk_rules *rules, const sk_position *pos, const sk_gen_move *m,
                       int fits, int deep, int against_rules)
{
    const sk_alphabet *abc = &rules->tiles->alphabet;
    if (m->kind != SK_MOVE_PLACE) abort();
    if (m->len < 1 || m->len > 11 || m->nplaced < 1 || m->nplaced > m->len ||
        strlen(m->word) != m->len || m->row >= 11 || m->col >= 11 || m->dir > 1)
        abort();
    if ((m->dir ? m->row : m->col) + m->len > 11) abort();
    int left[SK_TILE_KINDS] = {0}, placed = 0;
    for (const char *r = pos->racks[0]; *r; r++)
        left[*r == W ? 0 : (unsigned char)*r]++;
    for (int i = 0; i < m->len; i++) {
        int row = m->row + (m->dir ? i : 0), col = m->col + (m->dir ? 0 : i);
        unsigned char t = (unsigned char)m->word[i];
        unsigned letter = t & SK_TILE_LETTER;
        if (letter == 0) abort();
        if (fits && (letter >= (unsigned)abc->size || !rules->tiles->defined[letter]))
            abort(); /* a letter the set does not have: it could not be written */
        if (m->placed >> i & 1) {
            placed++;
            if (sk_position_tile(pos, row, col) != 0) abort();
            if (--left[t & SK_TILE_BLANKED ? 0 : letter] < 0) abort(); /* not from the rack */
        } else if ((unsigned char)sk_position_tile(pos, row, col) != t) {
            abort(); /* a square the move does not fill must hold the word's tile */
        }
    }
    if (placed != m->nplaced) abort();
    if (!fits || !deep) return;
    sk_buf text;
    sk_buf_init(&text);
    sk_gen_move_write_gcg(m, abc, &text);
    sk_move back;
    char why[256];
    if (text.failed || sk_move_parse(&back, text.data, text.len, abc, why, sizeof(why)) != SK_OK)
        abort(); /* what the generator plays, the parser reads */
    sk_play play;
    if (against_rules &&
        (sk_rules_check(rules, pos, &back, -1, &play, why, sizeof(why)) != SK_LEGAL ||
         play.score != m->score))
        abort(); /* the rules agree with the generator */
    sk_buf_free(&text);
}

static int add_line(void *ctx, const char *word, size_t len)
{
    sk_buf *text = ctx;
    sk_buf_append(text, word, len);
    sk_buf_append(text, "\n", 1);
    return text->len > (1u << 16);
}

/* 1 when LEX is node for node what the builder makes of its DAWG's words, read in alphabet ABC:
 * then its GADDAG and its DAWG hold the same words, so the generator (which walks the GADDAG),
 * the word map and the rules (which read the DAWG) must agree move for move. A crafted file may
 * put other words in either half; every consumer stays safe on it, but they need not agree. */
static int canonical(const sk_lexicon *lex, const sk_alphabet *abc)
{
    sk_buf text;
    sk_buf_init(&text);
    uint32_t *nodes = NULL;
    size_t count = 0;
    int same = 0;
    sk_kwg_build_options opts = {.alphabet = abc};
    if (sk_lexicon_foreach_word(lex, abc, add_line, &text) == SK_OK && !text.failed &&
        sk_kwg_build(&nodes, &count, text.data ? text.data : "", text.len, &opts, NULL, NULL) ==
            SK_OK)
        same = count == sk_lexicon_node_count(lex) &&
               memcmp(nodes, sk_lexicon_nodes(lex), count * sizeof(*nodes)) == 0;
    free(nodes);
    sk_buf_free(&text);
    return same;
}

/* Generates on POS under RULES with GEN; returns the number of moves. */
/* AGREE: the lexicon is canonical (the rules and the word map agree with the GADDAG); without
 * it, a generator with a word map may pick another best move than its full list's head. */
static size_t generate(sk_movegen *gen, int mapped, const sk_rules *rules, const sk_position *pos,
                       int fits, int agree, sk_gen_move *best_out)
{
    sk_move_list list;
    sk_move_list_init(&list);
    int rc = sk_movegen_all(gen, rules, pos, &list);
    if (rc == SK_ENOMEM) abort(); /* inputs are small: nothing should need that much */
    if (rc != SK_OK) abort();
    for (size_t i = 0; i < list.count; i++)
        check_move(rules, pos, &list.moves[i], fits, i < CHECKED_MOVES, agree);
    sk_gen_move best;
    if (sk_movegen_best(gen, rules, pos, NULL, 1, 0, -1, &best) != SK_OK) abort();
    if (list.count && (agree || !mapped)) {
        sk_move_list_sort(&list, 1);
        if (best.kind != SK_MOVE_PLACE || best.score != list.moves[0].score ||
            sk_gen_move_compare(&best, &list.moves[0]) != 0)
            abort(); /* the best move is the head of the sorted list */
    } else if (!list.count && !mapped && best.kind != SK_MOVE_PASS) {
        abort();
    }
    *best_out = best;
    size_t count = list.count;
    sk_move_list_free(&list);
    return count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sk_board board;
    static sk_tileset sets[2];
    static int ready;
    if (!ready) {
        if (sk_board_init(&board, 11, 11) != SK_OK ||
            sk_tileset_builtin(&sets[0], "english") != SK_OK ||
            sk_tileset_builtin(&sets[1], "polish") != SK_OK)
            abort();
        /* a few premiums, so that scores differ by square */
        const int letter[] = {0, 3, 2, 6, 4, 4, 6, 8}, word[] = {1, 1, 3, 3, 5, 5, 9, 9};
        for (int i = 0; i < 8; i += 2) {
            board.squares[letter[i] * 11 + letter[i + 1]] = (sk_square){SK_SQ_LETTER, 3};
            board.squares[word[i] * 11 + word[i + 1]] = (sk_square){SK_SQ_WORD, 2};
        }
        ready = 1;
    }
    if (size > (1u << 13)) return 0; /* small graphs: the generator's cost grows with paths */
    sk_lexicon *lex = NULL;
    sk_wordmap *wm = NULL;
    sk_movegen *plain = NULL, *mapped = NULL;
    if (sk_lexicon_from_kwg(&lex, data, size, NULL) != SK_OK) goto done;
    if (sk_movegen_new(&plain) != SK_OK || sk_movegen_new(&mapped) != SK_OK) abort();
    if (!sk_lexicon_has_gaddag(lex)) { /* a DAWG-only file: refused, not walked */
        sk_rules rules;
        sk_rules_init(&rules, SK_RULES_CLASSIC, &board, &sets[0], lex);
        sk_position pos;
        sk_move_list list;
        sk_move_list_init(&list);
        if (!setup(&pos, &POSITIONS[0], &sets[0]) ||
            sk_movegen_all(plain, &rules, &pos, &list) != SK_EINVAL || list.count != 0)
            abort();
        sk_move_list_free(&list);
        goto done;
    }
    sk_movegen_set_table_after(plain, 0); /* the walk table from the first position */
    if (sk_wordmap_build(&wm, lex) == SK_OK) sk_movegen_use_wordmap(mapped, wm);
    int agree = sk_lexicon_max_tile(lex) < (unsigned)sets[1].alphabet.size &&
                canonical(lex, &sets[1].alphabet);
    for (int s = 0; s < 2; s++) {
        sk_rules rules;
        sk_rules_init(&rules, SK_RULES_CLASSIC, &board, &sets[s], lex);
        /* the pair the game loader accepts: every tile of the lexicon a letter of the set */
        int fits = sk_lexicon_max_tile(lex) < (unsigned)sets[s].alphabet.size;
        for (size_t p = 0; p < sizeof(POSITIONS) / sizeof(POSITIONS[0]); p++) {
            sk_position pos;
            if (!setup(&pos, &POSITIONS[p], &sets[s])) continue;
            sk_gen_move a, b;
            size_t na = generate(plain, 0, &rules, &pos, fits, agree, &a);
            size_t nb = generate(mapped, 1, &rules, &pos, fits, agree, &b);
            if (agree && (na != nb || a.score != b.score || sk_gen_move_compare(&a, &b) != 0))
                abort(); /* the word map changes nothing */
        }
    }
done:
    sk_movegen_free(plain);
    sk_movegen_free(mapped);
    sk_wordmap_free(wm);
    sk_lexicon_free(lex);
    return 0;
}
