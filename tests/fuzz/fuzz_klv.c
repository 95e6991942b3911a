/* fuzz_klv.c — libFuzzer target for the KLV/KLV2 leave-file reader: any bytes either load (and
 * then every short leave can be looked up) or fail with a reason; never a crash or a hang. */
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
        sk_leaves_free(l);
    } else if (rc == -1 && d.errors == 0) {
        abort(); /* a refusal says why */
    }
    sk_diag_list_free(&d);
    return 0;
}
