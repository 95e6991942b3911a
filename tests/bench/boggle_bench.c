/* boggle_bench.c — the Boggle benchmark: random boards rolled from the real dice,
 * solved against a lexicon, one thread, timed in CPU seconds. Prints a Markdown table: operation,
 * boards, time per board, boards per second, memory. Never a test: figures only.
 *   boggle_bench LEXICON.kwg DICE_DIR [BOARDS] [SEED]
 * tests/bench/boggle.sh builds and runs it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "skrab/boggle.h"
#include "skrab/buf.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double peak_rss_mb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss / 1024.0;
}

static void row(const char *op, double items, double seconds, const char *mem)
{
    double per = seconds / items;
    const char *scale = "s";
    if (per < 1e-3) {
        per *= 1e6;
        scale = "us";
    } else if (per < 1) {
        per *= 1e3;
        scale = "ms";
    }
    printf("| %-39s | %8.0f | %8.2f %-2s | %10.0f | %-26s |\n", op, items, per, scale,
           items / seconds, mem);
}

static int load_dice(const char *dir, const char *name, sk_boggle_dice *out)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s.txt", dir, name);
    sk_buf text;
    sk_buf_init(&text);
    int rc = sk_buf_read_file(&text, path, SK_BOGGLE_DICE_FILE_MAX);
    if (rc == SK_OK) rc = sk_boggle_dice_parse(out, text.data, text.len, NULL);
    sk_buf_free(&text);
    if (rc != SK_OK) fprintf(stderr, "boggle_bench: %s: %s\n", path, sk_strerror(rc));
    return rc;
}

typedef struct {
    const char *dice;
    int n;
    double words, points; /* per board, for the footnote */
} set;

static int bench_set(sk_boggle_solver *s, const char *dir, set *st, long boards, uint64_t seed,
                     const char *mem)
{
    sk_boggle_dice dice;
    if (load_dice(dir, st->dice, &dice) != SK_OK) return 1;
    sk_boggle_grid *grids = malloc((size_t)boards * sizeof(*grids));
    if (!grids) return 1;
    sk_rng rng;
    sk_rng_seed(&rng, seed);
    for (long i = 0; i < boards; i++)
        sk_boggle_roll(&grids[i], &dice, &rng);
    st->n = dice.count == 9 ? 3 : dice.count == 16 ? 4 : dice.count == 25 ? 5 : 6;

    char op[80];
    size_t total_words = 0;
    long total_points = 0;
    double t0 = cpu_now();
    for (long i = 0; i < boards; i++) {
        size_t w;
        long p;
        if (sk_boggle_count(s, &grids[i], 3, &w, &p) != SK_OK) return 1;
        total_words += w;
        total_points += p;
    }
    double t1 = cpu_now();
    snprintf(op, sizeof(op), "solve %dx%d %s dice: count", st->n, st->n, st->dice);
    row(op, (double)boards, t1 - t0, mem);
    st->words = (double)total_words / (double)boards;
    st->points = (double)total_points / (double)boards;

    long listed = boards / 4 ? boards / 4 : 1;
    sk_boggle_words out;
    sk_boggle_words_init(&out);
    t0 = cpu_now();
    for (long i = 0; i < listed; i++)
        if (sk_boggle_solve(s, &grids[i], 3, &out) != SK_OK) return 1;
    t1 = cpu_now();
    sk_boggle_words_free(&out);
    snprintf(op, sizeof(op), "solve %dx%d %s dice: words and paths", st->n, st->n, st->dice);
    row(op, (double)listed, t1 - t0, mem);
    free(grids);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: boggle_bench LEXICON.kwg DICE_DIR [BOARDS] [SEED]\n");
        return 2;
    }
    long boards = argc > 3 ? strtol(argv[3], NULL, 10) : 100000;
    uint64_t seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
    if (boards < 1) boards = 1;
    sk_lexicon *lex = NULL;
    sk_diag_list d;
    sk_diag_list_init(&d);
    if (sk_lexicon_open(&lex, argv[1], &d) != SK_OK) {
        fprintf(stderr, "boggle_bench: cannot open %s\n", argv[1]);
        return 2;
    }
    printf("| %-39s | %8s | %11s | %10s | %-26s |\n", "operation", "boards", "time/board",
           "boards/s", "memory");
    printf("|%s|%s|%s|%s|%s|\n", "-----------------------------------------", "----------",
           "-------------", "------------", "----------------------------");
    sk_boggle_solver *s = NULL;
    double t0 = cpu_now();
    int rc = sk_boggle_solver_new(&s, lex);
    double t1 = cpu_now();
    if (rc != SK_OK) {
        fprintf(stderr, "boggle_bench: solver: %s\n", sk_strerror(rc));
        return 2;
    }
    char mem[64];
    snprintf(mem, sizeof(mem), "solver %.1f MB, RSS %.0f MB",
             (double)sk_boggle_solver_bytes(s) / 1e6, peak_rss_mb());
    row("build the solver from the KWG", 1, t1 - t0, mem);
    set sets[] = {{"new", 0, 0, 0},
                  {"classic", 0, 0, 0},
                  {"big", 0, 0, 0},
                  {"small", 0, 0, 0},
                  {"super", 0, 0, 0}};
    int failed = 0;
    for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
        long n = boards;
        if (strcmp(sets[i].dice, "super") == 0) n = boards / 4 ? boards / 4 : 1;
        snprintf(mem, sizeof(mem), "solver %.1f MB, RSS %.0f MB",
                 (double)sk_boggle_solver_bytes(s) / 1e6, peak_rss_mb());
        failed |= bench_set(s, argv[2], &sets[i], n, seed + i, mem);
    }
    printf("\nSeed %llu; %zu words in the lexicon; minimum length 3. Words / points per board:",
           (unsigned long long)seed, sk_boggle_solver_words(s));
    for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++)
        printf("%s %dx%d %s %.1f / %.1f", i ? "," : "", sets[i].n, sets[i].n, sets[i].dice,
               sets[i].words, sets[i].points);
    printf(".\n");
    sk_boggle_solver_free(s);
    sk_lexicon_free(lex);
    return failed ? 2 : 0;
}
