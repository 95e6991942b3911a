/* board_render.c — drawing a board for people: the SkraBBKle text grid and an SVG picture.
 * Writes into an sk_buf; printing is the caller's business. */
#include <stdio.h>
#include <string.h>

#include "skrab/board.h"
#include "skrab/error.h"
#include "skrab/utf8.h"

#define CELL_MAX 64 /* bytes of a text cell: a label of SK_LABEL_MAX bytes and more */

static int has_tile(const char *tiles, int i)
{
    return tiles && tiles[i];
}

/* The label of TILE as a board shows it: the letter's (lower case for a blank), no brackets. */
static const char *board_label(const sk_alphabet *a, sk_tile tile)
{
    int k = tile & SK_TILE_LETTER;
    if (k >= a->size) return "?";
    return tile & SK_TILE_BLANKED ? a->lower[k] : a->upper[k];
}

/* The cell of a tile: its label, then its score when the whole of it fits, in three terminal
 * columns; a label with no room for every digit stands alone ("NY " for a 10-point NY), so a
 * score is never shown cut short. */
static void tile_cell(const sk_alphabet *a, sk_tile tile, const int *score, char out[CELL_MAX])
{
    const char *label = board_label(a, tile);
    size_t n = strlen(label);
    memcpy(out, label, n);
    int cols = (int)sk_utf8_width(label, n);
    char digits[16] = "";
    if (score) snprintf(digits, sizeof(digits), "%d", *score);
    if (cols + (int)strlen(digits) <= 3)
        for (const char *d = digits; *d; d++, cols++)
            out[n++] = *d;
    for (; cols < 3; cols++)
        out[n++] = ' ';
    out[n] = '\0';
}

/* The three-column cell of square (R, C). */
static void text_cell(const sk_board *b, const sk_alphabet *a, const char *tiles, const int *scores,
                      int r, int c, char out[CELL_MAX])
{
    int i = r * b->width + c;
    const sk_square *sq = &b->squares[i];
    if (has_tile(tiles, i)) {
        tile_cell(a, (sk_tile)tiles[i], scores ? &scores[i] : NULL, out);
        return;
    }
    switch (sq->kind) {
    case SK_SQ_LETTER:
    case SK_SQ_WORD: {
        char open = sq->kind == SK_SQ_LETTER ? '(' : '{';
        char close = sq->kind == SK_SQ_LETTER ? ')' : '}';
        char tmp[16];
        snprintf(tmp, sizeof(tmp), "%c%d%c", open, sq->factor, close);
        snprintf(out, 8, "%.3s", tmp);
        return;
    }
    case SK_SQ_BLOCKED:
        snprintf(out, 8, " # ");
        return;
    default:
        snprintf(out, 8, " . ");
        return;
    }
}

static void column_labels(const sk_board *b, sk_buf *out)
{
    sk_buf_puts(out, "   ");
    for (int c = 0; c < b->width; c++) {
        sk_buf_putc(out, ' ');
        sk_buf_putc(out, (char)('a' + c));
        if (c + 1 < b->width) sk_buf_putc(out, ' ');
    }
    sk_buf_putc(out, '\n');
}

int sk_board_render_text(const sk_board *b, const char *tiles, const int *tile_scores,
                         const sk_alphabet *alphabet, sk_buf *out)
{
    const sk_alphabet *a = alphabet ? alphabet : sk_alphabet_default();
    column_labels(b, out);
    for (int r = 0; r < b->height; r++) {
        sk_buf_printf(out, "%2d ", r + 1);
        for (int c = 0; c < b->width; c++) {
            char cell[CELL_MAX];
            text_cell(b, a, tiles, tile_scores, r, c, cell);
            sk_buf_puts(out, cell);
        }
        sk_buf_printf(out, " %d\n", r + 1);
    }
    column_labels(b, out);
    return out->failed ? SK_ENOMEM : SK_OK;
}

/* Fill colour and label for a premium square. */
static const char *svg_fill(const sk_square *sq)
{
    if (sq->kind == SK_SQ_BLOCKED) return "#222222";
    if (sq->kind == SK_SQ_PLAIN) return "#f4f1e6";
    if (sq->factor < 0) return "#4b2a6e"; /* negative: dark violet, drawn with a dashed border */
    if (sq->factor == 0) return "#9a9a9a";
    if (sq->kind == SK_SQ_LETTER) {
        if (sq->factor == 1) return "#e3f1f8";
        if (sq->factor == 2) return "#a9d8f0";
        if (sq->factor == 3) return "#4a9fd8";
        return "#1f5f9e";
    }
    if (sq->factor == 1) return "#f9e3e3";
    if (sq->factor == 2) return "#f5b5b8";
    if (sq->factor == 3) return "#e0474c";
    return "#9e1b22";
}

static int dark_fill(const sk_square *sq)
{
    return sq->kind == SK_SQ_BLOCKED ||
           (sq->kind != SK_SQ_PLAIN && (sq->factor < 0 || sq->factor >= 3));
}

/* The font size of a tile's label in the picture: smaller for labels of several letters, so
 * that CH or L·L stays inside its tile. */
static int tile_font_size(const char *label)
{
    size_t cols = sk_utf8_width(label, strlen(label));
    return cols <= 1 ? 20 : cols == 2 ? 15 : 11;
}

/* Appends S with the characters XML gives a meaning escaped. */
static void xml_text(sk_buf *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            sk_buf_puts(out, "&lt;");
        else if (*s == '>')
            sk_buf_puts(out, "&gt;");
        else if (*s == '&')
            sk_buf_puts(out, "&amp;");
        else if (*s == '"')
            sk_buf_puts(out, "&quot;");
        else
            sk_buf_putc(out, *s);
    }
}

int sk_board_render_svg(const sk_board *b, const char *tiles, const sk_alphabet *alphabet,
                        sk_buf *out)
{
    const sk_alphabet *a = alphabet ? alphabet : sk_alphabet_default();
    const int cell = 36, margin = 28;
    int w = b->width * cell + 2 * margin, h = b->height * cell + 2 * margin;
    sk_buf_printf(out,
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                  "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n",
                  w, h, w, h);
    sk_buf_printf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", w, h);
    for (int c = 0; c < b->width; c++) {
        int x = margin + c * cell + cell / 2;
        sk_buf_printf(out,
                      "<text x=\"%d\" y=\"%d\" font-size=\"14\" text-anchor=\"middle\">%c</text>"
                      "<text x=\"%d\" y=\"%d\" font-size=\"14\" text-anchor=\"middle\">%c</text>\n",
                      x, margin - 9, 'a' + c, x, h - margin + 19, 'a' + c);
    }
    for (int r = 0; r < b->height; r++) {
        int y = margin + r * cell + cell / 2 + 5;
        sk_buf_printf(out,
                      "<text x=\"%d\" y=\"%d\" font-size=\"13\" text-anchor=\"end\">%d</text>"
                      "<text x=\"%d\" y=\"%d\" font-size=\"13\">%d</text>\n",
                      margin - 5, y, r + 1, w - margin + 5, y, r + 1);
    }
    for (int r = 0; r < b->height; r++) {
        for (int c = 0; c < b->width; c++) {
            int i = r * b->width + c;
            const sk_square *sq = &b->squares[i];
            int x = margin + c * cell, y = margin + r * cell;
            int negative = sq->kind != SK_SQ_PLAIN && sq->kind != SK_SQ_BLOCKED && sq->factor < 0;
            sk_buf_printf(out,
                          "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                          "stroke=\"%s\" stroke-width=\"%s\"%s/>\n",
                          x, y, cell, cell, svg_fill(sq), negative ? "#ffcc00" : "#8c8c8c",
                          negative ? "2" : "1", negative ? " stroke-dasharray=\"4 2\"" : "");
            const char *ink = dark_fill(sq) ? "#ffffff" : "#222222";
            if (has_tile(tiles, i)) {
                const char *label = board_label(a, (sk_tile)tiles[i]);
                sk_buf_printf(out,
                              "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" "
                              "fill=\"#f2d49b\" stroke=\"#a0784a\"/>"
                              "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" "
                              "fill=\"%s\">",
                              x + 2, y + 2, cell - 4, cell - 4, x + cell / 2, y + cell / 2 + 7,
                              tile_font_size(label),
                              (sk_tile)tiles[i] & SK_TILE_BLANKED ? "#c0392b" : "#222222");
                xml_text(out, label);
                sk_buf_puts(out, "</text>\n");
            } else if (sq->kind == SK_SQ_LETTER || sq->kind == SK_SQ_WORD) {
                sk_buf_printf(out,
                              "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" "
                              "fill=\"%s\">%d%c</text>\n",
                              x + cell / 2, y + cell / 2 + 4, ink, sq->factor,
                              sq->kind == SK_SQ_LETTER ? 'L' : 'W');
            }
            if (r == b->start_row && c == b->start_col && !has_tile(tiles, i))
                sk_buf_printf(out,
                              "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" "
                              "fill=\"%s\">&#9733;</text>\n",
                              sq->kind == SK_SQ_PLAIN ? x + cell / 2 : x + cell - 7,
                              sq->kind == SK_SQ_PLAIN ? y + cell / 2 + 7 : y + 11,
                              sq->kind == SK_SQ_PLAIN ? 20 : 10, ink);
        }
    }
    sk_buf_puts(out, "</svg>\n");
    return out->failed ? SK_ENOMEM : SK_OK;
}

/* Recognising a drawing: the text display starts with its line of column letters "a  b  c ..."
 * (leading blanks may have been lost in a paste, so only the letters and the blanks between
 * them are looked at); the SVG picture starts with its "<svg" element. */
int sk_board_is_drawing(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
        i++;
    if (i + 4 <= len && memcmp(text + i, "<svg", 4) == 0) return 1;
    int letters = 0;
    while (i < len && text[i] != '\n') {
        if (text[i] != 'a' + letters) return 0;
        letters++;
        i++;
        size_t blanks = i;
        while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r'))
            i++;
        if (i == blanks && i < len && text[i] != '\n') return 0; /* a letter not standing alone */
    }
    return letters >= 2;
}
