/* bench_lexicon.c — the lexicon benchmark: builds a KWG from a word list and times
 * the build, opening the file, lookups, and an anagram search. Prints one table row per
 * operation: operation, items, time per item, memory. Never a test: figures only.
 *   bench_lexicon WORDLIST [OUT.kwg [OTHER.kwg]]
 * OTHER.kwg, a KWG made by another tool (wolges), adds rows for opening and using it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#include "skrab/buf.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"

static double now(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double peak_rss_mb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss / 1024.0;
}

/* One table row; SECONDS < 0 for a row without a time. */
static void row(const char *op, double items, const char *unit, double seconds, const char *mem)
{
    char total[32] = "-", per_item[32] = "-", rate[32] = "-";
    if (seconds >= 0) {
        double per = seconds / items;
        const char *scale = per < 1e-6 ? "ns" : per < 1e-3 ? "us" : per < 1 ? "ms" : "s";
        double mult = per < 1e-6 ? 1e9 : per < 1e-3 ? 1e6 : per < 1 ? 1e3 : 1;
        snprintf(total, sizeof(total), "%.1f ms", seconds * 1e3);
        snprintf(per_item, sizeof(per_item), "%.2f %s", per * mult, scale);
        snprintf(rate, sizeof(rate), "%.0f/s", items / seconds);
    }
    printf("| %-36s | %10.0f %-8s | %10s | %10s | %12s | %-26s |\n", op, items, unit, total,
           per_item, rate, mem);
}

static int count_word(void *ctx, const char *word, size_t len)
{
    (void)word;
    (void)len;
    (*(size_t *)ctx)++;
    return 0;
}

/* xorshift: reproducible random non-words */
static unsigned long long rng_state = 0x2545F4914F6CDD1Du;
static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_lexicon WORDLIST [OUT.kwg]\n");
        return 2;
    }
    const char *out_path = argc > 2 ? argv[2] : "/tmp/bench_lexicon.kwg";
    sk_buf text;
    sk_buf_init(&text);
    if (sk_buf_read_file(&text, argv[1], SK_WORDLIST_FILE_MAX) != SK_OK) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    char mem[64];
    printf("| %-36s | %-19s | %10s | %10s | %12s | %-26s |\n", "operation", "items", "time",
           "per item", "rate", "memory");
    printf(
        "|--------------------------------------|---------------------|------------|------------|"
        "--------------|----------------------------|\n");

    /* Build: the first run sets the peak RSS; the best of 5 runs is the time. */
    double best_wall = 1e9, best_cpu = 1e9;
    uint32_t *nodes = NULL;
    size_t count = 0;
    sk_kwg_build_stats stats;
    double rss_before = peak_rss_mb();
    for (int r = 0; r < 5; r++) {
        free(nodes);
        double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
        if (sk_kwg_build(&nodes, &count, text.data, text.len, NULL, &stats, NULL) != SK_OK) {
            fprintf(stderr, "build failed\n");
            return 1;
        }
        double w = now(CLOCK_MONOTONIC) - w0, c = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
        if (w < best_wall) best_wall = w;
        if (c < best_cpu) best_cpu = c;
    }
    snprintf(mem, sizeof(mem), "peak RSS %.1f MB (+%.1f)", peak_rss_mb(),
             peak_rss_mb() - rss_before);
    row("build (wall, best of 5)", (double)stats.words, "words", best_wall, mem);
    row("build (CPU, best of 5)", (double)stats.words, "words", best_cpu, "");
    if (sk_kwg_write(out_path, nodes, count) != SK_OK) {
        fprintf(stderr, "cannot write %s\n", out_path);
        return 1;
    }
    free(nodes);
    struct stat st;
    stat(out_path, &st);
    snprintf(mem, sizeof(mem), "%lld bytes", (long long)st.st_size);
    row("KWG file", (double)count, "nodes", -1, mem);

    /* Open: mmap plus validation. */
    int opens = 200;
    double t0 = now(CLOCK_MONOTONIC);
    for (int i = 0; i < opens; i++) {
        sk_lexicon *lex;
        if (sk_lexicon_open(&lex, out_path, NULL) != SK_OK) return 1;
        sk_lexicon_free(lex);
    }
    row("open (mmap + validate)", opens, "opens", now(CLOCK_MONOTONIC) - t0, "mapped, shared");

    sk_lexicon *lex;
    if (sk_lexicon_open(&lex, out_path, NULL) != SK_OK) return 1;
    sk_lexicon_info info;
    t0 = now(CLOCK_MONOTONIC);
    sk_lexicon_get_info(lex, &info);
    snprintf(mem, sizeof(mem), "%llu words", (unsigned long long)info.words);
    row("count words", (double)info.nodes, "nodes", now(CLOCK_MONOTONIC) - t0, mem);

    /* Lookups of every word of the list, in list order, 5 rounds. */
    size_t nwords = 0, found = 0;
    t0 = now(CLOCK_MONOTONIC);
    for (int round = 0; round < 5; round++) {
        const char *p = text.data, *end = text.data + text.len;
        while (p < end) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
            while (len && (p[len - 1] == '\r' || p[len - 1] == ' '))
                len--;
            found += (size_t)sk_lexicon_contains(lex, NULL, p, len);
            nwords++;
            p = nl ? nl + 1 : end;
        }
    }
    snprintf(mem, sizeof(mem), "%zu of %zu found", found / 5, nwords / 5);
    row("lookup, every word", (double)nwords, "lookups", now(CLOCK_MONOTONIC) - t0, mem);

    /* Random strings of 2..15 letters: nearly all non-words, most rejected early. */
    enum { NRAND = 100000 };
    static char rand_words[NRAND][16];
    for (int i = 0; i < NRAND; i++) {
        int len = 2 + (int)rnd(14);
        for (int j = 0; j < len; j++)
            rand_words[i][j] = (char)('A' + rnd(26));
        rand_words[i][len] = '\0';
    }
    found = 0;
    t0 = now(CLOCK_MONOTONIC);
    for (int round = 0; round < 10; round++)
        for (int i = 0; i < NRAND; i++)
            found += (size_t)sk_lexicon_contains(lex, NULL, rand_words[i], strlen(rand_words[i]));
    snprintf(mem, sizeof(mem), "%zu found", found / 10);
    row("lookup, random strings", NRAND * 10.0, "lookups", now(CLOCK_MONOTONIC) - t0, mem);

    /* Anagrams of AEIRST? (all lengths) and the exact ones. */
    const char *racks[] = {"AEIRST?", "AEIRST?"};
    const int exact[] = {0, SK_ANAGRAM_EXACT};
    const char *names[] = {"anagram AEIRST? (all words)", "anagram AEIRST? --exact"};
    for (int k = 0; k < 2; k++) {
        int reps = 200;
        size_t n = 0;
        t0 = now(CLOCK_MONOTONIC);
        for (int i = 0; i < reps; i++) {
            n = 0;
            sk_lexicon_anagram(lex, NULL, racks[k], 7, exact[k], 2, count_word, &n);
        }
        snprintf(mem, sizeof(mem), "%zu words each", n);
        row(names[k], reps, "searches", now(CLOCK_MONOTONIC) - t0, mem);
    }
    sk_lexicon_free(lex);

    if (argc > 3) {
        /* A file from another tool: its arcs point backward too, so opening it takes the
         * depth-first cycle check. */
        int n = 20;
        t0 = now(CLOCK_MONOTONIC);
        for (int i = 0; i < n; i++) {
            if (sk_lexicon_open(&lex, argv[3], NULL) != SK_OK) {
                fprintf(stderr, "cannot open %s\n", argv[3]);
                return 1;
            }
            if (i < n - 1) sk_lexicon_free(lex);
        }
        snprintf(mem, sizeof(mem), "%zu nodes", sk_lexicon_node_count(lex));
        row("open other tool's KWG (validate)", n, "opens", now(CLOCK_MONOTONIC) - t0, mem);
        size_t reps = 0;
        found = 0;
        t0 = now(CLOCK_MONOTONIC);
        for (const char *p = text.data, *end = text.data + text.len; p < end; reps++) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
            found += (size_t)sk_lexicon_contains(lex, NULL, p, len);
            p = nl ? nl + 1 : end;
        }
        snprintf(mem, sizeof(mem), "%zu of %zu found", found, reps);
        row("lookup in it, every word", (double)reps, "lookups", now(CLOCK_MONOTONIC) - t0, mem);
        sk_lexicon_free(lex);
    }
    sk_buf_free(&text);
    return 0;
}
