/* movegen_views.c — the board as the move generator sees it (the views part, sk_mg_views): both
 * views of a position with each empty square's cross set and cross score and each row's start
 * points, kept from one position to the next and updated incrementally when the next only adds
 * tiles. It calls no other file of the generator; it does not walk or keep moves. */
#include <string.h>

#include "internal/movegen.h"

static void load_views(sk_mg_views *vs, const sk_rules *rules, const sk_position *pos)
{
    const sk_board *b = rules->board;
    vs->monotone = 1;
    sk_mg_view *across = &vs->v[0], *down = &vs->v[1];
    across->rows = down->cols = pos->height;
    across->cols = down->rows = pos->width;
    memset(across->tiles_at, 0, sizeof(across->tiles_at));
    memset(down->tiles_at, 0, sizeof(down->tiles_at));
    for (int r = 0; r < pos->height; r++) { /* each square read once, written to both views */
        for (int c = 0; c < pos->width; c++) {
            char t = sk_position_tile(pos, r, c);
            const sk_square *sq = sk_board_square(b, r, c);
            int8_t lf = (int8_t)(sq->kind == SK_SQ_LETTER ? sq->factor : 1);
            int8_t wf = (int8_t)(sq->kind == SK_SQ_WORD ? sq->factor : 1);
            if (lf < 1 || wf < 1) vs->monotone = 0;
            uint8_t tile = (uint8_t)(t & SK_TILE_LETTER), blank = (t & SK_TILE_BLANKED) != 0;
            sk_mg_set cross = sq->kind == SK_SQ_BLOCKED || t ? 0 : SK_MG_ALL_LETTERS;
            across->tile[r][c] = down->tile[c][r] = tile;
            across->blank[r][c] = down->blank[c][r] = blank;
            across->lf[r][c] = down->lf[c][r] = lf;
            across->wf[r][c] = down->wf[c][r] = wf;
            across->cross[r][c] = down->cross[c][r] = cross;
            across->tiles_at[r] |= (uint32_t)(tile != 0) << c;
            down->tiles_at[c] |= (uint32_t)(tile != 0) << r;
        }
    }
}

/* Sets FIRST[t] to the node of tile t in the list LIST (0: none) for every tile t below
 * SK_MG_LETTERS_MAX, in the numbering of what LEX's walk reads (sk_mg_node), from one reading of
 * the list (its tiles ascend, as every lexicon's do: sk_kwg_check_nodes). */
static void root_nodes(const sk_mg_lex *lex, uint32_t list, uint32_t first[SK_MG_LETTERS_MAX])
{
    memset(first, 0, sizeof(first[0]) * SK_MG_LETTERS_MAX);
    if (!list) return;
    for (uint32_t i = list;; i++) {
        uint32_t node = (uint32_t)sk_mg_node(lex->wnodes, lex->nodes, i);
        unsigned t = sk_kwg_tile(node);
        if (t < SK_MG_LETTERS_MAX) first[t] = i;
        if (sk_kwg_is_end(node)) break;
    }
}

/* *LIST and *TILES: the child list of node AT (0: none, also when AT is 0) and its tiles
 * (sk_mg_kids: exact with the walk table WN, else every tile). */
static inline void child_list(const uint64_t *wn, const uint32_t *nodes, uint32_t at,
                              uint32_t *list, sk_mg_set *tiles)
{
    uint64_t wnode = at ? sk_mg_node(wn, nodes, at) : 0;
    *list = sk_kwg_arc((uint32_t)wnode);
    *tiles = sk_mg_kids(wnode);
}

/* The runs of tiles just above and just below (R, C) of view V (one of VS), from column C's
 * mask (the other view's row C): *TOP is the first row of the run that ends at R - 1 (R when
 * (R - 1, C) is empty or off the board), *BOTTOM the last row of the run that starts at R + 1
 * (R likewise), whether (R, C) holds a tile or not. */
static inline void column_run(const sk_mg_views *vs, const sk_mg_view *v, int r, int c, int *top,
                              int *bottom)
{
    uint32_t col = vs->v[v == &vs->v[0]].tiles_at[c];
    /* the empty squares above R and below it; the second is never 0: SK_MG_N < 32 */
    uint32_t gaps_above = ~col & ((1u << r) - 1), gaps_below = ~col >> (r + 1);
    *top = gaps_above ? 32 - __builtin_clz(gaps_above) : 0;
    *bottom = r + __builtin_ctz(gaps_below);
}

/* The cross set and score of the empty square (R, C) of view V, one of VS, from scratch: which
 * letters make a word with the tiles above and below it, in LEX (its root lists' nodes in VS),
 * with tiles worth VALUE. BLOCKED: the board forbids a tile there; vs->classic: the rule set
 * lets a tile touch others sideways. */
static void cross_at(sk_mg_view *v, const sk_mg_views *vs, const sk_mg_lex *lex, const int *value,
                     int r, int c, int blocked)
{
    int classic = vs->classic;
    const uint32_t *nodes = lex->nodes;
    v->has_cross[r][c] = 0;
    v->cross_score[r][c] = 0;
    v->cross[r][c] = blocked || v->tile[r][c] ? 0 : SK_MG_ALL_LETTERS;
    if (!v->cross[r][c]) return;
    int top, bottom;
    column_run(vs, v, r, c, &top, &bottom);
    if (top == r && bottom == r) return;
    v->has_cross[r][c] = 1;
    if (!classic) { /* skrabbkle: a placed tile may not touch a tile sideways */
        v->cross[r][c] = 0;
        return;
    }
    const sk_walk_cross *x = lex->cross;
    if (x && top >= r - 1 && bottom <= r + 1) { /* a single tile above, below, or each: looked up */
        unsigned a = top < r ? v->tile[r - 1][c] : 0, b = bottom > r ? v->tile[r + 1][c] : 0;
        if (a < SK_WALK_CROSS_TILES && b < SK_WALK_CROSS_TILES) {
            v->cross_score[r][c] = (int16_t)((a ? sk_mg_face(v, value, r - 1, c) : 0) +
                                             (b ? sk_mg_face(v, value, r + 1, c) : 0));
            v->cross[r][c] &= !a ? x->before[b] : !b ? x->after[a] : x->between[a][b];
            return;
        }
    }
    /* with the walk table, each list's tiles are known and a tile's child is found by index
     * (sk_mg_lookup); without it, every set reads as "any tile" and lists are scanned */
    const uint64_t *wn = lex->wnodes;
    int sum = 0;
    if (top == r) {
        /* tiles below only: the GADDAG holds every word reversed whole, so one walk up
         * through them leaves the first letters that make a word as accepting children */
        uint32_t list;
        sk_mg_set tiles;
        child_list(wn, nodes, vs->gaddag_first[v->tile[bottom][c]], &list, &tiles);
        sum += sk_mg_face(v, value, bottom, c);
        for (int k = bottom - 1; k > r; k--) {
            sum += sk_mg_face(v, value, k, c);
            child_list(wn, nodes, list ? sk_mg_lookup(wn, nodes, list, tiles, v->tile[k][c]) : 0,
                       &list, &tiles);
        }
        sk_mg_set allowed = 0;
        for (uint32_t i = list; list; i++) {
            uint32_t node = (uint32_t)sk_mg_node(wn, nodes, i);
            if (sk_kwg_accepts(node)) allowed |= SK_MG_BIT(sk_kwg_tile(node));
            if (sk_kwg_is_end(node)) break;
        }
        v->cross_score[r][c] = (int16_t)sum;
        v->cross[r][c] &= allowed;
        return;
    }
    uint32_t list; /* top < r: a tile above */
    sk_mg_set tiles;
    child_list(wn, nodes, vs->dawg_first[v->tile[top][c]], &list, &tiles);
    sum += sk_mg_face(v, value, top, c);
    for (int k = top + 1; k < r && list; k++) {
        sum += sk_mg_face(v, value, k, c);
        child_list(wn, nodes, sk_mg_lookup(wn, nodes, list, tiles, v->tile[k][c]), &list, &tiles);
    }
    for (int k = r + 1; k <= bottom; k++)
        sum += sk_mg_face(v, value, k, c);
    v->cross_score[r][c] = (int16_t)sum;
    sk_mg_set allowed = 0;
    for (uint32_t i = list; list; i++) {
        uint32_t node = (uint32_t)sk_mg_node(wn, nodes, i);
        /* the tiles below, each a child of the one before */
        uint32_t at = i;
        for (int k = r + 1; k <= bottom && at; k++) {
            uint32_t next;
            sk_mg_set below;
            child_list(wn, nodes, at, &next, &below);
            at = next ? sk_mg_lookup(wn, nodes, next, below, v->tile[k][c]) : 0;
        }
        if (at && sk_kwg_accepts((uint32_t)sk_mg_node(wn, nodes, at)))
            allowed |= SK_MG_BIT(sk_kwg_tile(node));
        if (sk_kwg_is_end(node)) break;
    }
    v->cross[r][c] &= allowed;
}

static void compute_cross(sk_mg_view *v, const sk_mg_views *vs, const sk_mg_lex *lex,
                          const int *value)
{
    /* only a square with a tile above or below it has a cross word: the others keep the set
     * load_views gave them (every letter, or none where no tile may go) */
    uint32_t tiles[SK_MG_N + 2] = {0}; /* [r + 1] bit c: a tile at (r, c) */
    for (int r = 0; r < v->rows; r++)
        tiles[r + 1] = v->tiles_at[r];
    for (int r = 0; r < v->rows; r++) {
        memset(v->has_cross[r], 0, sizeof(v->has_cross[r]));
        memset(v->cross_score[r], 0, sizeof(v->cross_score[r]));
        for (uint32_t near = (tiles[r] | tiles[r + 2]) & ~tiles[r + 1]; near; near &= near - 1) {
            int c = __builtin_ctz(near);
            if (v->cross[r][c]) cross_at(v, vs, lex, value, r, c, 0);
        }
    }
}

/* After new tiles at the squares of CHANGED (N of them, at most SK_RACK_MAX, original
 * coordinates) of a position the views already hold but for those tiles: place them, and
 * recompute only the cross sets they can change — the empty squares just beyond each end of
 * the runs they join, in both views. REDO[d] receives (bit r) the rows of view d whose anchors
 * and run ends may have changed: those of the new tiles, and those of the squares redone. */
static void update_views(sk_mg_views *vs, const sk_mg_lex *lex, const int *value,
                         const sk_rules *rules, const sk_position *pos, const int *changed, int n,
                         uint32_t redo[2])
{
    const sk_board *b = rules->board;
    for (int k = 0; k < n; k++) {
        int r = changed[k] / pos->width, c = changed[k] % pos->width;
        char t = sk_position_tile(pos, r, c);
        for (int d = 0; d < 2; d++) {
            sk_mg_view *v = &vs->v[d];
            int vr = d ? c : r, vc = d ? r : c;
            v->tile[vr][vc] = (uint8_t)(t & SK_TILE_LETTER);
            v->tiles_at[vr] |= 1u << vc;
            v->blank[vr][vc] = (t & SK_TILE_BLANKED) != 0;
            v->cross[vr][vc] = 0;
            v->has_cross[vr][vc] = 0;
            redo[d] |= 1u << vr;
        }
    }
    /* [d][vc] bit er: the square (er, vc) of view d is redone already (tiles of one run share
     * its ends) */
    uint32_t done[2][SK_MG_N];
    memset(done, 0, sizeof(done));
    for (int k = 0; k < n; k++) {
        int r = changed[k] / pos->width, c = changed[k] % pos->width;
        for (int d = 0; d < 2; d++) {
            sk_mg_view *v = &vs->v[d];
            int vr = d ? c : r, vc = d ? r : c;
            int top, bottom; /* the run the new tile is in */
            column_run(vs, v, vr, vc, &top, &bottom);
            const int ends[2] = {top - 1, bottom + 1};
            for (int e = 0; e < 2; e++) {
                int er = ends[e];
                if (er < 0 || er >= v->rows || (done[d][vc] >> er & 1)) continue;
                done[d][vc] |= 1u << er;
                redo[d] |= 1u << er;
                int orow = d ? vc : er, ocol = d ? er : vc;
                cross_at(v, vs, lex, value, er, vc,
                         sk_board_square(b, orow, ocol)->kind == SK_SQ_BLOCKED);
            }
        }
    }
}

/* The cross anchors of row R of V (where a word holding no tile of its row can start: the
 * leftmost such square of the word) and its start points: its run ends, and the anchors.
 * Classic: an empty square a tile may go on, with a tile above or below and none beside it;
 * the first move: the start square (SR, SC) alone; skrabbkle has none after the first move.
 * Reads the row's squares and the masks of the rows beside it only. */
static void row_anchors(const sk_mg_views *vs, sk_mg_view *v, int sr, int sc, int r)
{
    uint32_t tiles = v->tiles_at[r], anchors = 0;
    if (vs->first_move) {
        if (r == sr && v->cross[r][sc]) anchors = 1u << sc;
    } else if (vs->classic) {
        /* empty, a tile may go there, a tile above or below (only beside a row's tiles) */
        uint32_t open = 0, near = (r > 0 ? v->tiles_at[r - 1] : 0) |
                                  (r + 1 < v->rows ? v->tiles_at[r + 1] : 0);
        for (uint32_t m = near & ~tiles; m; m &= m - 1) {
            int c = __builtin_ctz(m);
            open |= (uint32_t)(v->cross[r][c] && v->has_cross[r][c]) << c;
        }
        anchors = open & ~tiles & ~(tiles << 1) & ~(tiles >> 1); /* none beside it */
    }
    memset(v->anchor[r], 0, sizeof(v->anchor[r]));
    for (uint32_t m = anchors; m; m &= m - 1)
        v->anchor[r][__builtin_ctz(m)] = 1;
    v->run_ends[r] = tiles & ~(tiles >> 1);
    v->starts[r] = v->run_ends[r] | anchors;
}

/* 1 if the 8 bytes at A and B are the same. */
static int same_8(const char *a, const char *b)
{
    uint64_t x, y;
    memcpy(&x, a, sizeof(x));
    memcpy(&y, b, sizeof(y));
    return x == y;
}

void sk_mg_views_setup(sk_mg_views *vs, const sk_mg_lex *lex, const sk_rules *rules,
                       const sk_position *pos, const int value[SK_MG_LETTERS_MAX])
{
    const sk_lexicon *lexicon = rules->lexicon;
    const sk_board *b = rules->board;
    vs->classic = rules->ruleset == SK_RULES_CLASSIC;
    vs->start_row = b->start_row;
    vs->start_col = b->start_col;
    /* Cross sets are kept up to date incrementally: when POS is the position the views hold
     * plus new tiles (a move was applied), only the squares those tiles touch are redone. */
    int changed[SK_BOARD_MAX * SK_BOARD_MAX], nchanged = 0;
    int incremental = vs->cache_valid && vs->cache_rules.lexicon == lexicon &&
                      vs->cache_nodes == sk_lexicon_node_count(lexicon) &&
                      vs->cache_wnodes == lex->wnodes &&
                      vs->cache_rules.ruleset == rules->ruleset &&
                      memcmp(&vs->cache_board, rules->board, sizeof(vs->cache_board)) == 0 &&
                      vs->cache_w == pos->width && vs->cache_h == pos->height &&
                      memcmp(vs->cache_value, value, sizeof(vs->cache_value)) == 0;
    int squares = pos->width * pos->height;
    for (int i = 0; incremental && i < squares; i++) {
        if (i + 8 <= squares && same_8(pos->tiles + i, vs->cache_tiles + i)) {
            i += 7; /* eight squares alike */
            continue;
        }
        if (pos->tiles[i] == vs->cache_tiles[i]) continue;
        if (vs->cache_tiles[i] || nchanged == SK_RACK_MAX)
            incremental = 0; /* a tile taken away or changed, or many new: start afresh */
        else
            changed[nchanged++] = i;
    }
    /* an update only adds tiles: to none, the first move is still to play */
    int first_move =
        incremental ? vs->cache_first_move && nchanged == 0 : sk_position_tile_count(pos) == 0;
    vs->first_move = first_move;
    uint32_t redo[2] = {0, 0};
    if (incremental) {
        update_views(vs, lex, value, rules, pos, changed, nchanged, redo);
    } else {
        load_views(vs, rules, pos);
        root_nodes(lex, lex->dawg, vs->dawg_first);
        root_nodes(lex, lex->gaddag, vs->gaddag_first);
        if (++vs->views_loaded == 0) { /* wrapped: no run may read as known */
            memset(vs->run_loaded, 0, sizeof(vs->run_loaded));
            vs->views_loaded = 1;
        }
        for (int d = 0; d < 2; d++) {
            if (!first_move) {
                compute_cross(&vs->v[d], vs, lex, value);
                continue;
            }
            memset(vs->v[d].has_cross, 0, sizeof(vs->v[d].has_cross)); /* no tile: no cross word */
            memset(vs->v[d].cross_score, 0, sizeof(vs->v[d].cross_score));
        }
    }
    /* every row's anchors afresh, unless the views held a position with tiles already and were
     * updated: then those of the rows the new tiles touch (an anchor depends on its row and the
     * tiles of the rows beside it, whose cross sets the update redid) */
    for (int d = 0; d < 2; d++) {
        int sr = d ? b->start_col : b->start_row, sc = d ? b->start_row : b->start_col;
        sk_mg_view *v = &vs->v[d];
        uint32_t rows = incremental && !vs->cache_first_move ? redo[d] : ~0u;
        for (int r = 0; r < v->rows; r++)
            if (rows >> r & 1) row_anchors(vs, v, sr, sc, r);
    }
    vs->cache_valid = 1;
    vs->cache_first_move = first_move;
    vs->cache_rules = *rules;
    if (incremental) { /* the board, sizes and values compared equal: only new tiles to keep */
        for (int k = 0; k < nchanged; k++)
            vs->cache_tiles[changed[k]] = pos->tiles[changed[k]];
        return;
    }
    vs->cache_board = *rules->board;
    vs->cache_nodes = sk_lexicon_node_count(lexicon);
    vs->cache_wnodes = lex->wnodes;
    vs->cache_w = pos->width;
    vs->cache_h = pos->height;
    memcpy(vs->cache_value, value, sizeof(vs->cache_value));
    memcpy(vs->cache_tiles, pos->tiles, sizeof(vs->cache_tiles));
}
