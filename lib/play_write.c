/* play_write.c — the one writer of a move in each notation (docs/formats.md, "Moves"): check,
 * parse, suggest, match transcripts and the games all write moves through it, resolved plays
 * (sk_play_write) and generated moves (sk_gen_move_format) alike. It writes into a character
 * array, by hand: suggest writes tens of thousands of moves a position. */
#include <string.h>

#include "internal/play_text.h"
#include "skrab/buf.h"
#include "skrab/movegen.h"
#include "skrab/rules.h"

/* A tile of a move as the notations write it: its label (alphabet.h), in lower case for a blank
 * played as the letter. The only place the writer turns a tile into text. */
static char *put_tile(char *at, const sk_alphabet *a, char tile)
{
    return sk_alphabet_put(a, (sk_tile)tile, at);
}

/* A tile as CS104 writes it: a blank as '?' and the letter it is played as. */
static char *put_cs104_tile(char *at, const sk_alphabet *a, char tile)
{
    if ((sk_tile)tile & SK_TILE_BLANKED) *at++ = '?';
    return put_tile(at, a, (char)((sk_tile)tile & SK_TILE_LETTER));
}

static char *put_text(char *at, const char *s, size_t max)
{
    size_t n = strnlen(s, max);
    memcpy(at, s, n);
    return at + n;
}

/* Squares as sk_move_write_gcg_square and sk_move_write_skrabbkle_square write them (move.h):
 * GCG "8G" across, "G8" down; SkraBBKle "6h" across, "h6" down. */
static char *put_gcg_square(char *at, int row, int col, sk_direction dir)
{
    if (dir == SK_ACROSS) {
        at = sk_put_int(at, row + 1);
        *at++ = (char)('A' + col);
    } else {
        *at++ = (char)('A' + col);
        at = sk_put_int(at, row + 1);
    }
    return at;
}

/* A placement in GCG: its square, a space and its main word, the squares not in SHOWN (bit i:
 * square i) as '.'. */
static inline char *put_gcg_place(char *at, int row, int col, int dir, const char *word, int len,
                                  uint32_t shown, const sk_alphabet *a)
{
    at = put_gcg_square(at, row, col, (sk_direction)dir);
    *at++ = ' ';
    if (len > SK_BOARD_MAX) len = SK_BOARD_MAX;
    if (shown == UINT32_MAX) { /* every tile */
        for (int i = 0; i < len; i++)
            at = put_tile(at, a, word[i]);
        return at;
    }
    for (int i = 0; i < len; i++)
        if (!(shown >> i & 1))
            *at++ = '.';
        else
            at = put_tile(at, a, word[i]);
    return at;
}

static char *put_skrabbkle_square(char *at, int row, int col, sk_direction dir)
{
    if (dir == SK_DOWN) {
        *at++ = (char)('a' + col);
        at = sk_put_int(at, row + 1);
    } else {
        at = sk_put_int(at, row + 1);
        *at++ = (char)('a' + col);
    }
    return at;
}

size_t sk_play_text_format(const sk_play_text *t, sk_play_style style, const sk_alphabet *a,
                           char *out)
{
    char *at = out;
    if (t->kind == SK_MOVE_PASS) {
        at = put_text(at,
                      style == SK_PLAY_CS104       ? "PASS"
                      : style == SK_PLAY_SKRABBKLE ? ","
                                                   : "-",
                      4);
    } else if (t->kind == SK_MOVE_EXCHANGE) {
        /* SkraBBKle has no exchange, CS104 none of tiles not named: they are said in GCG */
        int cs104 = style == SK_PLAY_CS104 && t->exchange[0];
        at = put_text(at, cs104 ? "EXCHANGE " : "-", 9);
        if (t->exchange[0]) {
            for (int i = 0; i < SK_MOVE_TILES_MAX && t->exchange[i]; i++)
                at = put_tile(at, a, t->exchange[i]);
        } else {
            at = sk_put_int(at, t->exchange_count);
        }
    } else if (style == SK_PLAY_GCG || style == SK_PLAY_GCG_DOTS) {
        at = put_gcg_place(at, t->row, t->col, t->dir, t->word, t->len,
                           style == SK_PLAY_GCG_DOTS ? t->placed : UINT32_MAX, a);
    } else {
        int n = t->ntiles < SK_MOVE_TILES_MAX ? t->ntiles : SK_MOVE_TILES_MAX;
        if (style == SK_PLAY_SKRABBKLE) {
            for (int i = 0; i < n; i++)
                at = put_tile(at, a, t->tiles[i]);
            *at++ = ',';
            at = put_skrabbkle_square(at, t->tile_row, t->tile_col, t->dir);
        } else {
            at = put_text(at, t->dir == SK_ACROSS ? "PLACE - " : "PLACE | ", 8);
            at = sk_put_int(at, t->tile_row + 1);
            *at++ = ' ';
            at = sk_put_int(at, t->tile_col + 1);
            *at++ = ' ';
            for (int i = 0; i < n; i++)
                at = put_cs104_tile(at, a, t->tiles[i]);
        }
    }
    *at = '\0';
    return (size_t)(at - out);
}

/* Bit i set when square i of PLAY's main word holds one of its placed tiles. */
static uint32_t placed_mask(const sk_play *play)
{
    const sk_word *w = &play->words[0];
    uint32_t mask = 0;
    for (int i = 0; i < play->nplaced; i++) {
        int along =
            play->dir == SK_ACROSS ? play->placed[i].col - w->col : play->placed[i].row - w->row;
        int across =
            play->dir == SK_ACROSS ? play->placed[i].row - w->row : play->placed[i].col - w->col;
        if (across == 0 && along >= 0 && along < w->len && along < 32) mask |= 1u << along;
    }
    return mask;
}

void sk_play_write(const sk_play *play, sk_play_style style, const sk_alphabet *alphabet,
                   sk_buf *out)
{
    /* the placements are in board order along the main word */
    char tiles[SK_MOVE_TILES_MAX + 1];
    int n = play->nplaced < SK_MOVE_TILES_MAX ? play->nplaced : SK_MOVE_TILES_MAX;
    for (int i = 0; i < n; i++)
        tiles[i] = play->placed[i].tile;
    const sk_word *w = &play->words[0];
    sk_play_text t = {
        .kind = play->kind,
        .dir = play->dir,
        .word = w->letters,
        .len = w->len,
        .row = w->row,
        .col = w->col,
        .placed = style == SK_PLAY_GCG_DOTS ? placed_mask(play) : 0,
        .tiles = tiles,
        .ntiles = n,
        .tile_row = n ? play->placed[0].row : 0,
        .tile_col = n ? play->placed[0].col : 0,
        .exchange = play->exchange,
        .exchange_count = play->exchange_count,
    };
    char text[SK_PLAY_TEXT_MAX];
    size_t len = sk_play_text_format(&t, style, alphabet ? alphabet : sk_alphabet_default(), text);
    sk_buf_append(out, text, len);
}

void sk_play_write_gcg(const sk_play *play, const sk_alphabet *alphabet, sk_buf *out)
{
    sk_play_write(play, SK_PLAY_GCG, alphabet, out);
}

_Static_assert(SK_PLAY_TEXT_MAX <= SK_GEN_MOVE_TEXT_MAX, "a move's text fits");

/* sk_gen_move_format for all but a placement in GCG: through the writer's view of a move. */
__attribute__((noinline)) static size_t format_by_view(const sk_gen_move *m, sk_play_style style,
                                                       const sk_alphabet *a, char *out)
{
    char tiles[SK_BOARD_MAX + 1];
    int n = 0, first = 0;
    if (m->kind == SK_MOVE_PLACE && (style == SK_PLAY_SKRABBKLE || style == SK_PLAY_CS104)) {
        first = m->placed ? __builtin_ctz(m->placed) : 0;
        for (uint32_t bits = m->placed; bits; bits &= bits - 1)
            tiles[n++] = m->word[__builtin_ctz(bits)];
    }
    sk_play_text t = {
        .kind = (sk_move_kind)m->kind,
        .dir = (sk_direction)m->dir,
        .word = m->word,
        .len = m->len,
        .row = m->row,
        .col = m->col,
        .placed = m->placed,
        .tiles = tiles,
        .ntiles = n,
        .tile_row = m->row + (m->dir == SK_DOWN ? first : 0),
        .tile_col = m->col + (m->dir == SK_ACROSS ? first : 0),
        .exchange = m->kind == SK_MOVE_EXCHANGE ? m->word : "",
        .exchange_count = m->kind == SK_MOVE_EXCHANGE ? (int)strlen(m->word) : 0,
    };
    return sk_play_text_format(&t, style, a, out);
}

size_t sk_gen_move_format(const sk_gen_move *m, sk_play_style style, const sk_alphabet *alphabet,
                          char *out)
{
    const sk_alphabet *a = alphabet ? alphabet : sk_alphabet_default();
    if (m->kind != SK_MOVE_PLACE || (style != SK_PLAY_GCG && style != SK_PLAY_GCG_DOTS))
        return format_by_view(m, style, a, out);
    /* the common case, as sk_play_text_format writes it, without its view of the move */
    char *at = put_gcg_place(out, m->row, m->col, m->dir, m->word, m->len,
                             style == SK_PLAY_GCG_DOTS ? m->placed : UINT32_MAX, a);
    *at = '\0';
    return (size_t)(at - out);
}
