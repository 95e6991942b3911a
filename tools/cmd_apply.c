/* cmd_apply.c — `skrab apply POS [MOVE...]`: plays the moves in turn from the first position of
 * POS and prints the resulting CGP line (--each: the line after each move, as it is played). An
 * illegal move stops it: the reason goes to stderr, exit 1, and nothing more to stdout. --draw
 * SEED refills racks from the unseen pool reproducibly. */
#include <string.h>

#include "cli_game.h"
#include "cli_commands.h"
#include "skrab/error.h"
#include "skrab/game.h"
#include "skrab/utf8.h"

enum { OPT_DRAW, OPT_EACH };
const sk_cli_option sk_apply_options[] = {
    SK_CLI_GAME_OPTIONS,
    {OPT_DRAW, "draw", 'd', "SEED",
     "after each move, draw replacement tiles (SEED 0..2^64-1: the same SEED, the same tiles)",
     "<number>"},
    {OPT_EACH, "each", 'e', NULL, "print the position after each move, not only after the last",
     NULL},
    {0, NULL, 0, NULL, NULL, NULL},
};

typedef struct {
    sk_cli *cli;
    sk_cli_game game;
    sk_position pos;
    sk_rng rng;
    int draw, each;
    int count;
} applying;

/* Prints A's position as one CGP line, naming the game's files so that the next command finds
 * them from any directory (docs/formats.md, "Positions (CGP)"), and flushes it. Returns the
 * exit status. */
static int write_position(applying *a)
{
    if (sk_game_write_ops(&a->game.loaded, &a->pos) != SK_OK) {
        sk_cli_error(a->cli, "the game's files cannot be named in the position's ops (no room, a "
                             "path too long, or one with a ';')");
        return SK_EXIT_ERROR;
    }
    sk_buf out;
    sk_buf_init(&out);
    sk_position_write_cgp(&a->pos, &a->game.loaded.tiles.alphabet, &out);
    sk_buf_putc(&out, '\n');
    int status = sk_cli_write(a->cli, &out);
    sk_buf_free(&out);
    if (status == SK_EXIT_OK && fflush(a->cli->out) != 0) status = sk_cli_write_failed(a->cli);
    return status;
}

/* Says on standard error that move number A->count, TEXT[0..LEN), cannot be played: "move N
 * 'MOVE': WHY", the move and WHY quoted as text for a terminal (docs/commands.md, "Diagnostics").
 */
static void refuse(applying *a, const char *text, size_t len, const char *what, const char *why)
{
    sk_buf q;
    sk_buf_init(&q);
    sk_cli_text_n(&q, text, sk_utf8_cut(text, len, SK_MOVE_TEXT_MAX));
    sk_buf_puts(&q, "'");
    sk_buf_puts(&q, what);
    sk_cli_text(&q, why);
    sk_cli_error(a->cli, "move %d '%s", a->count, sk_buf_str(&q));
    sk_buf_free(&q);
}

static int apply_one(void *ctx, const char *text, size_t len)
{
    applying *a = ctx;
    a->count++;
    sk_move m;
    sk_play play;
    char why[300];
    int bag = sk_position_bag(&a->pos, a->game.loaded.rules.tiles, a->game.loaded.rules.rack_size);
    if (sk_move_parse(&m, text, len, &a->game.loaded.tiles.alphabet, why, sizeof(why)) != SK_OK) {
        refuse(a, text, len, ": malformed move: ", why);
        return SK_EXIT_FINDINGS;
    }
    if (sk_rules_check(&a->game.loaded.rules, &a->pos, &m, bag, &play, why, sizeof(why)) !=
        SK_LEGAL) {
        refuse(a, text, len, " is illegal: ", why);
        return SK_EXIT_FINDINGS;
    }
    int zeros = a->pos.zeros;
    if (sk_game_apply(&a->pos, &play, &a->game.loaded.tiles, a->game.loaded.rules.rack_size,
                      a->draw ? &a->rng : NULL) != SK_OK) {
        refuse(a, text, len, ": the rack does not hold its tiles", "");
        return SK_EXIT_FINDINGS;
    }
    /* the count of idle turns as the rules count them (skrabbkle: passes only), which
     * sk_game_apply counts as classic does (every scoreless turn) */
    if (sk_rules_turn_idles(&a->game.loaded.rules, play.kind, play.score))
        a->pos.zeros = zeros < SK_CGP_ZEROS_MAX ? zeros + 1 : zeros;
    else
        a->pos.zeros = 0;
    /* the next player must be able to move: an unknown rack is drawn from the unseen tiles */
    if (a->draw && !a->pos.racks[0][0])
        sk_game_draw(&a->pos, &a->game.loaded.tiles, 0, a->game.loaded.rules.rack_size, &a->rng);
    /* the move a position says was played from it (replay --positions) is not the next one */
    sk_position_remove_op(&a->pos, "played");
    sk_position_remove_op(&a->pos, "player");
    return a->each ? write_position(a) : 0;
}

int sk_cmd_apply(sk_cli *cli, int argc, char **argv)
{
    applying a = {.cli = cli};
    sk_cli_game_init(&a.game);
    sk_cli_opts o;
    sk_cli_opts_init(&o, cli, argc, argv);
    o.options_first = 1; /* "-ABC" after the position is a move */
    int opt;
    while ((opt = sk_cli_opts_next(&o)) >= 0) {
        if (sk_cli_game_option(&a.game, opt, o.optarg)) continue;
        if (opt == OPT_DRAW) {
            uint64_t seed;
            if (sk_cli_opts_u64(&o, UINT64_MAX, &seed) != SK_EXIT_OK) return SK_EXIT_ERROR;
            sk_rng_seed(&a.rng, seed);
            a.draw = 1;
        } else if (opt == OPT_EACH) {
            a.each = 1;
        }
    }
    int opts_rc = sk_cli_opts_status(opt);
    if (opts_rc >= 0) return opts_rc;
    sk_cli_posinput in;
    int status = sk_cli_position_operand(cli, argc, argv, o.optind, &in, &a.pos, &a.game);
    if (status == SK_EXIT_OK)
        status = sk_cli_for_each_move(cli, argc, argv, o.optind + 1, apply_one, &a);
    if (status == SK_EXIT_OK && !a.each) status = write_position(&a);
    sk_cli_posinput_free(&in);
    sk_cli_game_free(&a.game);
    return status;
}
