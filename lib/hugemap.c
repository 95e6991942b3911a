/* hugemap.c — sk_huge_alloc: anonymous mappings aligned for transparent huge pages. */
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS and MADV_HUGEPAGE, where the system has them */
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "internal/hugemap.h"

#define HUGE_PAGE ((size_t)2 << 20)

/* BYTES rounded up to whole pages of the system. */
static size_t whole_pages(size_t bytes)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (bytes + page - 1) / page * page;
}

void *sk_huge_alloc(size_t bytes)
{
    if (bytes == 0) return NULL;
    size_t len = whole_pages(bytes);
    if (len < HUGE_PAGE) {
        void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        return p == MAP_FAILED ? NULL : p;
    }
    /* map a huge page more than asked, keep the part that starts on a boundary */
    if (len > SIZE_MAX - HUGE_PAGE) return NULL;
    char *raw =
        mmap(NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return NULL;
    char *p = (char *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (p > raw) munmap(raw, (size_t)(p - raw));
    size_t tail = (size_t)(raw + len + HUGE_PAGE - (p + len));
    if (tail) munmap(p + len, tail);
#ifdef MADV_HUGEPAGE
    (void)madvise(p, len, MADV_HUGEPAGE); /* a hint: without it, ordinary pages */
#endif
    return p;
}

void sk_huge_free(void *p, size_t bytes)
{
    if (p) munmap(p, whole_pages(bytes));
}
