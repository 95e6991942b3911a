/* cmd_check.c — `skrab check POS [MOVE...]` and `skrab score POS [MOVE...]`: each move (from the
 * arguments, else one a line from stdin) is checked against the first position of POS; check
 * says ok/illegal and why, score prints the score (with --explain, how it is made up). */
#include <string.h>

#include "cli_game.h"
#include "cli_commands.h"
#include "skrab/error.h"

enum { OPT_JSON, OPT_EXPLAIN };
const sk_cli_option sk_check_options[] = {
    SK_CLI_GAME_OPTIONS,
    {OPT_JSON, "json", 0, NULL, "print one JSON object per move on standard output", NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

const sk_cli_option sk_score_options[] = {
    SK_CLI_GAME_OPTIONS,
    {OPT_JSON, "json", 0, NULL, "print one JSON object per move on standard output", NULL},
    {OPT_EXPLAIN, "explain", 'e', NULL, "show each word's letters, factors and the bingo bonus",
     NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

typedef struct {
    sk_cli *cli;
    sk_cli_game game;
    sk_position pos;
    int scoring, json, explain, bag, all_legal;
    sk_buf out;
} checking;

static void explain_word(checking *c, const sk_play *play, const sk_word *w)
{
    const sk_board *b = c->game.loaded.rules.board;
    sk_buf *o = &c->out;
    const sk_alphabet *a = &c->game.loaded.tiles.alphabet;
    sk_buf_puts(o, "  ");
    sk_alphabet_write_tiles(a, w->letters, o);
    sk_buf_putc(o, ':');
    /* 64-bit: the factor of several x99 squares passes 32 bits; the word's value is the rules'
     * own (w->score, kept within the score's bounds: docs/rules.md, "Scoring") */
    long long sum = 0, factor = 1;
    int factor_overflow = 0, factor_zero = 0;
    for (int i = 0; i < w->len; i++) {
        int r = w->row + (w->dir == SK_DOWN) * i, col = w->col + (w->dir == SK_ACROSS) * i;
        int v = sk_tileset_score_of(c->game.loaded.rules.tiles, w->letters[i]);
        int placed = 0;
        for (int k = 0; k < play->nplaced; k++)
            placed |= play->placed[k].row == r && play->placed[k].col == col;
        int lf = placed ? sk_board_letter_factor(b, r, col) : 1;
        int wf = placed ? sk_board_word_factor(b, r, col) : 1;
        if (wf == 0) factor_zero = 1; /* the product is 0, past 64 bits or not */
        if (!factor_overflow && __builtin_mul_overflow(factor, (long long)wf, &factor))
            factor_overflow = 1;
        sk_buf_putc(o, ' ');
        sk_alphabet_write(a, (sk_tile)w->letters[i], o);
        sk_buf_put_int(o, v);
        if (lf != 1) sk_buf_printf(o, "x%d", lf);
        sum += v * lf;
    }
    sk_buf_printf(o, " = %lld", sum);
    if (factor_zero)
        sk_buf_printf(o, ", word x0 = %d", w->score);
    else if (factor_overflow)
        sk_buf_printf(o, ", word x(beyond 64 bits) = %d", w->score);
    else if (factor != 1)
        sk_buf_printf(o, ", word x%lld = %d", factor, w->score);
    sk_buf_putc(o, '\n');
}

/* Prints the answer for the move INPUT[0..INPUT_LEN) (as read, NUL bytes included): JSON, or
 * a line whose quoted text is shown as text for a terminal (docs/commands.md, "Diagnostics"). */
static void print_result(checking *c, const char *input, size_t input_len, sk_illegal rc,
                         const sk_play *play, const char *why)
{
    sk_buf *o = &c->out;
    sk_buf canon;
    sk_buf_init(&canon);
    const sk_alphabet *a = &c->game.loaded.tiles.alphabet;
    if (rc == SK_LEGAL) sk_play_write_gcg(play, a, &canon);
    if (c->json) {
        sk_buf_puts(o, "{\"input\":");
        sk_json_string_n(o, input, input_len);
        sk_buf_printf(o, ",\"legal\":%s", rc == SK_LEGAL ? "true" : "false");
        /* every key on every line (null where it has no value), so jq filters need no guards */
        sk_buf_puts(o, ",\"reason\":");
        if (rc != SK_LEGAL)
            sk_json_string(o, why);
        else
            sk_buf_puts(o, "null");
        sk_buf_puts(o, ",\"move\":");
        if (rc == SK_LEGAL) {
            sk_json_string(o, sk_buf_str(&canon));
            sk_buf_printf(o, ",\"score\":%d", play->score);
        } else {
            sk_buf_puts(o, "null,\"score\":null");
        }
        if (c->scoring && rc == SK_LEGAL) {
            sk_buf_puts(o, ",\"words\":");
            sk_json_words(o, play, a);
            sk_buf_printf(o, ",\"bingo\":%s", play->bingo ? "true" : "false");
        } else if (c->scoring) {
            sk_buf_puts(o, ",\"words\":null,\"bingo\":null");
        }
        sk_buf_puts(o, "}\n");
    } else if (rc != SK_LEGAL) {
        sk_buf_puts(o, "illegal ");
        sk_cli_text_n(o, input, input_len);
        sk_buf_puts(o, ": ");
        sk_cli_text(o, why);
        sk_buf_putc(o, '\n');
    } else if (!c->scoring) {
        sk_buf_puts(o, "ok ");
        sk_cli_text_n(o, input, input_len);
        sk_buf_putc(o, '\n');
    } else {
        sk_buf_printf(o, "%d %s\n", play->score, sk_buf_str(&canon));
        if (c->explain && play->kind == SK_MOVE_PLACE) {
            int n = c->game.loaded.rules.ruleset == SK_RULES_CLASSIC ? play->nwords : 1;
            for (int i = 0; i < n; i++)
                if (play->words[i].len >= 2) explain_word(c, play, &play->words[i]);
            if (play->bingo) sk_buf_printf(o, "  bingo: +%d\n", c->game.loaded.rules.bingo_bonus);
        }
    }
    sk_buf_free(&canon);
}

/* Checks one move line and prints the result; returns non-zero to stop (a write error). */
static int check_one(void *ctx, const char *text, size_t len)
{
    checking *c = ctx;
    char input[SK_MOVE_TEXT_MAX + 1];
    size_t input_len = sk_cli_move_echo(input, text, len);
    sk_move m;
    sk_play play;
    char why[256], reason[300];
    sk_illegal rc;
    memset(&play, 0, sizeof(play));
    if (sk_move_parse(&m, text, len, &c->game.loaded.tiles.alphabet, why, sizeof(why)) != SK_OK) {
        snprintf(reason, sizeof(reason), "malformed move: %s", why);
        rc = SK_ILLEGAL_MISMATCH;
    } else {
        rc = sk_rules_check(&c->game.loaded.rules, &c->pos, &m, c->bag, &play, reason,
                            sizeof(reason));
    }
    c->all_legal &= rc == SK_LEGAL;
    print_result(c, input, input_len, rc, &play, reason);
    int status = sk_cli_write(c->cli, &c->out);
    sk_buf_clear(&c->out);
    return status;
}

static int run(sk_cli *cli, int argc, char **argv, int scoring)
{
    checking c = {.cli = cli, .scoring = scoring, .all_legal = 1};
    sk_cli_game_init(&c.game);
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    o.options_first = 1; /* "-ABC" after the position is a move */
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        if (sk_cli_game_option(&c.game, opt, o.optarg)) continue;
        if (opt == OPT_JSON)
            c.json = 1;
        else if (opt == OPT_EXPLAIN)
            c.explain = 1;
    }
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    sk_cli_posinput in;
    int status = sk_cli_position_operand(cli, argc, argv, o.optind, &in, &c.pos, &c.game);
    if (status == SK_EXIT_OK) {
        c.bag = sk_position_bag(&c.pos, c.game.loaded.rules.tiles, c.game.loaded.rules.rack_size);
        sk_buf_init(&c.out);
        status = sk_cli_for_each_move(cli, argc, argv, o.optind + 1, check_one, &c);
        sk_buf_free(&c.out);
        if (status == SK_EXIT_OK && !c.all_legal) status = SK_EXIT_FINDINGS;
    }
    sk_cli_posinput_free(&in);
    sk_cli_game_free(&c.game);
    return status;
}

int sk_cmd_check(sk_cli *cli, int argc, char **argv)
{
    return run(cli, argc, argv, 0);
}

int sk_cmd_score(sk_cli *cli, int argc, char **argv)
{
    return run(cli, argc, argv, 1);
}
