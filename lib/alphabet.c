/* alphabet.c — tile labels (see alphabet.h): adding letters, reading a tile from text and
 * writing one. Case is compared one character at a time through sk_utf8_lower, so "Ny", "NY"
 * and "ny" are the same letter when folding. */
#include <stdio.h>
#include <string.h>

#include "internal/textscan.h"
#include "skrab/alphabet.h"
#include "skrab/error.h"
#include "skrab/utf8.h"

/* The blank and A..Z, as sk_alphabet_latin makes them. */
static const sk_alphabet latin = {
    .size = 27,
    .upper = {"?", "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M",
              "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z"},
    .lower = {"?", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m",
              "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z"},
    .chars = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    .width = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    .ascii = {['A'] = 1,  ['B'] = 2,  ['C'] = 3,  ['D'] = 4,  ['E'] = 5,  ['F'] = 6,  ['G'] = 7,
              ['H'] = 8,  ['I'] = 9,  ['J'] = 10, ['K'] = 11, ['L'] = 12, ['M'] = 13, ['N'] = 14,
              ['O'] = 15, ['P'] = 16, ['Q'] = 17, ['R'] = 18, ['S'] = 19, ['T'] = 20, ['U'] = 21,
              ['V'] = 22, ['W'] = 23, ['X'] = 24, ['Y'] = 25, ['Z'] = 26, ['a'] = 65, ['b'] = 66,
              ['c'] = 67, ['d'] = 68, ['e'] = 69, ['f'] = 70, ['g'] = 71, ['h'] = 72, ['i'] = 73,
              ['j'] = 74, ['k'] = 75, ['l'] = 76, ['m'] = 77, ['n'] = 78, ['o'] = 79, ['p'] = 80,
              ['q'] = 81, ['r'] = 82, ['s'] = 83, ['t'] = 84, ['u'] = 85, ['v'] = 86, ['w'] = 87,
              ['x'] = 88, ['y'] = 89, ['z'] = 90},
    .byte = {[0] = '?',  [64] = '?', [1] = 'A',  [2] = 'B',  [3] = 'C',  [4] = 'D',  [5] = 'E',
             [6] = 'F',  [7] = 'G',  [8] = 'H',  [9] = 'I',  [10] = 'J', [11] = 'K', [12] = 'L',
             [13] = 'M', [14] = 'N', [15] = 'O', [16] = 'P', [17] = 'Q', [18] = 'R', [19] = 'S',
             [20] = 'T', [21] = 'U', [22] = 'V', [23] = 'W', [24] = 'X', [25] = 'Y', [26] = 'Z',
             [65] = 'a', [66] = 'b', [67] = 'c', [68] = 'd', [69] = 'e', [70] = 'f', [71] = 'g',
             [72] = 'h', [73] = 'i', [74] = 'j', [75] = 'k', [76] = 'l', [77] = 'm', [78] = 'n',
             [79] = 'o', [80] = 'p', [81] = 'q', [82] = 'r', [83] = 's', [84] = 't', [85] = 'u',
             [86] = 'v', [87] = 'w', [88] = 'x', [89] = 'y', [90] = 'z'},
};

const sk_alphabet *sk_alphabet_default(void)
{
    return &latin;
}

void sk_alphabet_init(sk_alphabet *out)
{
    memset(out, 0, sizeof(*out));
    out->size = 1;
    strcpy(out->upper[0], "?");
    strcpy(out->lower[0], "?");
    out->byte[0] = '?';
    out->byte[SK_TILE_WILD] = '?';
    out->chars[0] = 1;
    out->width[0] = 1;
}

void sk_alphabet_latin(sk_alphabet *out)
{
    sk_alphabet_init(out);
    for (char c = 'A'; c <= 'Z'; c++)
        sk_alphabet_add(out, &c, 1, NULL, 0);
}

/* If TEXT[0..LEN) begins with LABEL (character by character, case folded when FOLD), returns
 * the bytes of TEXT it covers; else 0. */
static size_t prefix_match(const char *label, const char *text, size_t len, int fold)
{
    size_t llen = strlen(label);
    if (!fold) return llen <= len && memcmp(label, text, llen) == 0 ? llen : 0;
    size_t i = 0, j = 0;
    while (i < llen) {
        uint32_t a, b;
        size_t n = sk_utf8_decode(label + i, llen - i, &a);
        size_t m = sk_utf8_decode(text + j, len - j, &b);
        if (n == 0 || m == 0 || sk_utf8_lower(a) != sk_utf8_lower(b)) return 0;
        i += n;
        j += m;
    }
    return j;
}

/* Whether S[0..LEN) is the whole of LABEL, case folded when FOLD. */
static int same_label(const char *label, const char *s, size_t len, int fold)
{
    return len > 0 && prefix_match(label, s, len, fold) == len;
}

/* A label is UTF-8 whose ASCII characters are letters: the others separate or mark tiles in
 * the text formats (a digit is a run of empty squares in CGP, '/' ends its row, '.' and '(' mark
 * a board tile in a move, '?' is the blank, ...). */
static int label_ok(const char *s, size_t len)
{
    if (len == 0 || sk_utf8_invalid(s, len) != len) return 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80 && !((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return 0;
    }
    return 1;
}

static size_t count_chars(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)s[i] & 0xc0) != 0x80;
    return n;
}

int sk_alphabet_add(sk_alphabet *a, const char *upper, size_t ulen, const char *lower, size_t llen)
{
    if (!label_ok(upper, ulen) || (llen > 0 && !label_ok(lower, llen))) return SK_EINVAL;
    if (ulen > SK_LABEL_MAX || llen > SK_LABEL_MAX) return SK_ETOOBIG;
    if (a->size >= SK_ALPHABET_MAX) return SK_ETOOBIG;
    int k = a->size;
    memcpy(a->upper[k], upper, ulen);
    a->upper[k][ulen] = '\0';
    if (llen > 0) {
        memcpy(a->lower[k], lower, llen);
        a->lower[k][llen] = '\0';
    } else if (sk_utf8_case(upper, ulen, 0, a->lower[k], SK_LABEL_MAX + 1) == 0) {
        return SK_ETOOBIG;
    }
    if (strcmp(a->upper[k], a->lower[k]) == 0) return SK_EINVAL; /* a blank would look the same */
    for (int i = 1; i < k; i++)
        if (same_label(a->upper[i], upper, ulen, 1) ||
            same_label(a->lower[i], a->lower[k], strlen(a->lower[k]), 1))
            return SK_EINVAL;
    if (ulen == 1 && (unsigned char)upper[0] < 0x80) {
        a->ascii[(unsigned char)upper[0]] = (unsigned char)k;
        a->byte[k] = upper[0];
    }
    size_t lk = strlen(a->lower[k]);
    if (lk == 1 && (unsigned char)a->lower[k][0] < 0x80) {
        a->ascii[(unsigned char)a->lower[k][0]] = (unsigned char)(k | SK_TILE_BLANKED);
        a->byte[k | SK_TILE_BLANKED] = a->lower[k][0];
    }
    a->chars[k] = (unsigned char)count_chars(upper, ulen);
    size_t w = sk_utf8_width(upper, ulen);
    a->width[k] = (unsigned char)(a->chars[k] > 1 ? w + 2 : w);
    a->size++;
    return k;
}

/* Reads the label TEXT[0..LEN) as a whole: a letter, a blanked letter or the blank. */
static sk_tile_read whole_label(const sk_alphabet *a, const char *s, size_t len, int flags,
                                sk_tile *tile)
{
    int fold = (flags & SK_READ_FOLD) != 0;
    if (len == 1 && s[0] == '?') {
        *tile = SK_TILE_WILD;
        return flags & SK_READ_BLANK ? SK_TILE_READ_OK : SK_TILE_READ_NOT_ALLOWED;
    }
    for (int k = 1; k < a->size; k++) {
        if (same_label(a->upper[k], s, len, fold)) {
            *tile = (sk_tile)k;
            return SK_TILE_READ_OK;
        }
    }
    for (int k = 1; k < a->size; k++) {
        if (same_label(a->lower[k], s, len, 0)) {
            *tile = (sk_tile)(k | SK_TILE_BLANKED);
            return flags & SK_READ_BLANKED ? SK_TILE_READ_OK : SK_TILE_READ_NOT_ALLOWED;
        }
    }
    return SK_TILE_READ_UNKNOWN;
}

/* The longest label that TEXT[0..LEN) begins with; returns the bytes it covers (0: none) and
 * sets *TILE. Upper-case labels (folded when FOLD) win over blanked ones of the same length. */
static size_t longest_label(const sk_alphabet *a, const char *s, size_t len, int flags,
                            sk_tile *tile)
{
    int fold = (flags & SK_READ_FOLD) != 0;
    size_t best = 0;
    for (int k = 1; k < a->size; k++) {
        size_t n = prefix_match(a->upper[k], s, len, fold);
        if (n > best) best = n, *tile = (sk_tile)k;
    }
    if (!fold && (flags & SK_READ_BLANKED)) {
        for (int k = 1; k < a->size; k++) {
            size_t n = prefix_match(a->lower[k], s, len, 0);
            if (n > best) best = n, *tile = (sk_tile)(k | SK_TILE_BLANKED);
        }
    }
    return best;
}

sk_tile_read sk_alphabet_read(const sk_alphabet *a, const char *text, size_t len, size_t *pos,
                              int flags, sk_tile *tile)
{
    size_t p = *pos;
    if (p >= len) return SK_TILE_READ_END;
    sk_tile_read r;
    if (text[p] == '[') {
        const char *close = memchr(text + p + 1, ']', len - p - 1);
        if (!close) return SK_TILE_READ_UNCLOSED;
        size_t n = (size_t)(close - (text + p + 1));
        if (n == 0) return SK_TILE_READ_EMPTY;
        if (sk_utf8_invalid(text + p + 1, n) != n) return SK_TILE_READ_BAD_UTF8;
        r = whole_label(a, text + p + 1, n, flags, tile);
        if (r == SK_TILE_READ_OK) *pos = p + n + 2;
        return r;
    }
    unsigned char b = (unsigned char)text[p];
    if (b < 0x80 && !(flags & (SK_READ_FOLD | SK_READ_GREEDY)) && a->ascii[b]) {
        sk_tile t = a->ascii[b]; /* a one-byte label: no search */
        if ((t & SK_TILE_BLANKED) && !(flags & SK_READ_BLANKED)) return SK_TILE_READ_NOT_ALLOWED;
        *tile = t;
        *pos = p + 1;
        return SK_TILE_READ_OK;
    }
    uint32_t cp;
    size_t n = sk_utf8_decode(text + p, len - p, &cp);
    if (n == 0) return SK_TILE_READ_BAD_UTF8;
    if (flags & SK_READ_GREEDY && cp != '?') {
        size_t m = longest_label(a, text + p, len - p, flags, tile);
        if (m > 0) {
            *pos = p + m;
            return SK_TILE_READ_OK;
        }
    }
    r = whole_label(a, text + p, n, flags, tile);
    if (r == SK_TILE_READ_OK) *pos = p + n;
    return r;
}

size_t sk_alphabet_label(const sk_alphabet *a, sk_tile tile, char out[SK_LABEL_TEXT_MAX + 1])
{
    int k = tile & SK_TILE_LETTER;
    if (k >= a->size || (tile & ~(SK_TILE_LETTER | SK_TILE_BLANKED))) {
        out[0] = '\0';
        return 0;
    }
    const char *label = tile & SK_TILE_BLANKED ? a->lower[k] : a->upper[k];
    size_t n = strlen(label);
    if (a->chars[k] > 1) {
        out[0] = '[';
        memcpy(out + 1, label, n);
        out[n + 1] = ']';
        out[n + 2] = '\0';
        return n + 2;
    }
    memcpy(out, label, n + 1);
    return n;
}

int sk_alphabet_read_tiles(const sk_alphabet *a, const char *text, size_t len, int flags, char *out,
                           int max, size_t *at, sk_tile_read *why)
{
    int n = 0;
    size_t pos = 0;
    while (pos < len) {
        sk_tile t;
        size_t start = pos;
        sk_tile_read r = sk_alphabet_read(a, text, len, &pos, flags, &t);
        if (r != SK_TILE_READ_OK) {
            *at = start;
            *why = r;
            out[n < max ? n : max] = '\0';
            return -1;
        }
        if (n < max) out[n] = (char)t;
        n++;
    }
    out[n < max ? n : max] = '\0';
    return n;
}

void sk_alphabet_read_why(sk_tile_read why, const char *text, size_t len, size_t at, char *out,
                          size_t size)
{
    uint32_t cp;
    size_t n = at < len ? sk_utf8_decode(text + at, len - at, &cp) : 0;
    switch (why) {
    case SK_TILE_READ_BAD_UTF8:
        snprintf(out, size, "invalid UTF-8 (byte 0x%02X)", at < len ? (unsigned char)text[at] : 0);
        break;
    case SK_TILE_READ_UNCLOSED:
        snprintf(out, size, "'[' without its ']'");
        break;
    case SK_TILE_READ_EMPTY:
        snprintf(out, size, "empty brackets '[]'");
        break;
    case SK_TILE_READ_UNKNOWN:
    case SK_TILE_READ_NOT_ALLOWED: {
        unsigned char c = at < len ? (unsigned char)text[at] : 0;
        if (c < 0x20 || c == 0x7f) { /* a control character: named, not copied */
            char what[24];
            sk_describe_byte(c, what);
            snprintf(out, size, "%s is not a tile", what);
            break;
        }
        size_t m = n;
        if (at < len && text[at] == '[') { /* the whole bracketed label */
            const char *close = memchr(text + at, ']', len - at);
            m = close ? (size_t)(close - (text + at)) + 1 : n;
        }
        m = sk_utf8_cut(text + at, m, 40); /* a long label shown in part, no character cut */
        if (why == SK_TILE_READ_UNKNOWN)
            snprintf(out, size, "'%.*s' is not a tile of the tile set", (int)m, text + at);
        else
            snprintf(out, size, "'%.*s' is not allowed here", (int)m, text + at);
        break;
    }
    default:
        snprintf(out, size, "a tile is missing");
        break;
    }
}

size_t sk_alphabet_text(const sk_alphabet *a, const char *tiles, int letters, char *out,
                        size_t size)
{
    size_t n = 0;
    if (size == 0) return 0;
    for (const char *p = tiles; *p; p++) {
        char label[SK_LABEL_TEXT_MAX + 1];
        sk_tile t = (sk_tile)*p;
        size_t m = sk_alphabet_label(a, letters ? t & SK_TILE_LETTER : t, label);
        if (n + m >= size) break;
        memcpy(out + n, label, m);
        n += m;
    }
    out[n] = '\0';
    return n;
}

void sk_alphabet_write_tiles(const sk_alphabet *a, const char *tiles, sk_buf *out)
{
    for (const char *p = tiles; *p; p++)
        sk_alphabet_write(a, (sk_tile)*p, out);
}

void sk_alphabet_write(const sk_alphabet *a, sk_tile tile, sk_buf *out)
{
    char text[SK_LABEL_TEXT_MAX + 1];
    size_t n = sk_alphabet_label(a, tile, text);
    sk_buf_append(out, text, n);
}

int sk_alphabet_width(const sk_alphabet *a, sk_tile tile)
{
    int k = tile & SK_TILE_LETTER;
    if (k >= a->size) return 0;
    if (!(tile & SK_TILE_BLANKED)) return a->width[k];
    size_t w = sk_utf8_width(a->lower[k], strlen(a->lower[k]));
    return (int)(a->chars[k] > 1 ? w + 2 : w);
}

int sk_alphabet_is_latin(const sk_alphabet *a)
{
    if (a->size != 27) return 0;
    for (int k = 1; k < 27; k++)
        if (a->upper[k][0] != 'A' + k - 1 || a->upper[k][1] != '\0') return 0;
    return 1;
}
