/* utf8.c — strict UTF-8 decoding, simple case mapping and display width (see utf8.h). */
#include <string.h>

#include "skrab/utf8.h"

size_t sk_utf8_decode(const char *s, size_t len, uint32_t *cp)
{
    if (len == 0) return 0;
    const unsigned char *u = (const unsigned char *)s;
    *cp = u[0];
    if (u[0] < 0x80) return 1;
    size_t n;
    uint32_t v, min;
    if (u[0] >= 0xc2 && u[0] <= 0xdf) {
        n = 2, v = u[0] & 0x1f, min = 0x80;
    } else if (u[0] >= 0xe0 && u[0] <= 0xef) {
        n = 3, v = u[0] & 0x0f, min = 0x800;
    } else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
        n = 4, v = u[0] & 0x07, min = 0x10000;
    } else {
        return 0; /* a continuation byte, or a lead byte of an overlong or too-large form */
    }
    if (n > len) return 0;
    for (size_t i = 1; i < n; i++) {
        if ((u[i] & 0xc0) != 0x80) return 0;
        v = v << 6 | (u[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return 0;
    *cp = v;
    return n;
}

size_t sk_utf8_invalid(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len) {
        uint32_t cp;
        size_t n = sk_utf8_decode(s + i, len - i, &cp);
        if (n == 0) return i;
        i += n;
    }
    return len;
}

size_t sk_utf8_encode(uint32_t cp, char out[SK_UTF8_CHAR_MAX])
{
    unsigned char *o = (unsigned char *)out;
    if (cp < 0x80) {
        o[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (unsigned char)(0xc0 | cp >> 6);
        o[1] = (unsigned char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp >= 0xd800 && cp <= 0xdfff) return 0;
    if (cp < 0x10000) {
        o[0] = (unsigned char)(0xe0 | cp >> 12);
        o[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
        o[2] = (unsigned char)(0x80 | (cp & 0x3f));
        return 3;
    }
    if (cp > 0x10ffff) return 0;
    o[0] = (unsigned char)(0xf0 | cp >> 18);
    o[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
    o[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
    o[3] = (unsigned char)(0x80 | (cp & 0x3f));
    return 4;
}

/* Latin Extended-A pairs an upper-case letter with the next code point; the pairs start on an
 * even code point except in U+0139..U+0148 and U+0179..U+017E, where they start on an odd one.
 * Returns 1 if CP is the upper-case half of such a pair. */
static int latin_a_upper(uint32_t cp)
{
    if (cp >= 0x0139 && cp <= 0x0148) return cp % 2 == 1;
    if (cp >= 0x0179 && cp <= 0x017e) return cp % 2 == 1;
    if (cp == 0x0130 || cp == 0x0131 || cp == 0x0138 || cp == 0x0149 || cp == 0x0178 ||
        cp == 0x017f)
        return 0;
    return cp % 2 == 0;
}

uint32_t sk_utf8_lower(uint32_t cp)
{
    if (cp >= 'A' && cp <= 'Z') return cp + 0x20;
    if (cp < 0x80) return cp;
    if (cp >= 0xc0 && cp <= 0xde && cp != 0xd7) return cp + 0x20;
    if (cp >= 0x0100 && cp <= 0x017e && cp != 0x0130 && latin_a_upper(cp)) return cp + 1;
    if (cp == 0x0130) return 'i';
    if (cp == 0x0178) return 0xff;
    if (cp >= 0x0391 && cp <= 0x03a9 && cp != 0x03a2) return cp + 0x20;
    if (cp == 0x0386) return 0x03ac;
    if (cp >= 0x0388 && cp <= 0x038a) return cp + 0x25;
    if (cp == 0x038c) return 0x03cc;
    if (cp == 0x038e || cp == 0x038f) return cp + 0x3f;
    if (cp >= 0x0410 && cp <= 0x042f) return cp + 0x20;
    if (cp >= 0x0400 && cp <= 0x040f) return cp + 0x50;
    return cp;
}

uint32_t sk_utf8_upper(uint32_t cp)
{
    if (cp >= 'a' && cp <= 'z') return cp - 0x20;
    if (cp < 0x80) return cp;
    if (cp >= 0xe0 && cp <= 0xfe && cp != 0xf7) return cp - 0x20;
    if (cp == 0xff) return 0x0178;
    if (cp >= 0x0101 && cp <= 0x017f && cp != 0x0131 && latin_a_upper(cp - 1)) return cp - 1;
    if (cp >= 0x03b1 && cp <= 0x03c9 && cp != 0x03c2) return cp - 0x20;
    if (cp == 0x03c2) return 0x03a3; /* final sigma */
    if (cp == 0x03ac) return 0x0386;
    if (cp >= 0x03ad && cp <= 0x03af) return cp - 0x25;
    if (cp == 0x03cc) return 0x038c;
    if (cp == 0x03cd || cp == 0x03ce) return cp - 0x3f;
    if (cp >= 0x0430 && cp <= 0x044f) return cp - 0x20;
    if (cp >= 0x0450 && cp <= 0x045f) return cp - 0x50;
    return cp;
}

size_t sk_utf8_case(const char *s, size_t len, int upper, char *out, size_t size)
{
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        size_t n = sk_utf8_decode(s + i, len - i, &cp);
        if (n == 0) return 0;
        char enc[SK_UTF8_CHAR_MAX];
        size_t m = sk_utf8_encode(upper ? sk_utf8_upper(cp) : sk_utf8_lower(cp), enc);
        if (o + m >= size) return 0;
        memcpy(out + o, enc, m);
        o += m;
        i += n;
    }
    if (size == 0) return 0;
    out[o] = '\0';
    return o;
}

typedef struct {
    uint32_t first, last;
} range;

static int in_ranges(uint32_t cp, const range *r, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (cp >= r[i].first && cp <= r[i].last) return 1;
    return 0;
}

static const range zero_width[] = {
    {0x0300, 0x036f}, {0x0483, 0x0489}, {0x0591, 0x05bd}, {0x1ab0, 0x1aff},
    {0x1dc0, 0x1dff}, {0x200b, 0x200f}, {0x2060, 0x2064}, {0x20d0, 0x20ff},
    {0xfe00, 0xfe0f}, {0xfe20, 0xfe2f}, {0xfeff, 0xfeff},
};

static const range wide[] = {
    {0x1100, 0x115f}, {0x2e80, 0x303e},   {0x3041, 0x33ff},   {0x3400, 0x4dbf},   {0x4e00, 0x9fff},
    {0xa000, 0xa4cf}, {0xac00, 0xd7a3},   {0xf900, 0xfaff},   {0xfe30, 0xfe4f},   {0xff00, 0xff60},
    {0xffe0, 0xffe6}, {0x1f300, 0x1f64f}, {0x1f900, 0x1f9ff}, {0x20000, 0x3fffd},
};

size_t sk_utf8_cut(const char *s, size_t len, size_t max)
{
    if (len <= max) return len;
    size_t n = max;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return n;
}

size_t sk_utf8_width(const char *s, size_t len)
{
    size_t cols = 0;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        size_t n = sk_utf8_decode(s + i, len - i, &cp);
        if (n == 0) {
            cols++;
            i++;
            continue;
        }
        i += n;
        if (cp < 0x300) {
            cols += cp >= 0x20 && cp != 0x7f;
        } else if (in_ranges(cp, zero_width, sizeof(zero_width) / sizeof(zero_width[0]))) {
            continue;
        } else {
            cols += in_ranges(cp, wide, sizeof(wide) / sizeof(wide[0])) ? 2 : 1;
        }
    }
    return cols;
}
