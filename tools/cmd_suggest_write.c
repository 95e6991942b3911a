/* cmd_suggest_write.c — the lines of an answer of `skrab suggest`: each move as "SCORE MOVE"
 * (with -v its leave and equity) or one JSON object (docs/commands.md, "suggest (--json)"), and
 * the line of the move played. `--all` lists tens of thousands of moves a position, so each move
 * line is formatted by hand straight into the output buffer, a block of room at a time; moves are
 * written by the library's one writer (sk_gen_move_format), tiles by put_tile. Not the end of a
 * block, nor finding the moves: cmd_suggest_batch.c. */
#include <math.h>
#include <string.h>

#include "cli.h"
#include "cmd_suggest.h"
#include "skrab/buf.h"
#include "skrab/error.h"
#include "skrab/leave.h"

/* The text of a tile of a word or a rack as a move line writes it: its label, in lower case for
 * a blank played as the letter, '?' for an unplayed blank (docs/formats.md, "Moves"). The one
 * place the lines turn a tile into text. Labels need no JSON escaping: they hold no '"', '\\'
 * or control character (alphabet.h). */
static char *put_tile(char *at, const sk_alphabet *a, char tile)
{
    return sk_alphabet_put(a, (sk_tile)tile, at);
}

static char *put_text(char *at, const char *s, size_t n)
{
    memcpy(at, s, n);
    return at + n;
}

/* Bytes put_fixed2 may write: "%.2f" of the largest float is 39 digits, a sign and 3 more. */
#define FIXED2_MAX 48

/* V with two decimals, exactly as "%.2f" writes it: V is a float, so V * 100 is exact in a
 * double (24 + 7 bits of mantissa), and rounding it to the nearest integer, a tie to the even
 * one, is the rounding printf does. Values too large for that go through snprintf. */
static char *put_fixed2(char *at, float v)
{
    double x = (double)v * 100.0;
    if (!(x > -1e15 && x < 1e15)) {
        int n = snprintf(at, FIXED2_MAX, "%.2f", (double)v);
        return at + (n < 0 ? 0 : n < FIXED2_MAX ? n : FIXED2_MAX - 1);
    }
    if (signbit(v)) {
        *at++ = '-';
        x = -x;
    }
    long long q = (long long)x;
    double rest = x - (double)q;
    if (rest > 0.5 || (rest == 0.5 && (q & 1))) q++;
    at = sk_put_int(at, q / 100);
    int cents = (int)(q % 100);
    *at++ = '.';
    *at++ = (char)('0' + cents / 10);
    *at++ = (char)('0' + cents % 10);
    return at;
}

/* The last equity written, and its text: the moves are listed best first, so equal equities
 * follow each other. */
typedef struct {
    float value;
    int len; /* 0: none yet */
    char text[FIXED2_MAX];
} last_equity;

static char *put_equity(char *at, last_equity *last, float v)
{
    if (last->len == 0 || memcmp(&v, &last->value, sizeof(v)) != 0) {
        last->value = v;
        last->len = (int)(put_fixed2(last->text, v) - last->text);
    }
    return put_text(at, last->text, (size_t)last->len);
}

/* The tiles of RACK that M keeps (sk_gen_move_leave), written. */
static char *put_leave_of(char *at, const sk_alphabet *a, const sk_gen_move *m, const char *rack)
{
    char kept[SK_RACK_MAX + 1];
    sk_gen_move_leave(m, rack, kept);
    for (const char *p = kept; *p; p++)
        at = put_tile(at, a, *p);
    return at;
}

/* The leaves of one rack's moves, each written once for each multiset of tiles used (the
 * rack's tally, sk_rack_tally): a list of tens of thousands of moves keeps a few dozen leaves.
 * A move without an index, and a leave whose text is too long for an entry, is worked out by
 * itself. */
#define LEAVE_MEMO 64 /* entries, direct-mapped */
#define LEAVE_TEXT 56 /* bytes of one entry's text */
typedef struct {
    sk_rack_tally tally;
    struct {
        long index; /* -1: empty */
        uint8_t len;
        char text[LEAVE_TEXT];
    } entry[LEAVE_MEMO];
} leave_memo;

static void leave_memo_init(leave_memo *lm, const char *rack)
{
    sk_rack_tally_init(&lm->tally, rack);
    for (int i = 0; i < LEAVE_MEMO; i++)
        lm->entry[i].index = -1;
}

static char *put_leave(char *at, const sk_alphabet *a, leave_memo *lm, const sk_gen_move *m,
                       const char *rack)
{
    long index = m->kind == SK_MOVE_PASS ? -1 : sk_rack_tally_index(&lm->tally, m);
    if (index < 0) return put_leave_of(at, a, m, rack);
    unsigned i = (unsigned)(((uint64_t)index * 0x9e3779b97f4a7c15u) >> 58); /* LEAVE_MEMO */
    if (lm->entry[i].index != index) {
        char text[SK_RACK_MAX * SK_LABEL_TEXT_MAX];
        size_t len = (size_t)(put_leave_of(text, a, m, rack) - text);
        if (len > LEAVE_TEXT) return put_text(at, text, len);
        lm->entry[i].index = index;
        lm->entry[i].len = (uint8_t)len;
        memset(lm->entry[i].text, 0, LEAVE_TEXT);
        memcpy(lm->entry[i].text, text, len);
    }
    memcpy(at, lm->entry[i].text, LEAVE_TEXT); /* a constant size: no call; LINE_ROOM has it */
    return at + lm->entry[i].len;
}

/* For each empty square of a position and each direction of a main word, the tiles next to it
 * across that direction: the cross word a tile placed there makes is those before, the tile,
 * those after (sk_gen_move_cross_word reads the same off the board, square by square). */
typedef struct {
    const sk_position *pos;
    unsigned char before[2][SK_BOARD_MAX * SK_BOARD_MAX]; /* [main direction][square] */
    unsigned char after[2][SK_BOARD_MAX * SK_BOARD_MAX];
} cross_runs;

static void cross_runs_init(cross_runs *c, const sk_position *pos)
{
    int w = pos->width, h = pos->height;
    c->pos = pos;
    /* a word across has cross words down its columns; a word down, across its rows */
    for (int d = 0; d < 2; d++) {
        int lines = d == SK_ACROSS ? w : h, len = d == SK_ACROSS ? h : w;
        int step = d == SK_ACROSS ? w : 1, next = d == SK_ACROSS ? 1 : w;
        for (int l = 0; l < lines; l++) {
            int run = 0;
            for (int k = 0; k < len; k++) {
                int s = l * next + k * step;
                c->before[d][s] = (unsigned char)run;
                run = pos->tiles[s] ? run + 1 : 0;
            }
            run = 0;
            for (int k = len - 1; k >= 0; k--) {
                int s = l * next + k * step;
                c->after[d][s] = (unsigned char)run;
                run = pos->tiles[s] ? run + 1 : 0;
            }
        }
    }
}

/* The words M forms as JSON strings, as check and score give them: the main word, then the
 * cross words in board order. */
static char *put_words(char *at, const sk_alphabet *a, const cross_runs *c, const sk_gen_move *m)
{
    if (m->kind != SK_MOVE_PLACE) return at;
    *at++ = '"';
    for (int i = 0; i < m->len; i++)
        at = put_tile(at, a, m->word[i]);
    *at++ = '"';
    const sk_position *pos = c->pos;
    int d = m->dir, step = d == SK_ACROSS ? pos->width : 1;
    int s = m->row * pos->width + m->col, along = d == SK_ACROSS ? 1 : pos->width;
    for (uint32_t bits = m->placed; bits; bits &= bits - 1) {
        int i = __builtin_ctz(bits), sq = s + i * along;
        int before = c->before[d][sq], after = c->after[d][sq];
        if (before + after == 0) continue; /* one tile: no word */
        at = put_text(at, ",\"", 2);
        for (int k = before; k > 0; k--)
            at = put_tile(at, a, pos->tiles[sq - k * step]);
        at = put_tile(at, a, m->word[i]);
        for (int k = 1; k <= after; k++)
            at = put_tile(at, a, pos->tiles[sq + k * step]);
        *at++ = '"';
    }
    return at;
}

/* Room one line may need: a move, its words (the main word and a cross word for each square of
 * it, quoted), the leave, the numbers and the keys. */
#define LINE_ROOM                                                                                  \
    (256 + SK_GEN_MOVE_TEXT_MAX +                                                                  \
     (SK_BOARD_MAX + 1) * (2 * SK_BOARD_MAX * SK_LABEL_TEXT_MAX + 3) +                             \
     SK_RACK_MAX * SK_LABEL_TEXT_MAX + FIXED2_MAX)
#define BLOCK (1 << 16)
#define PREFETCH 8 /* moves */

/* Where the next BLOCK bytes of lines go: OUT's own room (sk_buf_room), or SPARE once OUT has run
 * out of memory (it then takes nothing more, and the lines are dropped). */
static char *block_at(sk_buf *out, char *spare)
{
    char *room = sk_buf_room(out, BLOCK);
    return room ? room : spare;
}

void sk_suggest_write_moves(const sk_suggest_style *style, const sk_position *pos, int line,
                            const sk_move_list *list, const uint32_t *order, size_t n, sk_buf *out)
{
    char spare[BLOCK];
    char *block = block_at(out, spare), *at = block;
    const char *rack = pos->racks[0];
    cross_runs *runs = NULL;
    cross_runs local;
    last_equity last = {0.0f, 0, ""};
    leave_memo leaves;
    if (style->json || style->verbose) leave_memo_init(&leaves, rack);
    char head[64]; /* {"line":N,"move":" */
    size_t head_len = 0;
    if (style->json) {
        cross_runs_init(&local, pos);
        runs = &local;
        char *h = put_text(head, "{\"line\":", 8);
        h = sk_put_int(h, line);
        h = put_text(h, ",\"move\":\"", 9);
        head_len = (size_t)(h - head);
    }
    if (!style->json && !style->verbose) { /* SCORE MOVE: the plain list, the longest */
        for (size_t i = 0; i < n; i++) {
            if (order && i + PREFETCH < n) __builtin_prefetch(&list->moves[order[i + PREFETCH]]);
            const sk_gen_move *m = &list->moves[order ? order[i] : i];
            at = sk_put_int(at, m->score);
            *at++ = ' ';
            at += sk_gen_move_format(m, style->notation, style->alphabet, at);
            *at++ = '\n';
            if (at > block + BLOCK - LINE_ROOM) {
                sk_buf_commit(out, (size_t)(at - block));
                block = at = block_at(out, spare);
            }
        }
        n = 0; /* all written: nothing left for the loop below */
    }
    for (size_t i = 0; i < n; i++) {
        /* in ORDER the moves are all over the list: each is asked for a few lines ahead */
        if (order && i + PREFETCH < n) __builtin_prefetch(&list->moves[order[i + PREFETCH]]);
        const sk_gen_move *m = &list->moves[order ? order[i] : i];
        if (style->json) {
            at = put_text(at, head, head_len);
            at += sk_gen_move_format(m, style->notation, style->alphabet, at);
            at = put_text(at, "\",\"score\":", 10);
            at = sk_put_int(at, m->score);
            at = put_text(at, ",\"words\":[", 10);
            at = put_words(at, style->alphabet, runs, m);
            at = put_text(at, "],\"leave\":\"", 11);
            at = put_leave(at, style->alphabet, &leaves, m, rack);
            at = put_text(at, "\",\"equity\":", 11);
            at = put_equity(at, &last, m->equity);
            at = put_text(at, "}\n", 2);
        } else {
            at = sk_put_int(at, m->score);
            *at++ = ' ';
            at += sk_gen_move_format(m, style->notation, style->alphabet, at);
            if (style->verbose) {
                at = put_text(at, "\tleave ", 7);
                char *leave = at;
                at = put_leave(at, style->alphabet, &leaves, m, rack);
                if (at == leave) *at++ = '-';
                at = put_text(at, "\tequity ", 8);
                at = put_equity(at, &last, m->equity);
            }
            *at++ = '\n';
        }
        if (at > block + BLOCK - LINE_ROOM) {
            sk_buf_commit(out, (size_t)(at - block));
            block = at = block_at(out, spare);
        }
    }
    sk_buf_commit(out, (size_t)(at - block));
}

/* Takes one tile T (SK_TILE_WILD for a blank) off the tile string RACK, if it is there. */
static void take_tile(char *rack, char t)
{
    char *at = strchr(rack, t);
    if (at) memmove(at, at + 1, strlen(at));
}

/* The move played from the position, as its `played` op names it (docs/formats.md, "Positions
 * (CGP)"; `replay --positions` writes it), judged beside BEST, the best move found (NULL when
 * none is listed), and appended to OUT: `played SCORE MOVE by NICK: loses LOSS` (LOSS the
 * best's equity, or score with --rank score, less the played move's), `played MOVE by NICK:
 * illegal: REASON`, or with --json one object (docs/commands.md, "suggest (--json)"). Nothing
 * when the position has no such op. The played move is valued as the ranking values every move:
 * its score plus the value of the tiles it keeps. */
void sk_suggest_write_played(const sk_suggest_played *j, const sk_gen_move *best, sk_buf *out)
{
    const char *text = sk_position_op(j->pos, "played");
    if (!text) return;
    const char *nick = sk_position_op(j->pos, "player");
    sk_move m;
    sk_play play;
    char why[256], reason[300];
    sk_illegal rc = SK_ILLEGAL_MISMATCH;
    memset(&play, 0, sizeof(play));
    const sk_alphabet *a = j->style->alphabet;
    if (sk_move_parse(&m, text, strlen(text), a, why, sizeof(why)) != SK_OK)
        snprintf(reason, sizeof(reason), "malformed move: %s", why);
    else
        rc = sk_rules_check(j->rules, j->pos, &m, j->bag, &play, reason, sizeof(reason));
    /* the leave, as sk_move_list_rank values it; unknown for a blind exchange ("-3") */
    char kept[SK_RACK_MAX + 1];
    snprintf(kept, sizeof(kept), "%s", j->pos->racks[0]);
    for (int k = 0; k < play.nplaced; k++) {
        char t = play.placed[k].tile;
        take_tile(kept, (sk_tile)t & SK_TILE_BLANKED ? (char)SK_TILE_WILD : t);
    }
    for (const char *t = play.exchange; *t; t++)
        take_tile(kept, *t);
    int valued = rc == SK_LEGAL && !(play.kind == SK_MOVE_EXCHANGE && !play.exchange[0]);
    float equity = (float)play.score;
    if (j->by_score && play.kind == SK_MOVE_PASS) equity = 0.0f;
    if (!j->by_score) equity += (float)sk_leave_value(j->leaves, kept);
    float loss = best ? best->equity - equity : 0.0f;
    if (loss < 0.005f && loss > -0.005f) loss = 0.0f; /* no "-0.00" */
    sk_buf mv, best_mv;
    sk_buf_init(&mv);
    sk_buf_init(&best_mv);
    if (rc == SK_LEGAL)
        sk_play_write(&play, j->style->notation, a, &mv);
    else
        sk_buf_puts(&mv, text);
    if (best) sk_gen_move_write(best, j->style->notation, a, &best_mv);
    if (j->style->json) {
        sk_buf_printf(out, "{\"line\":%d,\"played\":", j->line);
        sk_json_string(out, sk_buf_str(&mv));
        sk_buf_puts(out, ",\"player\":");
        if (nick)
            sk_json_string(out, nick);
        else
            sk_buf_puts(out, "null");
        sk_buf_printf(out, ",\"legal\":%s,\"reason\":", rc == SK_LEGAL ? "true" : "false");
        if (rc == SK_LEGAL)
            sk_buf_printf(out, "null,\"score\":%d,\"equity\":", play.score);
        else
            sk_json_string(out, reason);
        if (rc != SK_LEGAL) sk_buf_puts(out, ",\"score\":null,\"equity\":");
        if (valued)
            sk_buf_printf(out, "%.2f", (double)equity);
        else
            sk_buf_puts(out, "null");
        sk_buf_puts(out, ",\"best\":");
        if (best)
            sk_json_string(out, sk_buf_str(&best_mv));
        else
            sk_buf_puts(out, "null");
        if (best && valued)
            sk_buf_printf(out, ",\"loss\":%.2f}\n", (double)loss);
        else
            sk_buf_puts(out, ",\"loss\":null}\n");
    } else {
        sk_buf_puts(out, "played ");
        if (rc == SK_LEGAL) sk_buf_printf(out, "%d ", play.score);
        sk_buf_puts(out, sk_buf_str(&mv));
        if (nick) sk_buf_printf(out, " by %s", nick);
        if (rc != SK_LEGAL)
            sk_buf_printf(out, ": illegal: %s", reason);
        else if (best && valued && j->by_score)
            sk_buf_printf(out, ": loses %d", (int)loss);
        else if (best && valued)
            sk_buf_printf(out, ": loses %.2f", (double)loss);
        sk_buf_putc(out, '\n');
    }
    sk_buf_free(&best_mv);
    sk_buf_free(&mv);
}
