/* test_endgame.c — the endgame solver (endgame.h) against a plain minimax written here: every
 * placement and the pass, each move applied with sk_game_apply to a copy of the position, the
 * game's end and its points worked out as match.c does, and no pruning (values of positions
 * already met are remembered, which changes nothing but the time). Hand-made positions (small
 * racks on a few boards; the tile set is made to hold exactly their tiles, so the bag is empty)
 * and endgames reached by self-played games; the solver's value, final spread and first move
 * must be what the minimax says. Then the `endgame` player against the equity player. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "skrab/endgame.h"
#include "skrab/error.h"
#include "skrab/game.h"
#include "skrab/match.h"
#include "skrab/players.h"

typedef struct {
    sk_board board;
    sk_tileset tiles;
    sk_lexicon *lex;
    sk_rules rules;
    sk_movegen *gen;
    sk_endgame *eg;
} world;

static void world_init(world *w, sk_ruleset rs)
{
    tu_game_parts_init(rs, &w->board, &w->tiles, &w->lex, &w->rules);
    assert_int_equal(sk_movegen_new(&w->gen), SK_OK);
    assert_int_equal(sk_endgame_new(&w->eg), SK_OK);
}

static void world_free(world *w)
{
    sk_endgame_free(w->eg);
    sk_movegen_free(w->gen);
    sk_lexicon_free(w->lex);
}

/* ---- the plain minimax ---- */

static int64_t rack_value(const sk_tileset *t, const char *rack)
{
    int64_t v = 0;
    for (; *rack; rack++)
        v += sk_tileset_score_of(t, *rack);
    return v;
}

/* Values already worked out, by a 128-bit digest of the state (board, both racks sorted, idle
 * run): a memo, not a pruning. */
typedef struct {
    uint64_t a, b;
    int64_t value;
    int used;
} memo_slot;

typedef struct {
    const sk_rules *rules;
    sk_movegen *gen;
    memo_slot *memo;
    size_t cap, count;
    unsigned long positions;
} brute;

static void digest(const sk_position *pos, int idle, uint64_t *a, uint64_t *b)
{
    uint64_t h1 = 1469598103934665603ull, h2 = 0x9E3779B97F4A7C15ull;
    char racks[2][SK_RACK_MAX + 1] = {{0}}; /* hashed whole: the bytes past the end too */
    for (int p = 0; p < 2; p++) {
        size_t n = strlen(pos->racks[p]);
        memcpy(racks[p], pos->racks[p], n + 1);
        for (size_t i = 1; i < n; i++) /* insertion sort: racks as multisets */
            for (size_t j = i; j > 0 && racks[p][j] < racks[p][j - 1]; j--) {
                char c = racks[p][j];
                racks[p][j] = racks[p][j - 1];
                racks[p][j - 1] = c;
            }
    }
    unsigned char buf[SK_BOARD_MAX * SK_BOARD_MAX + 2 * (SK_RACK_MAX + 1) + 4];
    size_t n = (size_t)(pos->width * pos->height);
    memcpy(buf, pos->tiles, n);
    memcpy(buf + n, racks[0], SK_RACK_MAX + 1);
    memcpy(buf + n + SK_RACK_MAX + 1, racks[1], SK_RACK_MAX + 1);
    n += 2 * (SK_RACK_MAX + 1);
    buf[n++] = (unsigned char)idle;
    for (size_t i = 0; i < n; i++) {
        h1 = (h1 ^ buf[i]) * 1099511628211ull;
        h2 = (h2 + buf[i] + 1) * 0xBF58476D1CE4E5B9ull;
        h2 ^= h2 >> 29;
    }
    *a = h1;
    *b = h2;
}

static memo_slot *memo_find(brute *br, uint64_t a, uint64_t b)
{
    if (br->count * 2 >= br->cap) {
        size_t cap = br->cap ? 2 * br->cap : 1u << 12;
        memo_slot *grown = calloc(cap, sizeof(*grown));
        assert_non_null(grown);
        for (size_t i = 0; i < br->cap; i++) {
            if (!br->memo[i].used) continue;
            size_t k = br->memo[i].a & (cap - 1);
            while (grown[k].used)
                k = (k + 1) & (cap - 1);
            grown[k] = br->memo[i];
        }
        free(br->memo);
        br->memo = grown;
        br->cap = cap;
    }
    size_t k = a & (br->cap - 1);
    while (br->memo[k].used && (br->memo[k].a != a || br->memo[k].b != b))
        k = (k + 1) & (br->cap - 1);
    return &br->memo[k];
}

static int64_t minimax(brute *br, const sk_position *pos, int idle);

/* The value to the mover of playing M from POS (IDLE idle turns behind it). */
static int64_t move_value(brute *br, const sk_position *pos, int idle, const sk_gen_move *m)
{
    const sk_rules *rules = br->rules;
    sk_position *next = malloc(sizeof(*next));
    assert_non_null(next);
    *next = *pos;
    sk_play play;
    memset(&play, 0, sizeof(play));
    sk_gen_move_to_play(m, &play);
    play.score = m->score;
    assert_int_equal(sk_game_apply(next, &play, rules->tiles, rules->rack_size, NULL), SK_OK);
    /* next: the opponent to move (slot 0), the mover in slot 1 */
    int run = sk_rules_turn_idles(rules, (sk_move_kind)m->kind, m->score) ? idle + 1 : 0;
    int64_t v;
    int64_t mine = rack_value(rules->tiles, next->racks[1]);
    int64_t theirs = rack_value(rules->tiles, next->racks[0]);
    if (m->kind == SK_MOVE_PLACE && !next->racks[1][0])
        v = m->score + (rules->ruleset == SK_RULES_CLASSIC ? 2 : 1) * theirs;
    else if (sk_rules_idle_end(rules, run, 2))
        v = m->score - mine + theirs;
    else
        v = m->score - minimax(br, next, run);
    free(next);
    return v;
}

static void all_moves(brute *br, const sk_position *pos, sk_move_list *list)
{
    sk_move_list_init(list);
    assert_int_equal(sk_movegen_all(br->gen, br->rules, pos, list), SK_OK);
    sk_gen_move pass;
    memset(&pass, 0, sizeof(pass));
    pass.kind = SK_MOVE_PASS;
    assert_int_equal(sk_movegen_add_non_placements(br->rules, pos, -1, list), SK_OK);
    assert_int_equal(list->moves[list->count - 1].kind, SK_MOVE_PASS);
}

static int64_t minimax(brute *br, const sk_position *pos, int idle)
{
    uint64_t a, b;
    digest(pos, idle, &a, &b);
    memo_slot *slot = memo_find(br, a, b);
    if (slot->used) return slot->value;
    br->positions++;
    sk_move_list list;
    all_moves(br, pos, &list);
    int64_t best = INT64_MIN;
    for (size_t i = 0; i < list.count; i++) {
        int64_t v = move_value(br, pos, idle, &list.moves[i]);
        if (v > best) best = v;
    }
    sk_move_list_free(&list);
    slot = memo_find(br, a, b); /* the table may have grown */
    slot->a = a;
    slot->b = b;
    slot->value = best;
    slot->used = 1;
    br->count++;
    return best;
}

static void brute_free(brute *br)
{
    free(br->memo);
    memset(br, 0, sizeof(*br));
}

/* ---- positions ---- */

/* Lays WORD (ASCII; lowercase a blank) at ROW, COL across or down. */
static void put(sk_position *pos, int row, int col, int down, const char *word)
{
    for (int i = 0; word[i]; i++) {
        int r = row + (down ? i : 0), c = col + (down ? 0 : i);
        pos->tiles[r * pos->width + c] = tu_tile(word[i]);
    }
}

/* Sets W's tile set to hold exactly the tiles of POS (board and both racks), at their usual
 * values: the bag is then empty. */
static void exact_bag(world *w, const sk_position *pos)
{
    sk_tileset t = w->tiles;
    memset(t.count, 0, sizeof(t.count));
    for (int i = 0; i < pos->width * pos->height; i++)
        if (pos->tiles[i]) t.count[sk_tile_kind((unsigned char)pos->tiles[i])]++;
    for (int p = 0; p < 2; p++)
        for (const char *r = pos->racks[p]; *r; r++)
            t.count[sk_tile_kind((unsigned char)*r)]++;
    t.total = 0;
    for (int k = 0; k < SK_TILE_KINDS; k++)
        t.total += t.count[k];
    w->tiles = t;
}

typedef struct {
    int greedy_loses; /* the highest-scoring move is worth less than the best */
    int pass_wins;    /* the pass is the only best move */
    int out_in_two;   /* the best line goes out on the mover's second move, not the first */
    int positions;
    unsigned long solver_nodes, brute_positions;
} tally;

/* Solves POS with the solver and the minimax and compares: the value, the spread and the value
 * of the solver's first move. */
static void compare(world *w, const sk_position *pos, tally *t)
{
    brute br = {&w->rules, w->gen, NULL, 0, 0, 0};
    int idle = pos->zeros;
    int64_t expect = minimax(&br, pos, idle);
    sk_endgame_result *r = malloc(sizeof(*r));
    assert_non_null(r);
    assert_int_equal(sk_endgame_solve(w->eg, &w->rules, pos, NULL, r), SK_OK);
    if (r->value != expect) {
        char text[SK_CGP_LINE_MAX];
        sk_buf b;
        sk_buf_init(&b);
        sk_position_write_cgp(pos, NULL, &b);
        snprintf(text, sizeof(text), "%.*s", (int)b.len, b.data);
        sk_buf_free(&b);
        fprintf(stderr, "position %s: solver %lld, minimax %lld\n", text, (long long)r->value,
                (long long)expect);
    }
    assert_true(r->proven);
    assert_int_equal(r->value, expect);
    assert_int_equal(r->spread, (int64_t)pos->scores[0] - pos->scores[1] + expect);
    assert_true(r->nmoves >= 1);
    assert_int_equal(move_value(&br, pos, idle, &r->moves[0]), expect);
    assert_true(r->end != SK_ENDGAME_END_HORIZON);
    /* the line adds up: the scores of the moves, each to its player, and the end points */
    int64_t sum = r->end_points;
    for (int i = 0; i < r->nmoves; i++)
        sum += (i % 2 ? -1 : 1) * (int64_t)r->moves[i].score;
    assert_int_equal(sum, expect);
    /* what the positions are like */
    sk_move_list list;
    all_moves(&br, pos, &list);
    int64_t greedy = INT64_MIN, best_pass = INT64_MIN, best_place = INT64_MIN;
    int top = -1;
    for (size_t i = 0; i < list.count; i++) {
        const sk_gen_move *m = &list.moves[i];
        if (m->kind == SK_MOVE_PLACE && m->score > top) {
            top = m->score;
            greedy = move_value(&br, pos, idle, m);
        }
        int64_t v = move_value(&br, pos, idle, m);
        if (m->kind == SK_MOVE_PASS)
            best_pass = v;
        else if (v > best_place)
            best_place = v;
    }
    sk_move_list_free(&list);
    if (top >= 0 && greedy < expect) t->greedy_loses++;
    if (best_pass == expect && best_place < expect) t->pass_wins++;
    if (r->end == SK_ENDGAME_END_OUT && r->nmoves >= 3 && r->nmoves % 2 == 1 &&
        r->moves[0].kind == SK_MOVE_PLACE)
        t->out_in_two++;
    t->positions++;
    t->solver_nodes += r->nodes;
    t->brute_positions += br.positions;
    free(r);
    brute_free(&br);
}

typedef struct {
    int row, col, down;
    const char *word;
} laid;

/* The boards of the hand-made positions (classic, 15 x 15), each a few words. */
static const laid BOARDS[][4] = {
    {{7, 4, 0, "QUIXOTE"}, {5, 7, 1, "BOX"}, {0, 0, 0, NULL}},
    {{7, 5, 0, "JOKE"}, {7, 5, 1, "JAW"}, {0, 0, 0, NULL}},
    {{7, 7, 0, "AH"}, {0, 0, 0, NULL}},
    {{7, 6, 0, "FEZ"}, {7, 8, 1, "ZA"}, {0, 0, 0, NULL}},
    {{7, 3, 0, "CRANE"}, {3, 7, 1, "OVEN"}, {9, 2, 0, "DOG"}, {0, 0, 0, NULL}},
    {{7, 7, 0, "VIVID"}, {0, 0, 0, NULL}},
};

/* Rack pairs: the mover's, the opponent's. */
static const char *const RACKS[][2] = {
    {"Q", "E"},     {"AE", "ST"}, {"VV", "AE"}, {"XI", "ZA"}, {"UU", "IO"},  {"QI", "V"},
    {"ENT", "AIR"}, {"Z", "K"},   {"WY", "AE"}, {"C", "HE"},  {"JO", "UU"},  {"VW", "I"},
    {"?", "Q"},     {"Q", "?"},   {"EX", "Q"},  {"ZQ", "OI"}, {"DE", "QUA"}, {"O", "VVW"},
};

static void build(sk_position *pos, int board, int racks, int me, int them, int zeros)
{
    sk_position_init(pos, 15, 15);
    for (int i = 0; i < 4 && BOARDS[board][i].word; i++)
        put(pos, BOARDS[board][i].row, BOARDS[board][i].col, BOARDS[board][i].down,
            BOARDS[board][i].word);
    tu_tiles(pos->racks[0], RACKS[racks][0]);
    tu_tiles(pos->racks[1], RACKS[racks][1]);
    pos->scores[0] = me;
    pos->scores[1] = them;
    pos->zeros = zeros;
}

static void hand_made(void **state)
{
    (void)state;
    world w;
    world_init(&w, SK_RULES_CLASSIC);
    sk_tileset full = w.tiles;
    tally t = {0};
    int nboards = (int)(sizeof(BOARDS) / sizeof(BOARDS[0]));
    int nracks = (int)(sizeof(RACKS) / sizeof(RACKS[0]));
    for (int b = 0; b < nboards; b++)
        for (int k = 0; k < nracks; k++) {
            if ((b + k) % 2) continue; /* half of the pairs on each board: 54 positions */
            sk_position pos;
            build(&pos, b, k, 300, 310, (b + k) % 5);
            w.tiles = full;
            exact_bag(&w, &pos);
            char opp[SK_RACK_MAX + 1], why[200];
            assert_int_equal(sk_endgame_check(&w.rules, &pos, opp, why, sizeof(why)),
                             SK_ENDGAME_READY);
            compare(&w, &pos, &t);
            /* the opponent's rack left unknown is inferred */
            pos.racks[1][0] = '\0';
            assert_int_equal(sk_endgame_check(&w.rules, &pos, opp, why, sizeof(why)),
                             SK_ENDGAME_READY);
            char sorted[SK_RACK_MAX + 1];
            tu_tiles(sorted, RACKS[k][1]);
            assert_int_equal(strlen(opp), strlen(sorted));
        }
    fprintf(stderr,
            "hand-made: %d positions, greedy loses %d, pass wins %d, out in two %d; "
            "solver %lu nodes, minimax %lu positions\n",
            t.positions, t.greedy_loses, t.pass_wins, t.out_in_two, t.solver_nodes,
            t.brute_positions);
    assert_true(t.positions >= 50);
    assert_true(t.greedy_loses >= 3);
    assert_true(t.pass_wins >= 1);
    assert_true(t.out_in_two >= 2);
    world_free(&w);
}

/* The same positions with passes ending the game sooner (two idle turns), as in the CS104 game,
 * and under skrabbkle scoring on its board. */
static void other_rules(void **state)
{
    (void)state;
    world w;
    world_init(&w, SK_RULES_CLASSIC);
    w.rules.end_turns = 2;
    w.rules.end_passes_only = 1;
    sk_tileset full = w.tiles;
    tally t = {0};
    int nboards = (int)(sizeof(BOARDS) / sizeof(BOARDS[0]));
    int nracks = (int)(sizeof(RACKS) / sizeof(RACKS[0]));
    for (int b = 0; b < nboards; b++)
        for (int k = (b + 1) % 2; k < nracks; k += 2) {
            sk_position pos;
            build(&pos, b, k, 0, 0, b % 2);
            w.tiles = full;
            exact_bag(&w, &pos);
            compare(&w, &pos, &t);
        }
    fprintf(stderr, "two passes: %d positions, greedy loses %d, pass wins %d\n", t.positions,
            t.greedy_loses, t.pass_wins);
    world_free(&w);

    world_init(&w, SK_RULES_SKRABBKLE);
    full = w.tiles;
    memset(&t, 0, sizeof(t));
    for (int k = 0; k < nracks; k += 3) {
        sk_position pos;
        sk_position_init(&pos, 16, 16);
        put(&pos, 7, 5, 0, "QUIXOTE");
        put(&pos, 3, 12, 1, "OVEN");
        tu_tiles(pos.racks[0], RACKS[k][0]);
        tu_tiles(pos.racks[1], RACKS[k][1]);
        pos.zeros = k % 4;
        w.tiles = full;
        exact_bag(&w, &pos);
        compare(&w, &pos, &t);
    }
    fprintf(stderr, "skrabbkle: %d positions, greedy loses %d\n", t.positions, t.greedy_loses);
    world_free(&w);
}

/* Plays a game of equity players with SEED until the bag is empty and each rack holds at most
 * MAX tiles (or the game ends first: 0). */
static int endgame_of(world *w, sk_match *m, uint64_t seed, int max)
{
    assert_int_equal(sk_match_start(m, &w->rules, 2, (int)(seed % 2), seed), SK_OK);
    while (m->state == SK_MATCH_RUNNING) {
        if (sk_match_bag(m) == 0 && (int)strlen(m->pos.racks[0]) <= max &&
            (int)strlen(m->pos.racks[1]) <= max)
            return 1;
        sk_gen_move g;
        assert_int_equal(
            sk_strategy_choose(SK_STRATEGY_EQUITY, w->gen, &w->rules, &m->pos, sk_match_bag(m), &g),
            SK_OK);
        sk_move mv;
        sk_play play;
        char why[200];
        sk_gen_move_to_move(&g, &mv);
        assert_int_equal(sk_match_check(m, &mv, &play, why, sizeof(why)), SK_LEGAL);
        assert_int_equal(sk_match_play(m, &play), SK_OK);
    }
    return 0;
}

static void self_played(void **state)
{
    (void)state;
    static const sk_ruleset sets[] = {SK_RULES_CLASSIC, SK_RULES_SKRABBKLE};
    for (int s = 0; s < 2; s++) {
        world w;
        world_init(&w, sets[s]);
        tally t = {0};
        int found = 0;
        for (uint64_t seed = 1; found < 12 && seed < 60; seed++) {
            sk_match m;
            if (endgame_of(&w, &m, seed, 2)) {
                found++;
                compare(&w, &m.pos, &t);
            }
            sk_match_free(&m);
        }
        fprintf(stderr, "%s self-played: %d positions, greedy loses %d; solver %lu nodes\n",
                sk_ruleset_name(sets[s]), t.positions, t.greedy_loses, t.solver_nodes);
        assert_true(found >= 8);
        world_free(&w);
    }
}

/* A time or position limit: the line of a finished iteration, flagged when not proven. */
static void limits(void **state)
{
    (void)state;
    world w;
    world_init(&w, SK_RULES_CLASSIC);
    sk_match m;
    uint64_t seed = 1;
    while (!endgame_of(&w, &m, seed, 7)) {
        sk_match_free(&m);
        seed++;
    }
    sk_endgame_result *r = malloc(sizeof(*r));
    assert_non_null(r);
    sk_endgame_limits lim = {0, 1, 0, 0}; /* one position: only the first ply finishes */
    assert_int_equal(sk_endgame_solve(w.eg, &w.rules, &m.pos, &lim, r), SK_OK);
    assert_int_equal(r->depth, 1);
    assert_int_equal(r->nmoves, 1);
    lim = (sk_endgame_limits){0, 0, 2, 0};
    assert_int_equal(sk_endgame_solve(w.eg, &w.rules, &m.pos, &lim, r), SK_OK);
    assert_true(r->depth <= 2);
    if (!r->proven) assert_int_equal(r->end, SK_ENDGAME_END_HORIZON);
    /* not endgames */
    sk_position pos = m.pos;
    char opp[SK_RACK_MAX + 1], why[200];
    pos.racks[0][0] = '\0';
    assert_int_equal(sk_endgame_check(&w.rules, &pos, opp, why, sizeof(why)),
                     SK_ENDGAME_RACK_UNKNOWN);
    assert_int_equal(sk_endgame_solve(w.eg, &w.rules, &pos, NULL, r), SK_EINVAL);
    pos = m.pos; /* the idle turns ran out: the game is over, though both racks hold tiles */
    while (!sk_rules_idle_end(&w.rules, pos.zeros, pos.nplayers))
        pos.zeros++;
    assert_int_equal(sk_endgame_check(&w.rules, &pos, opp, why, sizeof(why)), SK_ENDGAME_GAME_OVER);
    assert_non_null(strstr(why, "idle turns in a row ended the game"));
    assert_int_equal(sk_endgame_solve(w.eg, &w.rules, &pos, NULL, r), SK_EINVAL);
    pos.zeros--;
    assert_int_equal(sk_endgame_check(&w.rules, &pos, opp, why, sizeof(why)), SK_ENDGAME_READY);
    sk_match_free(&m);
    assert_int_equal(sk_match_start(&m, &w.rules, 2, 0, 5), SK_OK);
    assert_int_equal(sk_endgame_check(&w.rules, &m.pos, opp, why, sizeof(why)),
                     SK_ENDGAME_BAG_NOT_EMPTY);
    assert_string_equal(why, "the bag is not empty: 86 tiles unseen besides the racks");
    pos = m.pos;
    pos.racks[1][0] = '\0';
    assert_int_equal(sk_endgame_check(&w.rules, &pos, opp, why, sizeof(why)),
                     SK_ENDGAME_BAG_NOT_EMPTY);
    pos.nplayers = 3;
    assert_int_equal(sk_endgame_check(&w.rules, &pos, opp, why, sizeof(why)), SK_ENDGAME_NOT_TWO);
    sk_match_free(&m);
    free(r);
    world_free(&w);
}

/* The endgame player's move is never worth less, played out perfectly, than the equity
 * player's, and over the games its endgames against the equity player end no worse. */
static void endgame_player(void **state)
{
    (void)state;
    world w;
    world_init(&w, SK_RULES_CLASSIC);
    int found = 0, better = 0;
    int64_t total_endgame = 0, total_equity = 0;
    for (uint64_t seed = 100; found < 10 && seed < 160; seed++) {
        sk_match m;
        if (!endgame_of(&w, &m, seed, 3)) {
            sk_match_free(&m);
            continue;
        }
        found++;
        brute br = {&w.rules, w.gen, NULL, 0, 0, 0};
        sk_gen_move solved, equity;
        assert_int_equal(
            sk_strategy_choose(SK_STRATEGY_ENDGAME, w.gen, &w.rules, &m.pos, 0, &solved), SK_OK);
        assert_int_equal(
            sk_strategy_choose(SK_STRATEGY_EQUITY, w.gen, &w.rules, &m.pos, 0, &equity), SK_OK);
        int64_t vs = move_value(&br, &m.pos, m.pos.zeros, &solved);
        int64_t ve = move_value(&br, &m.pos, m.pos.zeros, &equity);
        assert_true(vs >= ve);
        better += vs > ve;
        brute_free(&br);
        /* played out: the player to move as endgame or equity, the other as equity */
        for (int as = 0; as < 2; as++) {
            sk_match g = m;
            g.events = NULL;
            g.nevents = g.cap = 0;
            int me = sk_match_to_move(&g);
            while (g.state == SK_MATCH_RUNNING) {
                sk_strategy st = sk_match_to_move(&g) == me && as == 0 ? SK_STRATEGY_ENDGAME
                                                                       : SK_STRATEGY_EQUITY;
                sk_gen_move mv;
                assert_int_equal(sk_strategy_choose(st, w.gen, &w.rules, &g.pos, 0, &mv), SK_OK);
                sk_move move;
                sk_play play;
                char why[200];
                sk_gen_move_to_move(&mv, &move);
                assert_int_equal(sk_match_check(&g, &move, &play, why, sizeof(why)), SK_LEGAL);
                assert_int_equal(sk_match_play(&g, &play), SK_OK);
            }
            int64_t spread = (int64_t)sk_match_final(&g, me) - sk_match_final(&g, 1 - me);
            *(as == 0 ? &total_endgame : &total_equity) += spread;
            sk_match_free(&g);
        }
        sk_match_free(&m);
    }
    fprintf(stderr, "endgame player: %d positions, a better move in %d; spread %lld vs %lld\n",
            found, better, (long long)total_endgame, (long long)total_equity);
    assert_true(found >= 8);
    assert_true(total_endgame >= total_equity);
    world_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hand_made),      cmocka_unit_test(other_rules),
        cmocka_unit_test(self_played),    cmocka_unit_test(limits),
        cmocka_unit_test(endgame_player),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
