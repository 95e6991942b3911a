/* endgame.c — the endgame solver (see endgame.h): an exact search of both racks once the bag is
 * empty. A principal-variation negamax with fail-soft alpha-beta, deepened one ply at a time,
 * over a board changed in place (moves laid and lifted) with a Zobrist key of the board, both
 * racks, the side to move and the idle-turn run kept beside it for the transposition table.
 * Moves are tried in the order: the table's best move, then by immediate gain (score, plus the
 * end-of-game points of going out), the pass last. The method is in docs/engine.md, "Endgames". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "skrab/endgame.h"
#include "skrab/error.h"
#include "skrab/game.h"

#define DEPTH_ANY 255 /* a table entry whose subtree met no horizon: exact at any depth */
#define VALUE_INF (INT64_MAX / 4)
#define TABLE_BITS_DEFAULT 20 /* 2^20 entries of 24 bytes */

enum { BOUND_NONE = 0, BOUND_EXACT, BOUND_LOWER, BOUND_UPPER };

typedef struct {
    uint64_t key;
    int64_t value;
    uint32_t move;  /* fingerprint of the best move found (0: none) */
    uint16_t stamp; /* the solve that wrote it: other stamps are empty slots */
    uint8_t depth;  /* plies the value holds for; DEPTH_ANY: every depth */
    uint8_t bound;
} entry;

struct sk_endgame {
    sk_movegen *gen;
    sk_move_list lists[SK_ENDGAME_PLIES_MAX]; /* the moves of the node at each ply */
    entry *table;
    int table_bits;
    uint16_t stamp;
    /* the triangular principal variation: pv[ply] is the best line from the node at PLY */
    sk_gen_move pv[SK_ENDGAME_PLIES_MAX + 1][SK_ENDGAME_PLIES_MAX];
    int pv_len[SK_ENDGAME_PLIES_MAX + 1];
};

int sk_endgame_new(sk_endgame **out)
{
    sk_endgame *eg = calloc(1, sizeof(*eg));
    if (!eg) {
        *out = NULL;
        return SK_ENOMEM;
    }
    if (sk_movegen_new(&eg->gen) != SK_OK) {
        free(eg);
        *out = NULL;
        return SK_ENOMEM;
    }
    for (int i = 0; i < SK_ENDGAME_PLIES_MAX; i++)
        sk_move_list_init(&eg->lists[i]);
    *out = eg;
    return SK_OK;
}

void sk_endgame_free(sk_endgame *eg)
{
    if (!eg) return;
    for (int i = 0; i < SK_ENDGAME_PLIES_MAX; i++)
        sk_move_list_free(&eg->lists[i]);
    sk_movegen_free(eg->gen);
    free(eg->table);
    free(eg);
}

static void say(char *why, size_t why_size, const char *text)
{
    if (why && why_size) {
        strncpy(why, text, why_size - 1);
        why[why_size - 1] = '\0';
    }
}

sk_endgame_verdict sk_endgame_check(const sk_rules *rules, const sk_position *pos, char *opponent,
                                    char *why, size_t why_size)
{
    char text[160];
    say(why, why_size, "");
    opponent[0] = '\0';
    if (pos->nplayers != 2) {
        say(why, why_size, "an endgame is solved for two players only");
        return SK_ENDGAME_NOT_TWO;
    }
    if (!pos->racks[0][0]) {
        say(why, why_size, "the rack of the player to move is unknown");
        return SK_ENDGAME_RACK_UNKNOWN;
    }
    if (rules->end_turns <= 0) {
        say(why, why_size, "the rules never end a game by idle turns");
        return SK_ENDGAME_NO_IDLE_END;
    }
    if (sk_rules_idle_end(rules, pos->zeros, pos->nplayers)) {
        snprintf(text, sizeof(text), "%d idle turns in a row ended the game", pos->zeros);
        say(why, why_size, text);
        return SK_ENDGAME_GAME_OVER;
    }
    int unseen[SK_TILE_KINDS], over, total = 0;
    sk_position_unseen(pos, rules->tiles, unseen, &over);
    for (int t = 0; t < SK_TILE_KINDS; t++)
        total += unseen[t];
    if (pos->racks[1][0]) {
        if (total > 0) {
            snprintf(text, sizeof(text), "the bag is not empty: %d tile%s unseen besides the racks",
                     total, total == 1 ? "" : "s");
            say(why, why_size, text);
            return SK_ENDGAME_BAG_NOT_EMPTY;
        }
        memcpy(opponent, pos->racks[1], SK_RACK_MAX + 1);
        return SK_ENDGAME_READY;
    }
    int room = rules->rack_size < SK_RACK_MAX ? rules->rack_size : SK_RACK_MAX;
    if (total > room) {
        snprintf(text, sizeof(text),
                 "the bag is not empty: %d tiles unseen, more than the opponent's rack of %d",
                 total, room);
        say(why, why_size, text);
        return SK_ENDGAME_BAG_NOT_EMPTY;
    }
    if (total == 0) {
        say(why, why_size, "no tile is unseen: the opponent went out, the game is over");
        return SK_ENDGAME_GAME_OVER;
    }
    int n = 0; /* letters in alphabet order, then the blanks */
    for (int t = 1; t < SK_TILE_KINDS; t++)
        for (int k = 0; k < unseen[t]; k++)
            opponent[n++] = (char)t;
    for (int k = 0; k < unseen[0]; k++)
        opponent[n++] = (char)SK_TILE_WILD;
    opponent[n] = '\0';
    return SK_ENDGAME_READY;
}

/* The Zobrist numbers: a mix of the feature's code (splitmix64's finaliser), worked out when
 * needed instead of read from a table. */
static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}
static uint64_t z_square(int index, unsigned char tile)
{
    return mix(0x100000000ull + (uint64_t)index * 256u + tile);
}
/* the COUNT-th tile of kind KIND on PLAYER's rack */
static uint64_t z_rack(int player, int kind, int count)
{
    return mix(0x200000000ull + (uint64_t)player * 0x10000u + (uint64_t)kind * 64u +
               (unsigned)count);
}
static uint64_t z_state(int side, int idle)
{
    return mix(0x300000000ull + (uint64_t)side * 0x10000u + (unsigned)idle);
}

/* A fingerprint of a move (never 0), to find the table's best move among a node's moves. */
static uint32_t fingerprint(const sk_gen_move *m)
{
    uint64_t h = mix(((uint64_t)m->kind << 40) | ((uint64_t)m->row << 32) |
                     ((uint64_t)m->col << 24) | ((uint64_t)m->dir << 16) | m->len);
    h = mix(h ^ m->placed);
    for (int i = 0; i < m->len; i++)
        h = mix(h ^ (unsigned char)m->word[i]);
    uint32_t f = (uint32_t)(h >> 32);
    return f ? f : 1;
}

typedef struct {
    sk_endgame *eg;
    const sk_rules *rules;
    sk_position pos; /* the board as the line being searched has it */
    char rack[2][SK_RACK_MAX + 1];
    int counts[2][SK_TILE_KINDS];
    int64_t rack_value[2];
    uint64_t hash; /* board and racks */
    uint64_t nodes;
    struct timespec start;
    double seconds;      /* the time limit (<= 0: none) */
    uint64_t max_nodes;  /* the limit of positions (0: none) */
    int may_stop;        /* 0 while the first iteration runs */
    int stopped;         /* the time ran out: unwind without storing */
    int error;           /* a move generator error (SK_ENOMEM): unwind */
    uint32_t root_first; /* the previous iteration's best root move */
} search;

static double elapsed(const search *s)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - s->start.tv_sec) + (double)(now.tv_nsec - s->start.tv_nsec) / 1e9;
}

static int rack_tile(unsigned char placed)
{
    int kind = sk_tile_kind(placed);
    return kind ? kind : SK_TILE_WILD;
}

/* Lays M's tiles for SIDE: the board, its rack (string, counts, value) and the key. */
static void lay(search *s, int side, const sk_gen_move *m)
{
    int w = s->pos.width;
    for (int i = 0; i < m->len; i++) {
        if (!((m->placed >> i) & 1u)) continue;
        unsigned char tile = (unsigned char)m->word[i];
        int index = (m->row + (m->dir ? i : 0)) * w + m->col + (m->dir ? 0 : i);
        s->pos.tiles[index] = (char)tile;
        s->hash ^= z_square(index, tile);
        int kind = sk_tile_kind(tile);
        s->hash ^= z_rack(side, kind, s->counts[side][kind]--);
        char rt = (char)rack_tile(tile);
        s->rack_value[side] -= sk_tileset_score_of(s->rules->tiles, rt);
        char *p = strchr(s->rack[side], rt);
        if (p) memmove(p, p + 1, strlen(p));
    }
}

/* Lifts M's tiles again; SAVED is SIDE's rack string before lay. */
static void lift(search *s, int side, const sk_gen_move *m, const char *saved)
{
    int w = s->pos.width;
    for (int i = 0; i < m->len; i++) {
        if (!((m->placed >> i) & 1u)) continue;
        unsigned char tile = (unsigned char)m->word[i];
        int index = (m->row + (m->dir ? i : 0)) * w + m->col + (m->dir ? 0 : i);
        s->pos.tiles[index] = 0;
        s->hash ^= z_square(index, tile);
        int kind = sk_tile_kind(tile);
        s->hash ^= z_rack(side, kind, ++s->counts[side][kind]);
        s->rack_value[side] += sk_tileset_score_of(s->rules->tiles, (char)rack_tile(tile));
    }
    memcpy(s->rack[side], saved, SK_RACK_MAX + 1);
}

/* The points going out brings to the spread: the other's rack value, twice in classic (the one
 * out gains what the other loses; docs/rules.md, "End of game"). */
static int64_t out_points(const search *s, int other)
{
    return s->rules->ruleset == SK_RULES_CLASSIC ? 2 * s->rack_value[other] : s->rack_value[other];
}

/* qsort order of a node's moves: immediate gain (held in equity) first, then the fixed order;
 * the pass last. */
static int by_gain(const void *a, const void *b)
{
    const sk_gen_move *x = a, *y = b;
    if ((x->kind == SK_MOVE_PASS) != (y->kind == SK_MOVE_PASS)) return x->kind == SK_MOVE_PASS;
    if (x->equity != y->equity) return x->equity > y->equity ? -1 : 1;
    return sk_gen_move_compare(x, y);
}

/* The node's moves for SIDE into the list of PLY, ordered, FIRST (a fingerprint, 0 none) first.
 * Returns SK_OK or the generator's error. */
static int node_moves(search *s, int side, int ply, uint32_t first, sk_move_list **out)
{
    sk_move_list *list = &s->eg->lists[ply];
    list->count = 0;
    list->failed = 0;
    memcpy(s->pos.racks[0], s->rack[side], SK_RACK_MAX + 1);
    int rc = sk_movegen_all(s->eg->gen, s->rules, &s->pos, list);
    if (rc == SK_OK) rc = sk_movegen_add_non_placements(s->rules, &s->pos, -1, list);
    if (rc == SK_OK && list->failed) rc = SK_ENOMEM;
    if (rc != SK_OK) return rc;
    int held = (int)strlen(s->rack[side]);
    int64_t bonus = out_points(s, 1 - side);
    for (size_t i = 0; i < list->count; i++) {
        sk_gen_move *m = &list->moves[i];
        m->equity = (float)m->score + (m->kind == SK_MOVE_PLACE && m->nplaced == held ? bonus : 0);
    }
    qsort(list->moves, list->count, sizeof(*list->moves), by_gain);
    for (size_t i = 1; first && i < list->count; i++)
        if (fingerprint(&list->moves[i]) == first) {
            sk_gen_move m = list->moves[i];
            memmove(list->moves + 1, list->moves, i * sizeof(m));
            list->moves[0] = m;
            break;
        }
    *out = list;
    return SK_OK;
}

/* The value of the node (SIDE to move, IDLE idle turns in a row behind it) to SIDE's spread,
 * searched DEPTH plies deep within (ALPHA, BETA), fail-soft. PV_NODE: a node of the principal
 * variation (full window; no table cut-offs, so that its line is whole). Sets *HORIZON when the
 * value rests on a position the depth cut short (it is then a guess, not the game's value). */
static int64_t negamax(search *s, int side, int depth, int ply, int64_t alpha, int64_t beta,
                       int idle, int pv_node, int *horizon)
{
    sk_endgame *eg = s->eg;
    eg->pv_len[ply] = 0;
    s->nodes++;
    if (s->may_stop && ((s->max_nodes && s->nodes >= s->max_nodes) ||
                        (s->seconds > 0 && (s->nodes & 31) == 0 && elapsed(s) >= s->seconds)))
        s->stopped = 1;
    if (s->stopped || s->error) return 0;
    uint64_t key = s->hash ^ z_state(side, idle);
    entry *e = &eg->table[key & (((uint64_t)1 << eg->table_bits) - 1)];
    uint32_t first = 0;
    if (e->stamp == eg->stamp && e->bound != BOUND_NONE && e->key == key) {
        first = e->move;
        if (!pv_node && e->depth >= depth &&
            (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && e->value >= beta) ||
             (e->bound == BOUND_UPPER && e->value <= alpha))) {
            if (e->depth != DEPTH_ANY) *horizon = 1;
            return e->value;
        }
    }
    int other = 1 - side;
    if (depth == 0) { /* a guess: the tiles each side is left with */
        *horizon = 1;
        return s->rack_value[other] - s->rack_value[side];
    }
    if (ply == 0 && s->root_first) first = s->root_first;
    sk_move_list *list;
    int rc = node_moves(s, side, ply, first, &list);
    if (rc != SK_OK) {
        s->error = rc;
        return 0;
    }
    int64_t alpha0 = alpha, best = -VALUE_INF;
    uint32_t best_move = 0;
    int cut_short = 0;
    for (size_t i = 0; i < list->count; i++) {
        const sk_gen_move *m = &list->moves[i];
        char saved[SK_RACK_MAX + 1];
        memcpy(saved, s->rack[side], sizeof(saved));
        int placing = m->kind == SK_MOVE_PLACE;
        if (placing) lay(s, side, m);
        int64_t v;
        int searched = 0;
        int run = sk_rules_turn_idles(s->rules, (sk_move_kind)m->kind, m->score) ? idle + 1 : 0;
        if (placing && !s->rack[side][0]) {
            v = m->score + out_points(s, other);
        } else if (sk_rules_idle_end(s->rules, run, 2)) {
            v = m->score - s->rack_value[side] + s->rack_value[other];
        } else {
            int h = 0;
            searched = 1;
            if (i == 0 || !pv_node) {
                v = m->score - negamax(s, other, depth - 1, ply + 1, m->score - beta,
                                       m->score - alpha, run, pv_node, &h);
            } else {
                v = m->score - negamax(s, other, depth - 1, ply + 1, m->score - alpha - 1,
                                       m->score - alpha, run, 0, &h);
                if (v > alpha && v < beta && !s->stopped && !s->error)
                    v = m->score - negamax(s, other, depth - 1, ply + 1, m->score - beta,
                                           m->score - alpha, run, 1, &h);
            }
            cut_short |= h;
        }
        if (placing) lift(s, side, m, saved);
        if (s->stopped || s->error) return 0;
        if (v > best) {
            best = v;
            best_move = fingerprint(m);
        }
        if (v > alpha) {
            alpha = v;
            if (pv_node) {
                int n = searched ? eg->pv_len[ply + 1] : 0;
                eg->pv[ply][0] = *m;
                memcpy(&eg->pv[ply][1], eg->pv[ply + 1], (size_t)n * sizeof(*m));
                eg->pv_len[ply] = n + 1;
            }
        }
        if (alpha >= beta) break;
    }
    e->key = key;
    e->value = best;
    e->move = best_move;
    e->stamp = eg->stamp;
    e->depth = cut_short ? (uint8_t)depth : DEPTH_ANY;
    e->bound = best <= alpha0 ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT;
    *horizon |= cut_short;
    return best;
}

/* Plays the line of OUT from the root again to say how it ends and what the end points are. */
static void line_end(search *s, int idle, sk_endgame_result *out)
{
    int side = 0;
    out->end = SK_ENDGAME_END_HORIZON;
    out->end_points = 0;
    for (int i = 0; i < out->nmoves; i++) {
        const sk_gen_move *m = &out->moves[i];
        int other = 1 - side, sign = side == 0 ? 1 : -1;
        if (m->kind == SK_MOVE_PLACE) lay(s, side, m);
        idle = sk_rules_turn_idles(s->rules, (sk_move_kind)m->kind, m->score) ? idle + 1 : 0;
        if (m->kind == SK_MOVE_PLACE && !s->rack[side][0]) {
            out->end = SK_ENDGAME_END_OUT;
            out->end_points = sign * out_points(s, other);
            return;
        }
        if (sk_rules_idle_end(s->rules, idle, 2)) {
            out->end = SK_ENDGAME_END_IDLE;
            out->end_points = sign * (s->rack_value[other] - s->rack_value[side]);
            return;
        }
        side = other;
    }
}

static void set_rack(search *s, int side, const char *rack)
{
    memcpy(s->rack[side], rack, SK_RACK_MAX + 1);
    for (const char *p = rack; *p; p++) {
        int kind = sk_tile_kind((unsigned char)*p);
        s->hash ^= z_rack(side, kind, ++s->counts[side][kind]);
        s->rack_value[side] += sk_tileset_score_of(s->rules->tiles, *p);
    }
}

int sk_endgame_solve(sk_endgame *eg, const sk_rules *rules, const sk_position *pos,
                     const sk_endgame_limits *limits, sk_endgame_result *out)
{
    memset(out, 0, sizeof(*out));
    char opponent[SK_RACK_MAX + 1];
    if (sk_endgame_check(rules, pos, opponent, NULL, 0) != SK_ENDGAME_READY) return SK_EINVAL;
    if (!rules->lexicon || !sk_lexicon_has_gaddag(rules->lexicon)) return SK_EINVAL;
    int bits = limits && limits->table_bits ? limits->table_bits : TABLE_BITS_DEFAULT;
    if (bits < 10) bits = 10;
    if (bits > 26) bits = 26;
    if (!eg->table || eg->table_bits != bits) {
        free(eg->table);
        eg->table = calloc((size_t)1 << bits, sizeof(*eg->table));
        if (!eg->table) {
            eg->table_bits = 0;
            return SK_ENOMEM;
        }
        eg->table_bits = bits;
        eg->stamp = 0;
    }
    if (++eg->stamp == 0) { /* the stamps wrapped: old entries could pass for new ones */
        memset(eg->table, 0, ((size_t)1 << bits) * sizeof(*eg->table));
        eg->stamp = 1;
    }
    search *s = calloc(1, sizeof(*s));
    if (!s) return SK_ENOMEM;
    s->eg = eg;
    s->rules = rules;
    s->pos = *pos;
    s->seconds = limits ? limits->seconds : 0;
    s->max_nodes = limits ? limits->max_nodes : 0;
    clock_gettime(CLOCK_MONOTONIC, &s->start);
    for (int i = 0; i < pos->width * pos->height; i++)
        if (pos->tiles[i]) s->hash ^= z_square(i, (unsigned char)pos->tiles[i]);
    set_rack(s, 0, pos->racks[0]);
    set_rack(s, 1, opponent);
    int idle = pos->zeros > 0 ? pos->zeros : 0;
    if (idle > 250) idle = 250;
    int max = limits && limits->max_plies > 0 && limits->max_plies < SK_ENDGAME_PLIES_MAX
                  ? limits->max_plies
                  : SK_ENDGAME_PLIES_MAX;
    int rc = SK_OK;
    for (int depth = 1; depth <= max; depth++) {
        if (depth > 1 && ((s->seconds > 0 && elapsed(s) >= s->seconds) ||
                          (s->max_nodes && s->nodes >= s->max_nodes)))
            break;
        s->may_stop = depth > 1;
        int horizon = 0;
        int64_t v = negamax(s, 0, depth, 0, -VALUE_INF, VALUE_INF, idle, 1, &horizon);
        if (s->error) {
            rc = s->error;
            break;
        }
        if (s->stopped) break;
        out->value = v;
        out->depth = depth;
        out->proven = !horizon;
        out->nmoves = eg->pv_len[0];
        memcpy(out->moves, eg->pv[0], (size_t)out->nmoves * sizeof(*out->moves));
        s->root_first = out->nmoves ? fingerprint(&out->moves[0]) : 0;
        if (out->proven) break;
    }
    out->nodes = s->nodes;
    out->elapsed = elapsed(s);
    out->spread = (int64_t)pos->scores[0] - pos->scores[1] + out->value;
    if (rc == SK_OK) {
        /* the racks and board as at the root again (every move was lifted) */
        line_end(s, idle, out);
    } else {
        memset(out, 0, sizeof(*out));
    }
    free(s);
    return rc;
}

int sk_endgame_choose(sk_movegen *gen, const sk_rules *rules, const struct sk_leaves *leaves,
                      const sk_position *pos, int bag, sk_gen_move *out)
{
    char opponent[SK_RACK_MAX + 1];
    if (bag > 0 || sk_endgame_check(rules, pos, opponent, NULL, 0) != SK_ENDGAME_READY)
        return sk_movegen_best(gen, rules, pos, leaves, 0, 1, bag, out);
    sk_endgame *eg = NULL;
    sk_endgame_result *r = malloc(sizeof(*r));
    int rc = r ? sk_endgame_new(&eg) : SK_ENOMEM;
    if (rc == SK_OK) {
        sk_endgame_limits limits = {0, SK_ENDGAME_PLAYER_NODES, 0, 16};
        rc = sk_endgame_solve(eg, rules, pos, &limits, r);
    }
    if (rc == SK_OK) *out = r->moves[0];
    sk_endgame_free(eg);
    free(r);
    return rc;
}
