/* boggle.h — Boggle (docs/boggle.md): N x N grids of letter cubes (3 <= N <= 6) where Q is the "Qu"
 * face; dice sets and rolling them; tracing one word through adjacent cubes (each cube once);
 * solving a grid against a lexicon (every word, each once, with its score); and the rounds of the
 * game against a computer that learns words. Words are A-Z only; a Q cell stands for the two
 * letters QU, so QUA is a three-letter word and a Q not followed by U can never be traced.
 * Not here: reading the terminal, timers, where files live (the command decides). */
#ifndef SKRAB_BOGGLE_H
#define SKRAB_BOGGLE_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/api.h"
#include "skrab/diag.h"
#include "skrab/lexicon.h"
#include "skrab/rng.h"

#define SK_BOGGLE_SIZE_MIN 3
#define SK_BOGGLE_SIZE_MAX 6
#define SK_BOGGLE_CELLS_MAX 36
#define SK_BOGGLE_WORD_MAX 72       /* letters: every one of 36 cells a "Qu" */
#define SK_BOGGLE_GRID_TEXT_MAX 256 /* longer grid texts are refused */
#define SK_BOGGLE_DICE_FILE_MAX 65536
#define SK_BOGGLE_FACES 6
#define SK_BOGGLE_Q 17 /* the tile of the "Qu" face */
#define SK_BOGGLE_U 21

/* ---- grids ----------------------------------------------------------------------------------- */
typedef struct {
    int size;                                 /* N: the grid is N x N */
    unsigned char cells[SK_BOGGLE_CELLS_MAX]; /* row-major, tiles 1..26 = A..Z, Q = "Qu" */
} sk_boggle_grid;

/* Parses TEXT[0..LEN): N rows of N letters joined by '/' ("PERS/LATG/SINE/TERS"), or N*N
 * letters in a row ("PERSLATGSINETERS"); any case; whitespace around the whole is ignored.
 * Problems go to DIAGS with byte offsets into TEXT. Returns SK_OK, SK_EINVAL (not a grid) or
 * SK_ETOOBIG (longer than SK_BOGGLE_GRID_TEXT_MAX bytes). */
SK_API int sk_boggle_grid_parse(sk_boggle_grid *out, const char *text, size_t len,
                                sk_diag_list *diags);

/* Writes G as rows joined by '/' into OUT[OUTSZ] (NUL-terminated; 42 bytes always suffice).
 * Returns the length written. */
SK_API size_t sk_boggle_grid_format(const sk_boggle_grid *g, char *out, size_t outsz);

/* Writes the name of CELL in a grid of SIZE into OUT: column letter and row number from the top
 * left, "a1" .. "f6". */
SK_API void sk_boggle_cell_name(int size, int cell, char out[4]);

/* The points for a word of LETTERS letters: 3-4: 1, 5: 2, 6: 3, 7: 5, 8 or more: 11 (shorter
 * words, allowed only with a smaller minimum length, score 1; 0 letters score 0). */
SK_API int sk_boggle_score(int letters);

/* Finds a way to trace WORD[0..LEN) (letters, any case; "QU" is one Qu cell) through G: each
 * next cell adjacent (diagonals too), no cell twice. Recursive depth-first search with a work
 * bound. On success writes the cells to CELLS (SK_BOGGLE_CELLS_MAX room) and returns how many
 * (> 0); returns 0 when the word cannot be traced, SK_EINVAL when it is not a word of letters
 * (other characters, empty, longer than SK_BOGGLE_WORD_MAX) and SK_ETOOBIG when the search gave
 * up (only for pathological grids and words; treat it as not traced). */
SK_API int sk_boggle_trace(const sk_boggle_grid *g, const char *word, size_t len,
                           unsigned char *cells);

/* ---- dice ------------------------------------------------------------------------------------ */
typedef struct {
    int count; /* 9, 16, 25 or 36: the grid is sqrt(count) wide */
    unsigned char faces[SK_BOGGLE_CELLS_MAX][SK_BOGGLE_FACES]; /* tiles; Q = "Qu" */
} sk_boggle_dice;

/* Parses a dice file: one die a line, its six faces as letters (Q = "Qu"; spaces between faces
 * allowed), blank lines and lines starting with '#' ignored; 9, 16, 25 or 36 dice. Returns
 * SK_OK, SK_EINVAL (DIAGS says where) or SK_ETOOBIG (more than SK_BOGGLE_DICE_FILE_MAX bytes). */
SK_API int sk_boggle_dice_parse(sk_boggle_dice *out, const char *text, size_t len,
                                sk_diag_list *diags);

/* Shakes DICE into a grid: a random permutation of the dice over the cells, each showing a random
 * face. The same RNG state gives the same grid. */
SK_API void sk_boggle_roll(sk_boggle_grid *out, const sk_boggle_dice *dice, sk_rng *rng);

/* ---- solving --------------------------------------------------------------------------------- */
/* A solver is the lexicon's DAWG copied into a layout for Boggle (each node knows the set of
 * letters that may follow it, so a step is a mask test and a popcount) plus a mark per word, so
 * that every word is reported once. It does not keep the lexicon. One solver serves one thread. */
typedef struct sk_boggle_solver sk_boggle_solver;

#define SK_BOGGLE_WORDS_MAX ((size_t)1 << 26) /* lexicons with more words are refused */
#define SK_BOGGLE_STEPS_MAX                                                                        \
    20000000u /* a search visiting more nodes gives up (real lexicons: < 100000) */

/* Builds a solver for LEX (words of letters A-Z only; words with other tiles are left out).
 * *OUT is released with sk_boggle_solver_free. Returns SK_OK, SK_ENOMEM or SK_ETOOBIG. */
SK_API int sk_boggle_solver_new(sk_boggle_solver **out, const sk_lexicon *lex);
SK_API void sk_boggle_solver_free(sk_boggle_solver *s);
/* The bytes the solver holds, and how many words it knows. */
SK_API size_t sk_boggle_solver_bytes(const sk_boggle_solver *s);
SK_API size_t sk_boggle_solver_words(const sk_boggle_solver *s);

typedef struct {
    uint32_t rank;         /* the word's place in the lexicon's alphabetical order */
    unsigned char letters; /* length in letters (a Qu cell counts two) */
    unsigned char ncells;  /* length of the path */
    unsigned char score;
    unsigned char cells[SK_BOGGLE_CELLS_MAX]; /* the first path the search found */
} sk_boggle_word;

typedef struct {
    sk_boggle_word *words; /* alphabetical */
    size_t count, cap;
    long total; /* sum of the scores */
} sk_boggle_words;

SK_API void sk_boggle_words_init(sk_boggle_words *w);
SK_API void sk_boggle_words_free(sk_boggle_words *w);

/* Finds every word of at least MIN_LEN letters (values below 2 mean 2) that can be traced in G,
 * each once, into OUT (cleared first), in alphabetical order. Returns SK_OK, SK_ENOMEM, or
 * SK_ETOOBIG when the search gave up after SK_BOGGLE_STEPS_MAX steps (pathological lexicons
 * only; OUT then holds what was found). */
SK_API int sk_boggle_solve(sk_boggle_solver *s, const sk_boggle_grid *g, int min_len,
                           sk_boggle_words *out);

/* The same search counting only: *WORDS and *SCORE (either may be NULL). No allocation. */
SK_API int sk_boggle_count(sk_boggle_solver *s, const sk_boggle_grid *g, int min_len, size_t *words,
                           long *score);

/* Writes the letters of W (found in G) into OUT, NUL-terminated (SK_BOGGLE_WORD_MAX + 1 room).
 * Returns the length. */
SK_API size_t sk_boggle_word_text(const sk_boggle_grid *g, const sk_boggle_word *w, char *out);

/* ---- word sets (the computer's dictionary) --------------------------------------------------- */
#define SK_BOGGLE_WORDSET_FILE_MAX ((size_t)16 << 20)

typedef struct {
    char **items; /* uppercase, sorted, distinct, each malloc'd */
    size_t count, cap;
} sk_boggle_wordset;

SK_API void sk_boggle_wordset_init(sk_boggle_wordset *s);
SK_API void sk_boggle_wordset_free(sk_boggle_wordset *s);
/* 1 if WORD[0..LEN) (any case) is in S. */
SK_API int sk_boggle_wordset_contains(const sk_boggle_wordset *s, const char *word, size_t len);
/* Adds WORD (letters, any case, 2..SK_BOGGLE_WORD_MAX). Returns 1 added, 0 already there,
 * SK_EINVAL not a word of letters, SK_ENOMEM. */
SK_API int sk_boggle_wordset_add(sk_boggle_wordset *s, const char *word, size_t len);
/* Removes WORD; returns 1 if it was there, else 0. */
SK_API int sk_boggle_wordset_remove(sk_boggle_wordset *s, const char *word, size_t len);
/* Reads one word a line (any case; blank lines and '#' lines skipped) into S, adding to what it
 * holds. A line that is not a word is a warning in DIAGS and is skipped. Returns SK_OK, SK_ENOMEM
 * or SK_ETOOBIG (more than SK_BOGGLE_WORDSET_FILE_MAX bytes). */
SK_API int sk_boggle_wordset_parse(sk_boggle_wordset *s, const char *text, size_t len,
                                   sk_diag_list *diags);
/* Writes S to PATH, one word a line, as sk_file_write writes (skrab/buf.h: never half-written,
 * a link followed). PATH's directory must exist (it is not made). Returns SK_OK or SK_EIO (errno
 * set). */
SK_API int sk_boggle_wordset_save(const sk_boggle_wordset *s, const char *path);
/* Compiles S into a lexicon (for a solver), leaving out its words of more than SK_WORD_MAX
 * letters (a lexicon holds none; the set keeps them). Returns as sk_lexicon_from_wordlist. */
SK_API int sk_boggle_wordset_lexicon(const sk_boggle_wordset *s, sk_lexicon **out);

/* ---- the game against the computer (docs/boggle.md, "The game") ----------------------------- */
typedef enum {
    SK_BOGGLE_COMMON,        /* found by both: no points */
    SK_BOGGLE_USER_ONLY,     /* the user's points */
    SK_BOGGLE_COMPUTER_ONLY, /* the computer's points */
    SK_BOGGLE_NOT_ON_BOARD,  /* typed, but cannot be traced */
    SK_BOGGLE_NOT_A_WORD,    /* on the board but not in the lexicon (when there is one) */
    SK_BOGGLE_TOO_SHORT,     /* fewer letters than the minimum */
    SK_BOGGLE_STRUCK         /* struck out after the round */
} sk_boggle_category;

typedef struct {
    char word[SK_BOGGLE_WORD_MAX + 1];
    sk_boggle_category category;
    int score;       /* what it earns its owner (0 for common words and the rest) */
    int by_user;     /* typed by the user */
    int by_computer; /* found by the computer (struck entries remember whose they were) */
} sk_boggle_entry;

typedef struct {
    sk_boggle_grid grid;
    int min_len;
    sk_boggle_entry *entries; /* the user's words in the order typed, then the computer's */
    size_t count, cap;
    int user_score, computer_score;
} sk_boggle_round;

SK_API void sk_boggle_round_init(sk_boggle_round *r, const sk_boggle_grid *g, int min_len);
SK_API void sk_boggle_round_free(sk_boggle_round *r);
/* Records a word the user typed (letters, any case; other text returns SK_EINVAL). A word typed
 * again is ignored (returns 0); else returns 1, or SK_ENOMEM. */
SK_API int sk_boggle_round_add_user(sk_boggle_round *r, const char *word, size_t len);
/* Ends the round: the computer's words are those of COMPUTER (found in the round's grid) and the
 * user's are judged: traced on the board, in LEX (NULL: every traced word counts), long enough;
 * then both sides are scored (words found by both score nothing). Returns SK_OK or SK_ENOMEM. */
SK_API int sk_boggle_round_finish(sk_boggle_round *r, const sk_boggle_words *computer,
                                  const sk_lexicon *lex);
/* Strikes WORD from the user-only, computer-only or common words and rescores. Returns the
 * category it had (>= 0), or -1 when no such word can be struck. */
SK_API int sk_boggle_round_strike(sk_boggle_round *r, const char *word, size_t len);

typedef struct {
    int difficulty; /* 1..10: the chance in tenths that the computer learns a word */
    int target;     /* the first to reach it wins */
    int user_total, computer_total;
    int rounds;
    sk_boggle_wordset dict; /* the computer's dictionary */
    int dict_changed;       /* since it was last saved */
} sk_boggle_game;

SK_API void sk_boggle_game_init(sk_boggle_game *g, int difficulty, int target);
SK_API void sk_boggle_game_free(sk_boggle_game *g);
/* Adds the round's scores to the totals; the computer learns each word of the user's that
 * counted and that it did not know with probability difficulty/10, and forgets every word struck
 * from its own list. Returns how many words it learned, or SK_ENOMEM. */
SK_API int sk_boggle_game_close_round(sk_boggle_game *g, const sk_boggle_round *r, sk_rng *rng);
/* 1 when a side has reached the target; *WINNER is then 1 (the user), -1 (the computer) or 0 (a
 * tie at equal totals). */
SK_API int sk_boggle_game_over(const sk_boggle_game *g, int *winner);
/* Starts again from zero (the dictionary is kept). */
SK_API void sk_boggle_game_restart(sk_boggle_game *g);

#endif
