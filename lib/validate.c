/* validate.c — whole-board validity of a position (docs/commands.md, "skrab validate"): every run
 * of two or more letters is a word, the tiles are connected, the start square is covered, no lone
 * tile (a single letter is not a word), no more tiles of a kind than the bag holds. */
#include <stdio.h>
#include <string.h>

#include "skrab/error.h"
#include "skrab/validate.h"

static void name(int r, int c, char out[8])
{
    snprintf(out, 8, "%c%d", 'a' + c, (r + 1) % 100);
}

static void check_runs(const sk_position *pos, const sk_alphabet *alpha, const sk_lexicon *lex,
                       sk_diag_list *diags)
{
    for (int dir = 0; dir < 2; dir++) {
        int outer = dir == 0 ? pos->height : pos->width,
            inner = dir == 0 ? pos->width : pos->height;
        for (int a = 0; a < outer; a++) {
            int b = 0;
            while (b < inner) {
                int r = dir == 0 ? a : b, c = dir == 0 ? b : a;
                if (!sk_position_tile(pos, r, c)) {
                    b++;
                    continue;
                }
                char word[SK_BOARD_MAX + 1];
                int n = 0;
                int r0 = r, c0 = c;
                while (b < inner) {
                    r = dir == 0 ? a : b;
                    c = dir == 0 ? b : a;
                    char t = sk_position_tile(pos, r, c);
                    if (!t) break;
                    word[n++] = (char)((sk_tile)t & SK_TILE_LETTER);
                    b++;
                }
                word[n] = '\0';
                if (n >= 2 && lex &&
                    !sk_lexicon_contains_tiles(lex, (const unsigned char *)word, (size_t)n)) {
                    char sq[8], text[SK_BOARD_MAX * SK_LABEL_TEXT_MAX + 1];
                    name(r0, c0, sq);
                    sk_alphabet_text(alpha, word, 1, text, sizeof(text));
                    sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                                "%s at %s (%s) is not in the lexicon", text, sq,
                                dir == 0 ? "across" : "down");
                }
            }
        }
    }
}

static void check_connected(const sk_position *pos, const sk_board *board, sk_diag_list *diags)
{
    int total = sk_position_tile_count(pos);
    if (total == 0) return;
    char sq[8];
    int sr = board->start_row, sc = board->start_col;
    if (!sk_position_tile(pos, sr, sc)) {
        name(sr, sc, sq);
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET, "the start square %s is empty", sq);
        /* connectivity from the first tile instead */
        for (int i = 0; i < pos->width * pos->height; i++)
            if (pos->tiles[i]) {
                sr = i / pos->width;
                sc = i % pos->width;
                break;
            }
    }
    unsigned char seen[SK_BOARD_MAX * SK_BOARD_MAX] = {0};
    int stack[SK_BOARD_MAX * SK_BOARD_MAX], top = 0, reached = 0;
    stack[top++] = sr * pos->width + sc;
    seen[sr * pos->width + sc] = 1;
    while (top) {
        int i = stack[--top];
        reached++;
        int r = i / pos->width, c = i % pos->width;
        static const int d4[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (int k = 0; k < 4; k++) {
            int nr = r + d4[k][0], nc = c + d4[k][1];
            if (nr < 0 || nc < 0 || nr >= pos->height || nc >= pos->width) continue;
            int j = nr * pos->width + nc;
            if (pos->tiles[j] && !seen[j]) {
                seen[j] = 1;
                stack[top++] = j;
            }
        }
    }
    if (reached == total) return;
    for (int i = 0; i < pos->width * pos->height; i++)
        if (pos->tiles[i] && !seen[i]) {
            name(i / pos->width, i % pos->width, sq);
            sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                        "%d tile%s not connected to the rest, the first at %s", total - reached,
                        total - reached == 1 ? " is" : "s are", sq);
            return;
        }
}

static void check_lone(const sk_position *pos, const sk_alphabet *alpha, sk_diag_list *diags)
{
    for (int r = 0; r < pos->height; r++)
        for (int c = 0; c < pos->width; c++) {
            char t = sk_position_tile(pos, r, c);
            if (!t) continue;
            int n = (r > 0 && sk_position_tile(pos, r - 1, c)) ||
                    (c > 0 && sk_position_tile(pos, r, c - 1)) ||
                    (r + 1 < pos->height && sk_position_tile(pos, r + 1, c)) ||
                    (c + 1 < pos->width && sk_position_tile(pos, r, c + 1));
            if (!n) {
                char sq[8], label[SK_LABEL_TEXT_MAX + 1];
                name(r, c, sq);
                sk_alphabet_label(alpha, (sk_tile)t, label);
                sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                            "lone tile %s at %s: a single letter is not a word", label, sq);
            }
        }
}

static void check_counts(const sk_position *pos, const sk_tileset *tiles, sk_diag_list *diags)
{
    int used[SK_TILE_KINDS] = {0};
    for (int i = 0; i < pos->width * pos->height; i++) {
        char c = pos->tiles[i];
        if (c) used[sk_tile_kind((sk_tile)c)]++;
    }
    for (int p = 0; p < pos->nplayers; p++)
        for (const char *q = pos->racks[p]; *q; q++)
            used[sk_tile_kind((sk_tile)*q)]++;
    for (int t = 0; t < SK_TILE_KINDS; t++) {
        if (used[t] <= tiles->count[t]) continue;
        char label[SK_LABEL_TEXT_MAX + 1];
        sk_alphabet_label(&tiles->alphabet, (sk_tile)t, label);
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "%d %s on the board and racks; the bag holds %d", used[t],
                    t != SK_TILE_BLANK ? label
                    : used[t] == 1     ? "blank"
                                       : "blanks",
                    tiles->count[t]);
    }
}

int sk_position_validate(const sk_position *pos, const sk_board *board, const sk_tileset *tiles,
                         const sk_lexicon *lex, sk_diag_list *diags)
{
    size_t before = diags->errors;
    if (pos->width != board->width || pos->height != board->height) {
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "the position is %d x %d but the board is %d x %d", pos->width, pos->height,
                    board->width, board->height);
        return SK_EINVAL;
    }
    for (int i = 0; i < pos->width * pos->height; i++)
        if (pos->tiles[i] && board->squares[i].kind == SK_SQ_BLOCKED) {
            char sq[8];
            name(i / pos->width, i % pos->width, sq);
            sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET, "a tile on blocked square %s", sq);
        }
    check_runs(pos, &tiles->alphabet, lex, diags);
    check_connected(pos, board, diags);
    check_lone(pos, &tiles->alphabet, diags);
    check_counts(pos, tiles, diags);
    return diags->errors > before ? SK_EINVAL : SK_OK;
}
