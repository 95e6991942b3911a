/* fuzz_klv.c — libFuzzer target for the KLV/KLV2 leave-file reader: any bytes either load (and
 * then every short leave can be looked up, and the table of every leave of a rack read in one
 * walk equals those lookups) or fail with a reason; never a crash or a hang. */
#include <stdint.h>
#include <stdlib.h>

#include "skrab/leave.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sk_leaves *l;
    sk_diag_list d;
    sk_diag_list_init(&d);
    int rc = sk_leaves_from_bytes(&l, data, size, &d);
    if (rc == 0) {
        /* tile strings (alphabet.h): "", "?", "A", "AB", "?Z", "ERS", "QQQQQQQ", "??ABCDE", a
         * blank played as E, and the last letter an alphabet can have */
        static const char *const leaves[] = {"",
                                             "\x40",
                                             "\x01",
                                             "\x01\x02",
                                             "\x40\x1a",
                                             "\x05\x12\x13",
                                             "\x11\x11\x11\x11\x11\x11\x11",
                                             "\x40\x40\x01\x02\x03\x04\x05",
                                             "\x45",
                                             "\x3f\x7f"};
        for (size_t i = 0; i < sizeof(leaves) / sizeof(leaves[0]); i++)
            (void)sk_leave_value(l, leaves[i]);
        /* racks of the blank and the first kinds, and of the last kinds an alphabet can have */
        static const int racks[][4] = {{1, 1, 1, 1}, {2, 0, 3, 2}, {0, 2, 2, 1}};
        for (int r = 0; r < 3; r++)
            for (int base = 0; base <= 60; base += 60) {
                int counts[64] = {0}, radix[64] = {0}, cells = 1;
                for (int k = 0; k < 4; k++)
                    counts[k == 0 ? 0 : base + k] = racks[r][k];
                for (int t = 0; t < 64; t++) {
                    radix[t] = cells;
                    cells *= counts[t] + 1;
                }
                float table[256];
                if (!sk_leave_values_of_rack(l, counts, 64, radix, table)) abort();
                for (int idx = 0; idx < cells; idx++) {
                    unsigned char kept[16];
                    int n = 0;
                    for (int t = 0; t < 64; t++)
                        for (int c = 0; c < idx / radix[t] % (counts[t] + 1); c++)
                            kept[n++] = (unsigned char)t;
                    if (table[idx] != (float)sk_leave_value_tiles(l, kept, n)) abort();
                }
            }
        sk_leaves_free(l);
    } else if (rc == -1 && d.errors == 0) {
        abort(); /* a refusal says why */
    }
    sk_diag_list_free(&d);
    return 0;
}
