/* movegen_moves.c — move lists and what to do with generated moves: the list's growth,
 * exchanges and the pass, a move's leave, its play and cross words, and appending its text (see
 * movegen.h; the text itself is play_write.c's; the equity is movegen_rank.c's, the order
 * movegen_order.c's). The bottom of the generator's files: it uses none of the generator's
 * state. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal/movegen.h"
#include "internal/play_text.h"
#include "skrab/error.h"
#include "skrab/leave.h"
#include "skrab/movegen.h"

void sk_move_list_init(sk_move_list *list)
{
    memset(list, 0, sizeof(*list));
}

void sk_move_list_free(sk_move_list *list)
{
    free(list->moves);
    memset(list, 0, sizeof(*list));
}

int sk_mg_list_grow(sk_move_list *l)
{
    size_t cap = l->cap ? l->cap * 2 : 1024;
    sk_gen_move *m = realloc(l->moves, cap * sizeof(*m));
    if (!m) {
        l->failed = 1;
        return 0;
    }
    l->moves = m;
    l->cap = cap;
    return 1;
}

/* Appends every distinct sub-multiset of COUNTS (tile kinds KIND..END-1) with at least one
 * tile. */
static void exchanges(sk_move_list *out, const int counts[SK_TILE_KINDS], int kind, int end,
                      char *buf, int n)
{
    if (kind == end) {
        if (n == 0) return;
        sk_gen_move *m = sk_mg_list_push(out);
        if (!m) return;
        memset(m, 0, sizeof(*m));
        m->kind = SK_MOVE_EXCHANGE;
        memcpy(m->word, buf, (size_t)n);
        m->word[n] = '\0';
        m->nplaced = (uint8_t)n;
        return;
    }
    for (int k = 0; k <= counts[kind]; k++) {
        for (int i = 0; i < k; i++)
            buf[n + i] = (char)(kind == SK_TILE_BLANK ? SK_TILE_WILD : kind);
        exchanges(out, counts, kind + 1, end, buf, n + k);
    }
}

int sk_movegen_add_non_placements(const sk_rules *rules, const sk_position *pos, int bag,
                                  sk_move_list *out)
{
    if (rules->ruleset == SK_RULES_CLASSIC && bag >= rules->exchange_min) {
        int counts[SK_TILE_KINDS] = {0}, end = 0;
        for (const char *p = pos->racks[0]; *p; p++) {
            int k = sk_tile_kind((sk_tile)*p);
            counts[k]++;
            if (k >= end) end = k + 1;
        }
        char buf[SK_RACK_MAX + 1];
        exchanges(out, counts, 0, end, buf, 0);
    }
    sk_gen_move *pass = sk_mg_list_push(out);
    if (!pass) return SK_ENOMEM;
    memset(pass, 0, sizeof(*pass));
    pass->kind = SK_MOVE_PASS;
    return out->failed ? SK_ENOMEM : SK_OK;
}

/* The slot of a tile in the counts of sk_gen_move_leave: its kind (a blank, played as a letter
 * or not, is kind 0), as the ranking (movegen_rank.c) counts them. */
static int leave_slot(char c)
{
    return sk_tile_kind((sk_tile)c);
}

/* Fills what sk_gen_move_to_play's callers read of PLAY: the kind, direction, score, counts,
 * exchanged tiles, the main word and the placed tiles. The other words are left as they were
 * (sk_rules_words fills them). */
static void fill_play(const sk_gen_move *m, sk_play *play)
{
    play->kind = (sk_move_kind)m->kind;
    play->dir = (sk_direction)m->dir;
    play->score = m->score;
    play->bingo = 0;
    play->nplaced = 0;
    play->nwords = 0;
    play->exchange[0] = '\0';
    play->exchange_count = 0;
    if (m->kind == SK_MOVE_EXCHANGE) {
        size_t n = strnlen(m->word, sizeof(play->exchange) - 1);
        memcpy(play->exchange, m->word, n);
        play->exchange[n] = '\0';
        play->exchange_count = (int)strlen(m->word);
        return;
    }
    if (m->kind != SK_MOVE_PLACE) return;
    sk_word *w = &play->words[0];
    play->nwords = 1;
    w->row = m->row;
    w->col = m->col;
    w->dir = (sk_direction)m->dir;
    w->len = m->len;
    w->score = 0;
    memcpy(w->letters, m->word, m->len);
    w->letters[m->len] = '\0';
    for (int i = 0; i < m->len; i++)
        if (m->placed >> i & 1)
            play->placed[play->nplaced++] =
                (sk_placement){m->row + (m->dir == SK_DOWN ? i : 0),
                               m->col + (m->dir == SK_ACROSS ? i : 0), m->word[i]};
}

void sk_gen_move_write(const sk_gen_move *m, sk_play_style style, const sk_alphabet *alphabet,
                       sk_buf *out)
{
    char text[SK_GEN_MOVE_TEXT_MAX];
    size_t n = sk_gen_move_format(m, style, alphabet, text);
    sk_buf_append(out, text, n);
}

void sk_gen_move_write_gcg(const sk_gen_move *m, const sk_alphabet *alphabet, sk_buf *out)
{
    sk_gen_move_write(m, SK_PLAY_GCG, alphabet, out);
}

void sk_gen_move_leave(const sk_gen_move *m, const char *rack, char *out)
{
    /* the tiles the move takes from the rack, counted by kind; each rack tile of a kind still
     * counted is taken, the first ones first */
    unsigned char used[SK_TILE_KINDS] = {0};
    if (m->kind == SK_MOVE_EXCHANGE) {
        for (const char *p = m->word; *p; p++) {
            int s = leave_slot(*p);
            if (s >= 0) used[s]++;
        }
    } else if (m->kind == SK_MOVE_PLACE) {
        for (uint32_t bits = m->placed; bits; bits &= bits - 1) {
            char t = m->word[__builtin_ctz(bits)];
            int s = leave_slot(t); /* a blank's letter: the blank */
            if (s >= 0) used[s]++;
        }
    }
    int k = 0;
    for (const char *p = rack; *p; p++) {
        int s = leave_slot(*p);
        if (s >= 0 && used[s]) {
            used[s]--;
            continue;
        }
        out[k++] = *p;
    }
    out[k] = '\0';
}

void sk_gen_move_to_play(const sk_gen_move *m, sk_play *play)
{
    memset(play, 0, sizeof(*play));
    fill_play(m, play);
}

int sk_gen_move_cross_word(const sk_gen_move *m, const sk_position *pos, int i, char *out)
{
    out[0] = '\0';
    if (m->kind != SK_MOVE_PLACE || i < 0 || i >= m->len || !(m->placed >> i & 1)) return 0;
    /* the square, and a step across the main word */
    int across = m->dir == SK_ACROSS;
    int r = m->row + (across ? 0 : i), c = m->col + (across ? i : 0);
    int dr = across, dc = !across, w = pos->width, h = pos->height;
    int r0 = r, c0 = c;
    while (r0 - dr >= 0 && c0 - dc >= 0 && pos->tiles[(r0 - dr) * w + c0 - dc]) {
        r0 -= dr;
        c0 -= dc;
    }
    int n = 0;
    for (int rr = r0, cc = c0; rr < h && cc < w; rr += dr, cc += dc) {
        char t = rr == r && cc == c ? m->word[i] : pos->tiles[rr * w + cc];
        if (!t) break;
        out[n++] = t;
    }
    out[n] = '\0';
    return n;
}
