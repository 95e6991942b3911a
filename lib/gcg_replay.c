/* gcg_replay.c — replaying a parsed GCG transcript on the board (see gcg.h): each event is
 * checked against the state before it — turn, rack, legality, score, running total, end of game
 * — and then applied. Tile counting follows the real game: every rack is full while the bag has
 * tiles, a play draws what it placed, so the bag and each rack's size are always known and the
 * game ends when a player with an empty bag plays out, or after the scoreless turns. Not here:
 * the notation (gcg_parse.c), legality and scores of one move (rules.c), the end-of-game lines
 * (gcg_replay_end.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/gcg_replay.h"
#include "internal/score.h"
#include "skrab/error.h"
#include "skrab/gcg.h"

const char *sk_gr_nick(const sk_gr_replay *r, int p)
{
    return p >= 0 && p < r->n ? r->g->players[p].nick : "?";
}

/* Reads TEXT, tiles as a rack writes them (letters and '?'), into the tile string OUT (room for
 * SK_GCG_END_TILES_MAX tiles), in the alphabet the transcript was read in (racks are compared
 * without rules too: a withdrawn phony, the end-of-game lines). Returns the count, or -1 when
 * TEXT is not such tiles. */
static int to_tiles(const sk_gr_replay *r, const char *text, char out[SK_GCG_END_TILES_MAX + 1])
{
    size_t at;
    sk_tile_read why;
    int n = sk_alphabet_read_tiles(&r->g->alphabet, text, strlen(text), SK_READ_BLANK, out,
                                   SK_GCG_END_TILES_MAX, &at, &why);
    if (n < 0 || n > SK_GCG_END_TILES_MAX) {
        out[0] = '\0';
        return -1;
    }
    return n;
}

/* Tile counts (by kind) of a rack as written. */
void sk_gr_rack_counts(const sk_gr_replay *r, const char *rack, int counts[SK_TILE_KINDS])
{
    memset(counts, 0, sizeof(int) * SK_TILE_KINDS);
    char tiles[SK_GCG_END_TILES_MAX + 1];
    to_tiles(r, rack, tiles);
    for (const char *c = tiles; *c; c++)
        counts[sk_tile_kind((sk_tile)*c)]++;
}

int sk_gr_same_tiles(const sk_gr_replay *r, const char *a, const char *b)
{
    int x[SK_TILE_KINDS], y[SK_TILE_KINDS];
    sk_gr_rack_counts(r, a, x);
    sk_gr_rack_counts(r, b, y);
    return memcmp(x, y, sizeof(x)) == 0;
}

int sk_gr_tiles_value(const sk_gr_replay *r, const char *text)
{
    int v = 0;
    char tiles[SK_GCG_END_TILES_MAX + 1];
    to_tiles(r, text, tiles);
    for (const char *c = tiles; *c; c++)
        v += sk_tileset_score_of(r->rules->tiles, *c);
    return v;
}

/* The unseen pool: the full bag less the tiles on the board. */
static void unseen(const sk_gr_replay *r, int counts[SK_TILE_KINDS])
{
    for (int t = 0; t < SK_TILE_KINDS; t++)
        counts[t] = r->rules->tiles->count[t];
    for (int i = 0; i < r->pos.width * r->pos.height; i++)
        if (r->pos.tiles[i]) counts[sk_tile_kind((sk_tile)r->pos.tiles[i])]--;
    for (int t = 0; t < SK_TILE_KINDS; t++)
        counts[t] += r->phantom[t];
}

/* The unseen pool as a rack writes it, letters first and the blank last, into OUT[0..SIZE). */
void sk_gr_unseen_string(const sk_gr_replay *r, char *out, size_t size)
{
    int counts[SK_TILE_KINDS];
    unseen(r, counts);
    sk_buf b;
    sk_buf_init(&b);
    for (int t = 1; t <= SK_TILE_KINDS; t++) {
        int tt = t % SK_TILE_KINDS; /* letters first, the blank last */
        for (int i = 0; i < counts[tt]; i++)
            sk_alphabet_write(&r->rules->tiles->alphabet,
                              (sk_tile)(tt == SK_TILE_BLANK ? SK_TILE_WILD : tt), &b);
    }
    snprintf(out, size, "%s", sk_buf_str(&b));
    sk_buf_free(&b);
}

int sk_gr_counts_known(const sk_gr_replay *r)
{
    return r->board && r->bag >= 0;
}

/* Reports RACK (at AT) when it holds more of a tile than the unseen pool (less EXTRA, tiles
 * accounted for elsewhere), or more tiles than PLAYER can hold. Returns 1 when it fits. */
int sk_gr_check_rack(sk_gr_replay *r, const char *rack, size_t at, int player, const int *extra)
{
    if (!r->board || !rack[0]) return 1;
    int have[SK_TILE_KINDS], need[SK_TILE_KINDS];
    unseen(r, have);
    sk_gr_rack_counts(r, rack, need);
    int len = 0;
    for (int t = 0; t < SK_TILE_KINDS; t++) {
        len += need[t];
        int left = have[t] - (extra ? extra[t] : 0);
        if (need[t] > (left > 0 ? left : 0)) {
            char c[SK_LABEL_TEXT_MAX + 1];
            sk_alphabet_label(&r->rules->tiles->alphabet,
                              (sk_tile)(t == SK_TILE_BLANK ? SK_TILE_WILD : t), c);
            if (!r->rules->tiles->count[t])
                SK_GR_ERR(r, at, "rack %s is not in the bag: the tile set has no '%s'", rack, c);
            else
                SK_GR_ERR(r, at, "rack %s is not in the bag: it has %d '%s' but only %d %s unseen",
                          rack, need[t], c, left > 0 ? left : 0, left == 1 ? "is" : "are");
            return 0;
        }
    }
    if (len > r->rules->rack_size) {
        SK_GR_ERR(r, at, "rack %s has %d tiles; a rack holds %d", rack, len, r->rules->rack_size);
        return 0;
    }
    if (player >= 0 && sk_gr_counts_known(r) && len > r->held[player]) {
        SK_GR_ERR(r, at, "rack %s has %d tiles, but %s holds only %d now (the bag is empty)", rack,
                  len, sk_gr_nick(r, player), r->held[player]);
        return 0;
    }
    return 1;
}

/* Checks EV's running total for PLAYER after adding ADJ, then resynchronises: after a wrong
 * total the player's next line may continue from either value. */
void sk_gr_check_total(sk_gr_replay *r, const sk_gcg_event *ev, int p, int adj)
{
    if (p < 0) return;
    int expect = sk_score_clamp(sk_score_add(r->score[p], adj));
    if (!r->known[p] || ev->cumul == expect || (r->has_alt[p] && ev->cumul == r->alt[p] + adj)) {
        r->score[p] = ev->cumul;
        r->known[p] = 1;
        r->has_alt[p] = 0;
        return;
    }
    SK_GR_ERR(r, ev->cumul_at, "running total %d for %s: %d %s %d makes %d", ev->cumul,
              sk_gr_nick(r, p), r->score[p], adj < 0 ? "-" : "+", adj < 0 ? -adj : adj, expect);
    r->alt[p] = ev->cumul;
    r->has_alt[p] = 1;
    r->score[p] = expect;
}

/* Puts EV's rack on the board's player to move, for sk_rules_check ("" = unknown). */
static void set_rack(sk_gr_replay *r, const sk_gcg_event *ev)
{
    char tiles[SK_GCG_END_TILES_MAX + 1];
    int n = ev->rack_ok ? to_tiles(r, ev->rack, tiles) : -1;
    if (n < 0 || n > SK_RACK_MAX) n = 0; /* reported; checked as unknown */
    memcpy(r->pos.racks[0], tiles, (size_t)n);
    r->pos.racks[0][n] = '\0';
}

static void lose_board(sk_gr_replay *r, const sk_gcg_event *ev)
{
    if (!r->board) return;
    r->board = 0;
    r->bag = -1;
    r->board_stopped = 1;
    sk_diag_add_line(r->diags, SK_SEV_NOTE, ev->move_at,
                     "board checks stop here: the board is no longer known; turns and running "
                     "totals are still checked");
}

/* Takes N placed tiles off PLAYER's rack, refills it from the bag; returns the tiles drawn. */
static int draw(sk_gr_replay *r, int player, int n)
{
    if (!sk_gr_counts_known(r)) return 0;
    r->held[player] -= n;
    if (r->held[player] < 0) r->held[player] = 0;
    int d = n < r->bag ? n : r->bag;
    r->bag -= d;
    r->held[player] += d;
    return d;
}

/* Counts a turn of KIND that scored SCORE toward the end by idle turns (docs/rules.md, "End of
 * game"), the rule sk_match plays by. */
static void count_idle(sk_gr_replay *r, sk_move_kind kind, int score)
{
    if (!sk_rules_turn_idles(&r->end, kind, score))
        r->zeros = 0;
    else if (r->zeros < SK_CGP_ZEROS_MAX) /* as a game step keeps it: a CGP line's count */
        r->zeros++;
    if (sk_rules_idle_end(&r->end, r->zeros, sk_gr_playing(r)) && r->over == SK_GR_RUNNING)
        r->over = SK_GR_SCORELESS;
}

/* Checks a tile play and lays it on the board. */
static void play_move(sk_gr_replay *r, const sk_gcg_event *ev, int p, int withdrawn)
{
    sk_gr_last_play *l = &r->last;
    l->laid = 0;
    l->play.nplaced = 0;
    if (!r->board || !ev->move_ok) {
        if (!ev->move_ok) lose_board(r, ev);
        return;
    }
    sk_rules rules = *r->rules;
    set_rack(r, ev);
    char why[256], word_why[256] = "";
    int reported = 0;
    const sk_move *mv = &ev->move;
    sk_move blanked;
    sk_illegal rc = sk_rules_check(&rules, &r->pos, mv, r->bag, &l->play, why, sizeof(why));
    char blank_why[sizeof(why)];
    sk_illegal rb;
    if (rc == SK_ILLEGAL_NOT_ON_RACK && sk_gr_blank_for_missing(r, mv, &blanked) &&
        (rb = sk_rules_check(&rules, &r->pos, &blanked, r->bag, &l->play, blank_why,
                             sizeof(blank_why))) != SK_ILLEGAL_NOT_ON_RACK) {
        /* a blank written as its letter: said once, and the game goes on as it was played (the
         * check of the move so read stands for the rest) */
        sk_buf b;
        sk_buf_init(&b);
        sk_play_write_gcg(&l->play, &r->rules->tiles->alphabet, &b);
        SK_GR_ERR(r, ev->move_at, "illegal move %s: %s (rack %s); read as %s, a blank for it",
                  ev->notation, why, ev->rack, sk_buf_str(&b));
        sk_buf_free(&b);
        reported = 1;
        mv = &blanked;
        rc = rb;
        memcpy(why, blank_why, sizeof(why));
    }
    int rack_slip = 0; /* the move or its rack is miswritten: its word and score are too */
    if (rc == SK_ILLEGAL_NOT_ON_RACK) {
        SK_GR_ERR(r, ev->move_at, "illegal move %s: %s (rack %s)", ev->notation, why, ev->rack);
        reported = rack_slip = 1;
        r->pos.racks[0][0] = '\0'; /* go on with the rest of the rules */
        rc = sk_rules_check(&rules, &r->pos, mv, r->bag, &l->play, why, sizeof(why));
    }
    if (rc == SK_ILLEGAL_NOT_A_WORD) {
        snprintf(word_why, sizeof(word_why), "%s", why);
        rules.lexicon = NULL;
        rc = sk_rules_check(&rules, &r->pos, mv, r->bag, &l->play, why, sizeof(why));
    }
    if (rc != SK_LEGAL) {
        if (!reported) SK_GR_ERR(r, ev->move_at, "illegal move %s: %s", ev->notation, why);
        if (rc == SK_ILLEGAL_OFF_BOARD || rc == SK_ILLEGAL_MISMATCH) {
            lose_board(r, ev);
            return;
        }
    } else {
        if (word_why[0] && !withdrawn && !rack_slip) {
            if (rules.ruleset == SK_RULES_SKRABBKLE)
                SK_GR_ERR(r, ev->move_at, "illegal move %s: %s", ev->notation, word_why);
            else
                sk_diag_add(r->diags, SK_SEV_WARNING, ev->move_at,
                            "move %s: %s (the play stood unchallenged)", ev->notation, word_why);
        }
        const sk_word *w = &l->play.words[0];
        const sk_move *m = mv;
        if (m->notation == SK_NOTATION_GCG && w->dir == m->dir && w->len >= 2 &&
            (w->row != m->row || w->col != m->col || w->len != m->ntiles)) {
            char at[4];
            sk_square_name(w->row, w->col, at);
            sk_diag_add(r->diags, SK_SEV_WARNING, ev->move_at,
                        "move %s: the word it makes is longer, %d tiles from %s (a GCG play "
                        "spells the whole word, board tiles included)",
                        ev->notation, w->len, at);
        }
        if (l->play.score != ev->score && !rack_slip)
            sk_diag_add(r->diags, withdrawn ? SK_SEV_WARNING : SK_SEV_ERROR, ev->score_at,
                        "score %+d for %s: the play scores %d%s", ev->score, ev->notation,
                        l->play.score,
                        withdrawn ? " (it was withdrawn: the score did not count)" : "");
    }
    if (sk_gr_counts_known(r) && l->play.nplaced > r->held[p])
        SK_GR_ERR(r, ev->move_at, "illegal move %s: it places %d tiles, but %s holds only %d",
                  ev->notation, l->play.nplaced, sk_gr_nick(r, p), r->held[p]);
    if (rack_slip && ev->rack_ok) sk_gr_add_phantoms(r, ev->rack, &l->play);
    sk_play_apply_tiles(&l->play, &r->pos);
    l->laid = 1;
}

static void exchange(sk_gr_replay *r, const sk_gcg_event *ev, int p)
{
    if (ev->score != 0) SK_GR_ERR(r, ev->score_at, "an exchange scores 0, not %+d", ev->score);
    if (!r->board || !ev->move_ok) return;
    const sk_move *m = &ev->move;
    set_rack(r, ev);
    sk_play play;
    char why[256];
    if (sk_rules_check(r->rules, &r->pos, m, r->bag, &play, why, sizeof(why)) != SK_LEGAL) {
        SK_GR_ERR(r, ev->move_at, "illegal exchange %s: %s", ev->notation, why);
        return;
    }
    int n = m->exchange[0] ? (int)strlen(m->exchange) : m->exchange_count;
    if (n > r->rules->rack_size) /* a known rack is checked by the rules */
        SK_GR_ERR(r, ev->move_at, "illegal exchange %s: %d tiles, but %s holds %d", ev->notation, n,
                  sk_gr_nick(r, p), r->rules->rack_size);
}

/* The player after AFTER in turn order, passing over those who left the game. */
static int next_player(const sk_gr_replay *r, int after)
{
    for (int k = 1; k <= r->n; k++) {
        int q = (after + k) % r->n;
        if (!r->dropped[q]) return q;
    }
    return (after + 1) % r->n;
}

/* Players still in the game (two-player end-of-game conventions apply when two are left). */
int sk_gr_playing(const sk_gr_replay *r)
{
    int n = 0;
    for (int p = 0; p < r->n; p++)
        n += !r->dropped[p];
    return n;
}

/* #dropped: the player leaves; their tiles go back to the bag (selfplay's rule). */
static void drop(sk_gr_replay *r, const sk_gcg_event *ev)
{
    int p = ev->player;
    if (p < 0) return;
    if (r->dropped[p]) {
        SK_GR_ERR(r, ev->at, "%s dropped twice", sk_gr_nick(r, p));
        return;
    }
    r->dropped[p] = 1;
    if (sk_gr_counts_known(r)) {
        r->bag += r->held[p];
        r->held[p] = 0;
    }
}

/* Hands R->show the position before EV, PLAYER's turn (see sk_gcg_turn). */
static void show_turn(sk_gr_replay *r, const sk_gcg_event *ev, int player)
{
    if (!r->show || !r->board || sk_gr_playing(r) < 2)
        return; /* a CGP line holds two racks or more */
    sk_position before = r->pos;
    before.nops = 0;
    before.zeros = r->zeros;
    before.nplayers = 0;
    int q = player;
    do { /* the players still in, in turn order from the mover */
        before.racks[before.nplayers][0] = '\0';
        before.scores[before.nplayers++] = r->score[q];
        q = next_player(r, q);
    } while (q != player && before.nplayers < r->n);
    char tiles[SK_GCG_END_TILES_MAX + 1];
    int n = ev->rack_ok ? to_tiles(r, ev->rack, tiles) : -1;
    if (n >= 0 && n <= SK_RACK_MAX) memcpy(before.racks[0], tiles, (size_t)n + 1);
    sk_gcg_turn t = {.event = ev, .player = player, .before = &before};
    r->show(r->show_ctx, &t);
}

/* The turn events: a move, a pass, an exchange, or a line that could not be read. */
static void turn(sk_gr_replay *r, size_t i)
{
    const sk_gcg_event *ev = &r->g->events[i];
    int p = ev->player;
    int expected =
        r->last_turn < 0 ? (p >= 0 ? p : next_player(r, r->n - 1)) : next_player(r, r->last_turn);
    if (p >= 0 && p != expected && strcmp(sk_gr_nick(r, p), sk_gr_nick(r, expected)) == 0)
        p = expected; /* two players with one nickname (reported): go by the turn */
    if (ev->kind == SK_GCG_UNREADABLE) { /* reported; what it did is unknown */
        lose_board(r, ev);
        r->last.valid = 0;
        if (p < 0) return;
        r->known[p] = 0;
        if (p == expected && r->over == SK_GR_RUNNING) r->last_turn = p; /* most likely a turn */
        return;
    }
    if (r->over == SK_GR_WENT_OUT && ev->kind == SK_GCG_PASS && r->last.valid &&
        r->last.player == r->out_player && (p < 0 || p == expected)) {
        /* a challenge of the going-out play that failed costs the challenger a turn */
        r->last.valid = 0;
        r->last_turn = expected;
        if (ev->score != 0) SK_GR_ERR(r, ev->score_at, "a pass scores 0, not %+d", ev->score);
        sk_gr_check_total(r, ev, expected, ev->score);
        return;
    }
    if (r->over != SK_GR_RUNNING) {
        SK_GR_ERR(r, ev->at + 1, "%s after the game ended",
                  ev->kind == SK_GCG_MOVE       ? "move"
                  : ev->kind == SK_GCG_PASS     ? "pass"
                  : ev->kind == SK_GCG_EXCHANGE ? "exchange"
                                                : "event");
        return;
    }
    if (p < 0) p = expected;
    if (r->dropped[p]) {
        /* the #dropped line was wrong, or this one is: said once, and the player is back; their
         * tiles went to the bag, so the tile counts are no longer known */
        SK_GR_ERR(r, ev->at + 1, "%s plays after leaving the game (#dropped)", sk_gr_nick(r, p));
        r->dropped[p] = 0;
        if (sk_gr_counts_known(r))
            sk_diag_add_line(r->diags, SK_SEV_NOTE, ev->at + 1,
                             "tile counts stop here: racks and the bag are no longer known");
        r->bag = -1;
    } else if (p != expected) {
        SK_GR_ERR(r, ev->at + 1, "%s plays out of turn: it is %s's turn", sk_gr_nick(r, p),
                  sk_gr_nick(r, expected));
        /* a misspelt nickname: the total is the expected player's (and not the named one's;
         * when it fits both, a turn left out of the transcript is as likely, and the name
         * stands) */
        if (r->known[expected] && ev->cumul == r->score[expected] + ev->score &&
            !(r->known[p] && ev->cumul == r->score[p] + ev->score))
            p = expected;
    }
    r->last_turn = p;
    memset(&r->last, 0, sizeof(r->last));
    show_turn(r, ev, p);
    if (ev->rack_ok) sk_gr_check_rack(r, ev->rack, ev->rack_at, p, NULL);
    switch (ev->kind) {
    case SK_GCG_MOVE: {
        sk_gr_last_play *l = &r->last;
        int next_phony = i + 1 < r->g->nevents && r->g->events[i + 1].kind == SK_GCG_PHONY;
        l->valid = 1;
        l->player = p;
        l->ev = ev;
        l->held_before = sk_gr_counts_known(r) ? r->held[p] : 0;
        l->zeros_before = r->zeros;
        l->over_before = r->over;
        play_move(r, ev, p, next_phony);
        l->drawn = l->laid ? draw(r, p, l->play.nplaced) : 0;
        count_idle(r, SK_MOVE_PLACE, ev->score);
        if (l->laid && sk_gr_counts_known(r) && r->bag == 0 && r->held[p] == 0) {
            r->over = SK_GR_WENT_OUT;
            r->out_player = p;
        }
        break;
    }
    case SK_GCG_PASS:
        if (ev->score != 0) SK_GR_ERR(r, ev->score_at, "a pass scores 0, not %+d", ev->score);
        count_idle(r, SK_MOVE_PASS, 0);
        break;
    case SK_GCG_EXCHANGE:
        exchange(r, ev, p);
        count_idle(r, SK_MOVE_EXCHANGE, 0);
        break;
    default:
        return;
    }
    sk_gr_check_total(r, ev, p, ev->score);
}

static void withdraw(sk_gr_replay *r, const sk_gcg_event *ev)
{
    sk_gr_last_play *l = &r->last;
    int p = ev->player >= 0 ? ev->player : l->player;
    if (!l->valid) {
        SK_GR_ERR(r, ev->move_at,
                  "phony withdrawn without a play: the line before is no tile play");
        sk_gr_check_total(r, ev, ev->player, ev->score);
        return;
    }
    if (p != l->player) {
        SK_GR_ERR(r, ev->at + 1, "phony withdrawn by %s, but the play before is %s's",
                  sk_gr_nick(r, p), sk_gr_nick(r, l->player));
        p = l->player;
    } else if (ev->rack_ok && ev->rack[0] && l->ev->rack_ok && l->ev->rack[0] &&
               !sk_gr_same_tiles(r, ev->rack, l->ev->rack)) {
        SK_GR_ERR(r, ev->rack_at,
                  "withdrawn tiles: rack %s is not %s, the rack of the play withdrawn", ev->rack,
                  l->ev->rack);
    }
    int adj = ev->score;
    if (adj == 0 && l->ev->score != 0)
        adj = -l->ev->score; /* "-- +0": old Quackle files give the new total only */
    else if (-adj != l->ev->score)
        SK_GR_ERR(r, ev->score_at, "phony withdrawn for %+d, but the play scored %+d", ev->score,
                  l->ev->score);
    if (l->laid && r->board) {
        for (int k = 0; k < l->play.nplaced; k++)
            r->pos.tiles[l->play.placed[k].row * r->pos.width + l->play.placed[k].col] = 0;
        if (r->bag >= 0) {
            r->bag += l->drawn;
            r->held[p] = l->held_before;
        }
    }
    r->zeros = l->zeros_before;
    r->over = l->over_before;
    count_idle(r, SK_MOVE_PLACE, 0); /* the withdrawn play scored nothing */
    l->valid = 0;
    sk_gr_check_total(r, ev, p, adj);
}

static void challenge_bonus(sk_gr_replay *r, const sk_gcg_event *ev)
{
    sk_gr_last_play *l = &r->last;
    int p = ev->player;
    if (!l->valid) {
        SK_GR_ERR(r, ev->move_at,
                  "challenge bonus without a play: the line before is no tile play");
    } else if (p >= 0 && p != l->player) {
        SK_GR_ERR(r, ev->at + 1, "challenge bonus goes to %s, who made the play, not to %s",
                  sk_gr_nick(r, l->player), sk_gr_nick(r, p));
        p = l->player;
    }
    if (ev->rack_ok) sk_gr_check_rack(r, ev->rack, ev->rack_at, p, NULL);
    sk_gr_check_total(r, ev, p, ev->score);
}

/* Whether A and B number the same labels alike (the same tiles in tile strings). */
static int same_alphabet(const sk_alphabet *a, const sk_alphabet *b)
{
    if (a->size != b->size) return 0;
    for (int k = 0; k < a->size; k++)
        if (strcmp(a->upper[k], b->upper[k]) != 0 || strcmp(a->lower[k], b->lower[k]) != 0)
            return 0;
    return 1;
}

int sk_gcg_replay(const sk_gcg *g, const sk_rules *rules, sk_gcg_result *out, sk_diag_list *diags)
{
    return sk_gcg_replay_turns(g, rules, out, diags, NULL, NULL);
}

int sk_gcg_replay_turns(const sk_gcg *g, const sk_rules *rules, sk_gcg_result *out,
                        sk_diag_list *diags, sk_gcg_turn_fn fn, void *ctx)
{
    size_t errors_before = diags ? diags->errors : 0;
    sk_gr_replay *r = calloc(1, sizeof(*r));
    if (!r) return SK_ENOMEM;
    r->show = fn;
    r->show_ctx = ctx;
    r->g = g;
    r->rules = rules;
    r->diags = diags;
    r->n = g->nplayers < 1 ? 2 : g->nplayers; /* no #player lines: two, as most games */
    r->last_turn = -1;
    r->out_player = -1;
    if (rules)
        r->end = *rules;
    else
        sk_rules_init(&r->end, SK_RULES_CLASSIC, NULL, NULL, NULL);
    int w = rules ? rules->board->width : 15, h = rules ? rules->board->height : 15;
    sk_position_init(&r->pos, w, h);
    r->board = rules != NULL;
    r->bag = -1;
    if (rules && !same_alphabet(&g->alphabet, &rules->tiles->alphabet)) {
        sk_diag_add(diags, SK_SEV_WARNING, g->first_event_at,
                    "the transcript was read in the tiles of '%s', not those of the game's tile "
                    "set: the board, racks and scores are not checked, only the notation, turns "
                    "and running totals",
                    g->tiles);
        r->board = 0;
    }
    memset(r->known, 1, sizeof(r->known)); /* everybody starts from 0 */
    if (r->board) {
        r->bag = rules->tiles->total - r->n * rules->rack_size;
        for (int p = 0; p < r->n; p++)
            r->held[p] = rules->rack_size;
        if (r->bag < 0) r->bag = -1; /* a bag too small to fill the racks: not counted */
    }
    for (size_t i = 0; i < g->nevents; i++) {
        const sk_gcg_event *ev = &g->events[i];
        sk_gr_last_racks(r, ev->at);
        if (ev->kind >= SK_GCG_TIME && ev->kind <= SK_GCG_END_PENALTY) r->last.valid = 0;
        if (ev->kind == SK_GCG_PHONY)
            withdraw(r, ev);
        else if (ev->kind == SK_GCG_CHALLENGE)
            challenge_bonus(r, ev);
        else if (ev->kind == SK_GCG_TIME)
            sk_gr_time_penalty(r, ev);
        else if (ev->kind == SK_GCG_END_POINTS)
            sk_gr_end_points(r, ev);
        else if (ev->kind == SK_GCG_END_PENALTY)
            sk_gr_end_penalty(r, ev);
        else if (ev->kind == SK_GCG_DROP)
            drop(r, ev);
        else
            turn(r, i);
    }
    sk_gr_finish(r);
    memset(out, 0, sizeof(*out));
    out->nplayers = r->n;
    memcpy(out->scores, r->score, sizeof(out->scores));
    out->events = (int)g->nevents;
    out->game_over = r->over != SK_GR_RUNNING;
    out->board_checked = r->board || r->board_stopped;
    out->board_stopped = r->board_stopped;
    out->position = r->pos;
    out->position.racks[0][0] = '\0';
    int rc = diags && diags->errors > errors_before ? SK_EINVAL : SK_OK;
    free(r);
    return rc;
}
