/* play_write.c — the one writer of a resolved move in each notation (docs/formats.md, "Moves"):
 * check, parse, suggest, match transcripts and the games all write moves through it. */
#include "skrab/rules.h"

/* The placed tiles in order, the first placed square. */
static void placed_tiles(const sk_play *play, char *tiles, int *row, int *col)
{
    int n = 0;
    *row = *col = 0;
    for (int i = 0; i < play->nplaced; i++)
        tiles[n++] = play->placed[i].tile;
    tiles[n] = '\0';
    if (n == 0) return;
    /* the placements are in board order along the main word */
    *row = play->placed[0].row;
    *col = play->placed[0].col;
}

static int is_placed(const sk_play *play, int row, int col)
{
    for (int i = 0; i < play->nplaced; i++)
        if (play->placed[i].row == row && play->placed[i].col == col) return 1;
    return 0;
}

void sk_word_write(const sk_word *w, const sk_alphabet *alphabet, sk_buf *out)
{
    const sk_alphabet *a = alphabet ? alphabet : sk_alphabet_default();
    for (int i = 0; i < w->len; i++)
        sk_alphabet_write(a, (sk_tile)w->letters[i] & SK_TILE_LETTER, out);
}

void sk_play_write(const sk_play *play, sk_play_style style, const sk_alphabet *alphabet,
                   sk_buf *out)
{
    const sk_alphabet *a = alphabet ? alphabet : sk_alphabet_default();
    if (play->kind == SK_MOVE_PASS) {
        sk_buf_puts(out, style == SK_PLAY_CS104 ? "PASS" : style == SK_PLAY_SKRABBKLE ? "," : "-");
        return;
    }
    if (play->kind == SK_MOVE_EXCHANGE) {
        /* SkraBBKle has no exchange: it is said in GCG */
        sk_buf_puts(out, style == SK_PLAY_CS104 ? "EXCHANGE " : "-");
        if (style == SK_PLAY_CS104 || play->exchange[0])
            sk_alphabet_write_tiles(a, play->exchange, out);
        else
            sk_buf_put_int(out, play->exchange_count);
        return;
    }
    if (style == SK_PLAY_GCG || style == SK_PLAY_GCG_DOTS) {
        const sk_word *w = &play->words[0];
        sk_move_write_gcg_square(out, w->row, w->col, play->dir);
        sk_buf_putc(out, ' ');
        if (style == SK_PLAY_GCG) {
            sk_alphabet_write_tiles(a, w->letters, out);
            return;
        }
        for (int i = 0; i < w->len; i++) {
            int r = w->row + (play->dir == SK_DOWN ? i : 0),
                c = w->col + (play->dir == SK_ACROSS ? i : 0);
            if (is_placed(play, r, c))
                sk_alphabet_write(a, (sk_tile)w->letters[i], out);
            else
                sk_buf_putc(out, '.');
        }
        return;
    }
    char tiles[SK_MOVE_TILES_MAX + 1];
    int row, col;
    placed_tiles(play, tiles, &row, &col);
    if (style == SK_PLAY_SKRABBKLE) {
        sk_alphabet_write_tiles(a, tiles, out);
        sk_buf_putc(out, ',');
        sk_move_write_skrabbkle_square(out, row, col, play->dir);
        return;
    }
    sk_buf_puts(out, play->dir == SK_ACROSS ? "PLACE - " : "PLACE | ");
    sk_buf_put_int(out, row + 1);
    sk_buf_putc(out, ' ');
    sk_buf_put_int(out, col + 1);
    sk_buf_putc(out, ' ');
    for (const char *p = tiles; *p; p++) {
        sk_tile t = (sk_tile)*p;
        if (t & SK_TILE_BLANKED) sk_buf_putc(out, '?');
        sk_alphabet_write(a, t & SK_TILE_LETTER, out);
    }
}

void sk_play_write_gcg(const sk_play *play, const sk_alphabet *alphabet, sk_buf *out)
{
    sk_play_write(play, SK_PLAY_GCG, alphabet, out);
}
