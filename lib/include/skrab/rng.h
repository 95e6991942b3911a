/* rng.h — a small, fast, reproducible pseudo-random generator (splitmix64) for drawing tiles,
 * rolling dice and shuffling: the same seed gives the same sequence on every machine. Not for
 * anything secret. */
#ifndef SKRAB_RNG_H
#define SKRAB_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t state;
} sk_rng;

static inline void sk_rng_seed(sk_rng *r, uint64_t seed)
{
    r->state = seed;
}

static inline uint64_t sk_rng_next(sk_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A uniform integer in [0, N) for N >= 1 (rejection sampling: no modulo bias). */
static inline uint64_t sk_rng_below(sk_rng *r, uint64_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = sk_rng_next(r);
    while (x >= limit);
    return x % n;
}

#endif
