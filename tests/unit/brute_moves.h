/* brute_moves.h — the slow reference the move generator is checked against (test_movegen*.c):
 * every start square, direction and ordered choice of rack tiles (a blank as every letter of the
 * alphabet), each handed to sk_rules_check, which alone decides what is legal and what it scores.
 * Moves are named by keys, their placed tiles in board order, so that the generator's list and
 * the reference compare as sets. Any alphabet: keys write tiles with the tile set's labels. */
#ifndef SKRAB_BRUTE_MOVES_H
#define SKRAB_BRUTE_MOVES_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/movegen.h"
#include "skrab/rules.h"

#define TU_KEY_MAX 400 /* a key: "ROW,COL,LABEL;" for each placed tile */

typedef struct {
    char key[TU_KEY_MAX];
    int score;
    size_t index; /* where the move is in its list (tu_brute's plays, or a move list) */
} tu_found;

/* Moves by key; a key added twice must come with the same score (the test fails otherwise). */
typedef struct {
    tu_found *items;
    size_t count, cap;
} tu_found_list;

/* Adds KEY with SCORE and INDEX unless it is there; returns 1 when it was added, 0 when it was
 * there. */
int tu_found_add(tu_found_list *l, const char *key, int score, size_t index);
void tu_found_sort(tu_found_list *l);
void tu_found_free(tu_found_list *l);

/* The key of a play (its placed tiles) and of a generated move, tiles written in alphabet A. */
void tu_key_of_play(const sk_alphabet *a, const sk_play *p, char *out, size_t size);
void tu_key_of_gen(const sk_alphabet *a, const sk_gen_move *m, char *out, size_t size);

/* A set of words (tile strings of letters, no blanks) held as a trie, so that the reference can
 * stop a line of tiles as soon as the run it makes starts no word: the run a move's tiles lie in
 * (two tiles or more) is its main word in both rule sets, so no longer choice of tiles from that
 * square can be legal. Built by the test from its own word list, not from the lexicon. */
typedef struct tu_trie tu_trie;
tu_trie *tu_trie_new(void);
/* Adds the word TILES; returns 1 when it is new, 0 when it was there. */
int tu_trie_add(tu_trie *t, const char *tiles);
void tu_trie_free(tu_trie *t);

/* The reference's findings for player 0 of POS under RULES. With WORDS (the lexicon's words, or
 * NULL) it asks the rules module only about tiles whose run along the direction tried is a word
 * (words have two letters or more) and that touch a tile already there, or on the empty board
 * start in the start square's line before it (the first move covers it); it stops a line of
 * tiles as soon as its run starts no word. A legal move of one tile makes a word in one
 * direction at least, and is found trying that direction. */
typedef struct {
    const sk_rules *rules;
    const sk_position *pos;
    const tu_trie *words;
    tu_found_list found; /* every legal move once */
    sk_play *plays;      /* the legal plays as the rules module resolved them, for playing on */
    size_t nplays, capplays;
    long checks;                    /* calls of sk_rules_check */
    int empty;                      /* the board has no tile */
    int kinds[SK_RACK_MAX], nkinds; /* the rack's kinds of tile, ascending */
} tu_brute;

/* Finds every legal placement of player 0's rack into B (zeroed first; free with
 * tu_brute_free). */
void tu_brute_run(tu_brute *b, const sk_rules *rules, const sk_position *pos, const tu_trie *words);
void tu_brute_free(tu_brute *b);

/* Checks LIST, sk_movegen_all's moves for B's position and rules, against B's findings: each
 * generated move is legal, the words sk_rules_words finds for it are those a check of its text
 * finds, with the same score, no move is generated twice, and the two lists hold the same moves
 * with the same scores (B's findings are sorted). Fails the test at the first difference, saying
 * "HEAD: missed|extra|score differs MOVE (KEY; brute S, generator S)" with the move written in
 * GCG notation in the tile set's alphabet, then TAIL on a line of its own (the position). */
void tu_brute_compare(tu_brute *b, const sk_move_list *list, const char *head, const char *tail);

/* xorshift64: the tests' own random numbers (S must not be 0). */
uint64_t tu_rnd(uint64_t *s);

/* The order sk_move_list_sort promises, by comparisons alone (qsort of sk_gen_move): best equity
 * (or score) first, then score, then sk_gen_move_compare; the pass last. */
int tu_slow_by_equity(const void *x, const void *y);
int tu_slow_by_score(const void *x, const void *y);

#endif
