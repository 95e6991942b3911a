/* cgp.c — reading and writing CGP lines (see position.h). Fields are separated by runs of
 * whitespace (as MAGPIE reads them); ops are "code [operand];" pieces, trimmed. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "internal/textscan.h"
#include "skrab/error.h"
#include "skrab/position.h"

void sk_position_init(sk_position *out, int width, int height)
{
    memset(out, 0, sizeof(*out));
    out->width = width;
    out->height = height;
    out->nplayers = 2;
}

int sk_position_tile_count(const sk_position *pos)
{
    int n = 0;
    for (int i = 0; i < pos->width * pos->height; i++)
        n += pos->tiles[i] != 0;
    return n;
}

typedef struct {
    const char *line;
    size_t len;
    const sk_alphabet *alphabet;
    sk_diag_list *diags;
} cgp_reader;

/* Reports the tile at R->line[AT..END) that could not be read (WHY) in a WHERE ("the board", "a
 * rack"): an ASCII character that is no tile is named as a byte, with what WHERE may hold. */
static void bad_tile(cgp_reader *r, size_t at, size_t end, sk_tile_read why, const char *where,
                     const char *holds)
{
    unsigned char c = (unsigned char)r->line[at];
    if (c == '\0') return; /* the line's NUL byte, reported once for the line */
    if (c < 0x80 && c != '[' && (why == SK_TILE_READ_UNKNOWN || why == SK_TILE_READ_NOT_ALLOWED) &&
        (!isalpha(c) || sk_alphabet_is_latin(r->alphabet))) {
        char what[32];
        sk_describe_unexpected(r->line + at, 1, what);
        sk_diag_add(r->diags, SK_SEV_ERROR, at, "%s in %s: %s", what, where, holds);
        return;
    }
    char text[96];
    sk_alphabet_read_why(why, r->line, end, at, text, sizeof(text));
    sk_diag_add(r->diags, SK_SEV_ERROR, at, "%s in %s", text, where);
}

static void parse_board(cgp_reader *r, sk_position *out, size_t start, size_t end)
{
    int row = 0, col = 0, width = -1;
    size_t row_start = start;
    for (size_t i = start; i <= end; i++) {
        char c = i < end ? r->line[i] : '/';
        if (c == '/') {
            if (width < 0)
                width = col;
            else if (col != width && row < SK_BOARD_MAX)
                sk_diag_add(r->diags, SK_SEV_ERROR, row_start,
                            "board row %d is %d square%s wide, row 1 is %d", row + 1, col,
                            col == 1 ? "" : "s", width);
            row++;
            col = 0;
            row_start = i + 1;
            continue;
        }
        if (isdigit((unsigned char)c)) {
            int run = 0;
            size_t at = i;
            while (i < end && isdigit((unsigned char)r->line[i]) && run <= SK_BOARD_MAX)
                run = run * 10 + (r->line[i++] - '0');
            i--;
            if (c == '0') { /* "0" is no run; "015" is not how a run is written, but is read */
                sk_diag_add(r->diags, SK_SEV_ERROR, at, "empty-square run %s",
                            run ? "with a leading 0" : "of 0");
                if (!run) continue;
            }
            col += run;
        } else {
            sk_tile t;
            size_t p = i;
            sk_tile_read why = sk_alphabet_read(r->alphabet, r->line, end, &p, SK_READ_BLANKED, &t);
            if (why != SK_TILE_READ_OK) {
                bad_tile(r, i, end, why, "the board",
                         "rows hold letters and digit runs, separated by '/'");
                return;
            }
            if (row < SK_BOARD_MAX && col < SK_BOARD_MAX)
                out->tiles[row * SK_BOARD_MAX + col] = (char)t;
            col++;
            i = p - 1;
        }
        if (col > SK_BOARD_MAX) {
            sk_diag_add(r->diags, SK_SEV_ERROR, row_start, "board row %d is wider than %d", row + 1,
                        SK_BOARD_MAX);
            return;
        }
    }
    if (row > SK_BOARD_MAX) {
        sk_diag_add(r->diags, SK_SEV_ERROR, start, "board has %d rows, at most %d", row,
                    SK_BOARD_MAX);
        return;
    }
    out->width = width;
    out->height = row;
    if (width < 1) {
        sk_diag_add(r->diags, SK_SEV_ERROR, start, "board row 1 is empty");
        return;
    }
    /* tiles were stored with stride SK_BOARD_MAX; compact to row * width */
    for (int rr = 0; rr < out->height; rr++)
        memmove(out->tiles + rr * width, out->tiles + rr * SK_BOARD_MAX, (size_t)width);
    memset(out->tiles + out->height * width, 0, sizeof(out->tiles) - (size_t)(out->height * width));
}

/* Splits [START,END) on '/' and calls FN on each piece with its index. Returns the count. */
static int split_slash(cgp_reader *r, size_t start, size_t end, sk_position *out,
                       void (*fn)(cgp_reader *, sk_position *, int, size_t, size_t))
{
    int n = 0;
    size_t piece = start;
    for (size_t i = start; i <= end; i++) {
        if (i == end || r->line[i] == '/') {
            if (n < SK_PLAYERS_MAX) fn(r, out, n, piece, i);
            n++;
            piece = i + 1;
        }
    }
    return n;
}

static void one_rack(cgp_reader *r, sk_position *out, int k, size_t s, size_t e)
{
    size_t at;
    sk_tile_read why;
    int n = sk_alphabet_read_tiles(r->alphabet, r->line + s, e - s, SK_READ_BLANK, out->racks[k],
                                   SK_RACK_MAX, &at, &why);
    if (n < 0) {
        out->racks[k][0] = '\0';
        bad_tile(r, s + at, e, why, "a rack", "racks hold uppercase letters and '?'");
    } else if (n > SK_RACK_MAX) {
        out->racks[k][0] = '\0';
        sk_diag_add(r->diags, SK_SEV_ERROR, s, "rack of %d tiles; at most %d", n, SK_RACK_MAX);
    }
}

/* A score: an integer within the bound every score is kept in (2147483647 either way; totals
 * saturate there, docs/rules.md), never clamped in silence. */
#define CGP_SCORE_MAX 2147483647LL

static void one_score(cgp_reader *r, sk_position *out, int k, size_t s, size_t e)
{
    const char *t = r->line + s;
    size_t n = e - s, i = n > 0 && t[0] == '-';
    long long v = 0;
    int ok = i < n;
    for (; ok && i < n; i++) {
        ok = t[i] >= '0' && t[i] <= '9';
        if (ok && v <= CGP_SCORE_MAX) v = v * 10 + (t[i] - '0');
    }
    char ex[SK_EXCERPT_MAX];
    sk_excerpt(t, n, ex);
    if (!ok) {
        sk_diag_add(r->diags, SK_SEV_ERROR, s, "score '%s' is not an integer", ex);
        return;
    }
    if (v > CGP_SCORE_MAX) {
        sk_diag_add(r->diags, SK_SEV_ERROR, s, "score '%s' is out of range -%lld..%lld", ex,
                    CGP_SCORE_MAX, CGP_SCORE_MAX);
        return;
    }
    out->scores[k] = (int)(t[0] == '-' ? -v : v);
}

static void parse_ops(cgp_reader *r, sk_position *out, size_t start, size_t end)
{
    size_t piece = start;
    for (size_t i = start; i <= end; i++) {
        if (i < end && r->line[i] != ';') continue;
        size_t s = piece, e = i;
        piece = i + 1;
        while (s < e && isspace((unsigned char)r->line[s]))
            s++;
        while (e > s && isspace((unsigned char)r->line[e - 1]))
            e--;
        if (s == e) continue;
        if (i == end) sk_diag_add(r->diags, SK_SEV_WARNING, e, "op without a closing ';'");
        size_t c = s;
        while (c < e && !isspace((unsigned char)r->line[c]))
            c++;
        size_t a = c;
        while (a < e && isspace((unsigned char)r->line[a]))
            a++;
        if (out->nops == SK_CGP_OPS_MAX) {
            sk_diag_add(r->diags, SK_SEV_ERROR, s, "more than %d ops", SK_CGP_OPS_MAX);
            return;
        }
        if (c - s >= sizeof(out->ops[0].code) || e - a >= SK_CGP_OP_ARG_MAX) {
            sk_diag_add(r->diags, SK_SEV_ERROR, s, "op too long");
            continue;
        }
        sk_cgp_op *op = &out->ops[out->nops++];
        memcpy(op->code, r->line + s, c - s);
        op->code[c - s] = '\0';
        for (int k = 0; k + 1 < out->nops; k++)
            if (strcmp(out->ops[k].code, op->code) == 0) { /* sk_position_op finds the first */
                sk_diag_add(r->diags, SK_SEV_WARNING, s, "op '%s' given twice: the first is used",
                            op->code);
                break;
            }
        memcpy(op->arg, r->line + a, e - a);
        op->arg[e - a] = '\0';
    }
}

/* Finds the next whitespace-separated field at or after *POS. Returns 0 at the end. */
static int next_field(const cgp_reader *r, size_t *pos, size_t *start, size_t *end)
{
    size_t i = *pos;
    while (i < r->len && isspace((unsigned char)r->line[i]))
        i++;
    if (i == r->len) return 0;
    *start = i;
    while (i < r->len && !isspace((unsigned char)r->line[i]))
        i++;
    *end = i;
    *pos = i;
    return 1;
}

void sk_position_parse_cgp_ops(sk_position *out, const char *line, size_t len)
{
    sk_position_init(out, 0, 0);
    sk_diag_list quiet;
    sk_diag_list_init(&quiet);
    cgp_reader r = {line, len > SK_CGP_LINE_MAX ? SK_CGP_LINE_MAX : len, sk_alphabet_default(),
                    &quiet};
    size_t pos = 0, s, e;
    int fields = 0;
    while (fields < 4 && next_field(&r, &pos, &s, &e))
        fields++;
    if (fields == 4) parse_ops(&r, out, pos, r.len);
    sk_diag_list_free(&quiet);
}

int sk_position_parse_cgp(sk_position *out, const char *line, size_t len,
                          const sk_alphabet *alphabet, sk_diag_list *diags)
{
    sk_position_init(out, 0, 0);
    out->nplayers = 0;
    sk_diag_list local;
    sk_diag_list_init(&local);
    if (!diags) diags = &local;
    size_t errors = diags->errors;
    cgp_reader r = {line, len, alphabet ? alphabet : sk_alphabet_default(), diags};
    if (len > SK_CGP_LINE_MAX) {
        sk_diag_add(diags, SK_SEV_ERROR, 0, "CGP line longer than %d bytes", SK_CGP_LINE_MAX);
        sk_diag_list_free(&local);
        return SK_ETOOBIG;
    }
    const char *nul = memchr(line, '\0', len);
    if (nul) sk_diag_add(diags, SK_SEV_ERROR, (size_t)(nul - line), "NUL byte in a CGP line");
    static const char *const names[] = {"board is", "racks are", "scores are",
                                        "zero-turn count is"};
    size_t pos = 0, s[4] = {0}, e[4] = {0};
    int fields = 0;
    while (fields < 4 && next_field(&r, &pos, &s[fields], &e[fields]))
        fields++;
    if (fields < 4) {
        sk_diag_add(diags, SK_SEV_ERROR, len,
                    "a CGP line needs BOARD RACKS SCORES ZEROS; the %s missing", names[fields]);
    } else {
        parse_board(&r, out, s[0], e[0]);
        int nracks = split_slash(&r, s[1], e[1], out, one_rack);
        int nscores = split_slash(&r, s[2], e[2], out, one_score);
        if (nracks > SK_PLAYERS_MAX)
            sk_diag_add(diags, SK_SEV_ERROR, s[1], "%d racks; at most %d players", nracks,
                        SK_PLAYERS_MAX);
        else if (nracks != nscores)
            sk_diag_add(diags, SK_SEV_ERROR, s[2], "%d rack%s but %d score%s", nracks,
                        nracks == 1 ? "" : "s", nscores, nscores == 1 ? "" : "s");
        out->nplayers = nracks > SK_PLAYERS_MAX ? SK_PLAYERS_MAX : nracks;
        long z;
        if (!sk_parse_int(line + s[3], e[3] - s[3], &z) || z < 0 || z > SK_CGP_ZEROS_MAX ||
            e[3] - s[3] > 6)
            sk_diag_add(diags, SK_SEV_ERROR, s[3], "the zero-turn count must be an integer 0..%d",
                        SK_CGP_ZEROS_MAX);
        else
            out->zeros = (int)z;
        parse_ops(&r, out, pos, len);
    }
    int rc = diags->errors > errors ? SK_EINVAL : SK_OK;
    sk_diag_list_free(&local);
    return rc;
}

void sk_position_write_cgp(const sk_position *pos, const sk_alphabet *alphabet, sk_buf *out)
{
    const sk_alphabet *a = alphabet ? alphabet : sk_alphabet_default();
    for (int r = 0; r < pos->height; r++) {
        if (r) sk_buf_putc(out, '/');
        int run = 0;
        for (int c = 0; c < pos->width; c++) {
            char t = sk_position_tile(pos, r, c);
            if (!t) {
                run++;
                continue;
            }
            if (run) sk_buf_printf(out, "%d", run);
            run = 0;
            sk_alphabet_write(a, (sk_tile)t, out);
        }
        if (run) sk_buf_printf(out, "%d", run);
    }
    sk_buf_putc(out, ' ');
    for (int p = 0; p < pos->nplayers; p++) {
        if (p) sk_buf_putc(out, '/');
        sk_alphabet_write_tiles(a, pos->racks[p], out);
    }
    sk_buf_putc(out, ' ');
    for (int p = 0; p < pos->nplayers; p++)
        sk_buf_printf(out, "%s%d", p ? "/" : "", pos->scores[p]);
    sk_buf_printf(out, " %d", pos->zeros);
    for (int i = 0; i < pos->nops; i++)
        sk_buf_printf(out, " %s%s%s;", pos->ops[i].code, pos->ops[i].arg[0] ? " " : "",
                      pos->ops[i].arg);
}

const char *sk_position_op(const sk_position *pos, const char *code)
{
    for (int i = 0; i < pos->nops; i++)
        if (strcmp(pos->ops[i].code, code) == 0) return pos->ops[i].arg;
    return NULL;
}

int sk_position_set_op(sk_position *pos, const char *code, const char *arg)
{
    if (strlen(code) >= sizeof(pos->ops[0].code) || strlen(arg) >= SK_CGP_OP_ARG_MAX)
        return SK_ETOOBIG;
    /* what a CGP line could not read back: a code that is no word, an operand with a ';' */
    if (!code[0] || strpbrk(code, " \t\r\n;") || strpbrk(arg, ";\r\n")) return SK_EINVAL;
    int i = 0;
    while (i < pos->nops && strcmp(pos->ops[i].code, code) != 0)
        i++;
    if (i == pos->nops) {
        if (pos->nops == SK_CGP_OPS_MAX) return SK_ETOOBIG;
        pos->nops++;
    }
    snprintf(pos->ops[i].code, sizeof(pos->ops[i].code), "%s", code);
    snprintf(pos->ops[i].arg, sizeof(pos->ops[i].arg), "%s", arg);
    return SK_OK;
}

void sk_position_remove_op(sk_position *pos, const char *code)
{
    int kept = 0;
    for (int i = 0; i < pos->nops; i++)
        if (strcmp(pos->ops[i].code, code) != 0) pos->ops[kept++] = pos->ops[i];
    pos->nops = kept;
}
