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
    for (int t = 0; t < SK_MG_LETTERS_MAX; t++)
        rk->value[t] = rules->tiles->score[t];
    return SK_OK;
}

void sk_mg_rack_no_leaves(sk_mg_rack *rk)
{
    rk->leave_index = 0;
    memset(rk->radix, 0, sizeof(rk->radix));
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
    int full = r - 1;
    float *kept_value = rk->kept_value;
    int table = sk_leave_values_of_rack(leaves, counts, SK_MG_LETTERS_MAX, rk->radix, kept_value);
    int used[SK_MG_LETTERS_MAX] = {0}, idx = 0, nused = 0;
    for (;;) {
        int n = ntiles - nused;
        if (table) {
            rk->leave_value[idx] = kept_value[full - idx];
        } else {
            unsigned char kept[SK_RACK_MAX];
            int m = 0;
            /* each tile kept or not without a branch: which are kept changes from leave to leave */
            for (int j = 0; j < ntiles; j++) {
                kept[m] = tile[j];
                m += copy[j] >= used[tile[j]];
            }
            rk->leave_value[idx] = (float)sk_leave_value_tiles(leaves, kept, n);
        }
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
