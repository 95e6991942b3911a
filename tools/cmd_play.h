/* cmd_play.h — what the two interactive games of `skrab play` share: reading answers line by
 * line (echoed when standard input is not a terminal, so that a scripted session reads like
 * the dialogue on screen), racks as "[E1], [_5]", the board with its tiles, and the entry point
 * of the CS104 game (cmd_play_cs104.c). */
#ifndef SKRAB_CMD_PLAY_H
#define SKRAB_CMD_PLAY_H

#include <stdint.h>

#include "cli_game.h"
#include "skrab/match.h"

/* An answer keeps at most SK_DIALOG_LINE_MAX - 1 bytes (the rest of a longer line is skipped). */
#define SK_DIALOG_LINE_MAX 1024

typedef struct {
    sk_cli *cli;
    int echo;         /* write each answer after its prompt (stdin is not a terminal) */
    int terminal;     /* stdin is a terminal (a person is playing) */
    sk_cli_lines in;  /* the answers, read from standard input */
    const char *line; /* the last answer, without its line end; "" before the first */
} sk_dialog;

void sk_dialog_init(sk_dialog *io, sk_cli *cli);
void sk_dialog_free(sk_dialog *io);
/* Writes PROMPT (may be NULL or end without a newline), flushes, and reads one line into
 * IO->line (valid until the next call). Returns 1, or 0 at the end of input or after a read
 * error (after ending the prompt's line). */
int sk_dialog_ask(sk_dialog *io, const char *prompt);
/* Writes TEXT to standard output. */
void sk_dialog_say(sk_dialog *io, const char *text);

/* Appends RACK as "[E1], [U1], [_5]" (a blank is '_'). */
void sk_dialog_rack(sk_buf *out, const char *rack, const sk_tileset *tiles);
/* Appends the board drawn as `skrab show` draws it, tiles as letter and value. */
void sk_dialog_board(sk_buf *out, const sk_board *board, const sk_position *pos,
                     const sk_tileset *tiles);

/* A seed from the clock and the process id, for games without --seed. */
uint64_t sk_dialog_random_seed(void);

/* `skrab play --config FILE`: the CS104 game. G holds the -b -t -l overrides (applied over the
 * configuration). Returns an exit status. */
int sk_cmd_play_cs104(sk_cli *cli, sk_cli_game *g, const char *config, int has_seed, uint64_t seed);

#endif
