/* match.c — one game from the first draw to the final scores, and its GCG transcript (see
 * match.h). */
#include <stdlib.h>
#include <string.h>

#include "internal/score.h"
#include "skrab/error.h"
#include "skrab/game.h"
#include "skrab/match.h"

int sk_match_start(sk_match *m, const sk_rules *rules, int nseats, int first, uint64_t seed)
{
    memset(m, 0, sizeof(*m));
    if (nseats < 1 || nseats > SK_PLAYERS_MAX || first < 0 || first >= nseats) return SK_EINVAL;
    m->rules = rules;
    m->nseats = nseats;
    m->out_seat = -1;
    m->max_turns = 10000;
    sk_rng_seed(&m->rng, seed);
    sk_position_init(&m->pos, rules->board->width, rules->board->height);
    m->pos.nplayers = nseats;
    for (int slot = 0; slot < nseats; slot++) {
        m->seat_of_slot[slot] = (first + slot) % nseats;
        m->pos.racks[slot][0] = '\0';
        m->pos.scores[slot] = 0;
    }
    for (int slot = 0; slot < nseats; slot++)
        sk_game_draw(&m->pos, rules->tiles, slot, rules->rack_size, &m->rng);
    return SK_OK;
}

void sk_match_free(sk_match *m)
{
    free(m->events);
    m->events = NULL;
    m->nevents = m->cap = 0;
}

static int slot_of(const sk_match *m, int seat)
{
    for (int s = 0; s < m->pos.nplayers; s++)
        if (m->seat_of_slot[s] == seat) return s;
    return -1;
}

int sk_match_to_move(const sk_match *m)
{
    return m->pos.nplayers > 0 ? m->seat_of_slot[0] : -1;
}

const char *sk_match_rack(const sk_match *m, int seat)
{
    int s = slot_of(m, seat);
    return s >= 0 ? m->pos.racks[s] : "";
}

int sk_match_score(const sk_match *m, int seat)
{
    int s = slot_of(m, seat);
    return s >= 0 ? m->pos.scores[s] : m->final[seat];
}

int sk_match_final(const sk_match *m, int seat)
{
    return m->state != SK_MATCH_RUNNING || m->dropped[seat] ? m->final[seat]
                                                            : sk_match_score(m, seat);
}

int sk_match_bag(const sk_match *m)
{
    return sk_position_bag(&m->pos, m->rules->tiles, 0); /* every rack is known */
}

/* Writes the tile string RACK as text (its labels) into OUT[0..SIZE). */
static void rack_text(const sk_match *m, const char *rack, char *out, size_t size)
{
    sk_alphabet_text(&m->rules->tiles->alphabet, rack, 0, out, size);
}

static sk_match_event *add_event(sk_match *m, sk_event_kind kind, int seat, const char *rack)
{
    if (m->nevents == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 64;
        sk_match_event *e = realloc(m->events, cap * sizeof(*e));
        if (!e) {
            m->failed = 1;
            return NULL;
        }
        m->events = e;
        m->cap = cap;
    }
    sk_match_event *e = &m->events[m->nevents++];
    memset(e, 0, sizeof(*e));
    e->kind = kind;
    e->seat = seat;
    rack_text(m, rack, e->rack, sizeof(e->rack));
    return e;
}

static int rack_value(const sk_match *m, const char *rack)
{
    int v = 0;
    for (const char *p = rack; *p; p++)
        v += sk_tileset_score_of(m->rules->tiles, *p);
    return v;
}

/* The end-of-game points (see match.h) and the final scores; the running scores stay. */
static void finish(sk_match *m)
{
    const sk_position *pos = &m->pos;
    int out = m->state == SK_MATCH_WENT_OUT ? slot_of(m, m->out_seat) : -1;
    for (int s = 0; s < pos->nplayers; s++)
        m->final[m->seat_of_slot[s]] = pos->scores[s];
    if (out >= 0 && m->rules->ruleset == SK_RULES_CLASSIC) {
        int sum = 0;
        char tiles[SK_EVENT_TEXT_MAX] = "";
        for (int s = 0; s < pos->nplayers; s++) {
            if (s == out) continue;
            sum += rack_value(m, pos->racks[s]);
            size_t n = strlen(tiles);
            rack_text(m, pos->racks[s], tiles + n, sizeof(tiles) - n);
        }
        int *f = &m->final[m->out_seat];
        *f = sk_score_clamp(sk_score_add(*f, sum));
        sk_match_event *e = add_event(m, SK_EVENT_END_POINTS, m->out_seat, "");
        if (e) {
            snprintf(e->text, sizeof(e->text), "%s", tiles);
            e->score = sum;
            e->total = *f;
        }
    }
    for (int s = 0; s < pos->nplayers; s++) {
        if (s == out || !pos->racks[s][0]) continue;
        int seat = m->seat_of_slot[s], v = rack_value(m, pos->racks[s]);
        m->final[seat] = sk_score_clamp(sk_score_add(m->final[seat], -(long long)v));
        sk_match_event *e = add_event(m, SK_EVENT_END_PENALTY, seat, pos->racks[s]);
        if (e) {
            rack_text(m, pos->racks[s], e->text, sizeof(e->text));
            e->score = -v;
            e->total = m->final[seat];
        }
    }
}

/* Checks the end of the game after a move by MOVER (-1 after a drop). */
static void check_end(sk_match *m, int mover)
{
    int active = m->pos.nplayers;
    int ms = mover >= 0 ? slot_of(m, mover) : -1;
    if (active == 0)
        m->state = SK_MATCH_NO_PLAYERS;
    else if (ms >= 0 && !m->pos.racks[ms][0] && sk_match_bag(m) == 0) {
        m->state = SK_MATCH_WENT_OUT;
        m->out_seat = mover;
    } else if (sk_rules_idle_end(m->rules, m->idle, active))
        m->state = m->rules->end_passes_only ? SK_MATCH_PASSES : SK_MATCH_ZEROS;
    else if (m->max_turns > 0 && m->turns >= m->max_turns)
        m->state = SK_MATCH_TURN_LIMIT;
    if (m->state != SK_MATCH_RUNNING) finish(m);
}

sk_illegal sk_match_check(const sk_match *m, const sk_move *move, sk_play *out, char *why,
                          size_t why_size)
{
    if (m->state != SK_MATCH_RUNNING || m->pos.nplayers == 0) {
        memset(out, 0, sizeof(*out));
        snprintf(why, why_size, "the game is over");
        return SK_ILLEGAL_NO_TILES;
    }
    if (move->kind == SK_MOVE_EXCHANGE && !move->exchange[0]) {
        memset(out, 0, sizeof(*out));
        snprintf(why, why_size, "an exchange must name its tiles");
        return SK_ILLEGAL_EXCHANGE_TILES;
    }
    if (move->kind != SK_MOVE_PASS && !m->pos.racks[0][0]) {
        memset(out, 0, sizeof(*out));
        snprintf(why, why_size, "the rack is empty");
        return SK_ILLEGAL_NOT_ON_RACK;
    }
    return sk_rules_check(m->rules, &m->pos, move, sk_match_bag(m), out, why, why_size);
}

/* The play in GCG notation: "8G UNP.TIED", "-ABC", "-". */
static void play_text(const sk_match *m, const sk_play *play, char *out, size_t size)
{
    sk_buf b;
    sk_buf_init(&b);
    sk_play_write(play, SK_PLAY_GCG_DOTS, &m->rules->tiles->alphabet, &b);
    snprintf(out, size, "%s", sk_buf_str(&b));
    sk_buf_free(&b);
}

int sk_match_play(sk_match *m, const sk_play *play)
{
    if (m->state != SK_MATCH_RUNNING || m->pos.nplayers == 0) return SK_EINVAL;
    int seat = m->seat_of_slot[0];
    char text[SK_EVENT_TEXT_MAX], rack[SK_RACK_MAX + 1];
    play_text(m, play, text, sizeof(text));
    memcpy(rack, m->pos.racks[0], sizeof(rack));
    sk_position before = m->pos;
    if (sk_game_apply(&m->pos, play, m->rules->tiles, m->rules->rack_size, &m->rng) != SK_OK) {
        m->pos = before;
        return SK_EINVAL;
    }
    int n = m->pos.nplayers;
    for (int s = 0; s + 1 < n; s++)
        m->seat_of_slot[s] = m->seat_of_slot[s + 1];
    if (n > 0) m->seat_of_slot[n - 1] = seat;
    m->idle = sk_rules_turn_idles(m->rules, play->kind, play->score) ? m->idle + 1 : 0;
    m->turns++;
    sk_match_event *e = add_event(m, SK_EVENT_PLAY, seat, rack);
    if (e) {
        e->move = play->kind;
        snprintf(e->text, sizeof(e->text), "%s", text);
        e->score = play->score;
        e->total = sk_match_score(m, seat);
    }
    check_end(m, seat);
    return SK_OK;
}

void sk_match_drop(sk_match *m, const char *reason)
{
    if (m->state != SK_MATCH_RUNNING || m->pos.nplayers == 0) return;
    sk_position *pos = &m->pos;
    int seat = m->seat_of_slot[0];
    sk_match_event *e = add_event(m, SK_EVENT_DROP, seat, pos->racks[0]);
    if (e) {
        snprintf(e->text, sizeof(e->text), "%s", reason ? reason : "");
        e->total = pos->scores[0];
    }
    m->final[seat] = pos->scores[0];
    m->dropped[seat] = 1;
    for (int s = 0; s + 1 < pos->nplayers; s++) {
        memcpy(pos->racks[s], pos->racks[s + 1], sizeof(pos->racks[s]));
        pos->scores[s] = pos->scores[s + 1];
        m->seat_of_slot[s] = m->seat_of_slot[s + 1];
    }
    pos->nplayers--;
    check_end(m, -1);
}

void sk_match_stop(sk_match *m)
{
    if (m->state != SK_MATCH_RUNNING) return;
    m->state = SK_MATCH_STOPPED;
    finish(m);
}

unsigned sk_match_winners(const sk_match *m)
{
    unsigned bits = 0;
    int best = 0, any = 0;
    for (int s = 0; s < m->nseats; s++) {
        if (m->dropped[s]) continue;
        int v = sk_match_final(m, s);
        if (!any || v > best) {
            best = v;
            bits = 0;
            any = 1;
        }
        if (v == best) bits |= 1u << s;
    }
    return bits;
}

static void gcg_nick(const sk_match_gcg_info *info, int seat, char out[64])
{
    if (info && info->nick[seat])
        snprintf(out, 64, "%s", info->nick[seat]);
    else
        snprintf(out, 64, "p%d", seat + 1);
}

void sk_match_write_gcg(const sk_match *m, const sk_match_gcg_info *info, sk_buf *out)
{
    char nick[64];
    sk_buf_puts(out, "#character-encoding UTF-8\n");
    if (info && info->title) sk_buf_printf(out, "#title %s\n", info->title);
    int drops = 0;
    for (size_t i = 0; i < m->nevents; i++) {
        const sk_match_event *e = &m->events[i];
        if (e->kind != SK_EVENT_DROP) continue;
        gcg_nick(info, e->seat, nick);
        sk_buf_printf(out, "%s%s dropped: %s", drops++ ? "; " : "#description ", nick, e->text);
    }
    if (drops) sk_buf_putc(out, '\n');
    sk_buf_printf(out, "#game-type %s\n", sk_ruleset_name(m->rules->ruleset));
    if (info && info->lexicon) sk_buf_printf(out, "#lexicon %s\n", info->lexicon);
    if (info && info->board) sk_buf_printf(out, "#board-layout %s\n", info->board);
    if (info && info->tiles) sk_buf_printf(out, "#tile-distribution %s\n", info->tiles);
    for (int s = 0; s < m->nseats; s++) {
        gcg_nick(info, s, nick);
        const char *name = info && info->name[s] ? info->name[s] : nick;
        sk_buf_printf(out, "#player%d %s %s\n", s + 1, nick, name);
    }
    for (size_t i = 0; i < m->nevents; i++) {
        const sk_match_event *e = &m->events[i];
        gcg_nick(info, e->seat, nick);
        switch (e->kind) {
        case SK_EVENT_PLAY:
            sk_buf_printf(out, ">%s: %s %s +%d %d\n", nick, e->rack, e->text, e->score, e->total);
            break;
        case SK_EVENT_DROP: /* skrab's extension; skrab replay gives their tiles back to the bag */
            sk_buf_printf(out, "#dropped %s %s\n", nick, e->text);
            break;
        case SK_EVENT_END_POINTS:
            sk_buf_printf(out, ">%s: (%s) +%d %d\n", nick, e->text, e->score, e->total);
            break;
        case SK_EVENT_END_PENALTY:
            sk_buf_printf(out, ">%s: %s (%s) -%d %d\n", nick, e->rack, e->text, -e->score,
                          e->total);
            break;
        }
    }
}
