/* cmd_play.c — `skrab play` (docs/play.md): the SkraBBKle game of the coursework, a person
 * against the computer, in the coursework's dialogue word for word: load or default board, open
 * or closed game, the board and the scores before every move, the human first, the computer
 * playing the best-scoring move, "Game Over!" and the final scores. With --config FILE it plays the
 * CS104 game instead (cmd_play_cs104.c). Also the helpers both games share (cmd_play.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd_play.h"
#include "cli_commands.h"
#include "skrab/error.h"
#include "skrab/players.h"

enum { OPT_CONFIG, OPT_SEED };
/* The game options of cli_game.h (their ids), with play's defaults. */
const sk_cli_option sk_play_options[] = {
    SK_CLI_GAME_OPTION_ROWS("rule set: skrabbkle (default) or classic; --config games are classic",
                            "the default board: a name or file (default: skrabbkle)",
                            "tile set: a name or file (default: skrabbkle)",
                            "word list or KWG: a name or file (default: wordlist)",
                            SK_CLI_LEXICON_VALUES),
    {OPT_CONFIG, "config", 'c', "FILE",
     "play the CS104 game of this configuration (-b -t -l override it)", NULL},
    {OPT_SEED, "seed", 's', "N", "seed of the tile bag: the same seed deals the same tiles",
     "<number>"},
    {0, NULL, 0, NULL, NULL, NULL},
};

/* ---- shared helpers (cmd_play.h) ----------------------------------------------------------- */

void sk_dialog_init(sk_dialog *io, sk_cli *cli)
{
    memset(io, 0, sizeof(*io));
    io->cli = cli;
    int fd = fileno(cli->in);
    io->terminal = fd >= 0 && isatty(fd);
    io->echo = !io->terminal;
    sk_cli_lines_stream(&io->in, cli->in, SK_DIALOG_LINE_MAX - 1, 0);
    io->line = "";
}

void sk_dialog_free(sk_dialog *io)
{
    sk_cli_lines_free(&io->in);
    io->line = "";
}

void sk_dialog_say(sk_dialog *io, const char *text)
{
    fputs(text, io->cli->out);
}

int sk_dialog_ask(sk_dialog *io, const char *prompt)
{
    FILE *out = io->cli->out;
    if (prompt) fputs(prompt, out);
    fflush(out);
    io->line = "";
    if (sk_cli_lines_next(&io->in) != SK_CLI_LINE_OK) {
        fputc('\n', out);
        return 0;
    }
    io->line = io->in.line;
    if (io->echo) {
        fprintf(out, "%s\n", io->line);
        fflush(out); /* before any message about the answer on standard error */
    }
    return 1;
}

void sk_dialog_rack(sk_buf *out, const char *rack, const sk_tileset *tiles)
{
    for (const char *p = rack; *p; p++) {
        sk_buf_puts(out, p == rack ? "[" : ", [");
        if ((sk_tile)*p == SK_TILE_WILD)
            sk_buf_putc(out, '_');
        else
            sk_buf_puts(out, tiles->alphabet.upper[(sk_tile)*p & SK_TILE_LETTER]);
        sk_buf_put_int(out, sk_tileset_score_of(tiles, *p));
        sk_buf_putc(out, ']');
    }
}

void sk_dialog_board(sk_buf *out, const sk_board *board, const sk_position *pos,
                     const sk_tileset *tiles)
{
    int scores[SK_BOARD_MAX * SK_BOARD_MAX];
    for (int i = 0; i < pos->width * pos->height; i++)
        scores[i] = pos->tiles[i] ? sk_tileset_score_of(tiles, pos->tiles[i]) : 0;
    sk_board_render_text(board, pos->tiles, scores, &tiles->alphabet, out);
}

uint64_t sk_dialog_random_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ((uint64_t)ts.tv_sec << 20) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 40);
}

/* ---- the SkraBBKle game ---------------------------------------------------------------------- */

enum { HUMAN = 0, COMPUTER = 1 };

static const char MOVE_PROMPT[] =
    "Please enter your move in the format: \"word, square\" (without the quotes)\n"
    "For example, for suitable tile rack and board configuration, a downward move\n"
    "could be \"HI,f4\" and a rightward move could be \"HI,4f\".\n"
    "In the word, upper-case letters are standard tiles\n"
    "and lower-case letters are wildcards.\n"
    "Entering \",\" passes the turn.\n";

typedef struct {
    sk_cli *cli;
    sk_dialog io;
    sk_cli_game *g;
    sk_match match;
    sk_movegen *gen;
    int open;
    sk_buf out;
} game;

static void flush_out(game *gm)
{
    sk_dialog_say(&gm->io, sk_buf_str(&gm->out));
    sk_buf_clear(&gm->out);
}

/* Asks QUESTION until the answer is one of the two letters; returns it, or 0 at end of input. */
static int choose(game *gm, const char *question, const char *prompt, char a, char b)
{
    for (;;) {
        sk_dialog_say(&gm->io, question);
        if (!sk_dialog_ask(&gm->io, prompt)) return 0;
        const char *s = gm->io.line;
        while (*s == ' ' || *s == '\t')
            s++;
        size_t n = strlen(s);
        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
            n--;
        if (n == 1 && (s[0] == a || s[0] == b)) return s[0];
        sk_dialog_say(&gm->io, "This is not a valid choice.\n");
    }
}

/* 1 when B has the shape the coursework's game is played on: S x S, SK_SKRABBKLE_MIN <= S (S is
 * at most SK_BOARD_MAX on every board). */
static int game_shape(const sk_board *b)
{
    return b->width == b->height && b->width >= SK_SKRABBKLE_MIN;
}

/* Parses TEXT, the board file PATH, in any board format (docs/formats.md, "Boards"), of the size
 * the game takes (S x S, SK_SKRABBKLE_MIN <= S). When it is not such a board, says why in one line
 * on standard error: the first error, and how many more there are (`skrab lint` lists them all).
 * Returns 1 for a board in OUT, else 0. */
static int parse_any_board(game *gm, const char *path, const sk_buf *text, sk_board *out)
{
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    int ok = sk_board_parse(out, text->data, text->len, SK_BOARD_FORMAT_AUTO, &diags) == SK_OK;
    if (!ok) {
        sk_diag_list_sort(&diags);
        sk_diag_list first;
        sk_diag_list_init(&first);
        for (size_t i = 0; i < diags.count; i++) {
            const sk_diag *d = &diags.items[i];
            if (d->severity != SK_SEV_ERROR) continue;
            size_t more = diags.errors - 1;
            if (more)
                sk_diag_add(&first, SK_SEV_ERROR, d->offset,
                            "%s (and %zu more error%s; skrab lint %s lists them)", d->message, more,
                            more == 1 ? "" : "s", path);
            else
                sk_diag_add(&first, SK_SEV_ERROR, d->offset, "%s", d->message);
            if (first.count) first.items[0].no_column = d->no_column;
            break;
        }
        sk_cli_print_diags(gm->cli, path, 0, text->data, text->len, &first,
                           SK_CLI_DIAG_ERRORS_ONLY);
        sk_diag_list_free(&first);
    } else if (!game_shape(out)) {
        /* the coursework's game is played on S x S squares, 11 <= S <= 26, in any format */
        fprintf(gm->cli->err,
                "%s: error: the game is played on an S x S board, %d <= S <= %d; this one is %d x "
                "%d\n",
                path, SK_SKRABBKLE_MIN, SK_BOARD_MAX, out->width, out->height);
        ok = 0;
    }
    sk_diag_list_free(&diags);
    return ok;
}

/* Whether the board file PATH, typed at the prompt, may be read: under --untrusted the answer is
 * data, held to the rule a configuration's BOARD line is (docs/commands.md, "Untrusted input");
 * says why not on standard error. */
static int board_name_allowed(game *gm, const char *path)
{
    if (!gm->g->untrusted && !gm->cli->untrusted) return 1;
    if (!sk_game_name_is_confined(path)) {
        fprintf(gm->cli->err,
                "%s: error: not allowed in untrusted input (an absolute path or '..'; name a file "
                "in the data directories)\n",
                path);
        return 0;
    }
    if (access(path, F_OK) == 0 && !sk_datadirs_hold(&gm->cli->datadirs, path)) {
        fprintf(gm->cli->err,
                "%s: error: outside the data directories, which untrusted input may not name\n",
                path);
        return 0;
    }
    return 1;
}

/* Asks for a board file until one is valid; returns 1, or 0 at end of input. */
static int load_board(game *gm, sk_board *out)
{
    const char *prompt = "Please enter the file name of the board: ";
    for (;;) {
        if (!sk_dialog_ask(&gm->io, prompt)) return 0;
        prompt = "This is not a valid file. Please enter the file name of the board: ";
        const char *path = gm->io.line;
        if (!*path || !board_name_allowed(gm, path)) continue;
        sk_buf text;
        sk_buf_init(&text);
        int ok = sk_cli_read(gm->cli, path, SK_BOARD_FILE_MAX, &text, 0) == SK_OK &&
                 parse_any_board(gm, path, &text, out);
        sk_buf_free(&text);
        if (ok) return 1;
    }
}

static void show_scores_and_board(game *gm)
{
    sk_buf_printf(&gm->out, "Human player score: %d\nComputer player score: %d\n",
                  sk_match_score(&gm->match, HUMAN), sk_match_score(&gm->match, COMPUTER));
    sk_dialog_board(&gm->out, &gm->g->loaded.board, &gm->match.pos, &gm->g->loaded.tiles);
}

/* 1 when the tile string RACK holds the tiles of WORD (a blanked letter takes a wildcard). */
static int rack_holds(const char *rack, const char *word)
{
    int have[SK_TILE_KINDS] = {0};
    for (const char *p = rack; *p; p++)
        have[sk_tile_kind((sk_tile)*p)]++;
    for (const char *p = word; *p; p++)
        if (have[sk_tile_kind((sk_tile)*p)]-- <= 0) return 0;
    return 1;
}

/* The human's turn: 1 when a move was played, 0 at the end of input. */
static int human_turn(game *gm)
{
    const char *rack = sk_match_rack(&gm->match, HUMAN);
    sk_buf_puts(&gm->out, "It's your turn! Your tiles:\n");
    sk_dialog_rack(&gm->out, rack, &gm->g->loaded.tiles);
    sk_buf_putc(&gm->out, '\n');
    flush_out(gm);
    for (;;) {
        if (!sk_dialog_ask(&gm->io, MOVE_PROMPT)) return 0;
        const char *text = gm->io.line;
        sk_move mv;
        char why[300];
        if (!strchr(text, ',') ||
            sk_move_parse(&mv, text, strlen(text), &gm->g->loaded.tiles.alphabet, why,
                          sizeof(why)) ||
            mv.notation != SK_NOTATION_SKRABBKLE) {
            sk_dialog_say(&gm->io, "Illegal move format\n");
            continue;
        }
        sk_buf square, word;
        sk_buf_init(&square);
        sk_buf_init(&word);
        if (mv.kind == SK_MOVE_PLACE) {
            sk_move_write_skrabbkle_square(&square, mv.row, mv.col, mv.dir);
            sk_alphabet_write_tiles(&gm->g->loaded.tiles.alphabet, mv.tiles, &word);
        }
        sk_play play;
        int ok = 0;
        if (mv.kind == SK_MOVE_PLACE && !rack_holds(rack, mv.tiles)) {
            sk_buf_puts(&gm->out, "With tiles ");
            sk_dialog_rack(&gm->out, rack, &gm->g->loaded.tiles);
            sk_buf_printf(&gm->out, " you cannot play word %s,%s\n", sk_buf_str(&word),
                          sk_buf_str(&square));
        } else if (sk_match_check(&gm->match, &mv, &play, why, sizeof(why)) != SK_LEGAL) {
            sk_buf_printf(&gm->out,
                          "The board does not permit word %s at position %s. Please try again.\n",
                          sk_buf_str(&word), sk_buf_str(&square));
        } else {
            ok = 1;
            if (mv.kind == SK_MOVE_PASS)
                sk_buf_puts(&gm->out, "The move is: Pass\n");
            else
                sk_buf_printf(&gm->out, "The move is: Word: %s at position %s\n", sk_buf_str(&word),
                              sk_buf_str(&square));
            sk_match_play(&gm->match, &play);
        }
        sk_buf_free(&square);
        sk_buf_free(&word);
        flush_out(gm);
        if (ok) return 1;
    }
}

/* The computer's move M as the dialogue says it: its notation "TILES,square" cut in two. */
static void describe(const sk_gen_move *m, const sk_alphabet *a, sk_buf *out)
{
    sk_buf text;
    sk_buf_init(&text);
    sk_gen_move_write(m, SK_PLAY_SKRABBKLE, a, &text);
    const char *t = sk_buf_str(&text), *comma = strrchr(t, ',');
    size_t n = comma ? (size_t)(comma - t) : strlen(t);
    sk_buf_printf(out, "The move is: Word: %.*s at position %s\n", (int)n, t,
                  comma ? comma + 1 : "");
    sk_buf_free(&text);
}

static int computer_turn(game *gm)
{
    sk_buf_puts(&gm->out, "It's the computer's turn!\n");
    sk_gen_move best;
    sk_move mv;
    sk_play play;
    char why[300];
    int rc = sk_strategy_choose(SK_STRATEGY_BEST, gm->gen, &gm->g->loaded.rules, &gm->match.pos,
                                sk_match_bag(&gm->match), &best);
    if (rc != SK_OK) {
        sk_cli_error(gm->cli, "the computer cannot choose a move: %s", sk_strerror(rc));
        return -1;
    }
    sk_gen_move_to_move(&best, &mv);
    if (sk_match_check(&gm->match, &mv, &play, why, sizeof(why)) != SK_LEGAL) {
        sk_cli_error(gm->cli, "internal error: the computer's move is illegal: %s", why);
        return -1;
    }
    if (best.kind == SK_MOVE_PLACE)
        describe(&best, &gm->g->loaded.tiles.alphabet, &gm->out);
    else
        sk_buf_puts(&gm->out, "The move is: Pass\n");
    sk_match_play(&gm->match, &play);
    return 0;
}

static void game_over(game *gm)
{
    sk_match_stop(&gm->match); /* scores a game that ended early; a finished one is kept */
    int h = sk_match_final(&gm->match, HUMAN), c = sk_match_final(&gm->match, COMPUTER);
    sk_buf_printf(&gm->out,
                  "Game Over!\nThe human player scored %d points.\n"
                  "The computer player scored %d points.\n%s\n",
                  h, c,
                  h > c   ? "The human player wins!"
                  : h < c ? "The computer player wins!"
                          : "It's a draw!");
    flush_out(gm);
}

static int run_game(game *gm, uint64_t seed)
{
    sk_dialog_init(&gm->io, gm->cli);
    int c = choose(gm, "Would you like to _l_oad a board or use the _d_efault board?\n",
                   "Please enter your choice (l/d): ", 'l', 'd');
    sk_board board = gm->g->loaded.board;
    if (c == 'l' && !load_board(gm, &board)) c = 0;
    if (!c) return SK_EXIT_FINDINGS;
    gm->g->loaded.board = board; /* the rules point at it */
    if (sk_match_start(&gm->match, &gm->g->loaded.rules, 2, HUMAN, seed) != SK_OK)
        return SK_EXIT_ERROR;
    sk_dialog_board(&gm->out, &gm->g->loaded.board, &gm->match.pos, &gm->g->loaded.tiles);
    flush_out(gm);
    c = choose(gm, "Would you like to play an _o_pen or a _c_losed game?\n",
               "Please enter your choice (o/c): ", 'o', 'c');
    if (!c) return SK_EXIT_FINDINGS;
    gm->open = c == 'o';
    while (gm->match.state == SK_MATCH_RUNNING) {
        if (gm->open) {
            sk_buf_puts(&gm->out, "OPEN GAME: The computer's tiles:\nOPEN GAME: ");
            sk_dialog_rack(&gm->out, sk_match_rack(&gm->match, COMPUTER), &gm->g->loaded.tiles);
            sk_buf_putc(&gm->out, '\n');
        }
        if (sk_match_to_move(&gm->match) == HUMAN) {
            if (!human_turn(gm)) break;
        } else if (computer_turn(gm) != 0) {
            flush_out(gm);
            return SK_EXIT_ERROR;
        }
        show_scores_and_board(gm);
        flush_out(gm);
    }
    game_over(gm);
    return SK_EXIT_OK;
}

/* The SkraBBKle game with the options in G (-R -b -t -l). Returns the exit status. */
static int play_skrabbkle(sk_cli *cli, sk_cli_game *g, int has_seed, uint64_t seed)
{
    if (!has_seed) seed = sk_dialog_random_seed();
    if (!g->rules_name) g->rules_name = "skrabbkle";
    sk_ruleset rs;
    if (sk_ruleset_from_name(g->rules_name, &rs) != SK_OK)
        return sk_cli_usage_error(cli, "unknown rule set '%s' (skrabbkle or classic)",
                                  g->rules_name);
    game gm = {.cli = cli, .g = g};
    sk_buf_init(&gm.out);
    sk_game_spec spec;
    int status = sk_cli_game_spec(cli, g, &spec);
    if (status == SK_EXIT_OK) status = sk_cli_game_load(cli, g, &spec);
    if (status == SK_EXIT_OK && !g->loaded.lexicon) {
        sk_cli_error(cli, "the computer needs a lexicon to play (not -l none)");
        status = SK_EXIT_ERROR;
    }
    const sk_board *b = &g->loaded.board;
    if (status == SK_EXIT_OK && !game_shape(b)) {
        sk_cli_error(cli,
                     "the game is played on an S x S board, %d <= S <= %d; -b names one of %d x %d",
                     SK_SKRABBKLE_MIN, SK_BOARD_MAX, b->width, b->height);
        status = SK_EXIT_ERROR;
    }
    if (status == SK_EXIT_OK && !sk_cli_game_can_generate(cli, g, NULL)) status = SK_EXIT_ERROR;
    if (status == SK_EXIT_OK && sk_movegen_new(&gm.gen) != SK_OK) status = SK_EXIT_ERROR;
    if (status == SK_EXIT_OK) {
        status = run_game(&gm, seed);
        if (status == SK_EXIT_FINDINGS) sk_cli_error(cli, "the input ended before the game began");
    }
    errno = 0;
    if (fflush(cli->out) != 0 || ferror(cli->out)) status = sk_cli_write_failed(cli);
    sk_dialog_free(&gm.io);
    sk_match_free(&gm.match);
    sk_movegen_free(gm.gen);
    sk_buf_free(&gm.out);
    return status;
}

int sk_cmd_play(sk_cli *cli, int argc, char **argv)
{
    sk_cli_game g;
    sk_cli_game_init(&g);
    g.needs_lexicon = 1;
    const char *config = NULL;
    uint64_t seed = 0;
    int has_seed = 0;
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        if (sk_cli_game_option(&g, opt, o.optarg)) continue;
        if (opt == OPT_CONFIG) config = o.optarg;
        if (opt == OPT_SEED) {
            if (sk_cli_opts_u64(&o, UINT64_MAX, &seed) != SK_EXIT_OK) return SK_EXIT_ERROR;
            has_seed = 1;
        }
    }
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    if (o.optind < argc) return sk_cli_usage_error(cli, "play takes no operands");
    int status = config ? sk_cmd_play_cs104(cli, &g, config, has_seed, seed)
                        : play_skrabbkle(cli, &g, has_seed, seed);
    sk_cli_game_free(&g);
    return status;
}
