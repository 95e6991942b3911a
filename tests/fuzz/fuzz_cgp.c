/* fuzz_cgp.c — libFuzzer target for CGP lines: a line either parses, and then writes out a line
 * that parses to the same position, or fails with at least one error. The game its ops name is
 * read into a spec: either the numbers are in their ranges or a reason is given. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "skrab/gamespec.h"
#include "skrab/position.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_position p, q;
    sk_diag_list d;
    sk_diag_list_init(&d);
    int rc = sk_position_parse_cgp(&p, (const char *)data, size, NULL, &d);
    if (rc != 0 && d.errors == 0) abort();
    if (rc == 0) {
        sk_buf out;
        sk_buf_init(&out);
        sk_position_write_cgp(&p, NULL, &out);
        sk_diag_list_clear(&d);
        if (sk_position_parse_cgp(&q, out.data, out.len, NULL, &d) != 0) abort();
        if (q.width != p.width || q.height != p.height || q.nplayers != p.nplayers ||
            memcmp(q.tiles, p.tiles, sizeof(p.tiles)) != 0 || q.zeros != p.zeros ||
            memcmp(q.scores, p.scores, sizeof(p.scores)) != 0)
            abort();
        sk_buf_free(&out);
        sk_game_spec spec;
        sk_game_spec_init(&spec);
        char why[300] = "";
        int src = sk_game_spec_from_cgp(&spec, &p, "dir/pos.cgp", why, sizeof(why));
        if (src != 0 && !why[0]) abort();
        if (src == 0 && (spec.rack_size > SK_RACK_MAX || spec.bingo_bonus > 1000 ||
                         spec.exchange_min > 1000 || spec.rack_size == 0))
            abort();
    }
    sk_diag_list_free(&d);
    return 0;
}
