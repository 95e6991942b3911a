/* fuzz_gcg_positions.c — libFuzzer target for `replay --positions` as a whole: a transcript is read
 * as the command reads it (once for its pragmas, again in the tile set they name, English when
 * that is no built-in set), replayed under the classic rules on a 15 x 15 board, and every line
 * --positions would print (the position before a turn with the ops `lex`, `played` and `player`
 * the command adds: docs/formats.md, "Positions (CGP)") is read back with sk_position_parse_cgp
 * in the game's alphabet: it must parse, write the same line, and give back the move and the
 * nickname it was written with. The reading alone is fuzz_gcg's. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "skrab/error.h"
#include "skrab/gcg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
    const sk_gcg *g;
    const sk_alphabet *alphabet;
} printer;

/* Sets op CODE to ARG as the command does: not when ARG holds the op's end, ';'. Returns 1 when
 * it was set. */
static int set_text_op(sk_position *pos, const char *code, const char *arg)
{
    return !strchr(arg, ';') && sk_position_set_op(pos, code, arg) == SK_OK;
}

static void print_turn(void *ctx, const sk_gcg_turn *turn)
{
    const printer *p = ctx;
    sk_position pos = *turn->before;
    if (p->g->lexicon.value[0]) set_text_op(&pos, "lex", p->g->lexicon.value);
    int played = set_text_op(&pos, "played", turn->event->notation);
    int player = turn->player >= 0 && turn->player < p->g->nplayers &&
                 set_text_op(&pos, "player", p->g->players[turn->player].nick);
    sk_buf a, b;
    sk_buf_init(&a);
    sk_buf_init(&b);
    sk_position_write_cgp(&pos, p->alphabet, &a);
    sk_position back;
    if (a.failed || memchr(a.data, '\n', a.len) ||
        sk_position_parse_cgp(&back, a.data, a.len, p->alphabet, NULL) != SK_OK)
        abort(); /* one line, and it reads */
    sk_position_write_cgp(&back, p->alphabet, &b);
    if (b.failed || a.len != b.len || memcmp(a.data, b.data, a.len) != 0) abort();
    const char *op = sk_position_op(&back, "played");
    if (played && (!op || strcmp(op, turn->event->notation) != 0)) abort();
    op = sk_position_op(&back, "player");
    if (player && (!op || strcmp(op, p->g->players[turn->player].nick) != 0)) abort();
    sk_buf_free(&a);
    sk_buf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sk_board board;
    static sk_tileset english;
    static int ready;
    if (!ready) {
        if (sk_board_init(&board, 15, 15) != SK_OK ||
            sk_tileset_builtin(&english, "english") != SK_OK)
            abort();
        ready = 1;
    }
    if (size > SK_GCG_FILE_MAX) return 0;
    const char *text = (const char *)data;
    sk_gcg g;
    if (sk_gcg_parse(&g, text, size, NULL) == SK_ENOMEM) abort();
    sk_tileset named;
    const char *name = sk_gcg_tiles_name(&g);
    const sk_tileset *tiles =
        name && sk_tileset_builtin(&named, name) == SK_OK ? &named : &english; /* NULL: none */
    if (tiles == &english) name = "english";
    sk_gcg_free(&g);
    sk_diag_list d;
    sk_diag_list_init(&d);
    int rc = sk_gcg_parse_tiles(&g, text, size, &tiles->alphabet, name, &d);
    if (rc != SK_OK && (rc != SK_EINVAL || d.errors == 0)) abort();
    sk_rules rules;
    sk_rules_init(&rules, SK_RULES_CLASSIC, &board, tiles, NULL);
    printer p = {&g, &tiles->alphabet};
    sk_gcg_result res;
    sk_diag_list r;
    sk_diag_list_init(&r);
    rc = sk_gcg_replay_turns(&g, &rules, &res, &r, print_turn, &p);
    if (rc != SK_OK && (rc != SK_EINVAL || r.errors == 0)) abort();
    sk_diag_list_free(&r);
    sk_diag_list_free(&d);
    sk_gcg_free(&g);
    return 0;
}
