/* score.h — the arithmetic of scores, shared by the rules, the move generator and the game:
 * 64-bit products and sums that saturate instead of overflowing, and the clamp that stores a
 * result in an int. Factors up to 99 make five x99 word squares alone worth 99^5 times the
 * letters, beyond 32 bits; a score outside +-SK_SCORE_MAX is stored as that bound (rules.h).
 * Not installed. */
#ifndef SKRAB_INTERNAL_SCORE_H
#define SKRAB_INTERNAL_SCORE_H

#define SK_SCORE_MAX 2147483647LL

/* A * B, or the bound of its sign when the product does not fit. */
static inline long long sk_score_mul(long long a, long long b)
{
    long long r;
    if (__builtin_mul_overflow(a, b, &r))
        return (a < 0) != (b < 0) ? -9223372036854775807LL : 9223372036854775807LL;
    return r;
}

/* A + B, or the bound of A's sign when the sum does not fit. */
static inline long long sk_score_add(long long a, long long b)
{
    long long r;
    if (__builtin_add_overflow(a, b, &r))
        return a < 0 ? -9223372036854775807LL : 9223372036854775807LL;
    return r;
}

/* V clamped to -SK_SCORE_MAX..SK_SCORE_MAX. */
static inline int sk_score_clamp(long long v)
{
    return v > SK_SCORE_MAX ? (int)SK_SCORE_MAX : v < -SK_SCORE_MAX ? (int)-SK_SCORE_MAX : (int)v;
}

#endif
