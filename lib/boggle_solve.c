/* boggle_solve.c — finding every word of a Boggle grid: a depth-first search from each cell over
 * adjacent unused cells, pruned by the lexicon's DAWG (a path whose letters start no word is
 * abandoned at once). For speed the DAWG is first copied into a layout of its own: each node
 * holds the set of letters its children carry as a bit mask, so a step is a mask test and a
 * popcount (no sibling scan), and the rank of the word a node ends (its place in alphabetical
 * order, from the word counts below each node) so that a found word is marked in one array and
 * reported once however many paths trace it. Not here: parsing grids (boggle_grid.c). */
#include <stdlib.h>
#include <string.h>

#include "skrab/boggle.h"
#include "skrab/error.h"

#define ACCEPTS 1u               /* bit 0 of mask: a word ends at this node */
#define CHILD_BITS 0x07FFFFFEu   /* bits 1..26: the tiles of the children */
#define LAST 0x80000000u         /* the last node of its sibling list */
#define ROOT SK_BOGGLE_CELLS_MAX /* a cell next to all the others, where the search starts */
#define PAD 63 /* the neighbour slot of a cell with fewer than 8: a cell without a letter */

typedef struct {
    uint32_t mask;     /* ACCEPTS | tiles of the children | LAST */
    uint32_t children; /* index of the first child (children are in tile order), 0 = none */
    uint32_t before;   /* words below the siblings before this node, and ending at them */
} bnode;

struct sk_boggle_solver {
    bnode *nodes; /* nodes[0] is the root: its children are the first letters */
    size_t count, cap;
    uint64_t *seen;    /* bit rank: the word was reported in this search (all 0 between) */
    uint32_t *touched; /* the words of seen that have a bit set, to clear them afterwards */
    size_t words;
    int popcnt; /* the CPU has a popcount instruction */
    unsigned char neighbours[SK_BOGGLE_SIZE_MAX + 1][SK_BOGGLE_CELLS_MAX][8]; /* PAD-filled */
};

/* Without a popcount instruction in the target, __builtin_popcount is a library call: count
 * bits by hand then (a handful of instructions, no branches). */
static inline unsigned popcount(uint32_t x)
{
#ifdef __POPCNT__
    return (unsigned)__builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
#endif
}

/* With GCC or Clang on x86-64, the search is compiled twice: for any CPU, and for those with a
 * popcount instruction (chosen at run time; a step costs noticeably less with it). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__POPCNT__)
#define POPCNT_DISPATCH 1
#define HW_POPCNT __attribute__((target("popcnt")))
#else
#define POPCNT_DISPATCH 0
#define HW_POPCNT
#endif

static int have_popcnt(void)
{
#if POPCNT_DISPATCH
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") ? 1 : 0;
#else
    return 0;
#endif
}

/* ---- building -------------------------------------------------------------------------------- */
typedef struct {
    sk_boggle_solver *s;
    const uint32_t *kn; /* the KWG's nodes */
    uint32_t *map;      /* KWG list start -> first node of its copy (0: not copied yet) */
    uint32_t *queue;    /* KWG lists copied but whose nodes are not yet filled in */
    size_t qhead, qtail;
} builder;

/* The letters (tiles 1..26) of the KWG list starting at LIST, as a CHILD_BITS mask. */
static uint32_t kwg_list_mask(const uint32_t *kn, uint32_t list)
{
    uint32_t m = 0;
    for (uint32_t i = list; i != 0; i++) {
        unsigned t = sk_kwg_tile(kn[i]);
        if (t >= 1 && t <= 26) m |= 1u << t;
        if (sk_kwg_is_end(kn[i])) break;
    }
    return m;
}

/* The first node of the KWG list LIST with tile T. */
static uint32_t kwg_find_any(const uint32_t *kn, uint32_t list, unsigned t)
{
    for (uint32_t i = list;; i++) {
        if (sk_kwg_tile(kn[i]) == t) return i;
        if (sk_kwg_is_end(kn[i])) return 0;
    }
}

/* Returns the copy of the KWG list LIST (reserving its nodes and queueing it when new), or 0 when
 * it has no letters; SK_ENOMEM via *ERR. */
static uint32_t copy_list(builder *b, uint32_t list, int *err)
{
    if (list == 0) return 0;
    if (b->map[list]) return b->map[list];
    uint32_t m = kwg_list_mask(b->kn, list);
    if (!m) return 0;
    sk_boggle_solver *s = b->s;
    size_t k = popcount(m);
    if (s->count + k > s->cap) {
        size_t cap = s->cap * 2;
        while (cap < s->count + k)
            cap *= 2;
        if (cap > 0xFFFFFFFFu) {
            *err = SK_ETOOBIG;
            return 0;
        }
        bnode *grown = realloc(s->nodes, cap * sizeof(*grown));
        if (!grown) {
            *err = SK_ENOMEM;
            return 0;
        }
        s->nodes = grown;
        s->cap = cap;
    }
    uint32_t start = (uint32_t)s->count;
    s->count += k;
    memset(&s->nodes[start], 0, k * sizeof(bnode));
    s->nodes[start + k - 1].mask = LAST;
    b->map[list] = start;
    b->queue[b->qtail++] = list;
    return start;
}

/* Fills in the nodes of the copy of the KWG list LIST. */
static int fill_list(builder *b, uint32_t list)
{
    uint32_t start = b->map[list], m = kwg_list_mask(b->kn, list), j = 0;
    int err = SK_OK;
    for (unsigned t = 1; t <= 26; t++) {
        if (!(m >> t & 1)) continue;
        uint32_t i = kwg_find_any(b->kn, list, t), arc = sk_kwg_arc(b->kn[i]);
        uint32_t children = copy_list(b, arc, &err);
        if (err) return err;
        bnode *n = &b->s->nodes[start + j++];
        n->mask |=
            (sk_kwg_accepts(b->kn[i]) ? ACCEPTS : 0) | (children ? kwg_list_mask(b->kn, arc) : 0);
        n->children = children;
    }
    return SK_OK;
}

/* Counts the words below every list (children before parents, iteratively: crafted lexicons may
 * be deep) and sets each node's rank offset. Returns SK_OK, SK_ENOMEM, SK_ETOOBIG. */
static int rank_nodes(sk_boggle_solver *s)
{
    bnode *nodes = s->nodes;
    size_t n = s->count;
    uint32_t *total = calloc(n, sizeof(*total));  /* words below a list, at its first node */
    unsigned char *state = calloc(n, 1);          /* 0 new, 1 open, 2 counted */
    uint32_t *stack = malloc(n * sizeof(*stack)); /* list starts */
    int rc = SK_OK;
    if (!total || !state || !stack) {
        rc = SK_ENOMEM;
        goto cleanup;
    }
    size_t top = 0;
    if (nodes[0].children) stack[top++] = nodes[0].children;
    while (top) {
        uint32_t list = stack[top - 1];
        if (state[list] == 2) {
            top--;
            continue;
        }
        state[list] = 1;
        int pushed = 0;
        for (uint32_t i = list;; i++) {
            uint32_t c = nodes[i].children;
            if (c && state[c] != 2) {
                if (state[c] == 1 || top == n) { /* a cycle: the KWG was validated, so never */
                    rc = SK_ETOOBIG;
                    goto cleanup;
                }
                stack[top++] = c;
                pushed = 1;
                break;
            }
            if (nodes[i].mask & LAST) break;
        }
        if (pushed) continue;
        uint64_t sum = 0;
        for (uint32_t i = list;; i++) {
            nodes[i].before = (uint32_t)sum;
            sum += (nodes[i].mask & ACCEPTS) + (nodes[i].children ? total[nodes[i].children] : 0);
            if (sum > SK_BOGGLE_WORDS_MAX) {
                rc = SK_ETOOBIG;
                goto cleanup;
            }
            if (nodes[i].mask & LAST) break;
        }
        total[list] = (uint32_t)sum;
        state[list] = 2;
        top--;
    }
    s->words = nodes[0].children ? total[nodes[0].children] : 0;
cleanup:
    free(total);
    free(state);
    free(stack);
    return rc;
}

static void make_neighbours(sk_boggle_solver *s)
{
    for (int size = SK_BOGGLE_SIZE_MIN; size <= SK_BOGGLE_SIZE_MAX; size++) {
        for (int cell = 0; cell < size * size; cell++) {
            int r = cell / size, c = cell % size, k = 0;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int rr = r + dr, cc = c + dc;
                    if ((dr || dc) && rr >= 0 && rr < size && cc >= 0 && cc < size)
                        s->neighbours[size][cell][k++] = (unsigned char)(rr * size + cc);
                }
            while (k < 8)
                s->neighbours[size][cell][k++] = PAD;
        }
    }
}

int sk_boggle_solver_new(sk_boggle_solver **out, const sk_lexicon *lex)
{
    *out = NULL;
    sk_boggle_solver *s = calloc(1, sizeof(*s));
    const uint32_t *kn = sk_lexicon_nodes(lex);
    size_t kcount = sk_lexicon_node_count(lex);
    builder b = {s, kn, NULL, NULL, 0, 0};
    int rc = SK_ENOMEM;
    if (!s) return SK_ENOMEM;
    make_neighbours(s);
    s->popcnt = have_popcnt();
    s->cap = 1024;
    s->count = 1;
    s->nodes = calloc(s->cap, sizeof(*s->nodes));
    b.map = calloc(kcount ? kcount : 1, sizeof(*b.map));
    b.queue = malloc((kcount ? kcount : 1) * sizeof(*b.queue));
    if (!s->nodes || !b.map || !b.queue) goto cleanup;
    uint32_t root = sk_lexicon_dawg_root(lex);
    rc = SK_OK;
    s->nodes[0].mask = LAST | (root ? kwg_list_mask(kn, root) : 0);
    s->nodes[0].children = copy_list(&b, root, &rc);
    while (rc == SK_OK && b.qhead < b.qtail)
        rc = fill_list(&b, b.queue[--b.qtail]);
    if (rc == SK_OK) rc = rank_nodes(s);
    if (rc != SK_OK) goto cleanup;
    s->seen = calloc(s->words / 64 + 1, sizeof(*s->seen));
    s->touched = malloc((s->words / 64 + 1) * sizeof(*s->touched));
    if (!s->seen || !s->touched) {
        rc = SK_ENOMEM;
        goto cleanup;
    }
    bnode *shrunk = realloc(s->nodes, s->count * sizeof(*shrunk));
    if (shrunk) {
        s->nodes = shrunk;
        s->cap = s->count;
    }
cleanup:
    free(b.map);
    free(b.queue);
    if (rc != SK_OK) {
        sk_boggle_solver_free(s);
        return rc;
    }
    *out = s;
    return SK_OK;
}

void sk_boggle_solver_free(sk_boggle_solver *s)
{
    if (!s) return;
    free(s->nodes);
    free(s->seen);
    free(s->touched);
    free(s);
}

size_t sk_boggle_solver_bytes(const sk_boggle_solver *s)
{
    return sizeof(*s) + s->cap * sizeof(bnode) + (s->words / 64 + 1) * 12;
}

size_t sk_boggle_solver_words(const sk_boggle_solver *s)
{
    return s->words;
}

/* ---- searching ------------------------------------------------------------------------------- */
typedef struct {
    const bnode *nodes;
    uint64_t *seen;
    uint32_t *touched;
    size_t ntouched;
    size_t words;
    unsigned char cells[64];        /* the grid's tiles; 0 for PAD and beyond */
    unsigned char (*nb)[8];         /* the neighbours of each cell */
    uint32_t near[ROOT + 1];        /* the letters next to each cell, as tile bits */
    uint64_t next_to[ROOT + 1][27]; /* [cell][tile]: the neighbours with that letter */
    int min_len;
    size_t found;
    long score;
    uint64_t steps_left;
    sk_boggle_words *out; /* NULL: count only */
    int error;
    unsigned char path[SK_BOGGLE_CELLS_MAX];
} search;

static void record(search *s, uint32_t rank, int len, int depth)
{
    sk_boggle_words *o = s->out;
    if (o->count == o->cap) {
        size_t cap = o->cap ? o->cap * 2 : 256;
        sk_boggle_word *grown = realloc(o->words, cap * sizeof(*grown));
        if (!grown) {
            s->error = SK_ENOMEM;
            return;
        }
        o->words = grown;
        o->cap = cap;
    }
    sk_boggle_word *w = &o->words[o->count++];
    w->rank = rank;
    w->letters = (unsigned char)len;
    w->ncells = (unsigned char)depth;
    w->score = (unsigned char)sk_boggle_score(len);
    memcpy(w->cells, s->path, (size_t)depth);
}

static const int points[8] = {0, 1, 1, 1, 1, 2, 3, 5}; /* sk_boggle_score, inlined */

static void visit_any(search *s, int cell, uint32_t n, uint32_t rank, int len, int depth,
                      uint64_t used);
static void visit_popcnt(search *s, int cell, uint32_t n, uint32_t rank, int len, int depth,
                         uint64_t used);

/* The path of DEPTH cells (s->path) ending at CELL spells the prefix of node N, whose rank is
 * RANK, in LEN letters; USED holds the path's cells but CELL. Counts the word it spells, then
 * follows every continuation. HW: use the popcount instruction (a constant once inlined). */
static inline __attribute__((always_inline)) void visit_body(search *s, int cell, uint32_t n,
                                                             uint32_t rank, int len, int depth,
                                                             uint64_t used, const int hw)
{
#define POPCOUNT(x) (hw ? (unsigned)__builtin_popcount(x) : popcount(x))
    if (s->steps_left == 0) { /* stays 0: every visit still open returns at once */
        s->error = SK_ETOOBIG;
        return;
    }
    s->steps_left--;
    const bnode *nodes = s->nodes;
    uint32_t mask = nodes[n].mask;
    if ((mask & ACCEPTS) && len >= s->min_len && rank < s->words &&
        !(s->seen[rank / 64] >> (rank % 64) & 1)) {
        if (!s->seen[rank / 64]) s->touched[s->ntouched++] = rank / 64;
        s->seen[rank / 64] |= (uint64_t)1 << (rank % 64);
        s->found++;
        s->score += len < 8 ? points[len] : 11;
        if (s->out) record(s, rank, len, depth);
    }
    uint32_t m = mask & s->near[cell];
    if (!m) return; /* no letter that may follow is next to this cell */
    uint32_t all = mask & CHILD_BITS, base = rank + (mask & ACCEPTS), first = nodes[n].children;
    used |= (uint64_t)1 << cell;
    /* letter by letter: the child is found once for all the neighbours that carry its letter */
    do {
        unsigned t = (unsigned)__builtin_ctz(m);
        m &= m - 1;
        uint64_t cells = s->next_to[cell][t] & ~used;
        if (!cells) continue;
        uint32_t c = first + POPCOUNT(all & ((1u << t) - 1));
        uint32_t r = base + nodes[c].before;
        int l = len + 1;
        if (t == SK_BOGGLE_Q) { /* the Qu face: the U must follow */
            uint32_t qm = nodes[c].mask & CHILD_BITS;
            if (!(qm >> SK_BOGGLE_U & 1)) continue;
            uint32_t u = nodes[c].children + POPCOUNT(qm & ((1u << SK_BOGGLE_U) - 1));
            r += (nodes[c].mask & ACCEPTS) + nodes[u].before;
            c = u;
            l++;
        }
        do {
            unsigned d = (unsigned)__builtin_ctzll(cells);
            cells &= cells - 1;
            s->path[depth] = (unsigned char)d;
            if (hw)
                visit_popcnt(s, (int)d, c, r, l, depth + 1, used);
            else
                visit_any(s, (int)d, c, r, l, depth + 1, used);
        } while (cells);
    } while (m);
#undef POPCOUNT
}

static void visit_any(search *s, int cell, uint32_t n, uint32_t rank, int len, int depth,
                      uint64_t used)
{
    visit_body(s, cell, n, rank, len, depth, used, 0);
}

HW_POPCNT static void visit_popcnt(search *s, int cell, uint32_t n, uint32_t rank, int len,
                                   int depth, uint64_t used)
{
    visit_body(s, cell, n, rank, len, depth, used, POPCNT_DISPATCH);
}

static int compare_rank(const void *a, const void *b)
{
    uint32_t x = ((const sk_boggle_word *)a)->rank, y = ((const sk_boggle_word *)b)->rank;
    return (x > y) - (x < y);
}

static int run(sk_boggle_solver *s, const sk_boggle_grid *g, int min_len, sk_boggle_words *out,
               size_t *words, long *score)
{
    if (words) *words = 0;
    if (score) *score = 0;
    if (out) {
        out->count = 0;
        out->total = 0;
    }
    if (g->size < SK_BOGGLE_SIZE_MIN || g->size > SK_BOGGLE_SIZE_MAX) return SK_EINVAL;
    for (int i = 0; i < g->size * g->size; i++)
        if (g->cells[i] < 1 || g->cells[i] > 26) return SK_EINVAL;
    search se = {.nodes = s->nodes,
                 .seen = s->seen,
                 .touched = s->touched,
                 .words = s->words,
                 .nb = s->neighbours[g->size],
                 .min_len = min_len < 2 ? 2 : min_len,
                 .steps_left = SK_BOGGLE_STEPS_MAX,
                 .out = out,
                 .error = SK_OK};
    /* cell ROOT stands outside the grid, next to every cell: the search starts there, at the
     * root of the word graph */
    int cells = g->size * g->size;
    memcpy(se.cells, g->cells, (size_t)cells);
    memset(se.next_to[ROOT], 0, sizeof(se.next_to[ROOT]));
    for (int cell = 0; cell < cells; cell++) {
        memset(se.next_to[cell], 0, sizeof(se.next_to[cell]));
        for (int i = 0; i < 8 && se.nb[cell][i] != PAD; i++) {
            unsigned d = se.nb[cell][i], t = se.cells[d];
            se.near[cell] |= 1u << t;
            se.next_to[cell][t] |= (uint64_t)1 << d;
        }
        se.near[ROOT] |= 1u << se.cells[cell];
        se.next_to[ROOT][se.cells[cell]] |= (uint64_t)1 << cell;
    }
    if (s->popcnt)
        visit_popcnt(&se, ROOT, 0, 0, 0, 0, 0);
    else
        visit_any(&se, ROOT, 0, 0, 0, 0, 0);
    for (size_t i = 0; i < se.ntouched; i++)
        s->seen[se.touched[i]] = 0;
    if (words) *words = se.found;
    if (score) *score = se.score;
    if (out) {
        if (out->count > 1) qsort(out->words, out->count, sizeof(*out->words), compare_rank);
        out->total = 0;
        for (size_t i = 0; i < out->count; i++)
            out->total += out->words[i].score;
    }
    return se.error;
}

void sk_boggle_words_init(sk_boggle_words *w)
{
    memset(w, 0, sizeof(*w));
}

void sk_boggle_words_free(sk_boggle_words *w)
{
    free(w->words);
    memset(w, 0, sizeof(*w));
}

int sk_boggle_solve(sk_boggle_solver *s, const sk_boggle_grid *g, int min_len, sk_boggle_words *out)
{
    return run(s, g, min_len, out, NULL, NULL);
}

int sk_boggle_count(sk_boggle_solver *s, const sk_boggle_grid *g, int min_len, size_t *words,
                    long *score)
{
    return run(s, g, min_len, NULL, words, score);
}

size_t sk_boggle_word_text(const sk_boggle_grid *g, const sk_boggle_word *w, char *out)
{
    size_t k = 0;
    for (int i = 0; i < w->ncells && i < SK_BOGGLE_CELLS_MAX; i++) {
        unsigned char t = g->cells[w->cells[i] % SK_BOGGLE_CELLS_MAX];
        out[k++] = (char)('A' + t - 1);
        if (t == SK_BOGGLE_Q) out[k++] = 'U';
    }
    out[k] = '\0';
    return k;
}
