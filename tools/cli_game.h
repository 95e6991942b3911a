/* cli_game.h — what the position commands (check, score, apply, validate, show, suggest...)
 * share: the -R -b -t -l options, reading POS arguments (a file of CGP lines, '-', or a literal
 * line), and turning a position's ops plus those overrides into loaded rules: board layout, tile
 * set and lexicon. */
#ifndef SKRAB_CLI_GAME_H
#define SKRAB_CLI_GAME_H

#include "cli.h"
#include "skrab/gamespec.h"
#include "skrab/lexicon.h"
#include "skrab/move.h"
#include "skrab/position.h"
#include "skrab/rules.h"

/* The rows of the game options -R -b -t -l and --untrusted (ids SK_CLI_OPT_RULES..
 * SK_CLI_OPT_UNTRUSTED, cli.h), with a command's own help for the first four, and what -l offers
 * to complete (SK_CLI_LEXICON_VALUES, or SK_CLI_LEXICON_NONE_VALUES where 'none' is taken). */
/* clang-format off */
#define SK_CLI_GAME_OPTION_ROWS(RULES_HELP, BOARD_HELP, TILES_HELP, LEXICON_HELP, LEXICON_VALUES)  \
    {SK_CLI_OPT_RULES, "rules", 'R', "NAME", RULES_HELP, SK_CLI_RULES_VALUES},                     \
    {SK_CLI_OPT_BOARD, "board", 'b', "BOARD", BOARD_HELP, SK_CLI_BOARD_VALUES},                    \
    {SK_CLI_OPT_TILES, "tiles", 't', "TILES", TILES_HELP, SK_CLI_TILES_VALUES},                    \
    {SK_CLI_OPT_LEXICON, "lexicon", 'l', "LEX", LEXICON_HELP, LEXICON_VALUES},                    \
    {SK_CLI_OPT_UNTRUSTED, "untrusted", 0, NULL,                                                   \
     "input may name only built-in and data-directory files", NULL}
/* clang-format on */

/* The game option rows of suggest, which reads positions and needs a lexicon ('none' refused). */
#define SK_CLI_GAME_OPTIONS_LEXICON_NEEDED                                                         \
    SK_CLI_GAME_OPTION_ROWS("rule set: skrabbkle or classic (default: the position's var op)",     \
                            "board layout: a name or file (default: from the position)",           \
                            "tile set: a name or file (default: from the position)",               \
                            "word list or KWG: a name or file (default: from the position)",       \
                            SK_CLI_LEXICON_VALUES)

/* The game option rows of the commands that read positions (--help lists them where they are:
 * first). */
#define SK_CLI_GAME_OPTIONS                                                                        \
    SK_CLI_GAME_OPTION_ROWS("rule set: skrabbkle or classic (default: the position's var op)",     \
                            "board layout: a name or file (default: from the position)",           \
                            "tile set: a name or file (default: from the position)",               \
                            "word list or KWG: a name or file; 'none' skips word checks",          \
                            SK_CLI_LEXICON_NONE_VALUES)

typedef struct {
    const char *rules_name, *board_name, *tiles_name, *lexicon_name; /* from -R -b -t -l */
    /* made at the first load; keeps every lexicon loaded until sk_cli_game_free, so that
     * positions set up earlier (suggest's batches) keep valid pointers */
    sk_game_loader *loader;
    sk_game loaded;       /* the game of the last load */
    int no_count_warning; /* validate reports counts as errors itself */
    int needs_lexicon;    /* the command refuses -l none: a missing lexicon's hint omits it */
    int untrusted;        /* --untrusted: names in data are held to the untrusted rule */
    unsigned diag_flags;  /* how findings about a position are printed: sk_cli_print_diags */
    /* the last load of sk_cli_game_setup, when it failed (FAILED_STATUS not SK_EXIT_OK): for
     * line FAILED_LINE of the input FAILED_IN; the input's later lines that name the same files
     * fail the same way, said once */
    int failed_status, failed_line;
    sk_game_spec failed;
    char failed_in[SK_PATH_MAX + 16];
    /* BOUNDED (validate, which lints a file of positions): findings printed about the
     * positions of the input SAID_IN (up to line SAID_LINE) are counted, and after
     * SK_DIAG_MAX_ENTRIES of them the rest are dropped, with a note (sk_cli_game_findings); the
     * commands that answer a stream of positions one by one say every bad one */
    int bounded;
    size_t said;
    int said_line;
    char said_in[SK_PATH_MAX + 16];
} sk_cli_game;

/* Prints the findings D about line LINE (TEXT[0..LEN), or NULL) of the input SHOWN as G's
 * diag_flags say, sorted; when G->bounded, counting them against the input's bound: after
 * SK_DIAG_MAX_ENTRIES findings of one input the rest are dropped, with a note saying so
 * (docs/commands.md, "Diagnostics"). A line before the last one printed, or another name, is
 * another input. */
void sk_cli_game_findings(sk_cli *cli, sk_cli_game *g, const char *shown, int line,
                          const char *text, size_t len, sk_diag_list *d);

void sk_cli_game_init(sk_cli_game *g);
void sk_cli_game_free(sk_cli_game *g);
/* Takes the option with id ID (SK_CLI_OPT_RULES..SK_CLI_OPT_UNTRUSTED) and its ARG. Returns 1
 * if it was a game option, else 0. */
int sk_cli_game_option(sk_cli_game *g, int id, const char *arg);

/* Starts SPEC with the -R -b -t -l overrides (they win over what a position or transcript
 * says: see gamespec.h), and untrusted when --untrusted or $SKRAB_UNTRUSTED says so. Returns
 * SK_EXIT_OK, or SK_EXIT_ERROR after printing an unknown rule set. */
int sk_cli_game_spec(sk_cli *cli, const sk_cli_game *g, sk_game_spec *spec);

/* Loads the game SPEC names into G->loaded (files found in the data directories, lexicons kept
 * by G's loader), printing what is wrong: a file's findings as FILE:LINE:COL, anything else in
 * one line. Returns SK_EXIT_OK, SK_EXIT_FINDINGS (a file with errors) or SK_EXIT_ERROR. */
int sk_cli_game_load(sk_cli *cli, sk_cli_game *g, const sk_game_spec *spec);

/* Loads what -R -b -t -l name (the lexicon only when -l is given), for a command that will not
 * use them this time (show drawing a board, parse without a position), so that a name that
 * does not exist is still an error. Returns as sk_cli_game_load, SK_EXIT_OK when none is
 * given. */
int sk_cli_game_check(sk_cli *cli, sk_cli_game *g);

/* Loads the tile set NAME as the games find one (sk_game_load_tiles), whatever its alphabet, into
 * OUT, the file read into PATH ("" for a built-in set), printing what is wrong. Returns
 * SK_EXIT_OK, SK_EXIT_FINDINGS (a file with errors) or SK_EXIT_ERROR. */
int sk_cli_game_load_tiles(sk_cli *cli, sk_cli_game *g, const char *name, sk_tileset *out,
                           char *path, size_t path_size);

/* The game of POS (read from SOURCE, a file path or NULL: relative paths in ops are resolved
 * against it) with the overrides, loaded into G->loaded. Checks the position's ops, that it fits
 * the board and that no rack holds more than the rack size, and warns about tiles beyond the
 * bag: findings of line LINE of SHOWN, printed as G->diag_flags says. Returns SK_EXIT_OK,
 * SK_EXIT_FINDINGS after printing the finding, or SK_EXIT_ERROR after printing what else went
 * wrong (the overrides, a file the position names). Files that failed to load for an earlier
 * line of the same input fail again at once, with nothing printed: a stream whose positions all
 * name a missing lexicon says so once; another input (a file, an argument) says it again. */
int sk_cli_game_setup(sk_cli *cli, sk_cli_game *g, const sk_position *pos, const char *source,
                      const char *shown, int line);

/* 1 when G's loaded lexicon can generate moves: it has a GADDAG. Else prints, after PREFIX and
 * ": " when PREFIX is not NULL, that the lexicon file has none (it was built DAWG-only: docs/
 * lexicon.md, "Lists too large for a GADDAG"), and returns 0. G must have a lexicon. */
int sk_cli_game_can_generate(sk_cli *cli, const sk_cli_game *g, const char *prefix);

/* Whether NAME, a resource name (no path: sk_resource_is_path), is here as a game would load
 * it: a built-in tile set (KIND SK_RES_TILES; PATH then ""), or a board, tile set or lexicon
 * (SK_RES_BOARD, SK_RES_TILES, SK_RES_LEXICON) in the data directories, its file in PATH[SIZE].
 * 0 for a path. */
int sk_cli_resource_here(sk_cli *cli, sk_resource_kind kind, const char *name, char *path,
                         size_t size);

/* 1 when G's loaded tile set can deal PLAYERS racks of the rules' size; else says so and
 * returns 0 (the games of selfplay and leaves train begin with full racks). */
int sk_cli_game_can_deal(sk_cli *cli, const sk_cli_game *g, int players);

/* Loads the word list or KWG file PATH (compiled once into the user's cache), printing what is
 * wrong with it. Returns SK_EXIT_OK with *OUT set, SK_EXIT_FINDINGS (the file is invalid) or
 * SK_EXIT_ERROR, *OUT NULL. */
int sk_cli_load_lexicon_file(sk_cli *cli, const char *path, sk_lexicon **out);

/* Writes the words PLAY forms (main word first, then the cross words; one-letter "words" of a
 * lone tile left out), their tiles in ALPHABET, as a JSON array of strings: the `words` of check,
 * score and suggest. */
void sk_json_words(sk_buf *out, const sk_play *play, const sk_alphabet *alphabet);

/* A POS argument (docs/commands.md, "Positions: POS arguments"): its CGP lines, read with the
 * line reader (blank lines and '#' lines skipped). A zeroed one may be freed. */
typedef struct {
    sk_cli_lines lines; /* over the stream, or over TEXT */
    sk_buf text;        /* the literal line, or the input read whole by sk_cli_posinput_read */
    const char *shown;  /* name for diagnostics: the path, "<stdin>" or "<argument>" */
    const char *source; /* path for resolving relative op paths, or NULL */
    FILE *own;          /* a file opened here, closed by sk_cli_posinput_free */
} sk_cli_posinput;

/* Opens POS to be read a line at a time as it arrives, so that a position can be answered
 * before the next is written (a pipeline, or a program talking to skrab): '-' for stdin, a
 * file, or a CGP line when no such file exists and ARG has a blank (a CGP line's fields are
 * separated by blanks; without one ARG is a file that is missing). Returns SK_OK or an SK_E*
 * after printing the problem. Free with sk_cli_posinput_free. */
int sk_cli_posinput_open(sk_cli *cli, const char *arg, sk_cli_posinput *out);
/* As sk_cli_posinput_open, but reads the input whole into OUT->text first (at most 64 MiB), for
 * a command that also looks at it as a document (show: a board or a position). */
int sk_cli_posinput_read(sk_cli *cli, const char *arg, sk_cli_posinput *out);
void sk_cli_posinput_free(sk_cli_posinput *in);

/* The next CGP line of IN, read only when asked for: sets *LINE (valid until the next call), *LEN
 * and *LINENO and returns 1; returns 0 at the end, -1 after printing a read error. */
int sk_cli_posinput_getline(sk_cli *cli, sk_cli_posinput *in, const char **line, size_t *len,
                            int *lineno);

/* Parses one CGP line from IN, its tiles in the alphabet of the tile set its ops and G's
 * overrides name, printing diagnostics as SHOWN:LINE:COL (the column counted in the line), as
 * G->diag_flags says.
 * Returns SK_EXIT_OK or SK_EXIT_FINDINGS. */
int sk_cli_parse_position(sk_cli *cli, sk_cli_game *g, const sk_cli_posinput *in, const char *line,
                          size_t len, int lineno, sk_position *out);

/* Copies the move text TEXT[0..LEN) into OUT for echoing it (NUL-terminated): all of it, or when
 * it is longer than a move may be (SK_MOVE_TEXT_MAX bytes) its head, cut where a UTF-8
 * character starts. Returns the number of bytes copied, which counts any NUL bytes of TEXT
 * (quote them with sk_cli_text_n or sk_json_string_n). */
size_t sk_cli_move_echo(char out[SK_MOVE_TEXT_MAX + 1], const char *text, size_t len);

/* Calls FN(CTX, TEXT, LEN) for each move: ARGV[FIRST..ARGC) when there are any (a first '--'
 * skipped), else each line of standard input that is not blank or a comment (first non-blank
 * byte '#'), read as it arrives (the line reader, bound SK_CLI_LINE_MAX), standard output
 * flushed after each unless the input is a regular file.
 * Stops when FN returns non-zero and returns that value; returns SK_EXIT_ERROR after printing
 * a read error of stdin, else 0. */
typedef int (*sk_cli_move_fn)(void *ctx, const char *text, size_t len);
int sk_cli_for_each_move(sk_cli *cli, int argc, char **argv, int first, sk_cli_move_fn fn,
                         void *ctx);

/* Reads the first CGP line of ARG into POS and loads its game into G (see above); IN keeps the
 * text (free it with sk_cli_posinput_free). Refuses '-' when MOVES_FROM_STDIN. */
int sk_cli_load_position(sk_cli *cli, const char *arg, int moves_from_stdin, sk_cli_posinput *in,
                         sk_position *pos, sk_cli_game *g);

/* The POS operand of a command that then reads moves (check, score, apply): ARGV[FIRST] loaded
 * as above (a usage error when it is missing); moves come from the operands after it, else
 * stdin. */
int sk_cli_position_operand(sk_cli *cli, int argc, char **argv, int first, sk_cli_posinput *in,
                            sk_position *pos, sk_cli_game *g);

#endif
