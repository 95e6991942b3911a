/* testutil.h — shared helpers for the cmocka unit tests: cmocka's includes in the right order,
 * running `skrab ARGS...` in-process with captured streams, and reading repository files. */
#ifndef SKRAB_TESTUTIL_H
#define SKRAB_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "skrab/buf.h"

typedef struct {
    int status;
    sk_buf out, err;
} tu_run;

/* Runs the skrab command line ARGV (NULL-terminated, without "skrab") with STDIN_TEXT (may be
 * NULL) as standard input; the data directory is the build tree's share/skrab. */
void tu_run_cli(tu_run *r, const char *stdin_text, const char *const *argv);
void tu_run_free(tu_run *r);

/* Reads SOURCE_DIR/REL into OUT; fails the test if it cannot. */
void tu_read_source(sk_buf *out, const char *rel);

/* Diagnostics in unit tests. Lines and columns are located in TEXT; COL 0 matches a whole-line
 * finding, LINE 0 and COL 0 a finding without offset. */
#include "skrab/diag.h"
/* Prints every entry of D (for a failing test's log). */
void tu_diag_dump(const char *text, const sk_diag_list *d);
/* Asserts that D has an entry of SEV at LINE:COL whose message is MSG (EXACT) or contains it. */
void tu_expect_diag_at(const char *text, const sk_diag_list *d, sk_severity sev, int line, int col,
                       const char *msg, int exact);
/* Asserts D's error and warning counts. */
void tu_expect_counts(const char *text, const sk_diag_list *d, size_t errors, size_t warnings);

/* Words a lexicon call reports (sk_word_fn): tu_collect_word appends each to TEXT followed by a
 * space (while it fits) and counts them. Start with a zeroed tu_words. */
typedef struct {
    char text[4096];
    size_t len, count;
} tu_words;
int tu_collect_word(void *ctx, const char *word, size_t len);

/* Tile strings (alphabet.h) written the way tests read them, in the English alphabet: 'A'-'Z'
 * a letter, 'a'-'z' a blank played as it, '?' an unplayed blank, '.' a tile a GCG word leaves
 * unnamed (SK_MOVE_UNNAMED). tu_tiles converts ASCII into OUT (room for strlen + 1) and returns
 * OUT; tu_ascii converts back into a buffer of its own (the last 4 calls stay valid). */
char *tu_tiles(char *out, const char *ascii);
const char *tu_ascii(const char *tiles);
/* The same for one tile. */
char tu_tile(char ascii);
char tu_ascii_tile(char tile);

/* The fixed parts of a game on the shipped defaults: the board and tile set of rule set RS (the
 * SkraBBKle board and bag, or CrosswordGame and English) and the build tree's wordlist.kwg, with
 * RULES made of them. Free the lexicon with sk_lexicon_free (the rest holds no memory). */
#include "skrab/rules.h"
void tu_game_parts_init(sk_ruleset rs, sk_board *board, sk_tileset *tiles, sk_lexicon **lex,
                        sk_rules *rules);
/* Reads and parses the board file REL (relative to the source tree) into B; fails the test if
 * it cannot. */
void tu_load_board(sk_board *b, const char *rel);
/* Parses TEXT as a board of format FMT into B, its findings sorted into D (initialised here;
 * the caller frees it); returns what sk_board_parse returns. */
int tu_parse_board(sk_board *b, const char *text, sk_board_format fmt, sk_diag_list *d);

#endif
