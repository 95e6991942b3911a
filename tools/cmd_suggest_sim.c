/* cmd_suggest_sim.c — `skrab suggest --sim N`: each position's candidates simulated (sim.h) and
 * written one line (or one JSON object) each, best first, with a progress line on a terminal
 * (docs/commands.md, "Simulation: --sim"). Not the stream of positions: cmd_suggest.c;
 * nor the end of a block: cmd_suggest_batch.c. */
#include <string.h>

#include "cli.h"
#include "cmd_suggest.h"
#include "skrab/error.h"
#include "skrab/leave.h"
#include "skrab/sim.h"
#include "skrab/wordmap.h"

int sk_suggest_sim_refuses(const sk_position *pos, const sk_tileset *tiles, char *why,
                           size_t why_size)
{
    if (pos->nplayers != 2) {
        snprintf(why, why_size, "simulation is for two players, not %d", pos->nplayers);
        return 1;
    }
    sk_position seen = *pos;
    seen.racks[1][0] = '\0'; /* the opponent's rack is drawn, known or not */
    int counts[SK_TILE_KINDS], over;
    sk_position_unseen(&seen, tiles, counts, &over);
    for (int k = 0; k < SK_TILE_KINDS; k++)
        if (counts[k]) return 0;
    snprintf(why, why_size, "no tiles are left for the other player: the game is over");
    return 1;
}

static void progress(void *ctx, long done, long total)
{
    FILE *f = ctx;
    fprintf(f, "\rsim: %ld/%ld iterations", done, total);
    fflush(f);
}

/* Candidate C's line: the move's own fields as every suggest line has them
 * (sk_suggest_write_moves: in JSON `move score words leave equity`), then what the simulation
 * found. */
static void write_candidate(const sk_suggest_style *style, const sk_position *pos, int line,
                            const sk_sim_candidate *c, sk_buf *out)
{
    sk_gen_move m = c->move;
    sk_move_list one = {&m, 1, 1, 0};
    size_t start = out->len;
    sk_suggest_write_moves(style, pos, line, &one, NULL, 1, out);
    size_t end = style->json ? 2 : 1; /* the line's "}\n" or "\n", written again below */
    if (out->failed || out->len < start + end) return;
    out->len -= end;
    out->data[out->len] = '\0';
    if (style->json)
        sk_buf_printf(out,
                      ",\"value\":%.2f,\"value_se\":%.2f,\"win\":%.4f,\"win_se\":%.4f,"
                      "\"iterations\":%ld,\"pruned\":%s}\n",
                      c->mean, c->se, c->win, c->win_se, c->iterations,
                      c->pruned ? "true" : "false");
    else
        sk_buf_printf(out, "\tvalue %.2f ± %.2f\twin %.1f%% ± %.1f\titerations %ld%s\n", c->mean,
                      c->se, 100.0 * c->win, 100.0 * c->win_se, c->iterations,
                      c->pruned ? "\tpruned" : "");
}

int sk_suggest_sim_answer(const sk_suggest_sim *s, const sk_suggest_style *style,
                          const sk_leaves *leaves, const sk_rules *rules, const sk_position *pos,
                          int bag, int line, int best_only, sk_buf *out, int *listed)
{
    sk_sim_config cfg;
    sk_sim_config_init(&cfg);
    cfg.candidates = s->candidates;
    cfg.iterations = s->iterations;
    cfg.plies = s->plies;
    cfg.seed = s->seed;
    cfg.leaves = leaves;
    if (s->progress) {
        cfg.progress = progress;
        cfg.progress_ctx = s->progress;
    }
    for (int t = 0; t < s->jobs; t++)
        sk_movegen_use_wordmap(s->gens[t], s->wm);
    sk_sim_report r;
    int rc = sk_sim_run(s->gens, s->jobs, &cfg, rules, pos, bag, &r);
    if (s->progress) {
        fputs("\r\033[K", s->progress);
        fflush(s->progress);
    }
    *listed = 0;
    if (rc != SK_OK) return rc;
    if (best_only && !style->json) {
        if (r.count) {
            char move[SK_GEN_MOVE_TEXT_MAX];
            sk_gen_move_format(&r.candidates[0].move, style->notation, style->alphabet, move);
            sk_buf_puts(out, move);
            sk_buf_putc(out, '\n');
            *listed = 1;
        }
    } else {
        size_t n = best_only && r.count ? 1 : r.count; /* --best --json: the first object */
        for (size_t i = 0; i < n; i++)
            write_candidate(style, pos, line, &r.candidates[i], out);
        *listed = (int)n;
    }
    sk_sim_report_free(&r);
    return out->failed ? SK_ENOMEM : SK_OK;
}
