/* cmd_suggest_batch.c — a batch of positions of `skrab suggest` answered: each position solved
 * (the best moves searched or listed whole and ranked, or handed to --endgame or --sim) by one of
 * --jobs threads, each keeping its generator and move list from batch to batch, then the answers
 * written in input order, each ending its block (docs/commands.md, "skrab suggest", "Talking to
 * suggest line by line"). Not reading options or positions: cmd_suggest.c; nor the lines of the
 * moves: cmd_suggest_write.c. */
#include <pthread.h>
#include <stdlib.h>

#include "cli.h"
#include "cmd_suggest.h"
#include "skrab/error.h"
#include "skrab/leave.h"
#include "skrab/movegen.h"
#include "skrab/wordmap.h"

typedef struct {
    const sk_suggest_settings *opt;
    sk_suggest_job *jobs;
    int njobs;
    int next;
    int failed;
    pthread_mutex_t lock;
    /* kept from batch to batch (the cross sets and the list with them) */
    sk_suggest_thread *threads;
    const sk_wordmap *wm;
} pool;

typedef struct {
    pool *pool;
    int index; /* which of pool->threads */
} worker_arg;

static sk_play_style notation_style(const sk_suggest_settings *o)
{
    return o->notation == 's'   ? SK_PLAY_SKRABBKLE
           : o->notation == 'c' ? SK_PLAY_CS104
                                : SK_PLAY_GCG;
}

static void write_move(const sk_suggest_settings *o, const sk_suggest_job *j, const sk_gen_move *m,
                       sk_buf *out)
{
    sk_gen_move_write(m, notation_style(o), &j->tiles.alphabet, out);
}

/* Beyond this many moves, -n lists every move and sorts: the search's keeper is a sorted
 * array, and with this many wanted the bounds hardly prune. */
#define TOP_SEARCH_MAX 1000

int sk_suggest_searches(const sk_suggest_settings *o)
{
    return (o->best && !o->json) || (!o->all && !o->best && o->count <= TOP_SEARCH_MAX);
}

/* Moves of full lists a thread generates before its generator builds the walk table (the
 * next position then builds it, once for all threads): the generator's own count of positions
 * (sk_movegen_set_table_after) is made for searches, while the walks of full lists, which the
 * table shortens most, repay its building after a few heavy positions (docs/engine.md, "The walk
 * table"). */
#define TABLE_AFTER_MOVES 200000

static int solve(const sk_suggest_settings *o, sk_suggest_job *j, sk_suggest_thread *t)
{
    sk_movegen *gen = t->gen;
    if (o->endgame) {
        sk_suggest_style style = {notation_style(o), o->json, o->verbose, &j->tiles.alphabet};
        return sk_suggest_endgame(&t->eg, &style, &j->rules, &j->pos, j->line, o->time_ms, o->best,
                                  &j->out, &j->listed);
    }
    if (o->sim.iterations) {
        sk_suggest_style style = {notation_style(o), o->json, o->verbose, &j->tiles.alphabet};
        int rc = sk_suggest_sim_answer(&o->sim, &style, sk_leaves_for(j->leaves, j->rules.tiles),
                                       &j->rules, &j->pos, j->bag, j->line, o->best, &j->out,
                                       &j->listed);
        return rc;
    }
    if (o->best && !o->json) { /* the fast path: the leader only */
        sk_gen_move best;
        int rc = sk_movegen_best(gen, &j->rules, &j->pos, j->leaves, o->by_score, 1, j->bag, &best);
        if (rc == SK_OK) {
            write_move(o, j, &best, &j->out);
            sk_buf_putc(&j->out, '\n');
            j->listed = 1;
        }
        return rc != SK_OK ? rc : j->out.failed ? SK_ENOMEM : SK_OK;
    }
    sk_move_list *list = &t->list;
    list->count = 0;
    list->failed = 0;
    /* -n N: a search for the N best (each as the full list ranks it), not the full list */
    int top = sk_suggest_searches(o); /* the leader alone was answered above */
    int rc = top ? sk_movegen_top(gen, &j->rules, &j->pos, j->leaves, o->by_score, 1, j->bag,
                                  (size_t)o->count, list)
                 : sk_movegen_all(gen, &j->rules, &j->pos, list);
    if (rc == SK_OK && !top) /* the full list: exchanges and the pass too */
        rc = sk_movegen_add_non_placements(&j->rules, &j->pos, j->bag, list);
    if (!top && t->listed < TABLE_AFTER_MOVES) {
        t->listed += list->count;
        if (t->listed >= TABLE_AFTER_MOVES) sk_movegen_set_table_after(gen, 0);
    }
    if (rc != SK_OK) {
        return rc;
    }
    rc = sk_move_list_rank(list, j->pos.racks[0], sk_leaves_for(j->leaves, j->rules.tiles),
                           o->by_score);
    if (rc != SK_OK) {
        return rc;
    }
    size_t n = o->best ? 1 : o->all ? list->count : (size_t)o->count;
    if (n > list->count) n = list->count;
    /* only what is printed needs sorting: a few of many moves are put first, many are listed
     * in the order of the whole list, which is cheaper than moving the moves there */
    const uint32_t *order = NULL;
    if (n > 0 && n >= list->count / 8) {
        if (list->count > t->order_cap) {
            uint32_t *grown = realloc(t->order, list->count * sizeof(*grown));
            if (!grown) return SK_ENOMEM;
            t->order = grown;
            t->order_cap = list->count;
        }
        rc = sk_move_list_order(list, o->by_score, t->order);
        if (rc != SK_OK) return rc;
        order = t->order;
    } else {
        sk_move_list_top(list, n, o->by_score);
    }
    sk_suggest_style style = {notation_style(o), o->json, o->verbose, &j->tiles.alphabet};
    sk_suggest_write_moves(&style, &j->pos, j->line, list, order, n, &j->out);
    if (!o->best) {
        sk_suggest_played played = {
            &style, o->by_score, sk_leaves_for(j->leaves, j->rules.tiles), &j->rules, &j->pos,
            j->bag, j->line};
        sk_suggest_write_played(&played, n ? &list->moves[order ? order[0] : 0] : NULL, &j->out);
    }
    j->listed = (int)n;
    return j->out.failed ? SK_ENOMEM : SK_OK;
}

static void *worker(void *arg)
{
    const worker_arg *w = arg;
    pool *p = w->pool;
    sk_suggest_thread *t = &p->threads[w->index];
    if (!t->gen && sk_movegen_new(&t->gen) != SK_OK) {
        pthread_mutex_lock(&p->lock);
        p->failed = 1;
        pthread_mutex_unlock(&p->lock);
        return NULL;
    }
    sk_movegen_use_wordmap(t->gen, p->wm);
    for (;;) {
        pthread_mutex_lock(&p->lock);
        int i = p->next++;
        pthread_mutex_unlock(&p->lock);
        if (i >= p->njobs) break;
        if (p->jobs[i].ok && solve(p->opt, &p->jobs[i], t) != SK_OK) p->jobs[i].ok = 0;
    }
    return NULL;
}

/* Ends the answer of J, a position (docs/commands.md, "skrab suggest", "Talking to suggest line
 * by line"): every position gets a block that ends, so that a program reading the answers knows
 * when one is complete and stays in step when a line cannot be answered (its block is empty).
 * --best: the one line (empty for no answer); text: an empty line; JSON: an object closing the
 * position, which counts the moves listed before it. */
static void end_block(const sk_suggest_settings *o, const sk_suggest_job *j, sk_buf *out)
{
    if (o->best && !o->json) {
        if (!j->ok) sk_buf_putc(out, '\n');
    } else if (o->json) {
        sk_buf_printf(out, "{\"line\":%d,\"moves\":%d,\"answered\":%s}\n", j->line, j->listed,
                      j->ok ? "true" : "false");
    } else {
        sk_buf_putc(out, '\n');
    }
}

int sk_suggest_run_batch(sk_cli *cli, const sk_suggest_settings *o, sk_suggest_job *jobs, int n,
                         sk_suggest_thread *states, const sk_wordmap *wm)
{
    pool p = {.opt = o, .jobs = jobs, .njobs = n, .threads = states, .wm = wm};
    pthread_mutex_init(&p.lock, NULL);
    int threads = o->jobs < n ? o->jobs : n;
    pthread_t tids[SK_SUGGEST_JOBS_MAX];
    worker_arg args[SK_SUGGEST_JOBS_MAX];
    int started = 0;
    for (int t = 1; t < threads; t++) {
        args[started] = (worker_arg){&p, started + 1};
        if (pthread_create(&tids[started], NULL, worker, &args[started]) == 0) started++;
    }
    worker_arg self = {&p, 0};
    worker(&self);
    for (int t = 0; t < started; t++)
        pthread_join(tids[t], NULL);
    pthread_mutex_destroy(&p.lock);
    int status = p.failed ? SK_EXIT_ERROR : SK_EXIT_OK;
    for (int i = 0; i < n && status != SK_EXIT_ERROR; i++) {
        sk_suggest_job *j = &jobs[i];
        if (!j->ok) {
            status = SK_EXIT_FINDINGS;
            sk_buf_clear(&j->out); /* the reason is on stderr; the answer is an empty block */
        }
        end_block(o, j, &j->out);
        if (sk_cli_write(cli, &j->out) != SK_EXIT_OK) status = SK_EXIT_ERROR;
    }
    return status;
}
