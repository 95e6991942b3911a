/* movegen_wordmap.c — the best-move search's exact evaluation of one window by word-map lookups
 * (see wordmap.h); its state is the word-map part (sk_mg_wmsearch). A window is a row's squares
 * [lo, hi] with its board letters; every move that covers exactly those squares spells an
 * anagram of the board letters plus k of the rack's tiles (k = the window's empty squares). For
 * each sub-multiset of the rack of k tiles, and each letter a blank may stand for, one lookup
 * gives the words; those whose letters fit the board letters and the empty squares' cross sets
 * are moves, written by sk_mg_record as the walk would. A letter multiset is taken from the rack
 * as the walk takes it: the rack's own tiles first, a blank only for a letter the rack has no
 * copy left of, so each word is found once. Before a lookup, the sub-multiset's own bound (its
 * tile values in the best order on the window's squares, plus its leave) must reach the leader.
 * Used for every window of a rack with one blank, and for the windows that take the whole of a
 * rack without one (see sk_mg_wm_prepare); the search (movegen_best.c) takes windows best bound
 * first. It calls the walk (movegen_walk.c) and the caps (movegen_keep.c), nothing above. */
#include <limits.h>
#include <string.h>

#include "internal/movegen.h"
#include "internal/score.h"
#include "internal/wordmap.h"

/* Adds one tile of kind T to the sub-multiset CUR. */
static void sub_add(const sk_mg_rack *rk, sk_mg_sub *cur, int t)
{
    sk_wm_key_add(&cur->key, (unsigned)t);
    cur->letters |= SK_MG_BIT(t);
    cur->leave_index += rk->radix[t];
    int j = cur->size++;
    for (; j > 0 && cur->values[j - 1] < rk->value[t]; j--)
        cur->values[j] = cur->values[j - 1];
    cur->values[j] = rk->value[t];
}

/* Writes to OUT[AT[size]++] every sub-multiset of the rack's tiles of kinds KINDS[I..NKINDS - 1]
 * added to CUR (its tile fields; none of its lookups made). The kinds come by value, highest
 * first, so that each tile added goes last in CUR's values, and CUR is restored by its fields
 * alone. */
static void add_subs(const sk_mg_rack *rk, const int *kinds, int nkinds, int i, sk_mg_sub *cur,
                     sk_mg_sub *out, int *at)
{
    if (i == nkinds) {
        sk_mg_sub *o = &out[at[cur->size]++];
        o->key = cur->key;
        o->letters = cur->letters;
        o->full = cur->full;
        o->leave_index = cur->leave_index;
        o->size = cur->size;
        memcpy(o->values, cur->values, sizeof(o->values));
        o->known0 = o->known1 = 0;
        return;
    }
    sk_wm_key key = cur->key;
    sk_mg_set letters = cur->letters, full = cur->full;
    int leave_index = cur->leave_index, size = cur->size;
    int t = kinds[i], have = rk->initial[t];
    for (int u = 0; u <= have; u++) {
        if (u > 0) sub_add(rk, cur, t);
        if (u == have) cur->full |= SK_MG_BIT(t);
        add_subs(rk, kinds, nkinds, i + 1, cur, out, at);
    }
    cur->key = key;
    cur->letters = letters;
    cur->full = full;
    cur->leave_index = leave_index;
    cur->size = size;
}

/* Works out what sub_bound needs of S plus B blanks (see sk_mg_sub), for the rack RK with
 * BLANKS blanks: the values of S's tiles merged with B blanks', descending; with spare blanks
 * (the rack's blanks beyond B), any of S's tiles may be played by a blank instead (record()
 * writes those moves too), so a tile is then worth at most its larger and at least its
 * smaller value, and the leave is the best that any of them keeps. */
static void sub_bound_prepare(const sk_mg_rack *rk, int blanks, sk_mg_sub *s, int b)
{
    int k = s->size + b, spare = blanks - b, v0 = rk->value[0];
    int *hi = s->bound_hi[b], *lo = s->bound_lo[b];
    for (int i = 0, j = 0, z = 0; i < k; i++) { /* merge S's values with B blanks', descending */
        int v = j < s->size && (z == b || s->values[j] >= v0) ? s->values[j++] : (z++, v0);
        hi[i] = lo[i] = v;
    }
    if (spare) /* each value raised (lowered) to v0: still descending */
        for (int i = 0; i < k; i++) {
            if (hi[i] < v0) hi[i] = v0;
            if (lo[i] > v0) lo[i] = v0;
        }
    int li = s->leave_index + b * rk->radix[0];
    double leave = rk->leave_value[li]; /* a spare blank kept, or played for one of S's tiles */
    for (sk_mg_set m = spare ? s->letters : 0; m; m &= m - 1) {
        int t = __builtin_ctzll(m);
        double l = rk->leave_value[li - rk->radix[t] + rk->radix[0]];
        if (l > leave) leave = l;
    }
    s->bound_leave[b] = leave;
}

/* For a rack RK with one blank, whose sub-multisets WS holds by size: the bounds' parts
 * (sub_bound_prepare) of those of size SIZE with B blanks, their order (ws->order[B]) and
 * ws->hi_max[B][SIZE]. Made when a window first asks for them: a position whose search stops
 * early never needs most sizes. */
static void order_subs(sk_mg_wmsearch *ws, const sk_mg_rack *rk, int b, int size)
{
    int first = ws->sub_first[size], end = ws->sub_first[size + 1];
    int *most = ws->hi_max[b][size];
    for (int i = 0; i < size + b; i++)
        most[i] = INT_MIN;
    uint8_t *order = ws->order[b];
    for (int i = first; i < end; i++) { /* by leave, best first; ties in their order */
        sk_mg_sub *s = &ws->subs[i];
        sub_bound_prepare(rk, ws->blanks, s, b);
        for (int j = 0; j < size + b; j++)
            if (s->bound_hi[b][j] > most[j]) most[j] = s->bound_hi[b][j];
        int j = i;
        for (; j > first && ws->subs[order[j - 1]].bound_leave[b] < s->bound_leave[b]; j--)
            order[j] = order[j - 1];
        order[j] = (uint8_t)i;
    }
    ws->ordered[b][size] = 1;
}

int sk_mg_wm_prepare(sk_mg_wmsearch *ws, const sk_mg_rack *rk, int first_move,
                     const sk_rules *rules)
{
    ws->min_k = SK_MG_N + 1;
    if (!ws->map || first_move || !sk_wordmap_of(ws->map, rules->lexicon)) return 0;
    /* keys hold letters 1..SK_WM_LETTERS: a rack or board of a wider alphabet is walked */
    if (rules->tiles->alphabet.size > SK_WM_LETTERS + 1) return 0;
    int real = 0;
    for (int t = 1; t < SK_MG_LETTERS_MAX; t++)
        real += rk->initial[t];
    /* Lookups take the windows where they cost less than the pruned GADDAG walk: with one
     * blank, every window (the walk goes through each word with the blank standing for every
     * letter in turn, where the blank table answers in one lookup); without a blank, only the
     * windows that take the whole rack (one lookup each; most spell nothing, and their bingo
     * bonus makes the walk's bounds loose). Other windows are walked: the walk's shared prefixes
     * and early dead ends cost less than a lookup per sub-multiset. A rack with two blanks is
     * walked whole: it would need a lookup per pair of letters (docs/engine.md, "The word map"). */
    if (real > SK_MG_WM_RACK || rk->initial[0] > 1) return 0;
    ws->blanks = rk->initial[0];
    ws->top = INT_MIN;
    for (int t = 0; t < SK_MG_LETTERS_MAX; t++)
        if (rk->initial[t] && rk->value[t] > ws->top) ws->top = rk->value[t];
    ws->min_k = ws->blanks ? 1 : real;
    ws->plus_known = 0;
    static const sk_mg_sub empty;
    sk_mg_sub cur = empty;
    int kinds[SK_MG_LETTERS_MAX], nkinds = 0;
    for (int t = 1; t < SK_MG_LETTERS_MAX; t++)
        if (rk->initial[t])
            kinds[nkinds++] = t;
        else
            cur.full |= SK_MG_BIT(t); /* a letter the rack lacks: a blank may be one */
    if (!ws->blanks) { /* only windows of the whole rack come here: its one sub-multiset */
        for (int i = 0; i < nkinds; i++) {
            for (int u = 0; u < rk->initial[kinds[i]]; u++)
                sub_add(rk, &cur, kinds[i]);
            cur.full |= SK_MG_BIT(kinds[i]);
        }
        ws->subs[0] = cur;
        for (int k = 0; k <= SK_MG_WM_RACK + 1; k++)
            ws->sub_first[k] = k <= real ? 0 : 1;
        return 1;
    }
    /* the sub-multisets of each size: the coefficients of the product over the kinds of
     * 1 + x + .. + x^copies */
    int count[SK_MG_WM_RACK + 1] = {1};
    for (int i = 0; i < nkinds; i++)
        for (int size = real; size > 0; size--)
            for (int u = 1; u <= rk->initial[kinds[i]] && u <= size; u++)
                count[size] += count[size - u];
    ws->sub_first[0] = 0;
    for (int k = 0; k <= SK_MG_WM_RACK; k++)
        ws->sub_first[k + 1] = ws->sub_first[k] + count[k];
    int at[SK_MG_WM_RACK + 1];
    memcpy(at, ws->sub_first, sizeof(at));
    for (int i = 1; i < nkinds; i++) /* by value, highest first (see add_subs) */
        for (int j = i; j > 0 && rk->value[kinds[j]] > rk->value[kinds[j - 1]]; j--) {
            int x = kinds[j];
            kinds[j] = kinds[j - 1];
            kinds[j - 1] = x;
        }
    add_subs(rk, kinds, nkinds, 0, &cur, ws->subs, at);
    memset(ws->ordered, 0, sizeof(ws->ordered)); /* order_subs, when asked */
    return 1;
}

void sk_mg_wm_word_leaves(const sk_mg_wmsearch *ws, const sk_mg_rack *rk,
                          double out[SK_RACK_MAX + 1])
{
    /* each sub-multiset's key and size by its index in rk->leave_value (the tiles played), made
     * kind by kind: the indexes below radix[t] hold the kinds before t alone */
    sk_wm_key key[1 << SK_MG_WM_RACK];
    uint8_t size[1 << SK_MG_WM_RACK];
    int cells = 1, n = 0;
    key[0].lo = key[0].hi = 0;
    size[0] = 0;
    for (int t = 1; t < SK_MG_LETTERS_MAX; t++) {
        int copies = rk->initial[t], span = rk->radix[t];
        for (int u = 1; u <= copies; u++)
            for (int j = 0; j < span; j++) {
                key[u * span + j] = key[(u - 1) * span + j];
                sk_wm_key_add(&key[u * span + j], (unsigned)t);
                size[u * span + j] = (uint8_t)(size[j] + u);
            }
        cells *= copies + 1;
        n += copies;
    }
    for (int j = 0; j <= SK_RACK_MAX; j++)
        out[j] = -1e300;
    for (int i = 1; i < cells; i++) {
        int kept = n - size[i];
        if (rk->leave_value[i] > out[kept] &&
            sk_wordmap_may_hold_hashed(ws->map, sk_wordmap_hash(key[i])))
            out[kept] = rk->leave_value[i];
    }
}

/* One window's squares, gathered once for all of its lookups. */
typedef struct {
    const sk_mg_view *v; /* the window's view, D, and row R */
    int d, r;
    int lo, hi, k, careful;
    int cols[SK_MG_N];
    /* the empty squares' coefficients (letter factor * word multiplier, plus the cross word's),
     * descending */
    double coef[SK_MG_N];
    int cap[SK_MG_N]; /* the most a tile can be worth on each of those squares (sk_mg_cap) */
    int capped;       /* some cap is below a value of the rack, and every coefficient is positive */
    sk_wm_key fixed;
    int scored;          /* the four fields below are set (window_scores) */
    int fixed_sum;       /* face values of its board tiles */
    long long mult;      /* the main word's multiplier */
    long long cross_sum; /* the cross words' board tiles, times their word factors */
    double base;         /* what the board tiles and the bingo bonus add to any move's score */
    sk_mg_set open;      /* letters some empty square allows */
    int nnarrow;         /* empty squares that do not take every letter: */
    sk_mg_set narrow[SK_MG_N]; /* the letters each takes */
} window_ctx;

/* Sets W to the squares [LO, HI] of row R of view V (of direction D) and their letters: its
 * empty squares (cols, k), the letters they take (open, narrow), its board letters (fixed)
 * and whether a key of them plus k tiles must be summed with care (careful); the scores are
 * not set. 0 when a word would need a sixteenth copy of a board letter (no key holds it). */
static int window_letters(window_ctx *w, const sk_mg_view *v, int d, int r, int lo, int hi)
{
    w->v = v;
    w->d = d;
    w->r = r;
    w->lo = lo;
    w->hi = hi;
    /* a window of at most 15 squares holds no letter 15 times with an empty square, and its
     * keys hold no letter 16 times: the counts need no checks */
    int longer = w->hi - w->lo + 1 > 15;
    unsigned fixed_max = 0;
    w->k = w->nnarrow = w->capped = w->scored = 0;
    w->fixed = (sk_wm_key){0, 0};
    w->open = 0;
    for (int c = w->lo; c <= w->hi; c++) {
        unsigned t = v->tile[r][c];
        if (t) {
            sk_wm_key_add(&w->fixed, t);
            if (longer && sk_wm_key_count(&w->fixed, t) > fixed_max)
                fixed_max = sk_wm_key_count(&w->fixed, t);
            if (fixed_max == 15) return 0; /* a sixteenth copy would be needed by any word */
            continue;
        }
        sk_mg_set cross = v->cross[r][c];
        w->cols[w->k++] = c;
        w->open |= cross;
        if ((cross & SK_MG_ALL_LETTERS) != SK_MG_ALL_LETTERS) w->narrow[w->nnarrow++] = cross;
    }
    w->careful = fixed_max + (unsigned)w->k > 15;
    return 1;
}

/* Sets W's scores (after window_letters): its board tiles' face values, the main word's
 * multiplier, and the cross words' board tiles times their word factors. */
static void window_scores(const sk_movegen *g, window_ctx *w)
{
    const sk_mg_view *v = w->v;
    int r = w->r;
    w->fixed_sum = 0;
    for (int c = w->lo; c <= w->hi; c++)
        if (v->tile[r][c]) w->fixed_sum += sk_mg_face(v, g->rack.value, r, c);
    w->mult = 1;
    w->cross_sum = 0;
    for (int i = 0; i < w->k; i++) {
        int c = w->cols[i];
        w->mult = sk_score_mul(w->mult, v->wf[r][c]);
        if (g->views.classic && v->has_cross[r][c])
            w->cross_sum += (long long)v->cross_score[r][c] * v->wf[r][c];
    }
    w->scored = 1;
}

/* 0 if the tiles of S, with B blanks, cannot fill W's narrow squares: each blank can fill one,
 * a lettered tile only one whose set holds its letter. A necessary test, cheaper than a lookup. */
static int may_fill(const window_ctx *w, const sk_mg_sub *s, int b)
{
    int misses = 0;
    for (int i = 0; i < w->nnarrow; i++)
        if (!(s->letters & w->narrow[i]) && ++misses > b) return 0;
    return 1;
}

/* The sum of W's coefficients times the K values HI (descending), paired as the caps allow:
 * each coefficient, largest first, takes the largest value left that is not above its square's
 * cap (the best pairing when every coefficient is positive; see window_bound in
 * movegen_shadow.c). */
static double capped_sum(const window_ctx *w, const int *hi, int k)
{
    double sum = 0;
    uint32_t left = (1u << k) - 1;
    for (int i = 0; i < k; i++)
        for (uint32_t m = left; m; m &= m - 1) {
            int j = __builtin_ctz(m);
            if (hi[j] > w->cap[i]) continue;
            left &= ~(1u << j);
            sum += w->coef[i] * hi[j];
            break;
        }
    return sum;
}

/* The most a move of W's sub-multiset S plus B blanks can score on the window, plus its leave:
 * the tile values paired with the coefficients in the best order (and under the squares' caps
 * when every coefficient is positive), each tile at its largest value where a coefficient is
 * positive and its smallest where it is not (see sub_bound_prepare). */
static double sub_bound(const sk_movegen *g, const window_ctx *w, const sk_mg_sub *s, int b)
{
    int k = w->k, spare = g->wm.blanks - b;
    const int *hi = s->bound_hi[b], *lo = s->bound_lo[b];
    double bound = w->base;
    if (w->capped)
        bound += capped_sum(w, hi, k);
    else
        for (int i = 0; i < k; i++)
            bound += w->coef[i] > 0 || !spare ? w->coef[i] * hi[i] : w->coef[i] * lo[i];
    if (g->keep.by_score) return bound;
    return bound + s->bound_leave[b];
}

/* The words (COUNT of LEN letters) that fit the window: each written by sk_mg_record, the
 * walk pointed at the window's row first (sk_mg_walk_row; most windows fit no word). */
static void fit_words(sk_movegen *g, window_ctx *w, const uint8_t *words, unsigned count,
                      unsigned len)
{
    const sk_mg_view *v = w->v;
    int r = w->r, lo = w->lo;
    for (unsigned j = 0; j < count; j++, words += len) {
        unsigned i = 0;
        for (; i < len; i++) {
            int c = lo + (int)i;
            uint8_t t = v->tile[r][c];
            if (t ? words[i] != t : !(v->cross[r][c] >> words[i] & 1)) break;
        }
        if (i < len) continue;
        sk_mg_walk_row(g, w->d, r);
        if (!w->scored) window_scores(g, w);
        int main_sum = w->fixed_sum;
        long long cross_total = w->cross_sum;
        for (int e = 0; e < w->k; e++) {
            int c = w->cols[e], t = words[c - lo];
            int val = g->rack.value[t] * v->lf[r][c];
            main_sum += val;
            if (g->views.classic && v->has_cross[r][c]) cross_total += (long long)val * v->wf[r][c];
            g->walk.chars[c] = (char)t;
        }
        sk_mg_record(g, lo, w->hi, main_sum, w->mult, cross_total);
    }
}

/* The moves of the words of KEY (whose hash is HASH) on W. */
static void try_key(sk_movegen *g, window_ctx *w, sk_wm_key key, uint64_t hash)
{
    unsigned count, len;
    const uint8_t *words = sk_wordmap_find_hashed(g->wm.map, key, hash, &count, &len);
    fit_words(g, w, words, count, len);
}

/* A + B, or 0 when a letter would be counted 16 times or more (no word has that many). */
static int key_sum(const window_ctx *w, sk_wm_key a, sk_wm_key b, sk_wm_key *out)
{
    if (w->careful)
        for (unsigned t = 1; t <= SK_WM_LETTERS; t++)
            if (sk_wm_key_count(&a, t) + sk_wm_key_count(&b, t) > 15) return 0;
    out->lo = a.lo + b.lo;
    out->hi = a.hi + b.hi;
    return 1;
}

/* Writes the moves of sub-multiset S plus B blanks on window W; KEY: S's tiles and W's board
 * letters (key_sum), HASH its hash. */
static void try_sub(sk_movegen *g, window_ctx *w, sk_mg_sub *s, int b, sk_wm_key key, uint64_t hash)
{
    g->walk.nplaced = w->k;
    g->rack.count[0] = g->wm.blanks - b;
    g->rack.leave_index = s->leave_index + b * g->rack.radix[0];
    int alone = !w->fixed.lo && !w->fixed.hi; /* no board letters: the lookups are the rack's */
    if (b == 0) {
        if (!alone) {
            try_key(g, w, key, hash);
            return;
        }
        if (!s->known0) {
            s->words0 = sk_wordmap_find_hashed(g->wm.map, key, hash, &s->count0, &s->len0);
            s->known0 = 1;
        }
        fit_words(g, w, s->words0, s->count0, s->len0);
        return;
    }
    sk_mg_set hits; /* the letters the blank may stand for: one lookup in the blank table */
    if (alone) {
        if (!s->known1) {
            s->blank_hits = sk_wordmap_blank_letters_hashed(g->wm.map, hash);
            s->known1 = 1;
        }
        hits = s->blank_hits;
    } else {
        hits = sk_wordmap_blank_letters_hashed(g->wm.map, hash);
    }
    sk_mg_set may = s->full & w->open & hits, ok = 0;
    sk_wm_key keys[SK_MG_LETTERS_MAX]; /* by letter: every lookup asked for first, then made */
    uint64_t hashes[SK_MG_LETTERS_MAX];
    for (sk_mg_set m1 = may; m1; m1 &= m1 - 1) {
        unsigned t = (unsigned)__builtin_ctzll(m1);
        sk_wm_key one = {0, 0};
        sk_wm_key_add(&one, t);
        if (!key_sum(w, key, one, &keys[t])) continue;
        hashes[t] = sk_wordmap_hash(keys[t]);
        sk_wordmap_prefetch_hashed(g->wm.map, hashes[t], 0);
        ok |= SK_MG_BIT(t);
    }
    for (sk_mg_set m1 = ok; m1; m1 &= m1 - 1) {
        g->walk.blank_letter = __builtin_ctzll(m1);
        try_key(g, w, keys[g->walk.blank_letter], hashes[g->walk.blank_letter]);
    }
}

int sk_mg_wm_may_hold(sk_mg_wmsearch *ws, const sk_mg_views *vs, const struct sk_mg_window *w)
{
    if (ws->blanks) return 1;
    sk_mg_sub *s = &ws->subs[0]; /* the whole rack, the only sub-multiset */
    int nfixed = w->hi - w->lo + 1 - w->k;
    if (nfixed == 0) { /* the rack alone: its lookup, made once a position */
        if (!s->known0) {
            s->words0 = sk_wordmap_find(ws->map, s->key, &s->count0, &s->len0);
            s->known0 = 1;
        }
        return s->count0 > 0;
    }
    if (nfixed > 1) return 1;
    /* the rack and one board letter: one lookup in the blank table, made once a position,
     * tells for every such window whether it can hold a word */
    if (!ws->plus_known) {
        ws->plus = sk_wordmap_blank_letters(ws->map, s->key);
        ws->plus_known = 1;
    }
    const sk_mg_view *v = &vs->v[w->d];
    unsigned one = 0;
    for (int c = w->lo; c <= w->hi && !one; c++)
        one = v->tile[w->row][c];
    return ws->plus >> one & 1;
}

void sk_mg_wm_window(sk_movegen *g, const struct sk_mg_window *win)
{
    const sk_mg_view *v = &g->views.v[win->d];
    int r = win->row;
    window_ctx w; /* its arrays are written before they are read */
    if (!window_letters(&w, v, win->d, r, win->lo, win->hi)) return;
    int k = w.k;
    if (k == 0) return;
    if (!g->wm.blanks) {
        /* the whole rack, the one sub-multiset: its bound would be the window's own, which
         * led already, so the lookup is made at once */
        sk_mg_sub *s = &g->wm.subs[0];
        sk_wm_key key;
        if (k == s->size && !(s->letters & ~w.open) && may_fill(&w, s, 0) &&
            key_sum(&w, w.fixed, s->key, &key)) {
            try_sub(g, &w, s, 0, key, sk_wordmap_hash(key));
            g->rack.leave_index = 0;
        }
        return;
    }
    window_scores(g, &w);
    int nonpositive = 0; /* some coefficient is 0 or less (the last, in descending order) */
    for (int i = 0; i < k; i++) {
        int c = w.cols[i], index, cap = INT16_MAX;
        if (v->has_cross[r][c])
            cap = sk_mg_cap(&g->bounds, &g->views, &g->rack, win->d, r, c, &index);
        double cf = (double)v->lf[r][c] * (double)w.mult;
        if (g->views.classic && v->has_cross[r][c]) cf += (double)v->lf[r][c] * v->wf[r][c];
        int j = i;
        for (; j > 0 && cf > w.coef[j - 1]; j--) {
            w.coef[j] = w.coef[j - 1];
            w.cap[j] = w.cap[j - 1];
        }
        w.coef[j] = cf;
        w.cap[j] = cap;
        w.capped |= cap < g->wm.top;
        nonpositive |= cf <= 0;
    }
    if (nonpositive) w.capped = 0;
    w.base = (double)w.fixed_sum * (double)w.mult + (double)w.cross_sum +
             (k == g->rack.size ? g->rack.bingo : 0);
    /* the sub-multisets that may lead, each with its bound; their lookups are asked for
     * first, then made in turn (each still checked against the leader, which they raise) */
    struct {
        sk_mg_sub *s;
        int b;
        double bound;
        sk_wm_key key;
        uint64_t hash;
    } may[1 << SK_MG_WM_RACK];
    int nmay = 0, alone = !w.fixed.lo && !w.fixed.hi;
    /* with every coefficient positive, no sub-multiset's score part (capped or not) is above
     * the coefficients paired with the most of each of their values (hi_max): taken by leave,
     * best first, the sub-multisets of a size stop at the first that cannot lead so */
    int positive = w.coef[k - 1] > 0;
    for (int b = 0; b <= g->wm.blanks && b <= k; b++) {
        int size = k - b;
        if (size > SK_MG_WM_RACK) continue;
        if (!g->wm.ordered[b][size]) order_subs(&g->wm, &g->rack, b, size);
        double most = w.base;
        for (int i = 0; i < k; i++)
            most += w.coef[i] * g->wm.hi_max[b][size][i];
        for (int i = g->wm.sub_first[size]; i < g->wm.sub_first[size + 1]; i++) {
            sk_mg_sub *s = &g->wm.subs[g->wm.order[b][i]];
            if (positive &&
                sk_mg_below(&g->keep, g->keep.by_score ? most : most + s->bound_leave[b]))
                break;
            if (s->letters & ~w.open) continue; /* a tile no empty square takes */
            if (!may_fill(&w, s, b)) continue;
            double bound = sub_bound(g, &w, s, b);
            if (sk_mg_below(&g->keep, bound)) continue;
            if (!key_sum(&w, w.fixed, s->key, &may[nmay].key)) continue;
            may[nmay].hash = sk_wordmap_hash(may[nmay].key);
            if (!alone) sk_wordmap_prefetch_hashed(g->wm.map, may[nmay].hash, b);
            may[nmay].s = s;
            may[nmay].b = b;
            may[nmay++].bound = bound;
        }
    }
    for (int i = 0; i < nmay; i++)
        if (!sk_mg_below(&g->keep, may[i].bound))
            try_sub(g, &w, may[i].s, may[i].b, may[i].key, may[i].hash);
    g->rack.count[0] = g->rack.initial[0]; /* as the walk expects them */
    g->rack.leave_index = 0;
}
