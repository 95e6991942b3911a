/* hugemap.h — zeroed anonymous memory for the large tables the move generator reads at random
 * (the walk table, the word map), laid out so that the kernel may back it with huge pages. Not
 * installed. */
#ifndef SKRAB_INTERNAL_HUGEMAP_H
#define SKRAB_INTERNAL_HUGEMAP_H

#include <stddef.h>

/* BYTES (> 0) of zeroed, private, read-write memory, or NULL when there is none. A request of
 * 2 MiB or more starts on a 2 MiB boundary and is marked for transparent huge pages where the
 * system has them (a hint: a system without them gives ordinary pages): a table read at random
 * then costs far fewer address translations. The memory is not touched here, so it takes no
 * room until written. sk_huge_free(p, BYTES) frees it. */
void *sk_huge_alloc(size_t bytes);
void sk_huge_free(void *p, size_t bytes);

#endif
