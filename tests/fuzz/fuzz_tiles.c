/* fuzz_tiles.c — libFuzzer target for the tile-set parsers: the input is parsed with detection
 * and as each format; every diagnostic is located (line:col) as the CLI would, and a set that
 * parses must be consistent (counts and scores in range, the total their sum, a letter, every
 * label of its alphabet read back as its tile). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "skrab/error.h"
#include "skrab/tiles.h"

static void check_set(const sk_tileset *t)
{
    int total = 0, letters = 0;
    const sk_alphabet *a = &t->alphabet;
    if (a->size < 2 || a->size > SK_ALPHABET_MAX) abort();
    for (int i = 0; i < SK_ALPHABET_MAX; i++) {
        if (t->count[i] < 0 || t->count[i] > SK_TILE_COUNT_MAX || t->score[i] < 0 ||
            t->score[i] > SK_TILE_SCORE_MAX || t->defined[i] > 1 || t->vowel[i] > 1)
            abort();
        if (!t->defined[i] && (t->count[i] != 0 || t->score[i] != 0)) abort();
        if (i >= a->size && t->defined[i]) abort();
        total += t->count[i];
        if (i > 0) letters += t->defined[i];
    }
    if (total != t->total || letters == 0) abort();
    /* every letter's label, and its blank form, reads back as that tile */
    for (int k = 1; k < a->size; k++) {
        for (int blanked = 0; blanked < 2; blanked++) {
            sk_tile tile = (sk_tile)(k | (blanked ? SK_TILE_BLANKED : 0)), back = 0;
            char text[SK_LABEL_TEXT_MAX + 1];
            size_t n = sk_alphabet_label(a, tile, text), pos = 0;
            if (n == 0 ||
                sk_alphabet_read(a, text, n, &pos, SK_READ_BLANK | SK_READ_BLANKED, &back) !=
                    SK_TILE_READ_OK ||
                back != tile || pos != n)
                abort();
        }
    }
    /* a letter scores its own points; a blank, played or not, the blank's; past the alphabet 0 */
    if (sk_tileset_score_of(t, (char)SK_TILE_WILD) != t->score[SK_TILE_BLANK]) abort();
    for (int k = 1; k < SK_ALPHABET_MAX; k++) {
        int in = k < a->size;
        if (sk_tileset_score_of(t, (char)k) != (in ? t->score[k] : 0) ||
            sk_tileset_score_of(t, (char)(k | SK_TILE_BLANKED)) !=
                (in ? t->score[SK_TILE_BLANK] : 0))
            abort();
    }
    if (!sk_tileset_is_latin(t)) return;
    for (char c = 'A'; c <= 'Z'; c++)
        if (sk_tile_from_char(c) != c - 'A' + 1 ||
            sk_tile_from_char((char)(c - 'A' + 'a')) != c - 'A' + 1)
            abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    static const sk_tiles_format formats[] = {SK_TILES_FORMAT_AUTO, SK_TILES_FORMAT_CS104,
                                              SK_TILES_FORMAT_CSV};
    for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
        sk_tileset set;
        sk_diag_list diags;
        sk_diag_list_init(&diags);
        int rc = sk_tileset_parse(&set, text, size, formats[f], &diags);
        sk_diag_list_sort(&diags);
        for (size_t i = 0; i < diags.count; i++) {
            const sk_diag *d = &diags.items[i];
            if (d->offset != SK_DIAG_NO_OFFSET && d->offset > size) abort();
            if (memchr(d->message, '\0', sizeof(d->message)) == NULL || d->message[0] == '\0')
                abort();
            int line, col;
            sk_diag_locate(text, size, d->offset, &line, &col);
            if (line < 1 || col < 1) abort();
        }
        if (rc == SK_OK) {
            if (diags.errors != 0) abort();
            check_set(&set);
        } else if (rc == SK_EINVAL && diags.errors == 0) {
            abort(); /* a failure must say why */
        }
        sk_diag_list_free(&diags);
    }
    /* NULL diagnostics must give the same answer */
    sk_tileset a, b;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    int with = sk_tileset_parse(&a, text, size, SK_TILES_FORMAT_AUTO, &diags);
    int without = sk_tileset_parse(&b, text, size, SK_TILES_FORMAT_AUTO, NULL);
    if (with != without || (with == SK_OK && memcmp(&a, &b, sizeof(a)) != 0)) abort();
    sk_diag_list_free(&diags);
    return 0;
}
