/* movegen_rack.c — the rack as the move generator uses it (the rack part, sk_mg_rack): its tiles
 * by kind, their values, the letters it can supply, and the value of every leave by mixed-radix
 * index. It calls no other file of the generator; the walk takes and gives back tiles itself. */
#include <string.h>

#include "internal/movegen.h"
#include "skrab/error.h"
#include "skrab/leave.h"

int sk_mg_rack_setup(sk_mg_rack *rk, const sk_rules *rules, const char *rack)
{
    rk->size = rules->rack_size;
    rk->bingo = rules->bingo_bonus;
    memset(rk->count, 0, sizeof(rk->count));
    for (const char *p = rack; *p; p++) {
        int t = sk_tile_kind((sk_tile)*p);
        rk->count[t]++;
    }
    memcpy(rk->initial, rk->count, sizeof(rk->count));
    rk->left = (int)strlen(rack);
    rk->letters = 0;
    for (int t = 1; t < SK_MG_LETTERS_MAX; t++)
        if (rk->count[t]) rk->letters |= SK_MG_BIT(t);
    rk->mask = rk->count[0] ? SK_MG_ALL_LETTERS : rk->letters;
    rk->leave_bounds = 0;
    for (int t = 0; t < SK_MG_LETTERS_MAX; t++)
        rk->value[t] = rules->tiles->score[t];
    rk->blank_cheapest = 1; /* asked only of a rack with blanks */
    for (int t = 1; t < SK_MG_LETTERS_MAX && rk->count[0]; t++)
        if (rk->value[t] < rk->value[0]) rk->blank_cheapest = 0;
    return SK_OK;
}

void sk_mg_rack_no_leaves(sk_mg_rack *rk)
{
    rk->leave_index = 0;
    memset(rk->radix, 0, sizeof(rk->radix));
}

/* Two passes of running maxima over the indexes of rk->initial, one kind at a time: blanks for
 * tiles (an index less a tile plus a blank is a lower index), then more tiles (higher ones). */
void sk_mg_rack_leave_bounds(sk_mg_rack *rk)
{
    const int *counts = rk->initial;
    int kinds[SK_MG_LETTERS_MAX] = {0}, nk = 0, cells = 1;
    for (int t = 0; t < SK_MG_LETTERS_MAX; t++)
        if (counts[t]) {
            kinds[nk++] = t;
            cells *= counts[t] + 1;
        }
    float *sup = rk->leave_sup;
    memcpy(sup, rk->leave_value, sizeof(sup[0]) * (size_t)cells);
    int blanks = counts[0];
    for (int i = 0; i < nk && blanks; i++) {
        int t = kinds[i], step = rk->radix[t];
        if (!t) continue;
        /* step is a multiple of blanks + 1: j's blank digit is j % (blanks + 1) */
        for (int base = 0; base < cells; base += step * (counts[t] + 1))
            for (int u = 1; u <= counts[t]; u++)
                for (int j = 0; j < step; j++) {
                    int x = base + u * step + j;
                    if (j % (blanks + 1) < blanks && sup[x - step + 1] > sup[x])
                        sup[x] = sup[x - step + 1];
                }
    }
    if (blanks) memcpy(rk->leave_swap, sup, sizeof(sup[0]) * (size_t)cells);
    rk->leave_bounds = 1;
    for (int i = 0; i < nk; i++) {
        int t = kinds[i], step = rk->radix[t];
        for (int base = 0; base < cells; base += step * (counts[t] + 1))
            for (int u = counts[t] - 1; u >= 0; u--)
                for (int j = 0; j < step; j++) {
                    int x = base + u * step + j;
                    if (sup[x + step] > sup[x]) sup[x] = sup[x + step];
                }
    }
}

/* sk_mg_rack_leaves once rk->kept_value holds the value of every leave by the index of the tiles
 * kept (CELLS of them, the rack COUNTS of the NK KINDS): rk->leave_value by the index of the
 * tiles used, which is the whole rack's index (CELLS - 1) less that of the tiles kept, and
 * MAXLEAVE by the number of tiles kept, the digit sum of the kept index. */
static void table_leaves(sk_mg_rack *rk, const int counts[SK_MG_LETTERS_MAX], const int *kinds,
                         int nk, int cells, double maxleave[SK_RACK_MAX + 1])
{
    uint8_t size[sizeof(rk->kept_value) / sizeof(rk->kept_value[0])];
    size[0] = 0;
    /* the indexes below SPAN use the kinds before kinds[i] alone; the radix of kinds[i] is SPAN */
    for (int i = 0, span = 1; i < nk; span *= counts[kinds[i]] + 1, i++)
        for (int u = 1; u <= counts[kinds[i]]; u++)
            for (int j = 0; j < span; j++)
                size[u * span + j] = (uint8_t)(size[j] + u);
    const float *kept_value = rk->kept_value;
    float *leave_value = rk->leave_value;
    for (int i = 0; i < cells; i++) {
        float v = kept_value[i];
        leave_value[cells - 1 - i] = v;
        if (v > maxleave[size[i]]) maxleave[size[i]] = v;
    }
}

/* Values of every sub-multiset of the rack that can be kept, by mixed-radix index of the tiles
 * used (index = sum over kinds of used[kind] * radix[kind]). The choices are counted like an
 * odometer over the kinds the rack holds, and each leave is handed over as sorted tiles: the
 * rack's tiles in kind order, the copies of a kind past the first used[kind] of them. */
void sk_mg_rack_leaves(sk_mg_rack *rk, const sk_leaves *leaves, const int counts[SK_MG_LETTERS_MAX],
                       double maxleave[SK_RACK_MAX + 1])
{
    int r = 1, kinds[SK_MG_LETTERS_MAX] = {0}, nk = 0;
    unsigned char tile[SK_RACK_MAX] = {0}; /* the rack, sorted */
    int copy[SK_RACK_MAX] = {0};           /* [j]: tile[j] is copy copy[j] of its kind (from 0) */
    int ntiles = 0;
    rk->leave_index = 0;
    for (int t = 0; t < SK_MG_LETTERS_MAX; t++) {
        rk->radix[t] = r;
        r *= counts[t] + 1;
        if (counts[t]) kinds[nk++] = t;
        for (int u = 0; u < counts[t]; u++) {
            tile[ntiles] = (unsigned char)t;
            copy[ntiles++] = u;
        }
    }
    for (int k = 0; k <= SK_RACK_MAX; k++)
        maxleave[k] = -1e300;
    /* with a leave file, every value in one walk of its DAWG, by the index of the tiles kept
     * (the whole rack's index less that of the tiles used) */
    if (sk_leave_values_of_rack(leaves, counts, SK_MG_LETTERS_MAX, rk->radix, rk->kept_value)) {
        table_leaves(rk, counts, kinds, nk, r, maxleave);
        return;
    }
    int used[SK_MG_LETTERS_MAX] = {0}, idx = 0, nused = 0;
    for (;;) {
        int n = ntiles - nused;
        unsigned char kept[SK_RACK_MAX];
        int m = 0;
        /* each tile kept or not without a branch: which are kept changes from leave to leave */
        for (int j = 0; j < ntiles; j++) {
            kept[m] = tile[j];
            m += copy[j] >= used[tile[j]];
        }
        rk->leave_value[idx] = (float)sk_leave_value_tiles(leaves, kept, n);
        if (rk->leave_value[idx] > maxleave[n]) maxleave[n] = rk->leave_value[idx];
        int i = 0; /* the next choice */
        for (; i < nk && used[kinds[i]] == counts[kinds[i]]; i++) {
            idx -= used[kinds[i]] * rk->radix[kinds[i]];
            nused -= used[kinds[i]];
            used[kinds[i]] = 0;
        }
        if (i == nk) break;
        used[kinds[i]]++;
        nused++;
        idx += rk->radix[kinds[i]];
    }
}
