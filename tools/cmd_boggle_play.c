/* cmd_boggle_play.c — `skrab boggle play` (docs/boggle.md): Boggle against a computer that
 * learns, in a terminal. A round shows a grid and a countdown (when standard input and output are a
 * terminal: raw keyboard input, the remaining time redrawn every second; otherwise plain lines,
 * and the round still ends when time runs out unless --time 0); the player types words one a line
 * and an empty line ends the round early. Then the results, the strike commands, the next round.
 * End of input ends the game cleanly. The rules are in lib/boggle_game.c, the reading of keys
 * and lines in cmd_boggle_input.c, the keeping of the computer's words in cmd_boggle_words.c. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd_boggle.h"
#include "skrab/error.h"

#define LINE_MAX_BYTES 1024 /* longer input lines are cut */
#define TARGET_MAX 100000
#define SECONDS_MAX 86400
#define WRAP 78
#define EXIT_INTERRUPTED 130 /* ^C: 128 + SIGINT, the status a shell reports for an interrupt */

enum {
    P_SIZE,
    P_DICE,
    P_SEED,
    P_TIME,
    P_NO_TIMER,
    P_DIFFICULTY,
    P_TARGET,
    P_MIN,
    P_LEXICON,
    P_WORDS
};
const sk_cli_option sk_boggle_play_options[] = {
    {P_SIZE, "size", 'N', "N", "grid size 3..6 (default 4)", "3 4 5 6"},
    {P_DICE, "dice", 'd', "DICE", "dice set (default: the one of the size; see boggle gen)",
     SK_CLI_DICE_VALUES},
    {P_SEED, "seed", 's', "S", "random seed: the same seed rolls the same grids and learns alike",
     "<number>"},
    {P_TIME, "time", 0, "SECONDS", "length of a round (default 180; 0: no timer)", "<number>"},
    {P_NO_TIMER, "no-timer", 0, NULL,
     "no timer: a round ends with an empty line (as --time 0; not with --time)", NULL},
    {P_DIFFICULTY, "difficulty", 'D', "N",
     "1..10: the computer learns a word you find with chance N in 10 (default 5)",
     "1 2 3 4 5 6 7 8 9 10"},
    {P_TARGET, "target", 0, "POINTS", "the score that wins a game (default 100)", "<number>"},
    {P_MIN, "min", 'm', "N", "shortest word that counts (default 3)", "<number>"},
    {P_LEXICON, "lexicon", 'l', "LEX",
     "judges your words (default wordlist); 'none': every traced word counts",
     SK_CLI_LEXICON_NONE_VALUES},
    {P_WORDS, "words", 'w', "FILE",
     "the computer's words, in a directory that exists (default "
     "$XDG_DATA_HOME/skrab/boggle-words.txt)",
     NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

typedef struct {
    sk_cli *cli;
    sk_boggle_input in;
    int terminal; /* standard input and output are a terminal: countdown and raw input */
    sk_boggle_dice dice;
    sk_rng rng;
    sk_lexicon *lex; /* NULL: -l none */
    sk_boggle_game game;
    sk_boggle_memory memory; /* the computer's words: where they are kept, compiled */
    int min_len, seconds;
    int time_given, no_timer; /* --time, --no-timer seen: the two exclude each other */
    int failed;               /* an output or memory error: the game stops */
} play;

enum { ROUND_ENDED, ROUND_EOF, ROUND_QUIT, ROUND_ERROR };

static void say(play *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(play *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(p->cli->out, fmt, ap);
    va_end(ap);
    if (fflush(p->cli->out) != 0 || ferror(p->cli->out)) {
        /* said now, while errno is the write's: a closed pipe is not said */
        sk_cli_write_failed(p->cli);
        p->failed = 1;
    }
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

typedef struct {
    play *p;
    sk_boggle_round *r;
} play_line;

/* Records the words of LINE (separated by blanks). */
static void take_words(play *p, sk_boggle_round *r, char *line)
{
    for (char *w = strtok(line, " \t,"); w; w = strtok(NULL, " \t,")) {
        size_t len = strlen(w);
        int rc = sk_boggle_round_add_user(r, w, len);
        const char *more = len > 40 ? "..." : "";
        if (rc == SK_EINVAL && len > SK_BOGGLE_WORD_MAX && sk_boggle_cli_all_letters(w, len))
            say(p, "%s(ignored '%.40s%s': %zu letters; no grid holds a word of more than %d)\n",
                p->terminal ? "\r\033[K" : "", w, more, len, SK_BOGGLE_WORD_MAX);
        else if (rc == SK_EINVAL)
            say(p, "%s(ignored '%.40s%s': a word is letters A-Z only)\n",
                p->terminal ? "\r\033[K" : "", w, more);
        else if (rc == SK_ETOOBIG)
            say(p, "(ignored '%.40s': too many words this round)\n", w);
        else if (rc == SK_ENOMEM)
            p->failed = 1;
    }
}

/* A line the player finished during the countdown. */
static void countdown_line(void *ctx, char *line)
{
    play_line *pl = ctx;
    take_words(pl->p, pl->r, line);
}

/* ---- showing results ------------------------------------------------------------------------- */
static int by_word(const void *a, const void *b)
{
    return strcmp((*(const sk_boggle_entry *const *)a)->word,
                  (*(const sk_boggle_entry *const *)b)->word);
}

static void print_category(play *p, const sk_boggle_round *r, sk_boggle_category c,
                           const char *title)
{
    const sk_boggle_entry **list = malloc((r->count ? r->count : 1) * sizeof(*list));
    size_t n = 0;
    int points = 0;
    if (!list) {
        p->failed = 1;
        return;
    }
    for (size_t i = 0; i < r->count; i++)
        if (r->entries[i].category == c) {
            list[n++] = &r->entries[i];
            points += r->entries[i].score;
        }
    if (n) {
        qsort(list, n, sizeof(*list), by_word);
        sk_buf o;
        sk_buf_init(&o);
        sk_buf_printf(&o, "%s", title);
        if (c == SK_BOGGLE_USER_ONLY || c == SK_BOGGLE_COMPUTER_ONLY)
            sk_buf_printf(&o, " (%d point%s)", points, points == 1 ? "" : "s");
        sk_buf_puts(&o, ":\n   ");
        size_t col = 3;
        for (size_t i = 0; i < n; i++) {
            size_t w = strlen(list[i]->word);
            if (col + 1 + w > WRAP) {
                sk_buf_puts(&o, "\n   ");
                col = 3;
            }
            sk_buf_printf(&o, " %s", list[i]->word);
            col += 1 + w;
        }
        sk_buf_putc(&o, '\n');
        say(p, "%s", sk_buf_str(&o));
        sk_buf_free(&o);
    }
    free(list);
}

static void print_scores(play *p, const sk_boggle_round *r)
{
    say(p, "This round: you %d, the computer %d. Game: you %d, the computer %d (target %d).\n",
        r->user_score, r->computer_score, p->game.user_total + r->user_score,
        p->game.computer_total + r->computer_score, p->game.target);
}

static void print_results(play *p, const sk_boggle_round *r)
{
    say(p, "\n");
    print_category(p, r, SK_BOGGLE_COMMON, "Found by both (no points)");
    print_category(p, r, SK_BOGGLE_USER_ONLY, "Only you");
    print_category(p, r, SK_BOGGLE_COMPUTER_ONLY, "Only the computer");
    print_category(p, r, SK_BOGGLE_NOT_ON_BOARD, "Not on the board");
    print_category(p, r, SK_BOGGLE_NOT_A_WORD, "Not in the lexicon");
    print_category(p, r, SK_BOGGLE_TOO_SHORT, "Too short");
    print_category(p, r, SK_BOGGLE_STRUCK, "Struck");
    print_scores(p, r);
}

/* ---- the game -------------------------------------------------------------------------------- */
static const char help_text[] =
    "Enter: next round; strike WORD...: strike your non-words or the computer's (it forgets\n"
    "them); target N: a new game to N points; restart: a new game; quit.\n";

/* Plays one round into R: the grid, the player's words, the computer's. Returns ROUND_*. */
static int play_round(play *p, sk_boggle_round *r)
{
    sk_boggle_grid g;
    sk_boggle_roll(&g, &p->dice, &p->rng);
    sk_boggle_round_init(r, &g, p->min_len);
    sk_buf o;
    sk_buf_init(&o);
    sk_buf_printf(&o, "\nRound %d\n\n", p->game.rounds + 1);
    sk_boggle_cli_draw(&o, &g, 4);
    if (p->seconds)
        sk_buf_printf(&o, "\nType words one a line; %d:%02d to go; an empty line ends the round.\n",
                      p->seconds / 60, p->seconds % 60);
    else
        sk_buf_puts(&o, "\nType words one a line; an empty line ends the round.\n");
    say(p, "%s", sk_buf_str(&o));
    sk_buf_free(&o);
    double deadline = p->seconds ? sk_cli_now() + p->seconds : 0;
    int result = -1;
    if (p->terminal && p->seconds) {
        play_line pl = {p, r};
        static const int rounds[] = {ROUND_ENDED, ROUND_EOF, ROUND_QUIT, ROUND_ERROR};
        int keys = sk_boggle_input_countdown(&p->in, deadline, countdown_line, &pl);
        if (keys >= 0) result = rounds[keys];
        if (keys == SK_BOGGLE_KEYS_ENDED && sk_cli_now() >= deadline) say(p, "Time is up.\n");
    }
    while (result < 0 && !p->failed) {
        if (p->terminal) say(p, "> ");
        int rc = sk_cli_lines_next_until(&p->in.lines, deadline);
        if (rc == SK_CLI_LINE_END) {
            result = ROUND_EOF;
        } else if (rc == SK_CLI_LINE_TIMEOUT) {
            say(p, "%sTime is up.\n", p->terminal ? "\n" : "");
            result = ROUND_ENDED;
        } else if (rc == SK_CLI_LINE_ERROR) {
            sk_cli_error(p->cli, "<stdin>: read error: %s", strerror(p->in.lines.error));
            result = ROUND_ERROR;
        } else {
            char *t = trim(p->in.lines.line);
            if (*t)
                take_words(p, r, t);
            else
                result = ROUND_ENDED;
        }
    }
    if (p->failed || result == ROUND_ERROR || result == ROUND_QUIT) return result;
    sk_boggle_words found;
    sk_boggle_words_init(&found);
    int rc = sk_boggle_memory_solve(&p->memory, &p->game, r, &found);
    if (rc == SK_OK) rc = sk_boggle_round_finish(r, &found, p->lex);
    sk_boggle_words_free(&found);
    if (rc != SK_OK) {
        sk_cli_error(p->cli, "%s", sk_strerror(rc));
        return ROUND_ERROR;
    }
    print_results(p, r);
    return result;
}

/* Adds R to the game: scores, learning, forgetting; saves the computer's words; announces the
 * end of a game. */
static void close_round(play *p, const sk_boggle_round *r)
{
    int learned = sk_boggle_game_close_round(&p->game, r, &p->rng);
    if (learned < 0) {
        p->failed = 1;
        return;
    }
    if (p->game.dict_changed) p->memory.stale = 1;
    if (learned)
        say(p, "The computer learned %d of your words; it knows %zu.\n", learned,
            p->game.dict.count);
    sk_boggle_memory_save(p->cli, &p->memory, &p->game);
    int winner;
    if (sk_boggle_game_over(&p->game, &winner)) {
        say(p, "%s %d to %d. A new game begins.\n",
            winner > 0   ? "Game over: you win,"
            : winner < 0 ? "Game over: the computer wins,"
                         : "Game over: a tie,",
            p->game.user_total, p->game.computer_total);
        /* the totals stay until the next round, so that quitting now reports this game */
    }
}

/* Reads commands after a round until the next round. Returns 1 for another round, 0 to quit. */
static int after_round(play *p, sk_boggle_round *r)
{
    say(p, "%s", help_text);
    for (;;) {
        if (p->terminal) say(p, "? ");
        int rc = sk_cli_lines_next(&p->in.lines);
        if (rc != SK_CLI_LINE_OK || p->failed) {
            close_round(p, r);
            return 0;
        }
        char *cmd = trim(p->in.lines.line), *arg = cmd + strcspn(cmd, " \t");
        if (*arg) *arg++ = '\0';
        arg = trim(arg);
        if (!*cmd || strcmp(cmd, "n") == 0 || strcmp(cmd, "next") == 0) {
            close_round(p, r);
            return 1;
        }
        if (strcmp(cmd, "q") == 0 || strcmp(cmd, "quit") == 0 || strcmp(cmd, "exit") == 0) {
            close_round(p, r);
            return 0;
        }
        if (strcmp(cmd, "strike") == 0 || strcmp(cmd, "s") == 0) {
            if (!*arg) say(p, "strike which word?\n");
            for (char *w = strtok(arg, " \t,"); w; w = strtok(NULL, " \t,")) {
                int was = sk_boggle_round_strike(r, w, strlen(w));
                for (char *c = w; *c; c++)
                    if (*c >= 'a' && *c <= 'z') *c = (char)(*c - 'a' + 'A');
                if (was == SK_BOGGLE_USER_ONLY)
                    say(p, "Struck %s from your words.\n", w);
                else if (was == SK_BOGGLE_COMPUTER_ONLY)
                    say(p, "Struck %s from the computer's words; it forgets it.\n", w);
                else if (was == SK_BOGGLE_COMMON)
                    say(p, "Struck %s from the words found by both; the computer forgets it.\n", w);
                else
                    say(p, "No word %.40s to strike (yours, the computer's or common ones).\n", w);
            }
            print_scores(p, r);
        } else if (strcmp(cmd, "target") == 0) {
            long long t;
            if (sk_cli_parse_number(arg, 1, TARGET_MAX, &t) != 0) {
                say(p, "target needs a number 1..%d\n", TARGET_MAX);
                continue;
            }
            close_round(p, r);
            sk_boggle_game_restart(&p->game);
            p->game.target = (int)t;
            say(p, "A new game to %d point%s.\n", p->game.target, p->game.target == 1 ? "" : "s");
            return 1;
        } else if (strcmp(cmd, "restart") == 0) {
            close_round(p, r);
            sk_boggle_game_restart(&p->game);
            say(p, "A new game to %d point%s.\n", p->game.target, p->game.target == 1 ? "" : "s");
            return 1;
        } else if (strcmp(cmd, "help") == 0 || strcmp(cmd, "?") == 0) {
            say(p, "%s", help_text);
        } else {
            say(p, "Unknown command '%.40s'.\n%s", cmd, help_text);
        }
    }
}

/* Takes option ID of O. Returns SK_EXIT_OK, or SK_EXIT_ERROR after a usage error. */
static int parse_option(play *p, sk_cli_opts *o, int id, const char **dice, int *size,
                        uint64_t *seed, int *have_seed, const char **lexname, const char **words)
{
    switch (id) {
    case P_SIZE:
        return sk_cli_opts_int(o, SK_BOGGLE_SIZE_MIN, SK_BOGGLE_SIZE_MAX, size);
    case P_DICE:
        *dice = o->optarg;
        return SK_EXIT_OK;
    case P_SEED:
        *have_seed = 1;
        return sk_cli_opts_u64(o, UINT64_MAX, seed);
    case P_TIME:
        p->time_given = 1;
        return sk_cli_opts_int(o, 0, SECONDS_MAX, &p->seconds);
    case P_NO_TIMER:
        p->no_timer = 1;
        p->seconds = 0;
        return SK_EXIT_OK;
    case P_DIFFICULTY:
        return sk_cli_opts_int(o, 1, 10, &p->game.difficulty);
    case P_TARGET:
        return sk_cli_opts_int(o, 1, TARGET_MAX, &p->game.target);
    case P_MIN:
        return sk_cli_opts_int(o, 2, SK_BOGGLE_WORD_MAX, &p->min_len);
    case P_LEXICON:
        *lexname = o->optarg;
        return SK_EXIT_OK;
    case P_WORDS:
        *words = o->optarg;
        return SK_EXIT_OK;
    default:
        return SK_EXIT_OK;
    }
}

int sk_boggle_cli_play(sk_cli *cli, int argc, char **argv)
{
    play *p = calloc(1, sizeof(*p));
    if (!p) {
        sk_cli_error(cli, "out of memory");
        return SK_EXIT_ERROR;
    }
    p->cli = cli;
    p->min_len = 3;
    p->seconds = 180;
    sk_boggle_game_init(&p->game, 5, 100);
    const char *dice = NULL, *lexname = SK_LEXICON_DEFAULT, *words = NULL;
    int size = 0, have_seed = 0, status = SK_EXIT_OK;
    uint64_t seed = 0;
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt, bad = 0;
    while (!bad && (opt = sk_cli_opts_next(&o)) >= 0)
        bad = parse_option(p, &o, opt, &dice, &size, &seed, &have_seed, &lexname, &words);
    if (bad) opt = SK_OPT_ERROR;
    if (opt == SK_OPT_ERROR || opt == SK_OPT_HELP) {
        status = opt == SK_OPT_HELP ? SK_EXIT_OK : SK_EXIT_ERROR;
        goto cleanup;
    }
    if (p->time_given && p->no_timer) {
        status = sk_cli_usage_error(cli, "--time cannot be combined with --no-timer");
        goto cleanup;
    }
    if (o.optind < argc) {
        status = sk_cli_usage_error(cli, "play takes no arguments");
        goto cleanup;
    }
    if ((status = sk_boggle_cli_dice(cli, dice, size, &p->dice)) != SK_EXIT_OK) goto cleanup;
    if (strcmp(lexname, "none") != 0 &&
        (status = sk_boggle_cli_lexicon(cli, lexname, &p->lex)) != SK_EXIT_OK)
        goto cleanup;
    sk_rng_seed(&p->rng, have_seed ? seed : sk_boggle_cli_random_seed());
    int fd = fileno(cli->in);
    sk_boggle_input_init(&p->in, fd, LINE_MAX_BYTES - 1, cli->out);
    p->terminal = fd >= 0 && isatty(fd) && isatty(fileno(cli->out));
    sk_boggle_memory_locate(&p->memory, cli, words);
    if ((status = sk_boggle_memory_check_dir(cli, &p->memory)) != SK_EXIT_OK) goto cleanup;
    if ((status = sk_boggle_memory_load(cli, &p->memory, &p->game)) != SK_EXIT_OK) goto cleanup;
    say(p,
        "Boggle against the computer: the first to %d point%s wins. Difficulty %d: the computer\n"
        "learns a word you find with chance %d in 10. It knows %zu word%s.\n",
        p->game.target, p->game.target == 1 ? "" : "s", p->game.difficulty, p->game.difficulty,
        p->game.dict.count, p->game.dict.count == 1 ? "" : "s");
    int again;
    do {
        sk_boggle_round r;
        if (sk_boggle_game_over(&p->game, NULL)) sk_boggle_game_restart(&p->game);
        int result = play_round(p, &r);
        again = 0;
        if (result == ROUND_ENDED)
            again = after_round(p, &r);
        else if (result == ROUND_EOF)
            close_round(p, &r);
        else if (result == ROUND_QUIT)
            status = EXIT_INTERRUPTED;
        else if (result == ROUND_ERROR)
            status = SK_EXIT_ERROR;
        sk_boggle_round_free(&r);
    } while (again && !p->failed);
    sk_boggle_memory_save(p->cli, &p->memory, &p->game);
    if (!p->failed)
        say(p, "\nFinal score: you %d, the computer %d.\n", p->game.user_total,
            p->game.computer_total);
    if (p->failed) status = SK_EXIT_ERROR;
cleanup:
    sk_boggle_input_free(&p->in);
    sk_boggle_memory_free(&p->memory);
    sk_lexicon_free(p->lex);
    sk_boggle_game_free(&p->game);
    free(p);
    return status;
}
