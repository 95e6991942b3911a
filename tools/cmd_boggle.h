/* cmd_boggle.h — what `skrab boggle` (cmd_boggle.c) shares with its interactive game
 * (cmd_boggle_play.c, cmd_boggle_input.c, cmd_boggle_words.c) and with solve and check
 * (cmd_boggle_solve.c): loading lexicons and dice by name, seeds, drawing a grid. */
#ifndef SKRAB_CMD_BOGGLE_H
#define SKRAB_CMD_BOGGLE_H

#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "skrab/boggle.h"

/* Loads the lexicon NAME (a name in the data directories, a word list or a KWG file; word lists
 * are compiled through the cache). Prints the problem and returns SK_EXIT_ERROR (or
 * SK_EXIT_FINDINGS for an invalid file) when it cannot. */
int sk_boggle_cli_lexicon(sk_cli *cli, const char *name, sk_lexicon **out);

/* Loads the dice NAME (a name in the data directories' boggle/ folder, or a file); NULL picks the
 * dice for SIZE (3 small, 4 new, 5 big, 6 super). SIZE 0 accepts any dice; else the dice must
 * make a grid of SIZE. Prints the problem and returns an exit status when it cannot. */
int sk_boggle_cli_dice(sk_cli *cli, const char *name, int size, sk_boggle_dice *out);
/* The name of the dice for SIZE (4 when SIZE is 0). */
const char *sk_boggle_cli_default_dice(int size);

/* 1 when W[0..LEN) is letters A-Z only (either case), and not empty. */
int sk_boggle_cli_all_letters(const char *w, size_t len);

/* A seed from the system (for runs without --seed). */
uint64_t sk_boggle_cli_random_seed(void);

/* Appends G drawn as rows of letters ("Qu" for Q), each row indented by INDENT spaces. */
void sk_boggle_cli_draw(sk_buf *out, const sk_boggle_grid *g, int indent);

/* `skrab boggle solve` and `skrab boggle check` (cmd_boggle_solve.c) and their options. */
int sk_boggle_cli_solve(sk_cli *cli, int argc, char **argv);
extern const sk_cli_option sk_boggle_solve_options[];
int sk_boggle_cli_check(sk_cli *cli, int argc, char **argv);
extern const sk_cli_option sk_boggle_check_options[];

/* ---- the player's input (cmd_boggle_input.c) ------------------------------------------------ */
typedef struct {
    int fd; /* read with read(2), not stdio, so that poll(2) sees what is pending */
    /* its lines (sk_cli_lines_next_until with the round's deadline), at most MAX bytes each */
    sk_cli_lines lines;
    FILE *out; /* where the countdown is drawn */
} sk_boggle_input;

enum { SK_BOGGLE_KEYS_ENDED, SK_BOGGLE_KEYS_EOF, SK_BOGGLE_KEYS_QUIT, SK_BOGGLE_KEYS_ERROR };

void sk_boggle_input_init(sk_boggle_input *in, int fd, size_t max, FILE *out);
void sk_boggle_input_free(sk_boggle_input *in);

/* Called with each line the player finished (writable, NUL-terminated). */
typedef void (*sk_boggle_line_fn)(void *ctx, char *line);
/* In a terminal: switches it to raw input (what was typed ahead and read into IN->lines comes
 * first), and until DEADLINE (a sk_cli_now time) redraws "[m:ss] > typed" every
 * second and edits the line (Backspace, ^U, ^W); Enter hands the line to FN and echoes it; an
 * empty line or ^D ends (SK_BOGGLE_KEYS_ENDED, as does the deadline), ^C quits, end of input is
 * SK_BOGGLE_KEYS_EOF. The terminal is restored before returning. Returns -1 when the terminal
 * cannot be switched (then read lines instead). */
int sk_boggle_input_countdown(sk_boggle_input *in, double deadline, sk_boggle_line_fn fn,
                              void *ctx);

/* ---- the computer's words in `boggle play` (cmd_boggle_words.c) --------------------------- */
typedef struct {
    char path[SK_PATH_MAX];   /* where they are kept; "" when there is nowhere to keep them */
    int is_default;           /* PATH is the default place: its directory may be made */
    sk_boggle_solver *solver; /* the game's dictionary compiled (NULL: not yet) */
    int stale;                /* the dictionary changed since it was compiled */
} sk_boggle_memory;

/* Sets M's path: OPTION (--words) when not NULL, else XDG_DATA_HOME/skrab, else
 * HOME/.local/share/skrab (boggle-words.txt); "" when none of them is usable. */
void sk_boggle_memory_locate(sk_boggle_memory *m, const sk_cli *cli, const char *option);
/* --words FILE names a file in a directory that exists: it is made only for the default place.
 * Returns SK_EXIT_OK, or SK_EXIT_ERROR after saying why not. */
int sk_boggle_memory_check_dir(sk_cli *cli, const sk_boggle_memory *m);
/* Loads the words into GAME's dictionary: M's file, or the starter words when there is none yet.
 * Returns SK_EXIT_OK, or SK_EXIT_ERROR when the file exists but cannot be read: the game would
 * start without its words and save over them, so it does not start. */
int sk_boggle_memory_load(sk_cli *cli, const sk_boggle_memory *m, sk_boggle_game *game);
/* Saves GAME's dictionary to M's file when it changed (warns when it cannot, and when there is
 * nowhere to keep it), and marks it saved. */
void sk_boggle_memory_save(sk_cli *cli, const sk_boggle_memory *m, sk_boggle_game *game);
/* The computer's finds in R's grid with GAME's dictionary (compiled again when M is stale). */
int sk_boggle_memory_solve(sk_boggle_memory *m, const sk_boggle_game *game,
                           const sk_boggle_round *r, sk_boggle_words *out);
void sk_boggle_memory_free(sk_boggle_memory *m);

/* `skrab boggle play` (cmd_boggle_play.c) and its options. */
int sk_boggle_cli_play(sk_cli *cli, int argc, char **argv);
extern const sk_cli_option sk_boggle_play_options[];

#endif
