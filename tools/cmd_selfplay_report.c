/* cmd_selfplay_report.c — the report of `skrab selfplay` (see cmd_selfplay_report.h): the games
 * counted into the totals, a game's line or JSON object, and the totals. It reads what the
 * referee (cmd_selfplay.c) hands it and writes to a buffer; the referee prints it. */
#include <stdio.h>

#include "cli.h"
#include "cmd_selfplay_report.h"
#include "skrab/sim.h"

static double mean(double sum, long n)
{
    return n ? sum / (double)n : 0.0;
}

/* The 95% confidence interval of a mean over N games whose values sum to SUM, their squares to
 * SUMSQ: the mean ± 1.96 standard errors (docs/play.md, "Output"). */
static void interval(long n, double sum, double sumsq, double *mean, double *lo, double *hi)
{
    double se;
    sk_sim_mean_se(n, sum, sumsq, mean, &se);
    *lo = *mean - 1.96 * se;
    *hi = *mean + 1.96 * se;
}

/* X as it is printed with one decimal: a value that rounds to zero is 0 (not -0.0). */
static double one_decimal(double x)
{
    return x > -0.05 && x < 0.05 ? 0.0 : x;
}

void sk_selfplay_count(sk_selfplay_totals *t, int nplayers, const sk_selfplay_result *r)
{
    int nwin = __builtin_popcount(r->winners), any_drop = 0;
    for (int p = 0; p < nplayers; p++)
        any_drop |= r->dropped[p];
    sk_selfplay_tally *y = &t->tallies[any_drop];
    for (int p = 0; p < nplayers; p++) {
        y->score_sum[p] += r->scores[p];
        t->drops[p] += r->dropped[p];
        if (nwin == 1 && (r->winners & (1u << p))) y->wins[p]++;
        double share = (r->winners & (1u << p)) ? 1.0 / nwin : 0.0;
        y->points[p] += share;
        y->points_sq[p] += share * share;
    }
    double spread = (double)r->scores[0] - (double)r->scores[1];
    y->spread += spread;
    y->spread_sq += spread * spread;
    y->games++;
    y->draws += nwin > 1;
    y->moves += r->moves;
}

/* How game R ended, in words (BUF[SIZE] holds the one that names a player). */
static const char *end_text(const sk_selfplay_seats *s, const sk_selfplay_result *r, char *buf,
                            size_t size)
{
    switch (r->state) {
    case SK_MATCH_WENT_OUT:
        snprintf(buf, size, "%s went out", s->nick[r->out_seat]);
        return buf;
    case SK_MATCH_PASSES:
        return "passes";
    case SK_MATCH_ZEROS:
        return "scoreless turns";
    case SK_MATCH_NO_PLAYERS:
        return "no players left";
    case SK_MATCH_TURN_LIMIT:
        return "turn limit";
    default:
        return "stopped";
    }
}

void sk_selfplay_print_game(sk_buf *o, const sk_selfplay_seats *s, long game,
                            const sk_selfplay_result *r)
{
    char buf[64];
    int nwin = __builtin_popcount(r->winners);
    if (s->json) {
        sk_buf_printf(o, "{\"game\":%ld,\"scores\":[", game + 1);
        for (int p = 0; p < s->nplayers; p++)
            sk_buf_printf(o, "%s%d", p ? "," : "", r->scores[p]);
        sk_buf_puts(o, "],\"winners\":[");
        for (int p = 0, k = 0; p < s->nplayers; p++)
            if (r->winners & (1u << p)) {
                sk_buf_puts(o, k++ ? "," : "");
                sk_json_string(o, s->nick[p]);
            }
        sk_buf_puts(o, "],\"dropped\":[");
        for (int p = 0; p < s->nplayers; p++) {
            sk_buf_puts(o, p ? "," : "");
            if (r->dropped[p])
                sk_json_string(o, r->reason[p]);
            else
                sk_buf_puts(o, "null");
        }
        sk_buf_printf(o, "],\"moves\":%d,\"end\":", r->moves);
        sk_json_string(o, end_text(s, r, buf, sizeof(buf)));
        sk_buf_puts(o, "}\n");
        return;
    }
    sk_buf_printf(o, "game %ld:", game + 1);
    for (int p = 0; p < s->nplayers; p++) {
        sk_buf_printf(o, "%s %s %d", p ? "," : "", s->nick[p], r->scores[p]);
        if (r->dropped[p]) sk_buf_printf(o, " (dropped: %s)", r->reason[p]);
    }
    if (nwin == 1)
        for (int p = 0; p < s->nplayers; p++)
            if (r->winners & (1u << p)) sk_buf_printf(o, ": %s wins", s->nick[p]);
    if (nwin > 1) sk_buf_puts(o, ": draw");
    if (nwin == 0) sk_buf_puts(o, ": no winner");
    sk_buf_printf(o, ", %d moves, %s\n", r->moves, end_text(s, r, buf, sizeof(buf)));
}

void sk_selfplay_print_totals(sk_buf *o, const sk_selfplay_seats *s, const sk_selfplay_totals *t,
                              double rate, uint64_t seed)
{
    const sk_selfplay_tally *full = &t->tallies[0], *drop = &t->tallies[1];
    if (s->json) {
        sk_buf_printf(o, "{\"games\":%ld,\"draws\":%ld,\"players\":[", full->games, full->draws);
        for (int p = 0; p < s->nplayers; p++) {
            sk_buf_puts(o, p ? ",{\"name\":" : "{\"name\":");
            sk_json_string(o, s->nick[p]);
            sk_buf_puts(o, ",\"spec\":");
            sk_json_string(o, s->spec[p]);
            double w, lo, hi;
            interval(full->games, full->points[p], full->points_sq[p], &w, &lo, &hi);
            lo = lo < 0 ? 0 : lo; /* a rate stays within 0..1 */
            hi = hi > 1 ? 1 : hi;
            sk_buf_printf(o,
                          ",\"wins\":%ld,\"mean_score\":%.1f,\"dropped\":%ld,"
                          "\"win_rate\":%.4f,\"win_rate_95\":[%.4f,%.4f],"
                          "\"after_a_drop\":{\"wins\":%ld,\"mean_score\":%.1f}}",
                          full->wins[p], mean(full->score_sum[p], full->games), t->drops[p], w, lo,
                          hi, drop->wins[p], mean(drop->score_sum[p], drop->games));
        }
        sk_buf_puts(o, "],\"spread\":");
        if (s->nplayers == 2) {
            double m, lo, hi;
            interval(full->games, full->spread, full->spread_sq, &m, &lo, &hi);
            sk_buf_printf(o, "{\"mean\":%.2f,\"mean_95\":[%.2f,%.2f]}", m, lo, hi);
        } else {
            sk_buf_puts(o, "null");
        }
        sk_buf_printf(o,
                      ",\"mean_moves\":%.1f,\"games_per_second\":%.2f,\"seed\":%llu,"
                      "\"after_a_drop\":{\"games\":%ld,\"draws\":%ld,\"mean_moves\":%.1f}}\n",
                      mean((double)full->moves, full->games), rate, (unsigned long long)seed,
                      drop->games, drop->draws, mean((double)drop->moves, drop->games));
    } else {
        sk_buf_printf(o, "games %ld, draws %ld, mean moves %.1f, %.2f games/s, seed %llu",
                      full->games, full->draws, mean((double)full->moves, full->games), rate,
                      (unsigned long long)seed);
        if (drop->games)
            sk_buf_printf(o, "; after a drop: games %ld, draws %ld, mean moves %.1f", drop->games,
                          drop->draws, mean((double)drop->moves, drop->games));
        sk_buf_putc(o, '\n');
        for (int p = 0; p < s->nplayers; p++) {
            double w, lo, hi;
            interval(full->games, full->points[p], full->points_sq[p], &w, &lo, &hi);
            lo = lo < 0 ? 0 : lo; /* a rate stays within 0..1 */
            hi = hi > 1 ? 1 : hi;
            sk_buf_printf(
                o,
                "%s (%s): wins %ld, mean score %.1f, dropped %ld, win %.1f%% (95%% CI %.1f..%.1f)",
                s->nick[p], s->spec[p], full->wins[p], mean(full->score_sum[p], full->games),
                t->drops[p], 100 * w, 100 * lo, 100 * hi);
            if (drop->games)
                sk_buf_printf(o, "; after a drop: wins %ld, mean score %.1f", drop->wins[p],
                              mean(drop->score_sum[p], drop->games));
            sk_buf_putc(o, '\n');
        }
        if (s->nplayers == 2) {
            double m, lo, hi;
            interval(full->games, full->spread, full->spread_sq, &m, &lo, &hi);
            sk_buf_printf(o, "spread %s - %s: mean %.1f (95%% CI %.1f..%.1f)\n", s->nick[0],
                          s->nick[1], one_decimal(m), one_decimal(lo), one_decimal(hi));
        }
    }
}
