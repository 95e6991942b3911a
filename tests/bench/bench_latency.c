/* bench_latency.c — the machine's time for a load whose address depends on the load before it,
 * by working-set size: what one cache miss of the move generator's tables costs where they do
 * not fit the caches (the walk table, the word map and the leave table are read at random, a
 * few bytes at a time). Each row chases a pointer through one 64-byte line after another of a
 * buffer in a random cyclic order (a fixed seed), after a first lap that loads the buffer and its
 * page tables, and asks for huge pages as the generator's tables do. Figures only; the time is
 * the wall clock, so run it on a quiet machine.
 *   bench_latency [STEPS] */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

#define LINE 64
#define HUGE_PAGE ((size_t)2 << 20)

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* xorshift64*: a fixed sequence, the same on every run */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1Dull;
}

/* Nanoseconds a dependent load through BYTES of memory, over STEPS loads; -1 when out of
 * memory. */
static double chase(size_t bytes, long steps)
{
    size_t lines = bytes / LINE, room = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    char *buf = NULL;
    if (posix_memalign((void **)&buf, HUGE_PAGE, room) != 0) return -1;
    (void)madvise(buf, room, MADV_HUGEPAGE); /* a hint: without it the rows are slower */
    size_t *order = malloc(lines * sizeof(*order));
    if (!order) {
        free(buf);
        return -1;
    }
    for (size_t i = 0; i < lines; i++)
        order[i] = i;
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    for (size_t i = lines - 1; i > 0; i--) { /* Fisher-Yates */
        size_t j = (size_t)(next_random(&seed) % (i + 1)), x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
    for (size_t i = 0; i < lines; i++) /* each line points to the next in the cycle */
        *(char **)(buf + order[i] * LINE) = buf + order[(i + 1) % lines] * LINE;
    free(order);
    char *p = buf;
    for (size_t i = 0; i < lines; i++) /* a first lap: pages touched, caches as warm as they get */
        p = *(char **)p;
    double t = now_ns();
    for (long i = 0; i < steps; i++)
        p = *(char **)p;
    t = now_ns() - t;
    char *volatile sink = p; /* the chase has a use: it is not optimized away */
    (void)sink;
    free(buf);
    return t / (double)steps;
}

int main(int argc, char **argv)
{
    long steps = argc > 1 ? atol(argv[1]) : 10000000;
    if (steps <= 0) {
        fprintf(stderr, "usage: bench_latency [STEPS]\n");
        return 2;
    }
    static const size_t kib[] = {64, 256, 1024, 2048, 4096, 8192, 16384, 32768, 65536};
    printf("%-34s %9s %12s\n", "operation", "loads", "time/load");
    for (size_t i = 0; i < sizeof(kib) / sizeof(kib[0]); i++) {
        double ns = chase(kib[i] << 10, steps);
        if (ns < 0) {
            fprintf(stderr, "bench_latency: out of memory\n");
            return 1;
        }
        char op[64];
        snprintf(op, sizeof(op), "dependent load, %zu KiB", kib[i]);
        printf("%-34s %9ld %9.1f ns\n", op, steps, ns);
    }
    return 0;
}
