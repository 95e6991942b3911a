/* fuzz_move.c — libFuzzer target for the move-notation parser: every input either parses (and
 * then writes back out and re-parses to the same move, tile for tile) or fails with a reason. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "skrab/move.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_move m;
    char why[200];
    int rc = sk_move_parse(&m, (const char *)data, size, NULL, why, sizeof(why));
    if (rc != 0) {
        if (why[0] == '\0') abort(); /* a rejection must say why */
        return 0;
    }
    sk_buf out;
    sk_buf_init(&out);
    sk_move_write_normalised(&out, &m, NULL);
    sk_move again;
    if (sk_move_parse(&again, out.data, out.len, NULL, why, sizeof(why)) != 0)
        abort(); /* what we write, we read */
    if (again.kind != m.kind || again.notation != m.notation ||
        (m.kind == SK_MOVE_PLACE &&
         (again.row != m.row || again.col != m.col || again.dir != m.dir ||
          again.ntiles != m.ntiles || memcmp(again.tiles, m.tiles, (size_t)m.ntiles) != 0 ||
          (m.notation == SK_NOTATION_GCG &&
           memcmp(again.through, m.through, (size_t)m.ntiles) != 0))))
        abort(); /* the same move: every tile, and every mark of a tile already on the board */
    if (m.kind == SK_MOVE_EXCHANGE &&
        (strcmp(again.exchange, m.exchange) != 0 || again.exchange_count != m.exchange_count))
        abort();
    sk_buf_free(&out);
    return 0;
}
