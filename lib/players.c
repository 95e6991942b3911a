/* players.c — the built-in automated players (see players.h): best, equity, simple, pass,
 * endgame, sim. */
#include <string.h>

#include "skrab/endgame.h"
#include "skrab/error.h"
#include "skrab/players.h"
#include "skrab/sim.h"

static const char *const NAMES[] = {"best", "equity", "simple", "pass", "endgame", "sim"};
#define NSTRATEGIES (int)(sizeof(NAMES) / sizeof(NAMES[0]))

int sk_strategy_from_name(const char *name, sk_strategy *out)
{
    for (int i = 0; i < NSTRATEGIES; i++)
        if (strcmp(name, NAMES[i]) == 0) {
            *out = (sk_strategy)i;
            return SK_OK;
        }
    return SK_EINVAL;
}

const char *sk_strategy_name(sk_strategy strategy)
{
    return (int)strategy >= 0 && (int)strategy < NSTRATEGIES ? NAMES[strategy] : "?";
}

void sk_gen_move_to_move(const sk_gen_move *gen, sk_move *out)
{
    memset(out, 0, sizeof(*out));
    out->notation = SK_NOTATION_GCG;
    out->kind = (sk_move_kind)gen->kind;
    if (gen->kind == SK_MOVE_EXCHANGE) {
        size_t n = strlen(gen->word);
        if (n > SK_MOVE_TILES_MAX) n = SK_MOVE_TILES_MAX;
        memcpy(out->exchange, gen->word, n);
        out->exchange[n] = '\0';
        out->exchange_count = (int)n;
        return;
    }
    if (gen->kind != SK_MOVE_PLACE) return;
    out->dir = gen->dir ? SK_DOWN : SK_ACROSS;
    out->row = gen->row;
    out->col = gen->col;
    int n = gen->len > SK_MOVE_TILES_MAX ? SK_MOVE_TILES_MAX : gen->len;
    for (int i = 0; i < n; i++) {
        out->tiles[i] = gen->word[i];
        out->through[i] = !((gen->placed >> i) & 1u);
    }
    out->tiles[n] = '\0';
    out->ntiles = n;
}

static int board_empty(const sk_position *pos)
{
    for (int i = 0; i < pos->width * pos->height; i++)
        if (pos->tiles[i]) return 0;
    return 1;
}

/* The tile whose label is LABEL in the alphabet of RULES, or 0 when it has none. */
static char letter(const sk_rules *rules, const char *label)
{
    size_t pos = 0;
    sk_tile t = 0;
    const sk_alphabet *a = rules->tiles ? &rules->tiles->alphabet : sk_alphabet_default();
    return sk_alphabet_read(a, label, strlen(label), &pos, 0, &t) == SK_TILE_READ_OK ? (char)t : 0;
}

/* 1 when M places an A or I tile (not a blank) on the start square. */
static int puts_a_or_i_on_start(const sk_gen_move *m, const sk_board *b, char a, char i_)
{
    for (int i = 0; i < m->len; i++) {
        if (!((m->placed >> i) & 1u)) continue;
        int r = m->row + (m->dir ? i : 0), c = m->col + (m->dir ? 0 : i);
        if (r == b->start_row && c == b->start_col)
            return m->word[i] && (m->word[i] == a || m->word[i] == i_);
    }
    return 0;
}

/* Seed 002's player: an A or I on the start square on the first turn, else exchange or pass. */
static int choose_simple(sk_movegen *gen, const sk_rules *rules, const sk_position *pos, int bag,
                         sk_gen_move *out)
{
    memset(out, 0, sizeof(*out));
    const char *rack = pos->racks[0];
    char a = letter(rules, "A"), i_ = letter(rules, "I");
    if (board_empty(pos) && ((a && strchr(rack, a)) || (i_ && strchr(rack, i_)))) {
        sk_move_list list;
        sk_move_list_init(&list);
        int rc = sk_movegen_all(gen, rules, pos, &list);
        if (rc != SK_OK) {
            sk_move_list_free(&list);
            return rc;
        }
        const sk_gen_move *pick = NULL;
        for (size_t i = 0; i < list.count; i++) {
            const sk_gen_move *m = &list.moves[i];
            if (!puts_a_or_i_on_start(m, rules->board, a, i_)) continue;
            if (!pick || m->nplaced < pick->nplaced ||
                (m->nplaced == pick->nplaced && sk_gen_move_compare(m, pick) < 0))
                pick = m;
        }
        if (pick) *out = *pick;
        sk_move_list_free(&list);
        if (pick) return SK_OK;
    }
    size_t n = strlen(rack);
    if (rules->ruleset == SK_RULES_CLASSIC && n > 0 && bag >= rules->exchange_min &&
        n <= SK_BOARD_MAX) {
        out->kind = SK_MOVE_EXCHANGE;
        memcpy(out->word, rack, n + 1);
        return SK_OK;
    }
    out->kind = SK_MOVE_PASS;
    return SK_OK;
}

int sk_strategy_choose(sk_strategy strategy, sk_movegen *gen, const sk_rules *rules,
                       const sk_position *pos, int bag, sk_gen_move *out)
{
    return sk_strategy_choose_leaves(strategy, gen, rules, NULL, pos, bag, out);
}

int sk_strategy_choose_leaves(sk_strategy strategy, sk_movegen *gen, const sk_rules *rules,
                              const struct sk_leaves *leaves, const sk_position *pos, int bag,
                              sk_gen_move *out)
{
    switch (strategy) {
    case SK_STRATEGY_BEST:
        return sk_movegen_best(gen, rules, pos, NULL, 1, 0, bag, out);
    case SK_STRATEGY_EQUITY:
        return sk_movegen_best(gen, rules, pos, leaves, 0, 1, bag, out);
    case SK_STRATEGY_SIMPLE:
        return choose_simple(gen, rules, pos, bag, out);
    case SK_STRATEGY_ENDGAME:
        return sk_endgame_choose(gen, rules, leaves, pos, bag, out);
    case SK_STRATEGY_SIM:
        return sk_sim_choose(gen, rules, leaves, pos, bag, SK_SIM_PLAYER_CANDIDATES,
                             SK_SIM_PLAYER_ITERATIONS, out);
    case SK_STRATEGY_PASS:
    default:
        memset(out, 0, sizeof(*out));
        out->kind = SK_MOVE_PASS;
        return SK_OK;
    }
}
