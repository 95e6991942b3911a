/* bench_movegen.c — move generation speed, single thread, CPU time (never a timed test: it
 * prints, it does not judge). For each CGP line of a positions file: all moves (time, moves,
 * moves per second), the best move by score and by equity; then greedy self-play (two players
 * taking the best-scoring move, bag drawn with a fixed seed) in games per second, and the same by
 * equity (exchanges competing); then peak RSS. Equity is score + the leave values of LEAVES (a
 * KLV/KLV2 file; '-' or none: the built-in heuristic). ONLY limits the run to one operation, for
 * counting its instructions (tests/bench/instructions.sh): 'equity' the best move by equity with
 * the word map of each position, 'selfplay' self-play by equity with the word map, 'warm' that
 * self-play and then the same games with every search timed and made twice, to tell the cost
 * of a search whose caches are warm from the search before, and the first searches' time by
 * the rack's blanks and the bag.
 *   bench_movegen KWG BOARD POSITIONS [REPS] [GAMES] [TILES] [LEAVES] [ONLY] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "skrab/game.h"
#include "skrab/leave.h"
#include "skrab/movegen.h"
#include "skrab/wordmap.h"

static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* CPU ms of one best-move search of POS (by score or by equity), each from scratch as for a
 * new position, over REPS. */
static double best_ms(sk_movegen *gen, const sk_rules *rules, const sk_position *pos,
                      const sk_leaves *leaves, int by_score, int reps)
{
    sk_gen_move best;
    double t0 = cpu_ms();
    for (int i = 0; i < reps; i++) {
        sk_movegen_forget(gen);
        sk_movegen_best(gen, rules, pos, leaves, by_score, 0, 0, &best);
    }
    return (cpu_ms() - t0) / reps;
}

static int bag_count(const sk_position *pos, const sk_rules *rules)
{
    int unseen[SK_TILE_KINDS], over, total = 0;
    sk_position_unseen(pos, rules->tiles, unseen, &over);
    for (int t = 0; t < SK_TILE_KINDS; t++)
        total += unseen[t];
    return total;
}

/* The searches of self-play timed (ONLY 'warm'): CPU ms of the first search of each move and of
 * the same search made again at once; and the first searches by kind, [blanks on the rack, 2
 * for two or more][bag: 0 empty, 1 one to six tiles, 2 seven or more]. */
typedef struct {
    double first, second;
    double kind_ms[3][3];
    int kind_n[3][3];
} warm_times;

/* Adds a first search of MS on RACK (a tile string) with BAG tiles in the bag to T. */
static void add_kind(warm_times *t, const char *rack, int bag, double ms)
{
    int blanks = 0;
    for (const char *c = rack; *c; c++)
        blanks += *c == (char)SK_TILE_WILD;
    int b = blanks < 2 ? blanks : 2, k = bag == 0 ? 0 : bag < 7 ? 1 : 2;
    t->kind_ms[b][k] += ms;
    t->kind_n[b][k]++;
}

/* One game of two players ranking by score (BY_SCORE) or by equity with LEAVES, exchanges
 * competing while the bag allows. With TIMES each search is timed, and made a second time on
 * the same position, its caches and branches now warm (the game is played the same). */
static int selfplay_game(sk_movegen *gen, const sk_rules *rules, sk_rng *rng,
                         const sk_leaves *leaves, int by_score, warm_times *times, int *moves)
{
    sk_position pos;
    sk_position_init(&pos, rules->board->width, rules->board->height);
    sk_game_draw(&pos, rules->tiles, 0, rules->rack_size, rng);
    sk_game_draw(&pos, rules->tiles, 1, rules->rack_size, rng);
    /* the bag after a move is the next move's: counted once a move (by score, no exchanges) */
    int left = bag_count(&pos, rules);
    for (int turn = 0; turn < 200; turn++) {
        sk_gen_move best;
        int bag = by_score ? 0 : left;
        double t0 = times ? cpu_ms() : 0;
        if (sk_movegen_best(gen, rules, &pos, leaves, by_score, !by_score, bag, &best) != 0)
            return -1;
        if (times) {
            double t1 = cpu_ms();
            if (sk_movegen_best(gen, rules, &pos, leaves, by_score, !by_score, bag, &best))
                return -1;
            times->first += t1 - t0;
            times->second += cpu_ms() - t1;
            add_kind(times, pos.racks[0], bag, t1 - t0);
        }
        sk_play play;
        sk_gen_move_to_play(&best, &play);
        (*moves)++;
        if (sk_game_apply(&pos, &play, rules->tiles, rules->rack_size, rng) != 0) return -1;
        left = bag_count(&pos, rules);
        int bag_empty = left == 0;
        /* the player who just moved is now last in turn order */
        if ((bag_empty && pos.racks[pos.nplayers - 1][0] == '\0') || pos.zeros >= 6) return 0;
        if (!pos.racks[0][0]) /* an emptied rack reads as unknown: nothing to play */
            return 0;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(
            stderr,
            "usage: bench_movegen KWG BOARD POSITIONS [REPS] [GAMES] [TILES] [LEAVES] [ONLY]\n");
        return 2;
    }
    int reps = argc > 4 ? atoi(argv[4]) : 50, games = argc > 5 ? atoi(argv[5]) : 50;
    const char *only = argc > 8 ? argv[8] : "";
    int only_equity = !strcmp(only, "equity"), only_warm = !strcmp(only, "warm");
    int only_selfplay = only_warm || !strcmp(only, "selfplay");
    sk_lexicon *lex;
    if (sk_lexicon_open(&lex, argv[1], NULL) != 0) return 2;
    sk_buf text;
    sk_buf_init(&text);
    sk_board board;
    if (sk_buf_read_file(&text, argv[2], 1 << 20) != 0 ||
        sk_board_parse(&board, text.data, text.len, SK_BOARD_FORMAT_AUTO, NULL) != 0)
        return 2;
    sk_tileset tiles;
    if (sk_tileset_builtin(&tiles, argc > 6 ? argv[6] : "english") != 0) return 2;
    sk_leaves *leaves = NULL;
    if (argc > 7 && strcmp(argv[7], "-") != 0 && sk_leaves_load(&leaves, argv[7], NULL) != 0) {
        fprintf(stderr, "bench_movegen: cannot load leaves %s\n", argv[7]);
        return 2;
    }
    const sk_alphabet *abc = &tiles.alphabet;
    sk_rules rules;
    sk_rules_init(&rules, SK_RULES_CLASSIC, &board, &tiles, lex);
    sk_movegen *gen;
    sk_movegen_new(&gen);
    double t_wm = cpu_ms();
    sk_wordmap *wm = NULL; /* none for an alphabet of more than SK_WM_LETTERS letters */
    if (sk_wordmap_build(&wm, lex) != 0) wm = NULL;
    t_wm = cpu_ms() - t_wm;
    FILE *f = fopen(argv[3], "r");
    if (!f) return 2;
    printf("%-34s %9s %12s %12s\n", "operation", "moves", "time/item", "moves/s");
    size_t wm_classes = 0, wm_words = 0, wm_bytes = 0;
    if (wm) sk_wordmap_stats(wm, &wm_classes, &wm_words, &wm_bytes);
    printf("%-34s %9zu %9.3f ms %12s  (%zu anagram classes, %.1f MB)\n", "word map build (words)",
           wm_words, t_wm, "", wm_classes, (double)wm_bytes / 1048576.0);
    char line[8192];
    int n = 0;
    sk_move_list list;
    sk_move_list_init(&list);
    { /* the lexicon's walk table (see sk_movegen_set_table_after), built before any timing */
        sk_position warm;
        sk_position_init(&warm, board.width, board.height);
        size_t at;
        sk_tile_read why;
        sk_alphabet_read_tiles(sk_alphabet_default(), "AEINRST", 7, 0, warm.racks[0], SK_RACK_MAX,
                               &at, &why);
        sk_movegen_set_table_after(gen, 0);
        sk_movegen_all(gen, &rules, &warm, &list);
        list.count = 0;
    }
    while (!only_selfplay && fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = '\0';
        sk_position pos;
        if (sk_position_parse_cgp(&pos, line, strlen(line), abc, NULL) != 0) continue;
        n++;
        if (only_equity) {
            sk_movegen_use_wordmap(gen, wm);
            printf("best (equity, word map), line %d %9.3f ms\n", n,
                   best_ms(gen, &rules, &pos, leaves, 0, reps));
            continue;
        }
        double t0 = cpu_ms();
        for (int i = 0; i < reps; i++) { /* each time from scratch, as for a new position */
            list.count = 0;
            sk_movegen_forget(gen);
            sk_movegen_all(gen, &rules, &pos, &list);
        }
        double all = (cpu_ms() - t0) / reps;
        double bs = best_ms(gen, &rules, &pos, leaves, 1, reps);
        double be = best_ms(gen, &rules, &pos, leaves, 0, reps);
        double ws = 0, we = 0;
        if (wm) { /* no rows without a map: they would repeat the two above */
            sk_movegen_use_wordmap(gen, wm);
            ws = best_ms(gen, &rules, &pos, leaves, 1, reps);
            we = best_ms(gen, &rules, &pos, leaves, 0, reps);
            sk_movegen_use_wordmap(gen, NULL);
        }
        char op[64];
        snprintf(op, sizeof(op), "all moves, line %d", n);
        printf("%-34s %9zu %9.4f ms %12.0f\n", op, list.count, all, list.count / all * 1e3);
        snprintf(op, sizeof(op), "best move (score), line %d", n);
        printf("%-34s %9s %9.4f ms\n", op, "", bs);
        snprintf(op, sizeof(op), "best move (equity), line %d", n);
        printf("%-34s %9s %9.4f ms\n", op, "", be);
        if (!wm) continue;
        snprintf(op, sizeof(op), "best (score, word map), line %d", n);
        printf("%-34s %9s %9.4f ms\n", op, "", ws);
        snprintf(op, sizeof(op), "best (equity, word map), line %d", n);
        printf("%-34s %9s %9.4f ms\n", op, "", we);
    }
    fclose(f);
    sk_rng rng;
    sk_rng_seed(&rng, 2026);
    static const char *const names[2][2] = {
        {"greedy self-play (best score)", "self-play (best score, word map)"},
        {"self-play (best equity)", "self-play (equity, word map)"}};
    for (int eq = 0; eq < 2 && !only_equity; eq++)
        for (int use = 0; use < (wm ? 2 : 1); use++) {
            if (only_selfplay && !(eq && use)) continue;
            sk_rng_seed(&rng, 2026);
            sk_movegen_use_wordmap(gen, use ? wm : NULL);
            int moves = 0;
            double t0 = cpu_ms();
            for (int g = 0; g < games; g++)
                selfplay_game(gen, &rules, &rng, leaves, !eq, NULL, &moves);
            double sp = cpu_ms() - t0;
            printf("%-34s %9d %9.3f ms %12s  (%.0f games/s, %d moves)\n", names[eq][use], games,
                   sp / games, "", games / sp * 1e3, moves);
            if (!only_warm) continue;
            /* the same games again, each search timed and made twice: the second's cost is
             * the first's without the misses of a new position */
            sk_rng_seed(&rng, 2026);
            moves = 0;
            warm_times times;
            memset(&times, 0, sizeof(times));
            for (int g = 0; g < games; g++)
                selfplay_game(gen, &rules, &rng, leaves, !eq, &times, &moves);
            printf("%-34s %9d %9.3f ms %12s  (%.1f us a move; timed so, the first %.1f us)\n",
                   "  each search again, warm", games, times.second / games, "",
                   times.second / moves * 1e3, times.first / moves * 1e3);
            static const char *const blanks[3] = {"0 blanks", "1 blank", "2 blanks"};
            static const char *const bags[3] = {"bag 0", "bag 1-6", "bag 7+"};
            for (int b = 0; b < 3; b++)
                for (int k = 0; k < 3; k++) {
                    if (!times.kind_n[b][k]) continue;
                    char name[64];
                    snprintf(name, sizeof(name), "  first, %s, %s", blanks[b], bags[k]);
                    printf("%-34s %9d %9.1f us %12s  (%.1f%% of the first searches' time)\n", name,
                           times.kind_n[b][k], times.kind_ms[b][k] / times.kind_n[b][k] * 1e3, "",
                           100 * times.kind_ms[b][k] / times.first);
                }
        }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("%-34s %9s %9ld KB\n", "peak RSS (KWG mmapped)", "", ru.ru_maxrss);
    sk_move_list_free(&list);
    sk_movegen_free(gen);
    sk_wordmap_free(wm);
    sk_leaves_free(leaves);
    sk_lexicon_free(lex);
    sk_buf_free(&text);
    return 0;
}
