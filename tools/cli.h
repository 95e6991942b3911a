/* cli.h — the frame of the `skrab` command: exit codes, the command table, declarative options
 * (one table per subcommand gives the getopt_long array, the --help text and what shell
 * completion offers), and the helpers every subcommand shares (reading inputs, printing
 * diagnostics, JSON). The commands are a library (skrab_cli) so tests can call sk_cli_main with
 * their own streams. */
#ifndef SKRAB_CLI_H
#define SKRAB_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "skrab/board.h"
#include "skrab/buf.h"
#include "skrab/diag.h"
#include "skrab/resource.h"

/* Exit statuses, used by every subcommand (docs/commands.md, "Conventions"). */
enum {
    SK_EXIT_OK = 0,       /* all inputs valid, all moves legal, success */
    SK_EXIT_FINDINGS = 1, /* an invalid board, an illegal move, a transcript with errors */
    SK_EXIT_ERROR = 2     /* usage error, unreadable file, I/O error, internal failure */
};

typedef struct sk_cmd sk_cmd;

/* What a run of the command sees of the world; no globals. */
typedef struct {
    FILE *in, *out, *err;
    const char *exe_path;   /* absolute path of the executable, or NULL */
    const char *data_env;   /* value of $SKRAB_DATA, or NULL */
    const char *cache_home; /* $XDG_CACHE_HOME, or NULL */
    const char *home;       /* $HOME, or NULL (no cache for compiled word lists) */
    const char *data_home;  /* $XDG_DATA_HOME, or NULL (boggle play keeps its words there) */
    const char *untrusted;  /* $SKRAB_UNTRUSTED, or NULL: set and neither "" nor "0", as
                               --untrusted (docs/commands.md, "Untrusted input") */
} sk_cli_env;

typedef struct {
    FILE *in, *out, *err;
    sk_datadirs datadirs;
    const char *cache_home, *home, *data_home; /* as in sk_cli_env */
    const sk_cmd *cmd;                         /* the running subcommand */
    int out_state; /* SK_OUT_OPEN, or why nothing more is written to standard output */
    int untrusted; /* $SKRAB_UNTRUSTED says the input is untrusted (as --untrusted) */
} sk_cli;

enum {
    SK_OUT_OPEN = 0,
    SK_OUT_CLOSED, /* its reader went away (EPIPE): the command ends without a word, status 2 */
    SK_OUT_FAILED  /* a write failed otherwise, and was reported */
};

typedef struct {
    int id; /* what sk_cli_opts_next returns for it: >= 0, unique in its table; the game options
               have SK_CLI_OPT_RULES..SK_CLI_OPT_LEXICON (cli_game.h), a command's own options
               ids from an enum of the command's, below SK_CLI_OPT_GAME */
    const char *long_name; /* NULL ends a table */
    char short_name;       /* 0: long form only */
    const char *arg;       /* NULL: a flag; else the argument's name for --help ("N", "FILE") */
    const char *help;
    /* What shell completion offers for the argument: words separated by spaces, among them
     * "<file>" (file names too) or "<dir>" (directory names); any other "<...>" word names a
     * kind of value that has nothing to offer ("<number>"). NULL: file names. */
    const char *values;
} sk_cli_option;

/* The values of the options the game commands share, for shell completion: the rule sets, and
 * the built-in boards, tile sets and lexicon (resources/, named as sk_resource_find finds them)
 * besides files. */
#define SK_CLI_RULES_VALUES "skrabbkle classic"
#define SK_CLI_BOARD_VALUES "skrabbkle CrosswordGame SuperCrosswordGame <file>"
#define SK_CLI_TILES_VALUES                                                                        \
    "skrabbkle english catalan dutch french german norwegian polish slovene spanish swedish "      \
    "<file>"
#define SK_CLI_LEXICON_VALUES "wordlist <file>"
#define SK_CLI_LEXICON_NONE_VALUES "wordlist none <file>"
#define SK_CLI_DICE_VALUES "small classic new big super <file>"

/* The ids of the options the game commands share (the rows of SK_CLI_GAME_OPTIONS in
 * cli_game.h, which some commands write out with help of their own): from SK_CLI_OPT_GAME on,
 * above any id a command gives its own options. */
enum {
    SK_CLI_OPT_GAME = 1000,
    SK_CLI_OPT_RULES = SK_CLI_OPT_GAME,
    SK_CLI_OPT_BOARD,
    SK_CLI_OPT_TILES,
    SK_CLI_OPT_LEXICON,
    SK_CLI_OPT_UNTRUSTED /* --untrusted, the last row of the game options */
};

struct sk_cmd {
    const char *name; /* a subcommand's is "PARENT NAME" */
    int (*run)(sk_cli *cli, int argc, char **argv);
    const char *summary;          /* one line for `skrab help` */
    const char *usage;            /* after "skrab NAME "; "" when it takes nothing */
    const char *description;      /* paragraphs for --help; may be NULL */
    const sk_cli_option *options; /* may be NULL; -h/--help is added to every command */
    const sk_cmd *subcommands;    /* NULL, or the table run picks from by its first operand,
                                     ending with a NULL name (see sk_cli_run_subcommand) */
};

/* Runs `skrab ARGV...` (ARGV[0] is the program name). Returns the exit status. */
int sk_cli_main(int argc, char **argv, const sk_cli_env *env);

/* The command table, ending with a NULL name. */
extern const sk_cmd sk_commands[];
/* The options `skrab` itself takes before a command (--help, --version), ending with NULL. */
extern const sk_cli_option sk_global_options[];

/* The run of a command with subcommands: ARGV[1] names one of cli->cmd->subcommands (by the
 * last word of its name), which then runs with ARGV + 1 as cli->cmd; -h or --help prints the
 * command's own help. A missing or unknown name is a usage error that lists the names, calling
 * them NOUN ("which NOUN: a, b or c?", "no NOUN 'x' (a, b, c)"); NOUN NULL: "one" and
 * "subcommand". */
int sk_cli_run_subcommand(sk_cli *cli, int argc, char **argv, const char *noun);

/* ---- option parsing -------------------------------------------------------------------------*/
typedef struct {
    sk_cli *cli;
    int argc;
    char **argv;
    const char *optarg;       /* the current option's argument */
    const sk_cli_option *opt; /* the current option's row */
    int optind;               /* after the loop: index of the first operand */
    int options_first; /* set after init: options end at the first operand, so that moves such
                          as "-ABC" (a GCG exchange) are operands */
} sk_cli_opts;

enum { SK_OPT_END = -1, SK_OPT_ERROR = -2, SK_OPT_HELP = -3 };

void sk_cli_opts_init(sk_cli_opts *o, sk_cli *cli, int argc, char **argv);
/* Returns the id of the next option seen (its row in cli->cmd->options is then O->opt, its
 * argument O->optarg), SK_OPT_END after the last one, SK_OPT_ERROR after printing a usage error,
 * SK_OPT_HELP after printing --help. */
int sk_cli_opts_next(sk_cli_opts *o);
/* After a command's option loop ended on OPT: -1 when the options were read and the command goes
 * on, else its exit status (SK_EXIT_ERROR after a usage error, SK_EXIT_OK after --help). */
int sk_cli_opts_status(int opt);
/* For a command that takes no options of its own: reads -h/--help. Returns -1 when the command
 * goes on, with *FIRST_OPERAND the index of its first operand; otherwise the exit status to
 * return (SK_EXIT_OK after printing --help, SK_EXIT_ERROR after a usage error). */
int sk_cli_opts_only_help(sk_cli *cli, int argc, char **argv, int *first_operand);

/* Prints the command's --help text to STREAM. */
void sk_cli_print_help(const sk_cmd *cmd, FILE *stream);
/* Prints "skrab CMD: MESSAGE" and a hint to try --help; returns SK_EXIT_ERROR. */
int sk_cli_usage_error(sk_cli *cli, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints "skrab: MESSAGE" (or "skrab CMD: MESSAGE") to stderr. */
void sk_cli_error(sk_cli *cli, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- numbers -------------------------------------------------------------------------------- */
/* Every numeric argument of every command is read by these (docs/commands.md, "Conventions"):
 * one or more decimal digits and nothing else, with a '-' before them only when the range holds
 * negative numbers (no blanks, no '+'), and a value within the range. */

/* Reads ARG as a number LO..HI into *OUT. Returns 0, or -1 (nothing printed, *OUT unchanged) when
 * it is not one. */
int sk_cli_parse_number(const char *arg, long long lo, long long hi, long long *out);
/* As sk_cli_parse_number for 0..HI, unsigned 64-bit (seeds take every value of a uint64_t). */
int sk_cli_parse_u64(const char *arg, uint64_t hi, uint64_t *out);

/* Reads ARG, the value of WHAT ("option --draw", "operand COUNT"), as sk_cli_parse_number does.
 * A bad one is a usage error, "skrab CMD: WHAT: expected a number LO..HI, got 'ARG'". Returns
 * SK_EXIT_OK, or SK_EXIT_ERROR after printing it. */
int sk_cli_number(sk_cli *cli, const char *what, const char *arg, long long lo, long long hi,
                  long long *out);
/* As sk_cli_number for 0..HI, unsigned 64-bit. */
int sk_cli_number_u64(sk_cli *cli, const char *what, const char *arg, uint64_t hi, uint64_t *out);

/* The argument of the option O->opt just returned by sk_cli_opts_next, read as sk_cli_number
 * reads it with WHAT "option --LONG". Return as sk_cli_number. */
int sk_cli_opts_number(sk_cli_opts *o, long long lo, long long hi, long long *out);
int sk_cli_opts_int(sk_cli_opts *o, int lo, int hi, int *out);
int sk_cli_opts_u64(sk_cli_opts *o, uint64_t hi, uint64_t *out);

/* ---- lines ---------------------------------------------------------------------------------- */
/* The one reader of text lines: every command that reads lines (positions, moves, grids, words,
 * the answers of a game, an external player's move) reads them with it, from a stream (a FILE,
 * read as the lines arrive), a file descriptor (read(2), with a deadline: games, players) or
 * text in memory. A line is handed out without its end: LF, and a CR before it or at the end of
 * the input; a last line without LF is a line. At most MAX bytes of a line are kept, and the
 * bound holds while the line is read: a longer line is handed out cut to its first MAX bytes
 * with CUT set, as soon as its MAX + 2nd byte is read, and the rest of it is skipped before the
 * next line. So a reader holds at most MAX + 2 bytes of line and 4 KiB of buffer, whatever the
 * input. */
typedef struct {
    /* the line handed out by the last call that returned SK_CLI_LINE_OK: LINE[LEN] is '\0'
     * (LINE may hold NUL bytes before it); the caller may change its bytes; valid until the next
     * call */
    char *line;
    size_t len;
    int lineno; /* its number in the input, from 1 (skipped lines are counted) */
    int cut;    /* it was longer than MAX bytes */
    int error;  /* after SK_CLI_LINE_ERROR: the errno */
    /* the reader's own */
    FILE *stream;
    int fd;
    const char *text;
    size_t text_len, at;
    size_t max, cap;
    unsigned flags;
    int reading, started, overflow, skipping, eof;
    char buffer[4096]; /* a file descriptor's bytes not yet read into a line */
    size_t buffered, used;
} sk_cli_lines;

/* FLAGS of a reader: which lines it skips (never handed out, but counted). */
enum {
    SK_CLI_LINES_SKIP_BLANK = 1,   /* empty, or spaces and tabs only */
    SK_CLI_LINES_SKIP_COMMENTS = 2 /* the first byte that is not a space or tab is '#' */
};
/* What sk_cli_lines_next returns. */
enum { SK_CLI_LINE_ERROR = -1, SK_CLI_LINE_END = 0, SK_CLI_LINE_OK = 1, SK_CLI_LINE_TIMEOUT = 2 };

/* Starts R on STREAM (borrowed; read with getc_unlocked: one thread at a time). */
void sk_cli_lines_stream(sk_cli_lines *r, FILE *stream, size_t max, unsigned flags);
/* Starts R on the file descriptor FD (borrowed), read with read(2) as bytes arrive. */
void sk_cli_lines_fd(sk_cli_lines *r, int fd, size_t max, unsigned flags);
/* Starts R on TEXT[0..LEN) (borrowed; TEXT may be NULL when LEN is 0). */
void sk_cli_lines_text(sk_cli_lines *r, const char *text, size_t len, size_t max, unsigned flags);
/* Reads the next line that FLAGS do not skip into R->line, R->len, R->lineno, R->cut. Returns
 * SK_CLI_LINE_OK, SK_CLI_LINE_END at the end of the input, or SK_CLI_LINE_ERROR (R->error is
 * the errno: a read error, or ENOMEM). */
int sk_cli_lines_next(sk_cli_lines *r);
/* The same, with a deadline for a file descriptor: DEADLINE (a sk_cli_now time; 0: none) passed
 * before a line is complete returns SK_CLI_LINE_TIMEOUT, and the line read so far is kept for
 * the next call. */
int sk_cli_lines_next_until(sk_cli_lines *r, double deadline);
/* Moves up to SIZE bytes that a file descriptor's reader has read but not yet put into a line
 * into OUT (what a player typed ahead), for code that reads the descriptor itself from then on.
 * Returns how many. */
size_t sk_cli_lines_take(sk_cli_lines *r, char *out, size_t size);
/* Frees R's line (the input is the caller's to close). R may be zeroed or freed already. */
void sk_cli_lines_free(sk_cli_lines *r);
/* Seconds on the monotonic clock: the time of deadlines. */
double sk_cli_now(void);

/* The bound of a line of data (positions, moves, grids, words): far above any line the parsers
 * accept, so that they see, and report, a line too long for them. */
#define SK_CLI_LINE_MAX ((size_t)64 << 10)

/* ---- inputs and outputs -------------------------------------------------------------------- */
/* Reads PATH ("-" = cli->in) into OUT, at most MAX bytes. On failure prints "skrab CMD: PATH:
 * REASON" and returns the SK_E* code. When it is SK_ETOOBIG and QUIET_TOOBIG is set, prints
 * nothing (the caller reports it as a finding). */
int sk_cli_read(sk_cli *cli, const char *path, size_t max, sk_buf *out, int quiet_toobig);

/* How sk_cli_print_diags prints: FLAGS is 0 or a sum of these. */
enum {
    SK_CLI_DIAG_JSON = 1,        /* JSON Lines on standard output instead of the GNU form */
    SK_CLI_DIAG_ERRORS_ONLY = 2, /* warnings and notes are not printed */
    SK_CLI_DIAG_NONE = 4         /* nothing is printed (a command's --quiet) */
};

/* Prints DIAGS, the findings about FILE (the name shown: a path, "<stdin>", "<argument>"), the
 * one way every command prints them (docs/commands.md, "Diagnostics"): each as
 * "FILE:LINE:COL: SEVERITY: MESSAGE" on standard error, "FILE:LINE:" when the finding has no
 * column, "FILE:" when it has no line; with SK_CLI_DIAG_JSON as a JSON Lines object
 * {"file","line","col","severity","message"} on standard output (0 for a missing line or
 * column). An offset is located in TEXT[0..LEN): with FIRST_LINE 0, TEXT is the whole of FILE;
 * with FIRST_LINE N > 0, TEXT starts at line N of FILE (one CGP line, one grid), and a finding
 * without an offset is on line N. TEXT NULL: offsets are not shown. When DIAGS was cut short, a
 * note says so (in JSON too, as an object of severity "note" with line and col 0; not with
 * SK_CLI_DIAG_ERRORS_ONLY). */
void sk_cli_print_diags(sk_cli *cli, const char *file, int first_line, const char *text, size_t len,
                        const sk_diag_list *diags, unsigned flags);
/* The errors of DIAGS about FILE (TEXT[0..LEN) the whole file), as sk_cli_print_diags prints
 * them with SK_CLI_DIAG_ERRORS_ONLY, and the note that they were cut short when they were: for
 * the files a command loads to do its work (a lexicon, a board), whose warnings it keeps quiet. */
void sk_cli_print_errors(sk_cli *cli, const char *file, const char *text, size_t len,
                         const sk_diag_list *diags);

/* Appends S to OUT as a JSON string literal (quotes, escapes). */
void sk_json_string(sk_buf *out, const char *s);
/* The same for the LEN bytes of S, NUL bytes included (as \u0000). */
void sk_json_string_n(sk_buf *out, const char *s, size_t len);
/* Appends S to OUT as text for a terminal, as sk_json_string reads it: well-formed UTF-8 as it
 * is, any other byte as the Latin-1 character it is (UTF-8 encoded), and control characters
 * but the tab as \xHH. */
void sk_cli_text(sk_buf *out, const char *s);
/* The same for the LEN bytes of S, NUL bytes included (as \x00). */
void sk_cli_text_n(sk_buf *out, const char *s, size_t len);

/* Writes BUF to cli->out. Returns SK_EXIT_OK or SK_EXIT_ERROR (a write error: reported through
 * sk_cli_write_failed). */
int sk_cli_write(sk_cli *cli, const sk_buf *buf);

/* Says that a write to standard output failed (errno as the write left it) and returns
 * SK_EXIT_ERROR, so that the command stops; the exit status is 2 either way (docs/commands.md,
 * "Exit status"). A closed pipe (EPIPE: the reader, `head` say, has what it wanted) is not
 * reported (SK_OUT_CLOSED); any other failure is one message (SK_OUT_FAILED). */
int sk_cli_write_failed(sk_cli *cli);

/* How a file was read when its kind or format was guessed (docs/commands.md, "Diagnostics"):
 * WHAT it was read as ("a CS104 board"), WHY (a clause: "line 1 is two numbers ..."), the bytes
 * FROM..TO of the text the guess rests on, the --format name it was read as (FORMAT) and the
 * names --format takes in the command (NAMES, NULL-terminated; NULL: the command has none). A
 * guess is CERTAIN when the line it rests on is exactly the first line of the format guessed. */
typedef struct {
    const char *what;
    int certain; /* the text is exactly what the guess took it for: no note */
    char why[120];
    size_t from, to;
    const char *format;
    const char *const *names;
} sk_cli_guess;

/* Guesses the format of the board TEXT with sk_board_detect_why into GUESS, naming the board
 * formats when the running command has a --format option. Returns the format. */
sk_board_format sk_cli_guess_board(sk_cli *cli, const char *text, size_t len, sk_cli_guess *guess);

/* When GUESS is not certain and DIAGS has an error in the bytes it rests on, the guess may be
 * what is wrong: appends to OUT one note "read as WHAT because WHY; use --format OTHERS if it is
 * another". A blank text, binary bytes there, and a drawing of a board (sk_board_is_drawing)
 * get none: their one error says it all. */
void sk_cli_note_guess(const sk_cli_guess *guess, const char *text, size_t len,
                       const sk_diag_list *diags, sk_diag_list *out);

/* Says, as the one finding about FILE (the name shown), that it is larger than MAX bytes, the
 * bound of its format, and so not WHAT ("a board file"): "file is larger than MAX bytes: not
 * WHAT", printed with sk_cli_print_diags and FLAGS. Returns SK_EXIT_FINDINGS (an invalid file). */
int sk_cli_report_too_large(sk_cli *cli, const char *file, size_t max, const char *what,
                            unsigned flags);

/* Resolves NAME (a built-in name or a path) to a board and parses it with FORMAT; prints any
 * problem. Returns SK_EXIT_OK, SK_EXIT_FINDINGS (the board is invalid) or SK_EXIT_ERROR. */
int sk_cli_load_board(sk_cli *cli, const char *name, sk_board_format format, sk_board *out);

/* Parses TEXT as a board (diagnostics named SHOWN, errors only). Returns as sk_cli_load_board; a
 * board past a bound of its format (more than SK_BOARD_FILE_MAX bytes, as `lint` says it, or
 * more than 100,000 lines) is invalid: SK_EXIT_FINDINGS. */
int sk_cli_parse_board(sk_cli *cli, const char *shown, const char *text, size_t len,
                       sk_board_format format, sk_board *out);

#endif
