/* cmd_selfplay.h — what selfplay does outside the process (cmd_selfplay_io.c): writing the GCG
 * files, quoting what a player answered, and running an external player (`--player
 * cmd:COMMAND`) for one turn: the
 * command is started with /bin/sh -c in its own process group, gets the position as one CGP
 * line on standard input (then end of input), and must answer one move line on standard output
 * within the time limit. It is started afresh for every turn, so a program that reads all of its
 * input before answering (`skrab suggest --best`) works as well as one that answers line by
 * line; whatever it leaves running is killed once the answer is in. */
#ifndef SKRAB_CMD_SELFPLAY_H
#define SKRAB_CMD_SELFPLAY_H

#include <stddef.h>

typedef enum {
    SK_ASK_ANSWERED = 0, /* OUT holds the first line of its output */
    SK_ASK_TIMEOUT,      /* nothing within TIMEOUT_MS */
    SK_ASK_NO_ANSWER,    /* it closed its output (or exited) without a line */
    SK_ASK_FAILED        /* it could not be started (WHY says why) */
} sk_ask_result;

/* Runs COMMAND with INPUT (a line with its newline) on its standard input and reads the first
 * line it writes (without the line end; a last line without one counts) into OUT[SIZE] and its
 * length into *LEN, NUL bytes and all; a line of SIZE - 1 bytes or more is cut to SIZE - 1.
 * Otherwise WHY[WHY_SIZE] says why there is no answer: the time ran out, it could not be
 * started, or it ended its output without a line — and then whether it exited with a status
 * other than 0 or was killed by a signal. Standard error is inherited. Never raises SIGPIPE. */
sk_ask_result sk_selfplay_ask(const char *command, const char *input, long timeout_ms, char *out,
                              size_t size, size_t *len, char *why, size_t why_size);

/* Makes this process the reaper of its descendants' orphans (Linux; elsewhere nothing): a
 * player's process that leaves the player's process group (setsid) and outlives the player is
 * handed back to us when the player ends, for sk_selfplay_reap_orphans. */
void sk_selfplay_adopt_orphans(void);
/* Kills and reaps every child process of this one: when no player is being asked, those are the
 * orphans players left behind. Returns how many (0 where /proc cannot tell). */
int sk_selfplay_reap_orphans(void);

/* Creates DIR and its missing parents (mkdir -p). Returns 0, or -1 with errno set. */
int sk_selfplay_make_dirs(const char *dir);

/* Writes IN[0..LEN) into OUT[SIZE] as text that is safe to show: well-formed printable UTF-8 as
 * it is, a backslash doubled, every other byte as \xHH (docs/play.md, "Automated games:
 * `skrab selfplay`"): what a player answered, quoted in the reason it was dropped. Stops before
 * a character or escape that would not fit whole. */
void sk_selfplay_escape(const char *in, size_t len, char *out, size_t size);

#endif
