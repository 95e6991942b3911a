/* boggle_grid.c — Boggle grids and dice: reading a grid ("PERS/LATG/SINE/TERS" or 16 letters in a
 * row), writing it back, naming cells, scoring a length, tracing one word (the recursive
 * depth-first search, each cube used once), reading dice files and rolling them. Not here: solving
 * a grid against a lexicon (boggle_solve.c), the game (boggle_game.c). */
#include <ctype.h>
#include <string.h>

#include "skrab/boggle.h"
#include "skrab/error.h"

#define TRACE_STEPS_MAX 1000000L /* a trace visiting more cells gives up (real words: < 1000) */

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static int is_letter(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static unsigned char tile_of(unsigned char c)
{
    return (unsigned char)(toupper(c) - 'A' + 1);
}

/* Reports a character that is not a letter at OFF. */
static void bad_char(sk_diag_list *diags, size_t off, unsigned char c)
{
    if (c >= 0x21 && c < 0x7f)
        sk_diag_add(diags, SK_SEV_ERROR, off, "'%c' is not a letter", c);
    else if (c == '\0')
        sk_diag_add(diags, SK_SEV_ERROR, off, "NUL byte in a grid");
    else if (is_space(c))
        sk_diag_add(diags, SK_SEV_ERROR, off, "space inside a grid (rows are joined by '/')");
    else
        sk_diag_add(diags, SK_SEV_ERROR, off, "byte 0x%02x is not a letter", c);
}

/* Reports the first empty row of a grid written as ROWS > 1 rows joined by '/' (row r starts at
 * byte ROW_AT[r] and holds ROW_LEN[r] letters) at the '/' that left it empty: one at the start or
 * the end of the grid, or the second of two in a row. One slip is one error, so the caller checks
 * the number of rows and their lengths only when there is none. Returns 1 when a row is empty,
 * else 0. */
static int empty_row(sk_diag_list *diags, const size_t *row_at, const int *row_len, int rows)
{
    for (int r = 0; r < rows; r++) {
        if (row_len[r]) continue;
        if (r == 0)
            sk_diag_add(diags, SK_SEV_ERROR, row_at[r],
                        "empty row 1: a '/' at the start of the grid");
        else if (r == rows - 1)
            sk_diag_add(diags, SK_SEV_ERROR, row_at[r] - 1,
                        "empty row %d: a '/' at the end of the grid", r + 1);
        else
            sk_diag_add(diags, SK_SEV_ERROR, row_at[r], "empty row %d: two '/' in a row", r + 1);
        return 1;
    }
    return 0;
}

int sk_boggle_grid_parse(sk_boggle_grid *out, const char *text, size_t len, sk_diag_list *diags)
{
    memset(out, 0, sizeof(*out));
    if (len > SK_BOGGLE_GRID_TEXT_MAX) {
        sk_diag_add(diags, SK_SEV_ERROR, 0, "grid longer than %d characters",
                    SK_BOGGLE_GRID_TEXT_MAX);
        return SK_ETOOBIG;
    }
    const unsigned char *t = (const unsigned char *)text;
    size_t s = 0, e = len;
    while (s < e && is_space(t[s]))
        s++;
    while (e > s && is_space(t[e - 1]))
        e--;
    if (s == e) {
        sk_diag_add(diags, SK_SEV_ERROR, s, "empty grid");
        return SK_EINVAL;
    }
    /* letters and rows: row_len[r] letters in row r, starting at byte row_at[r] */
    unsigned char tiles[SK_BOGGLE_GRID_TEXT_MAX];
    size_t row_at[SK_BOGGLE_GRID_TEXT_MAX + 1];
    int row_len[SK_BOGGLE_GRID_TEXT_MAX + 1];
    int rows = 1, n = 0, bad = 0;
    row_at[0] = s;
    row_len[0] = 0;
    for (size_t i = s; i < e; i++) {
        if (t[i] == '/') {
            row_at[rows] = i + 1;
            row_len[rows++] = 0;
        } else if (is_letter(t[i])) {
            tiles[n++] = tile_of(t[i]);
            row_len[rows - 1]++;
        } else {
            if (!bad) bad_char(diags, i, t[i]);
            bad = 1;
        }
    }
    if (bad) return SK_EINVAL;
    if (rows == 1) {
        int size = 0;
        for (int k = SK_BOGGLE_SIZE_MIN; k <= SK_BOGGLE_SIZE_MAX; k++)
            if (k * k == n) size = k;
        if (!size) {
            sk_diag_add(diags, SK_SEV_ERROR, s,
                        "%d letters make no grid: expected 9, 16, 25 or 36 (3x3 to 6x6), or rows "
                        "joined by '/'",
                        n);
            return SK_EINVAL;
        }
        out->size = size;
    } else {
        if (empty_row(diags, row_at, row_len, rows)) return SK_EINVAL;
        if (rows < SK_BOGGLE_SIZE_MIN || rows > SK_BOGGLE_SIZE_MAX) {
            sk_diag_add(diags, SK_SEV_ERROR, s, "%d rows: a grid has 3 to 6 rows", rows);
            return SK_EINVAL;
        }
        for (int r = 0; r < rows; r++) {
            if (row_len[r] != rows) {
                sk_diag_add(diags, SK_SEV_ERROR, row_at[r],
                            "row %d has %d letters; a grid of %d rows needs %d in each", r + 1,
                            row_len[r], rows, rows);
                return SK_EINVAL;
            }
        }
        out->size = rows;
    }
    memcpy(out->cells, tiles, (size_t)n);
    return SK_OK;
}

size_t sk_boggle_grid_format(const sk_boggle_grid *g, char *out, size_t outsz)
{
    size_t k = 0;
    if (outsz == 0) return 0;
    for (int r = 0; r < g->size; r++) {
        if (r && k + 1 < outsz) out[k++] = '/';
        for (int c = 0; c < g->size && k + 1 < outsz; c++)
            out[k++] = (char)('A' + g->cells[r * g->size + c] - 1);
    }
    out[k] = '\0';
    return k;
}

void sk_boggle_cell_name(int size, int cell, char out[4])
{
    if (size < 1) size = 1;
    out[0] = (char)('a' + cell % size);
    out[1] = (char)('1' + cell / size);
    out[2] = '\0';
}

int sk_boggle_score(int letters)
{
    static const int points[] = {0, 1, 1, 1, 1, 2, 3, 5};
    if (letters < 0) return 0;
    return letters < 8 ? points[letters] : 11;
}

/* ---- tracing one word ------------------------------------------------------------------------ */
typedef struct {
    const sk_boggle_grid *g;
    const unsigned char *want; /* the word as cells' tiles (QU already folded into Q) */
    int n;
    unsigned char path[SK_BOGGLE_CELLS_MAX];
    uint64_t used;
    long steps;
} tracer;

/* 1 if want[k..] can be traced starting at CELL (which matches want[k]). */
static int trace_from(tracer *t, int cell, int k)
{
    if (++t->steps > TRACE_STEPS_MAX) return 0;
    t->path[k] = (unsigned char)cell;
    if (k + 1 == t->n) return 1;
    t->used |= (uint64_t)1 << cell;
    int size = t->g->size, r = cell / size, c = cell % size;
    for (int dr = -1; dr <= 1; dr++) {
        for (int dc = -1; dc <= 1; dc++) {
            int rr = r + dr, cc = c + dc, next = rr * size + cc;
            if ((dr == 0 && dc == 0) || rr < 0 || rr >= size || cc < 0 || cc >= size) continue;
            if (t->used & ((uint64_t)1 << next)) continue;
            if (t->g->cells[next] != t->want[k + 1]) continue;
            if (trace_from(t, next, k + 1)) return 1;
        }
    }
    t->used &= ~((uint64_t)1 << cell);
    return 0;
}

int sk_boggle_trace(const sk_boggle_grid *g, const char *word, size_t len, unsigned char *cells)
{
    if (len == 0 || len > SK_BOGGLE_WORD_MAX) return SK_EINVAL;
    unsigned char want[SK_BOGGLE_WORD_MAX];
    int n = 0;
    for (size_t i = 0; i < len; i++)
        if (!is_letter((unsigned char)word[i])) return SK_EINVAL;
    for (size_t i = 0; i < len; i++) {
        unsigned char tile = tile_of((unsigned char)word[i]);
        if (tile == SK_BOGGLE_Q) {
            /* only a Qu face holds a Q, and it brings its U along */
            if (i + 1 == len || tile_of((unsigned char)word[i + 1]) != SK_BOGGLE_U) return 0;
            i++;
        }
        want[n++] = tile;
    }
    int cellcount = g->size * g->size;
    if (n > cellcount) return 0;
    /* a word needing more of a letter than the grid holds cannot be traced: cheap, and it cuts
     * off the hopeless searches of long words in grids of repeated letters */
    int have[27] = {0}, need[27] = {0};
    for (int i = 0; i < cellcount; i++)
        have[g->cells[i]]++;
    for (int i = 0; i < n; i++)
        if (++need[want[i]] > have[want[i]]) return 0;
    tracer t = {g, want, n, {0}, 0, 0};
    for (int cell = 0; cell < cellcount; cell++) {
        if (g->cells[cell] != want[0]) continue;
        t.used = 0;
        if (trace_from(&t, cell, 0)) {
            memcpy(cells, t.path, (size_t)n);
            return n;
        }
        if (t.steps > TRACE_STEPS_MAX) return SK_ETOOBIG;
    }
    return 0;
}

/* ---- dice ------------------------------------------------------------------------------------ */
int sk_boggle_dice_parse(sk_boggle_dice *out, const char *text, size_t len, sk_diag_list *diags)
{
    memset(out, 0, sizeof(*out));
    if (len > SK_BOGGLE_DICE_FILE_MAX) {
        sk_diag_add(diags, SK_SEV_ERROR, 0, "dice file larger than %d bytes",
                    SK_BOGGLE_DICE_FILE_MAX);
        return SK_ETOOBIG;
    }
    const unsigned char *t = (const unsigned char *)text;
    int errors = 0;
    size_t pos = 0;
    while (pos < len) {
        size_t start = pos;
        while (pos < len && t[pos] != '\n')
            pos++;
        size_t end = pos;
        pos += pos < len;
        size_t f = start;
        while (f < end && is_space(t[f]))
            f++;
        if (f == end || t[f] == '#') continue;
        unsigned char faces[SK_BOGGLE_FACES];
        int n = 0, bad = 0;
        for (size_t i = f; i < end; i++) {
            if (is_space(t[i])) continue;
            if (!is_letter(t[i])) {
                bad_char(diags, i, t[i]);
                bad = 1;
                break;
            }
            if (n < SK_BOGGLE_FACES) faces[n] = tile_of(t[i]);
            n++;
        }
        if (!bad && n != SK_BOGGLE_FACES) {
            sk_diag_add_line(diags, SK_SEV_ERROR, f, "a die has 6 faces, this line has %d", n);
            bad = 1;
        }
        if (!bad && out->count == SK_BOGGLE_CELLS_MAX) {
            sk_diag_add_line(diags, SK_SEV_ERROR, f, "more than %d dice (6x6 is the largest grid)",
                             SK_BOGGLE_CELLS_MAX);
            return SK_EINVAL;
        }
        if (bad) {
            errors++;
            continue;
        }
        memcpy(out->faces[out->count++], faces, SK_BOGGLE_FACES);
    }
    if (errors) return SK_EINVAL;
    int c = out->count;
    if (c != 9 && c != 16 && c != 25 && c != 36) {
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "%d dice make no square grid: expected 9, 16, 25 or 36", c);
        return SK_EINVAL;
    }
    return SK_OK;
}

void sk_boggle_roll(sk_boggle_grid *out, const sk_boggle_dice *dice, sk_rng *rng)
{
    int n = dice->count, order[SK_BOGGLE_CELLS_MAX];
    if (n < 0) n = 0;
    if (n > SK_BOGGLE_CELLS_MAX) n = SK_BOGGLE_CELLS_MAX;
    memset(out, 0, sizeof(*out));
    out->size = n == 9 ? 3 : n == 16 ? 4 : n == 25 ? 5 : 6;
    for (int i = 0; i < n; i++)
        order[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sk_rng_below(rng, (uint64_t)i + 1);
        int tmp = order[i];
        order[i] = order[j];
        order[j] = tmp;
    }
    for (int i = 0; i < n; i++)
        out->cells[i] = dice->faces[order[i]][sk_rng_below(rng, SK_BOGGLE_FACES)];
}
