/* test_hugemap.c — sk_huge_alloc: zeroed, writable memory of the size asked; a request of 2 MiB
 * or more starts on a 2 MiB boundary (where huge pages can back it); nothing for 0 bytes. */
#include <stdint.h>
#include <string.h>

#include "testutil.h"

#include "internal/hugemap.h"

static void check(size_t bytes)
{
    unsigned char *p = sk_huge_alloc(bytes);
    assert_non_null(p);
    if (bytes >= (size_t)2 << 20) assert_int_equal((uintptr_t)p % ((uintptr_t)2 << 20), 0);
    size_t step = 4096;
    for (size_t i = 0; i < bytes; i += step) /* zeroed, one byte a page */
        assert_int_equal(p[i], 0);
    assert_int_equal(p[bytes - 1], 0);
    memset(p, 0xA5, bytes); /* writable to the last byte */
    assert_int_equal(p[0], 0xA5);
    assert_int_equal(p[bytes - 1], 0xA5);
    sk_huge_free(p, bytes);
}

static void sizes(void **state)
{
    (void)state;
    check(1);
    check(4095);
    check(100000);
    check((size_t)2 << 20);
    check(((size_t)5 << 20) + 12345); /* a part of a huge page at the end */
    assert_null(sk_huge_alloc(0));
    sk_huge_free(NULL, 0); /* nothing to free */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
