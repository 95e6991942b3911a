/* movegen.h (internal) — the move generator's state and what its files share. Not installed.
 * The state, struct sk_movegen, is made of typed parts, each with its invariants stated where
 * it is declared: the lexicon's handles (sk_mg_lex), the board views (sk_mg_views), the rack
 * (sk_mg_rack), the walk (sk_mg_walker), the N best moves kept (sk_mg_keeper), the windows'
 * bounds and the squares' caps (sk_mg_bounds), and the word-map search (sk_mg_wmsearch).
 * The files are layered: each calls only files listed below it.
 *   movegen_best.c      the best-move search: sk_movegen_best, sk_movegen_top
 *   movegen.c           the generator's life, sk_mg_setup, sk_movegen_all
 *   movegen_shadow.c    the bounds of start points and their windows
 *   movegen_wordmap.c   windows evaluated by word-map lookups
 *   movegen_first.c     the first move, read off the DAWG
 *   movegen_walk.c      the GADDAG walk; writes each move to the list or the keeper
 *   movegen_keep.c      the keeper and the bounds part: the N best, windows, caps
 *   movegen_views.c     the views: cross sets, anchors, incremental updates
 *   movegen_rack.c      the rack and its leaves
 *   movegen_moves.c     move lists, ranking, notation */
#ifndef SKRAB_INTERNAL_MOVEGEN_H
#define SKRAB_INTERNAL_MOVEGEN_H

#include <math.h>

#include "internal/kwg.h"
#include "skrab/movegen.h"
#include "skrab/wordmap.h"

/* The word-map search takes racks of at most this many lettered tiles (and one blank). */
#define SK_MG_WM_RACK 8
/* sk_mg_window.k of a window handed to the word-map search */
#define SK_MG_HANDED 255

#define SK_MG_N SK_BOARD_MAX /* rows and columns a view holds */
_Static_assert(SK_MG_N < 32, "a row's squares are bits of a uint32_t, with the top bit spare");

/* A set of letters: bit t for tile kind t (1..63; bit 0 is the GADDAG separator where a set
 * describes a node's children). Every tile kind an alphabet can have fits. */
typedef uint64_t sk_mg_set;
#define SK_MG_BIT(t) ((sk_mg_set)1 << (t))
#define SK_MG_ALL_LETTERS (~(sk_mg_set)1) /* bits 1..63 */
#define SK_MG_LETTERS_MAX SK_TILE_KINDS   /* tile kinds: the blank and the letters 1..63 */

/* ---- the parts ------------------------------------------------------------------------------ */

/* The board as the walk sees it in one direction: view 0 is the board as is, view 1 the board
 * transposed, so that one across-only walk finds the moves of both directions. */
typedef struct {
    int rows, cols;
    uint8_t tile[SK_MG_N][SK_MG_N];   /* 0 empty, 1..26 */
    uint8_t blank[SK_MG_N][SK_MG_N];  /* the tile is a blank */
    uint8_t anchor[SK_MG_N][SK_MG_N]; /* cross anchors (movegen_views.c) */
    uint32_t tiles_at[SK_MG_N];       /* [r] bit c: a tile at (r, c) */
    uint32_t run_ends[SK_MG_N];       /* [r] bit c: (r, c) is the last tile of a run */
    uint32_t starts[SK_MG_N]; /* [r] bit c: a walk starts at (r, c), a run's end or an anchor */
    uint8_t has_cross[SK_MG_N][SK_MG_N]; /* a tile above or below (in this view) */
    int8_t lf[SK_MG_N][SK_MG_N], wf[SK_MG_N][SK_MG_N];
    int16_t cross_score[SK_MG_N][SK_MG_N]; /* face value of the perpendicular word's other tiles */
    /* letters that may be placed here (0: none; blocked squares) */
    sk_mg_set cross[SK_MG_N][SK_MG_N];
} sk_mg_view;

/* A window: squares a move may cover, with the bound of every move that covers exactly them
 * (movegen_shadow.c). */
struct sk_mg_window {
    uint8_t lo, hi, d, row; /* the squares [lo, hi] of row ROW of view D */
    uint8_t k;              /* its empty squares; SK_MG_HANDED: given to the word-map search */
    double bound;
};

/* A sub-multiset of the rack's lettered tiles, for the word-map search (movegen_wordmap.c). */
typedef struct {
    sk_wm_key key;
    sk_mg_set letters; /* the letters it uses */
    sk_mg_set full;    /* letters it uses every copy of, or the rack lacks: a blank may be one */
    int leave_index;   /* the rack part's radix sum of its tiles */
    int size;
    int values[SK_MG_WM_RACK]; /* its tiles' values, descending */
    /* its lookups without board letters, made once a position (known0, known1 say so): the
     * words of its tiles alone; the letters one blank may add to make a word */
    int known0, known1;
    const uint8_t *words0;
    unsigned count0, len0;
    sk_mg_set blank_hits;
    /* for a rack with a blank, what its bound with B blanks (0 or 1) on a window needs
     * (movegen_wordmap.c, sub_bound): the values of its tiles and the B blanks, descending,
     * the largest (BOUND_HI) and smallest (BOUND_LO) a tile may be worth when a spare blank
     * may play it, and the best leave of such a move */
    int bound_hi[2][SK_MG_WM_RACK + 1], bound_lo[2][SK_MG_WM_RACK + 1];
    double bound_leave[2];
} sk_mg_sub;

/* The lexicon part: what the walk reads of the lexicon of the last sk_mg_setup. NODES are that
 * lexicon's nodes and WNODES its walk table or NULL; the walk reads WNODES when it is there, else
 * NODES (sk_mg_node), and the two number the nodes differently (kwg_walk.c), so GADDAG and DAWG,
 * the root lists, and every node index the generator keeps are in the numbering of the one it
 * reads. */
typedef struct {
    const uint32_t *nodes;
    /* the lexicon's walk table (see sk_lexicon_walk_nodes), NULL until the generator has set
     * up TABLE_AFTER positions (see sk_movegen_set_table_after) */
    const uint64_t *wnodes;
    unsigned long setups, table_after; /* positions set up since creation; see wnodes */
    const sk_walk_cross *cross;        /* the table's cross sets (sk_lexicon_walk_cross) or NULL */
    uint32_t gaddag;                   /* the GADDAG root list */
    uint32_t dawg;                     /* the DAWG root list */
} sk_mg_lex;

/* The views part (movegen_views.c): the position of the last sk_mg_setup in both views, and
 * what the generator learned of it. After sk_mg_views_setup, v[d] holds the position, its cross
 * sets and scores under its rules and lexicon, and every row's start points (anchors and run
 * ends); the cache fields hold what they were computed from, so that the next position, when it
 * only adds tiles, is updated instead of loaded. CACHE_VALID 0 (sk_movegen_forget) forces a
 * load. */
typedef struct {
    sk_mg_view v[2]; /* 0: across as is, 1: down, transposed */
    int classic;     /* the rule set is classic: cross words are checked and scored */
    int monotone;    /* every letter and word factor is 1 or more */
    int first_move, start_row, start_col; /* an empty board, and its start square */
    /* what the views hold, for incremental updates (see sk_mg_views_setup) */
    int cache_valid, cache_w, cache_h;
    int cache_first_move; /* the views hold an empty board (its anchors are the first move's) */
    /* counts the views loaded afresh: what the generator learned of their tiles before is then
     * forgotten (run_node) */
    uint32_t views_loaded;
    /* [d][r][c]: the GADDAG node a tile run of view d ending at (r, c) leads to, read in the
     * views' load run_loaded and from run_lo (tiles are only ever added to loaded views, so the
     * run and its node stay the same while both do); 0: no word holds the run */
    uint32_t run_loaded[2][SK_MG_N][SK_MG_N], run_node[2][SK_MG_N][SK_MG_N];
    uint8_t run_lo[2][SK_MG_N][SK_MG_N];
    sk_rules cache_rules;
    sk_board cache_board; /* compared by content: a board at a reused address is another */
    size_t cache_nodes;
    /* the walk table the node indices were read from (the lexicon's own indices when NULL: the
     * table numbers the nodes its own way, see kwg_walk.c) */
    const uint64_t *cache_wnodes;
    int cache_value[SK_MG_LETTERS_MAX];
    char cache_tiles[SK_BOARD_MAX * SK_BOARD_MAX];
    /* [t]: the node of tile t in the DAWG's and the GADDAG's root lists (sk_kwg_find), for
     * the cross sets; set whenever the views are loaded afresh */
    uint32_t dawg_first[SK_MG_LETTERS_MAX], gaddag_first[SK_MG_LETTERS_MAX];
} sk_mg_views;

/* The rack part (movegen_rack.c): the rack of the last sk_mg_setup. INITIAL holds it; COUNT,
 * LEFT, MASK and LETTERS what is left of it as tiles are placed, and LEAVE_INDEX the mixed-radix
 * index (RADIX) of the tiles taken, by which LEAVE_VALUE holds the value of the tiles kept. The
 * walk and the word-map search take tiles and give them back before they return, so between
 * their calls COUNT is INITIAL and LEAVE_INDEX 0. By score, or for every move (sk_movegen_all),
 * RADIX is 0. */
typedef struct {
    int count[SK_MG_LETTERS_MAX];   /* tiles of each kind on the rack (0: blanks) */
    int initial[SK_MG_LETTERS_MAX]; /* the rack before the move */
    int left;                       /* tiles on the rack not yet placed */
    sk_mg_set mask;               /* letters the rack can still supply (all of them with a blank) */
    sk_mg_set letters;            /* letters on the rack, blanks aside */
    int value[SK_MG_LETTERS_MAX]; /* [0] = the blank's value */
    int size, bingo;              /* tiles a full rack holds; the bonus for playing them all */
    int radix[SK_MG_LETTERS_MAX]; /* mixed-radix index of the tiles used so far */
    int leave_index;
    /* best-only mode: the rack's tile values, descending (NVALUES of them) */
    double values[SK_RACK_MAX];
    int nvalues;
    float leave_value[SK_RACK_MAX * 8 + 1024]; /* by leave_index: value of the tiles kept */
    float kept_value[SK_RACK_MAX * 8 + 1024];  /* scratch: the same by the kept tiles' index */
    /* by leave_index of the tiles a walk has taken: the best value of a leave of any move the
     * walk can still record from there (taking more tiles, and playing blanks for any of the
     * tiles taken: see sk_mg_record), for the walk's bounds (sk_mg_hopeless_left) */
    float leave_sup[SK_RACK_MAX * 8 + 1024];
    /* by leave_index: the best value of a leave of the tiles taken, or of those tiles with
     * blanks played in place of some of them (for a rack with blanks) */
    float leave_swap[SK_RACK_MAX * 8 + 1024];
    int blank_cheapest; /* with blanks on the rack: no letter is worth less than a blank */
    int leave_bounds;   /* leave_sup and leave_swap hold the rack's (sk_mg_rack_leave_bounds) */
} sk_mg_rack;

/* One square of the walk's row, as the walk reads it: what the view holds of it in several
 * arrays, in one place. CROSS is 0 on a tile; CROSS_WORD is set when a tile placed here makes a
 * cross word that scores (has_cross, classic rules). */
typedef struct {
    sk_mg_set cross;     /* letters that may be placed here; 0 on a tile or a blocked square */
    int16_t cross_score; /* face value of the perpendicular word's other tiles */
    uint8_t tile, blank, anchor, cross_word;
    int8_t lf, wf;
} sk_mg_square;

/* The walk part (movegen_walk.c): where the walk is and what it has laid. While it walks a row
 * (sk_mg_walk_row), VIEW, DIR and ROW name it, CHARS holds its board letters and EMPTY_ROW its
 * empty squares (for as long as ROW_LOADED, ROW_D and ROW_AT say so: sk_mg_setup clears
 * ROW_LOADED, since the views change); the walk writes the letters it places into CHARS before
 * it reads them, and NPLACED counts them. OUT receives the moves when every move is listed. */
typedef struct {
    const sk_mg_view *view;
    int dir, row, anchor, leftmost;
    int anchor_right_open; /* the square after the walk's start square is empty (or the edge) */
    int through;      /* 1: walking from a tile run (its word holds row tiles); 0: a cross anchor */
    int nplaced;      /* tiles placed so far */
    int blank_letter; /* the letter the walk last played a blank for (one_blank) */
    /* the walk's row as the move would leave it ('a'..: a blank); padded so that a word is
     * copied in one fixed-size move */
    char chars[SK_MG_N + 16];
    uint32_t empty_row; /* bit c: square c of the walk's row is empty */
    /* SQ[c + 1]: square c of the walk's row; SQ[0] and SQ[cols + 1], the squares past its ends,
     * hold no tile and take no letter, so that the walk reads a neighbour without testing for
     * the edge. Loaded with CHARS. */
    sk_mg_square sq[SK_MG_N + 2];
    int sep_open; /* the walk may turn right past the start: ANCHOR_RIGHT_OPEN, a square there */
    int row_loaded, row_d, row_at; /* chars and empty_row hold row ROW_AT of view ROW_D */
    sk_move_list *out;             /* NULL in best mode */
    /* the first move's word while it is read (movegen_first.c): in the generator, not on the
     * reader's stack, so that its bytes are known not to be the rack's counts */
    uint8_t word[SK_MG_N], word_blank[SK_MG_N];
} sk_mg_walker;

/* The keeper part (movegen_keep.c): what the best-only search keeps of the moves it finds. In
 * best mode (BEST_MODE; moves ranked by score alone when BY_SCORE), TOP holds the NTOP best moves
 * found so far, best first (at most TOP_N, with room for CAP_TOP); once there are TOP_N of them
 * (HAVE_BEST), BEST is the last, the move any other must beat. With TOP_N 1, BEST alone is kept. */
typedef struct {
    int best_mode, by_score, have_best;
    sk_gen_move best;
    sk_gen_move *top;
    size_t top_n, ntop, cap_top;
} sk_mg_keeper;

/* The bounds part (movegen_keep.c; the bounds are worked out in movegen_shadow.c): WINDOWS
 * holds the bound of every window [lo, hi] a start's walk can cover, kept from ordering the
 * starts; WHEAP is the word-map search's heap of windows (its count is the search's). While a
 * start is walked (WIN_ON), the WIN_ fields hold the maxima of its windows the walk asks for, to
 * skip what cannot lead (sk_mg_load_windows). The cap of square [d][r][c] (see sk_mg_cap) is in
 * CAP_VALUE and CAP_INDEX when CAP_STAMP there is CAP_NOW, for the rack of the search. */
typedef struct {
    int win_on, win_lmin, win_lmax, win_hmin, win_hmax;
    /* while a start is walked: a bound below it cannot lead, sk_mg_below's test kept from the
     * keeper (sk_mg_win_floor); -HUGE_VAL before there is a best */
    double win_floor;
    double win_left[SK_MG_N];   /* [x]: the best bound of a window with lmin <= lo <= x */
    uint32_t win_skip[SK_MG_N]; /* [lo] bit hi: the window [lo, hi] is the word-map search's */
    /* [lo][h]: the best bound of a window [lo, hi] with hi >= h */
    double win_suf[SK_MG_N][SK_MG_N];
    /* by equity for a rack with blanks (WIN_SCORED), the same maxima of the windows' score
     * parts alone (a window's bound less WIN_MAXLEAVE[n - k], the best leave of its size, of a
     * rack of WIN_N tiles): a walk that has taken tiles adds the best leave still open to it
     * (rk->leave_sup), much less than the best of the window's size once it played a blank */
    int win_scored, win_n;
    double win_maxleave[SK_RACK_MAX + 1];
    double score_left[SK_MG_N];
    double score_suf[SK_MG_N][SK_MG_N];
    /* by equity for a rack without a blank, with the word map (WORD_LEAVE_ON): by tiles kept,
     * the best value of a leave whose tiles played may spell a word by themselves, -1e300 when
     * none may (sk_mg_wm_word_leaves). A cross anchor's windows hold no board tile, so each of
     * their moves is such a leave's: their bounds add this, not the best leave of the size. */
    int word_leave_on;
    double word_leave[SK_RACK_MAX + 1];
    struct sk_mg_window *windows;
    size_t nwindows, cap_windows;
    struct sk_mg_window *wheap; /* the word-map search's windows, a max-heap by bound */
    size_t cap_wheap;
    uint32_t cap_now;
    uint32_t cap_stamp[2][SK_MG_N][SK_MG_N];
    int16_t cap_value[2][SK_MG_N][SK_MG_N];
    uint8_t cap_index[2][SK_MG_N][SK_MG_N];
} sk_mg_bounds;

/* The word-map part (movegen_wordmap.c): the word-map search of the best-move search. MAP is
 * the map sk_movegen_use_wordmap gave (NULL: none). After sk_mg_wm_prepare returned 1 for a
 * rack, SUBS holds its sub-multisets by size (with one blank; without, the whole rack alone),
 * each subs[i] with the lookups made for it so far in this position, and MIN_K says which
 * windows the search takes; else MIN_K is above any window's empty squares. */
typedef struct {
    const sk_wordmap *map;
    sk_mg_sub subs[1 << SK_MG_WM_RACK];
    int sub_first[SK_MG_WM_RACK + 2]; /* subs of size k: sub_first[k] .. sub_first[k + 1] - 1 */
    /* a rack with a blank: with B blanks, ORDER[B][sub_first[k] ..] lists the subs of size k
     * by bound_leave[B], best first, and HI_MAX[B][k] holds the most of each of their
     * bound_hi[B] */
    uint8_t order[2][1 << SK_MG_WM_RACK];
    int hi_max[2][SK_MG_WM_RACK + 1][SK_MG_WM_RACK + 1];
    uint8_t ordered[2][SK_MG_WM_RACK + 1]; /* [B][k]: order and hi_max hold those subs */
    int blanks;                            /* the rack's blanks */
    int top;                               /* the value of the rack's most valuable tile */
    /* a rack without a blank: the letters that make a word with the whole rack (a superset:
     * see sk_wordmap_blank_letters), once known (plus_known) */
    int plus_known;
    sk_mg_set plus;
    int min_k; /* windows of this many empty squares or more go to the word-map search */
} sk_mg_wmsearch;

/* The generator: one of each part. sk_mg_setup sets up the lexicon, views, rack and walk parts
 * for a position; the best-move search sets up the keeper, bounds and word-map parts. */
struct sk_movegen {
    sk_mg_lex lex;
    sk_mg_walker walk;
    sk_mg_keeper keep;
    sk_mg_rack rack;
    sk_mg_bounds bounds;
    sk_mg_views views;
    sk_mg_wmsearch wm;
};

/* ---- shared helpers ------------------------------------------------------------------------- */

/* Node I, with the tiles of its child list in the high half: of the walk table WN (I in its
 * numbering), or of the lexicon NODES with every tile when there is none (NULL). The walk descends
 * into a child only when that set holds a tile it can place or meet at the next square, and so
 * skips dead ends before loading their lists (see sk_movegen_set_table_after). */
static inline uint64_t sk_mg_node(const uint64_t *wn, const uint32_t *nodes, uint32_t i)
{
    return wn ? wn[i] : (uint64_t)0xFFFFFFFFu << 32 | nodes[i];
}

/* The tiles of the child list of WNODE (from sk_mg_node) as a letter set. The table's high
 * half has bit 31 set when the list holds a tile above 30 (and every bit without a table):
 * the shift, arithmetic, then sets every bit of the wide set too, so that the set never
 * misses a child. */
static inline sk_mg_set sk_mg_kids(uint64_t wnode)
{
    return (sk_mg_set)((int64_t)wnode >> 32);
}

/* 1 when KIDS (from sk_mg_kids) is exactly its list's tiles, in ascending order with none
 * repeated: the list can then be indexed (sk_mg_child) instead of scanned. */
static inline int sk_mg_exact(sk_mg_set kids)
{
    return !(kids >> 31 & 1);
}

/* [x]: the bits set in X, an 11-bit number (movegen_walk.c) */
extern const uint8_t sk_mg_bits11[2048];

/* The bits set in X. Without a popcount instruction in the target, __builtin_popcount is a
 * library call: count by table then, 11 bits at a time (fewer instructions than counting by
 * hand; the table, 2 KiB, stays in the first-level cache). */
static inline unsigned sk_mg_bits(uint32_t x)
{
#ifdef __POPCNT__
    return (unsigned)__builtin_popcount(x);
#else
    return (unsigned)sk_mg_bits11[x & 0x7FF] + sk_mg_bits11[x >> 11 & 0x7FF] +
           sk_mg_bits11[x >> 22];
#endif
}

/* The index of the child of tile T in the list LIST whose tiles are the exact set KIDS (see
 * sk_mg_exact), T one of them: past the list's tiles below T. */
static inline uint32_t sk_mg_child(uint32_t list, sk_mg_set kids, unsigned t)
{
    return list + sk_mg_bits((uint32_t)kids & ((1u << t) - 1));
}

/* sk_kwg_find through sk_mg_node: the index of TILE in the list LIST (not 0), or 0. */
static inline uint32_t sk_mg_find(const uint64_t *wn, const uint32_t *nodes, uint32_t list,
                                  unsigned tile)
{
    for (uint32_t i = list;; i++) {
        uint32_t node = (uint32_t)sk_mg_node(wn, nodes, i);
        if (sk_kwg_tile(node) == tile) return i;
        if (sk_kwg_tile(node) > tile || sk_kwg_is_end(node)) return 0;
    }
}

/* The index of the child of TILE in the list LIST, whose tiles TILES gives (sk_mg_kids of the
 * node that leads to it), or 0 when it has none: indexed when TILES is exact, else scanned. */
static inline uint32_t sk_mg_lookup(const uint64_t *wn, const uint32_t *nodes, uint32_t list,
                                    sk_mg_set tiles, unsigned tile)
{
    if (sk_mg_exact(tiles)) return tiles >> tile & 1 ? sk_mg_child(list, tiles, tile) : 0;
    return sk_mg_find(wn, nodes, list, tile);
}

/* Face value of the tile at (R, C) of view V, with tiles worth VALUE ([0]: the blank's). */
static inline int sk_mg_face(const sk_mg_view *v, const int *value, int r, int c)
{
    return v->blank[r][c] ? value[0] : value[v->tile[r][c]];
}

/* The first square of the walk from (R, C) of V: a tile run's first tile when THROUGH, else C. */
static inline int sk_mg_walk_first(const sk_mg_view *v, int r, int c, int through)
{
    while (through && c > 0 && v->tile[r][c - 1])
        c--;
    return c;
}

/* 1 if vs->run_node holds the node of the run [LO, C] of row R of view D: read (run_sides in
 * movegen_shadow.c) since the views were last loaded afresh. */
static inline int sk_mg_run_known(const sk_mg_views *vs, int d, int r, int lo, int c)
{
    return vs->run_loaded[d][r][c] == vs->views_loaded && vs->run_lo[d][r][c] == lo;
}

/* 1 if M ranks before BEST: higher equity, then higher score, then sk_gen_move_compare. */
static inline int sk_mg_beats(const sk_gen_move *m, const sk_gen_move *best)
{
    if (m->equity != best->equity) return m->equity > best->equity;
    if (m->score != best->score) return m->score > best->score;
    return sk_gen_move_compare(m, best) < 0;
}

/* ---- movegen_moves.c ------------------------------------------------------------------------ */

/* Doubles L's room (1024 moves at first): 1, or 0 with l->failed set when out of memory. */
int sk_mg_list_grow(sk_move_list *l);

/* A new move at the end of L (its fields unset), or NULL with l->failed set when L cannot
 * grow. Inline: the walk writes every move it finds through it. */
static inline sk_gen_move *sk_mg_list_push(sk_move_list *l)
{
    if (l->count == l->cap && !sk_mg_list_grow(l)) return NULL;
    return &l->moves[l->count++];
}

/* ---- movegen_views.c, movegen_rack.c -------------------------------------------------------- */

/* Sets VS up for POS under RULES, whose lexicon LEX describes, with tiles worth VALUE: both views
 * with cross sets and anchors, updated from those VS holds when POS only adds tiles to them. */
void sk_mg_views_setup(sk_mg_views *vs, const sk_mg_lex *lex, const sk_rules *rules,
                       const sk_position *pos, const int value[SK_MG_LETTERS_MAX]);

/* Sets RK to RACK (a rack's tiles as text, not empty) under RULES: counts, letters, values,
 * size and bingo. Returns SK_OK, or SK_EINVAL when a character is no tile. */
int sk_mg_rack_setup(sk_mg_rack *rk, const sk_rules *rules, const char *rack);
/* Every leave worth nothing: RADIX 0, LEAVE_INDEX 0. */
void sk_mg_rack_no_leaves(sk_mg_rack *rk);
/* Sets RADIX for the rack COUNTS (at most SK_RACK_MAX tiles) and fills LEAVE_VALUE from LEAVES
 * for every leave of it (the caller checks that they fit); MAXLEAVE[k]: the best value of a
 * leave of k tiles. LEAVE_INDEX becomes 0. */
struct sk_leaves;
void sk_mg_rack_leaves(sk_mg_rack *rk, const struct sk_leaves *leaves,
                       const int counts[SK_MG_LETTERS_MAX], double maxleave[SK_RACK_MAX + 1]);
/* Fills rk->leave_sup and, for a rack with blanks, rk->leave_swap from rk->leave_value (after
 * sk_mg_rack_leaves): by the index of the tiles a walk has taken, the best value of a leave of a
 * move that takes at least those tiles, or those tiles with blanks played for some of them (the
 * walk takes a rack tile before a blank; sk_mg_record plays the blanks); leave_swap the same
 * for a move of exactly those tiles. */
void sk_mg_rack_leave_bounds(sk_mg_rack *rk);

/* ---- movegen_keep.c ------------------------------------------------------------------------- */

/* Frees what K and B hold. */
void sk_mg_keep_free(sk_mg_keeper *k, sk_mg_bounds *b);
/* Offers M, a move that beats k->best when k->have_best, to the keeper. */
void sk_mg_keep(sk_mg_keeper *k, const sk_gen_move *m);
/* Room for N moves in k->top: SK_OK or SK_ENOMEM. */
int sk_mg_keep_reserve(sk_mg_keeper *k, size_t n);

/* 1 if no move whose bound is BOUND can lead: the best-move search may skip it. */
static inline int sk_mg_below(const sk_mg_keeper *k, double bound)
{
    return k->have_best && bound < (double)k->best.equity - 1e-3;
}

/* The floor of sk_mg_below for K: a bound below it cannot lead. For b->win_floor, set when a
 * walk starts and whenever the keeper changes while it runs. */
static inline double sk_mg_win_floor(const sk_mg_keeper *k)
{
    return k->have_best ? (double)k->best.equity - 1e-3 : -HUGE_VAL;
}

/* Doubles b->windows' room: 1, or 0 when out of memory. */
int sk_mg_windows_grow(sk_mg_bounds *b);
/* Keeps the bound BOUND of window [LO, HI] (K empty squares) of row R of view D in b->windows;
 * 0 when out of memory. */
static inline int sk_mg_keep_window(sk_mg_bounds *b, int d, int r, int lo, int hi, double bound,
                                    int k)
{
    if (b->nwindows == b->cap_windows && !sk_mg_windows_grow(b)) return 0;
    b->windows[b->nwindows++] =
        (struct sk_mg_window){(uint8_t)lo, (uint8_t)hi, (uint8_t)d, (uint8_t)r, (uint8_t)k, bound};
    return 1;
}
/* Sets up the maxima the walk asks for (b->win_*) from a start's COUNT windows W. */
void sk_mg_load_windows(sk_mg_bounds *b, const struct sk_mg_window *w, size_t count);

/* 1 if the walk, at column X with nothing placed left of it yet, cannot lead by going on left
 * (no window of the start with lo <= X can), with the rack RK as the walk left it (its leaves
 * bounded by rk->leave_sup when b->win_scored), against b->win_floor. This and sk_mg_hopeless_right
 * are always inline: the walk asks at every square, and a compiler left to itself called half of
 * each. */
__attribute__((always_inline)) static inline int sk_mg_hopeless_left(const sk_mg_bounds *b,
                                                                     const sk_mg_rack *rk, int x)
{
    if (!b->win_on) return 0;
    if (x < b->win_lmin) return 1;
    if (x > b->win_lmax) x = b->win_lmax;
    return b->win_left[x] < b->win_floor ||
           (b->win_scored && b->score_left[x] + rk->leave_sup[rk->leave_index] < b->win_floor);
}

/* 1 if the walk, its word starting at LO, cannot lead by reaching column H or beyond, with the
 * rack RK as the walk left it. */
__attribute__((always_inline)) static inline int
sk_mg_hopeless_right(const sk_mg_bounds *b, const sk_mg_rack *rk, int lo, int h)
{
    if (!b->win_on) return 0;
    if (lo < b->win_lmin || lo > b->win_lmax || h > b->win_hmax) return 1;
    if (h < b->win_hmin) h = b->win_hmin;
    return b->win_suf[lo][h] < b->win_floor ||
           (b->win_scored && b->score_suf[lo][h] + rk->leave_sup[rk->leave_index] < b->win_floor);
}

/* Makes every cap read as unknown: for a new rack. */
void sk_mg_caps_reset(sk_mg_bounds *b);
/* sk_mg_cap when the cap of (R, C) of view D is not known yet: works it out and keeps it. */
int sk_mg_cap_find(sk_mg_bounds *b, const sk_mg_views *vs, const sk_mg_rack *rk, int d, int r,
                   int c, int *index);
/* The cap of the empty square (R, C) of view D of VS, a square with a cross word: the most a
 * tile placed there can be worth (*INDEX: the index of the first of rk->values not above it),
 * for the rack RK. A tile the cross set turns away cannot go there, so a square next to a word
 * that takes only vowels is paired with a vowel's value, not the rack's best. When every tile
 * on the rack fits, INT16_MAX and 0. Inline when known: the bounds ask for every square of
 * every window. */
static inline int sk_mg_cap(sk_mg_bounds *b, const sk_mg_views *vs, const sk_mg_rack *rk, int d,
                            int r, int c, int *index)
{
    if (b->cap_stamp[d][r][c] != b->cap_now) return sk_mg_cap_find(b, vs, rk, d, r, c, index);
    *index = b->cap_index[d][r][c];
    return b->cap_value[d][r][c];
}

/* ---- movegen_walk.c, movegen_first.c -------------------------------------------------------- */

/* Writes the move covering [LO, HI] of the walk's row (the letters of g->walk.chars, those at
 * the columns of BLANKS played by blanks), scoring MAIN_SUM * MULT + CROSS_TOTAL, keeping the
 * tiles of LEAVE_INDEX: to the list, or in best mode to the keeper when it can lead. */
void sk_mg_emit(sk_movegen *g, int lo, int hi, int main_sum, long long mult, long long cross_total,
                int leave_index, uint32_t blanks);
/* Points the walk at row ROW of view D: its letters and empty squares. */
void sk_mg_walk_row(sk_movegen *g, int d, int row);
/* Writes the move the walk's row holds over [LO, HI] (g->walk.chars, g->walk.nplaced tiles
 * placed, g->rack's count and leave_index after them; with a one-blank rack whose blank is
 * spent, g->walk.blank_letter is the letter it was spent for), scored MAIN_SUM * MULT +
 * CROSS_TOTAL with its tiles as tiles: every way the rack's blanks can stand among the placed
 * squares (see movegen_walk.c). */
void sk_mg_record(sk_movegen *g, int lo, int hi, int main_sum, long long mult,
                  long long cross_total);
/* Walks every move starting at (ROW, COL) of view D: from a tile run's last tile when THROUGH,
 * else from a cross anchor. */
void sk_mg_walk(sk_movegen *g, int d, int row, int col, int through);
/* sk_mg_walk from the tile run [LO, COL] of row ROW of view D whose GADDAG node (the run's
 * letters read from COL down to LO) is NODE, known already: the walk starts past the run. */
void sk_mg_walk_run(sk_movegen *g, int d, int row, int lo, int col, uint32_t node);
/* The first move (an empty board): every word the rack spells, read off the DAWG once, laid
 * at every offset that covers the start square, in both directions. The same moves as
 * walking from the start square, each found once instead of once per GADDAG pivot. */
void sk_mg_first_move(sk_movegen *g);

/* ---- movegen_wordmap.c, movegen_shadow.c ---------------------------------------------------- */

/* The word-map search: 1 if it can take the rack RK (with rk->radix, for equity) and WS has a
 * word map of RULES' lexicon; it then lists the rack's sub-multisets and sets ws->min_k (which
 * windows it takes: all of them for a rack with one blank, those taking the whole rack for one
 * without). 0 on the first move (FIRST_MOVE). */
int sk_mg_wm_prepare(sk_mg_wmsearch *ws, const sk_mg_rack *rk, int first_move,
                     const sk_rules *rules);
/* 0 when window W (one sk_mg_wm_prepare handed to the word-map search) surely holds no word:
 * for a rack without a blank, a window with no board letter when the rack spells nothing, or
 * with one that no word holds with the whole rack (the blank table, asked once a position).
 * Else 1. */
int sk_mg_wm_may_hold(sk_mg_wmsearch *ws, const sk_mg_views *vs, const struct sk_mg_window *w);
/* For the rack RK without a blank, whose leave values are known (sk_mg_rack_leaves), after
 * sk_mg_wm_prepare took it: OUT[j], the best value of a leave of J tiles whose N - J tiles
 * played may be the letters of a word (the map's filter, asked of each sub-multiset whose leave
 * would beat the best of its size found so far: a tile set no word is made of alone is never
 * played alone), -1e300 when none may. */
void sk_mg_wm_word_leaves(const sk_mg_wmsearch *ws, const sk_mg_rack *rk,
                          double out[SK_RACK_MAX + 1]);
/* Every move covering exactly window W that can lead, found by word-map lookups, to
 * sk_mg_record. */
void sk_mg_wm_window(sk_movegen *g, const struct sk_mg_window *w);

/* A start point of the best-move search (movegen_best.c), with its bound (movegen_shadow.c):
 * the walk from (ROW, COL) of view D (see sk_mg_walk). */
typedef struct {
    double bound;
    uint32_t first, count; /* its windows in g->bounds.windows */
    uint8_t d, row, col, through;
    uint8_t split; /* some windows are for the word-map search (split_start, movegen_best.c) */
    uint8_t exact; /* BOUND is the best of its windows' bounds, not a quick bound */
    uint8_t sides; /* run_sides (movegen_shadow.c), once read: kept */
    uint8_t whole; /* not a start: row ROW of view D, BOUND its sk_mg_row_bound */
} sk_mg_start;

/* A bound of row R of view D at about the cost of one quick bound, at least the quick bound
 * (sk_mg_quick_bound) of every start of the row, or -1e300 when no tile of the rack can be placed
 * in it; MAXLEAVE as sk_mg_quick_bound takes it. Only for a board whose factors are all 1 or more
 * and tile values of 0 or more. */
double sk_mg_row_bound(sk_movegen *g, int d, int r, const double *values, int n,
                       const double *maxleave);
/* Sets ST's windows (appended to g->bounds.windows), their best bound, and whether the word-map
 * search takes some of them, for a rack of N tile VALUES (descending) whose leaves of k tiles are
 * worth at most MAXLEAVE[k] (unless BY_SCORE); *OOM is set when the windows ran out of memory. */
void sk_mg_exact_bound(sk_movegen *g, sk_mg_start *st, const double *values, int n,
                       const double *maxleave, int by_score, int *oom);
/* A looser bound for ST, at about the cost of one window (see quick_bound in movegen_shadow.c):
 * by score with MAXLEAVE NULL, else by equity with the leaves of k tiles worth at most
 * MAXLEAVE[k]; -1e300 when no move starts there. ST's windows are not kept. */
double sk_mg_quick_bound(sk_movegen *g, sk_mg_start *st, const double *values, int n,
                         const double *maxleave);

/* ---- movegen.c ------------------------------------------------------------------------------ */

/* Prepares G for POS: the lexicon's handles, the rack and its values, both views with cross
 * sets and anchors; the walk's row is reloaded. OUT receives moves (NULL in best mode). Returns
 * SK_OK or SK_EINVAL. */
int sk_mg_setup(sk_movegen *g, const sk_rules *rules, const sk_position *pos, sk_move_list *out);

#endif
