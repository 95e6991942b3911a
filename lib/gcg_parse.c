/* gcg_parse.c — reading a GCG transcript into pragmas and events (see gcg.h; docs/formats.md,
 * "Transcripts (GCG)"). PCRE2 does the line grammar, one pattern per event kind, tried in the order
 * of PATTERNS, where of two patterns that can match one line the more specific comes first (a phony
 * "-- +0" before an exchange "-TILES +0"; "(challenge)" and "(time)" before the end-of-game
 * "(TILES)"). Fields are matched loosely (any token) and then checked one by one, so that
 * "malformed rack" is told apart from "unrecognised line". Only the notation is judged here; what
 * the events mean on the board is gcg_replay.c's business; the pragma lines are gcg_pragma.c's. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/gcg_parse.h"
#include "internal/regex.h"
#include "skrab/buf.h"
#include "skrab/error.h"
#include "skrab/gcg.h"
#include "skrab/resource.h"
#include "skrab/tiles.h"
#include "skrab/utf8.h"

#define NICK ">([^\\s:]+):[ \\t]*"
#define CUMUL "[ \\t]+(-?[0-9]+)(?:[ \\t]+.*)?$"

/* Group numbers: 1 is the nickname in every event pattern. */
static const char *const PATTERNS[SK_GP_PATTERNS] = {
    /* 2 rack (optional), 3 position, 4 play, 5 score (negative on skrabbkle's negative
     * premiums: written "+-12"), 6 cumul */
    "^" NICK
    "(?:(\\S+)[ \\t]+)?([0-9]+[A-Za-z]|[A-Za-z][0-9]+)[ \\t]+(\\S+)[ \\t]+\\+?(-?[0-9]+)" CUMUL,
    /* 2 rack, 3 "--", 4 -lost (old Quackle files write "+0"), 5 cumul */
    "^" NICK "(\\S*)[ \\t]+(--)[ \\t]+([-+][0-9]+)" CUMUL,
    /* 2 rack, 3 "-", 4 score, 5 cumul */
    "^" NICK "(\\S*)[ \\t]+(-)[ \\t]+\\+?([0-9]+)" CUMUL,
    /* 2 rack, 3 "(challenge)", 4 bonus, 5 cumul */
    "^" NICK "(\\S*)[ \\t]+(\\((?i:challenge)\\))[ \\t]+\\+?([0-9]+)" CUMUL,
    /* 2 rack, 3 "-TILES", 4 score, 5 cumul */
    "^" NICK "(\\S*)[ \\t]+(-\\S+)[ \\t]+\\+?([0-9]+)" CUMUL,
    /* 2 rack, 3 "(time)", 4 penalty (macondo also writes "+-N"), 5 cumul */
    "^" NICK "(\\S*)[ \\t]+(\\((?i:time)\\))[ \\t]+(\\+?-?[0-9]+)" CUMUL,
    /* 2 "(TILES)", 3 points, 4 cumul */
    "^" NICK "(\\(\\S*\\))[ \\t]+\\+?([0-9]+)" CUMUL,
    /* 2 rack, 3 "(TILES)", 4 penalty, 5 cumul */
    "^" NICK "(\\S+)[ \\t]+(\\(\\S*\\))[ \\t]+-([0-9]+)" CUMUL,
    /* 1 name, 2 argument */
    "^#([A-Za-z0-9_-]+)(?:[ \\t]+(.*))?$",
    /* 1 the nickname of a line that is no event */
    "^>([^\\s:]+):",
};

void sk_gp_put_text(char *dst, size_t size, const char *src, size_t len)
{
    if (len >= size) {
        len = sk_utf8_cut(src, len, size - 1);
        while (len > 0 && (src[len - 1] == ' ' || src[len - 1] == '\t'))
            len--;
    }
    memcpy(dst, src, len);
    dst[len] = '\0';
}

static int group(sk_gp_parser *p, int pattern, int n, size_t *start, size_t *len)
{
    return sk_regex_group(&p->re[pattern], n, start, len);
}

size_t sk_gp_copy_group(sk_gp_parser *p, int pattern, int n, char *dst, size_t size)
{
    size_t s = 0, l = 0;
    dst[0] = '\0';
    if (!group(p, pattern, n, &s, &l)) return p->line_at;
    if (l >= size) l = size - 1;
    memcpy(dst, p->line + s, l);
    dst[l] = '\0';
    return p->line_at + s;
}

static int group_int(sk_gp_parser *p, int pattern, int n, int *out, size_t *at)
{
    size_t s = 0, l = 0;
    if (!group(p, pattern, n, &s, &l)) return -1;
    *at = p->line_at + s;
    const char *t = p->line + s;
    int sign = 1;
    while (l && (*t == '+' || *t == '-')) {
        if (*t == '-') sign = -sign;
        t++;
        l--;
    }
    if (l == 0 || l > 6) {
        SK_GP_ERR(p, *at, "number '%.*s' out of range (at most 6 digits)",
                  (int)(t + l - (p->line + s)), p->line + s);
        *out = 0;
        return -1;
    }
    int v = 0;
    for (size_t i = 0; i < l; i++)
        v = v * 10 + (t[i] - '0');
    *out = sign * v;
    return 0;
}

/* Without "#character-encoding UTF-8" a transcript is ISO-8859-1 (docs/formats.md, "Transcripts
 * (GCG)"), yet such files are often UTF-8 all the same: a token of tiles that is UTF-8 is kept as
 * it is, and one that is not has each byte read as the ISO-8859-1 character of that code and is
 * rewritten in UTF-8 in place (cut at a whole character to fit SIZE). Returns 1 when it was
 * rewritten: offsets inside the token no longer match the text's. */
int sk_gp_from_latin1(const sk_gp_parser *p, char *s, size_t size)
{
    size_t n = strlen(s);
    if (p->g->utf8 || sk_utf8_invalid(s, n) == n) return 0;
    char out[2 * SK_GCG_END_TILES_MAX + 2 * SK_GCG_TILES_MAX + 16] = "";
    size_t k = 0;
    for (size_t i = 0; i < n && k + 2 < sizeof(out) && k + 2 < size; i++) {
        unsigned char c = (unsigned char)s[i];
        k += sk_utf8_encode(c, out + k);
    }
    memcpy(s, out, k);
    s[k] = '\0';
    return 1;
}

/* The alphabet racks and moves are read in: the caller's, else the built-in tile set the
 * pragmas name (sk_gcg_tiles_name), else English. Settled at the first tile read: the pragmas
 * that name the game come before the events. */
static const sk_alphabet *tile_alphabet(sk_gp_parser *p)
{
    sk_gcg *g = p->g;
    if (!p->alphabet_set) {
        const char *name = sk_gcg_tiles_name(g);
        if (name && !sk_resource_is_path(name) && sk_tileset_builtin(&p->tiles, name) == SK_OK) {
            g->alphabet = p->tiles.alphabet;
            sk_gp_put_text(g->tiles, sizeof(g->tiles), name, strlen(name));
        } else {
            sk_alphabet_latin(&g->alphabet);
            sk_gp_put_text(g->tiles, sizeof(g->tiles), "english", 7);
        }
        p->alphabet_set = 1;
    }
    return &g->alphabet;
}

/* Says why the tile at TEXT[AT..LEN) could not be read (outcome WHY) into OUT[SIZE], naming the
 * tile set when the character is none of its tiles. */
static void tile_why(sk_gp_parser *p, sk_tile_read why, const char *text, size_t len, size_t at,
                     char *out, size_t size)
{
    sk_alphabet_read_why(why, text, len, at, out, size);
    if (why == SK_TILE_READ_UNKNOWN) {
        size_t n = strlen(out);
        snprintf(out + n, size - n, " '%.80s'", p->g->tiles);
    }
}

/* Reads the tiles at AT into DST and checks them against the transcript's alphabet, '?' the
 * blank; reports a malformed rack at the tile that cannot be read. Returns 1 if fine. */
int sk_gp_read_rack(sk_gp_parser *p, const char *what, char *dst, size_t at, size_t max)
{
    if (strlen(dst) > max) { /* DST has a byte of room more than MAX: see sk_gcg_event */
        SK_GP_ERR(p, at, "malformed %s: more than %zu bytes", what, max);
        return 0;
    }
    const sk_alphabet *a = tile_alphabet(p);
    size_t n = strlen(dst);
    for (size_t i = 0; i < n;) {
        size_t start = i;
        sk_tile t;
        sk_tile_read r = sk_alphabet_read(a, dst, n, &i, SK_READ_BLANK, &t);
        if (r == SK_TILE_READ_OK) continue;
        if (r == SK_TILE_READ_NOT_ALLOWED) { /* a blank's lower-case letter */
            uint32_t cp;
            size_t k = sk_utf8_decode(dst + start, n - start, &cp);
            SK_GP_ERR(p, at + (p->shifted ? 0 : start),
                      "malformed %s '%s': lowercase '%.*s' (a blank on a rack is '?')", what, dst,
                      (int)(k ? k : 1), dst + start);
        } else {
            char why[256];
            tile_why(p, r, dst, n, start, why, sizeof(why));
            SK_GP_ERR(p, at + (p->shifted ? 0 : start), "malformed %s '%s': %s", what, dst, why);
        }
        return 0;
    }
    return 1;
}

int sk_gp_find_player(const sk_gcg *g, const char *nick)
{
    for (int i = 0; i < g->nplayers; i++)
        if (g->players[i].at != SK_DIAG_NO_OFFSET && strcmp(g->players[i].nick, nick) == 0)
            return i;
    return -1;
}

sk_gcg_event *sk_gp_new_event(sk_gp_parser *p)
{
    sk_gcg *g = p->g;
    if (g->nevents == SK_GCG_EVENTS_MAX) {
        if (!p->overflow_reported)
            SK_GP_ERR(p, p->line_at, "more than %d events; the rest are not read",
                      SK_GCG_EVENTS_MAX);
        p->overflow_reported = 1;
        return NULL;
    }
    if (g->nevents == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 64;
        sk_gcg_event *ev = realloc(g->events, cap * sizeof(*ev));
        if (!ev) {
            p->nomem = 1;
            return NULL;
        }
        g->events = ev;
        p->cap = cap;
    }
    sk_gcg_event *ev = &g->events[g->nevents++];
    memset(ev, 0, sizeof(*ev));
    ev->at = ev->rack_at = ev->move_at = ev->score_at = ev->cumul_at = p->line_at;
    ev->rack_ok = ev->tiles_ok = 1;
    return ev;
}

/* Reads a move (POS PLAY) or an exchange token ("-ABC", "-3") into EV->move, in the
 * transcript's alphabet. TILES_AT is the offset in the text of TEXT[SKIP], where the tiles begin
 * (the play after POS, or the exchange after '-'): a character that is no tile is reported
 * there, at its own column. */
static void read_move(sk_gp_parser *p, sk_gcg_event *ev, const char *text, size_t skip,
                      size_t tiles_at, const char *what)
{
    char why[200];
    const sk_alphabet *a = tile_alphabet(p);
    size_t n = strlen(text);
    int exchange = text[0] == '-';
    for (size_t i = skip; i < n;) {
        char c = text[i];
        if (!exchange && (c == '.' || c == '(' || c == ')')) {
            i++;
            continue;
        }
        if (exchange && c >= '0' && c <= '9') break; /* "-3": the count, for sk_move_parse */
        size_t start = i;
        sk_tile t;
        sk_tile_read r = sk_alphabet_read(
            a, text, n, &i, exchange ? SK_READ_BLANK | SK_READ_FOLD : SK_READ_BLANKED, &t);
        if (r == SK_TILE_READ_OK) continue;
        tile_why(p, r, text, n, start, why, sizeof(why));
        SK_GP_ERR(p, tiles_at + (p->shifted ? 0 : start - skip), "malformed %s '%s': %s", what,
                  text, why);
        return;
    }
    if (sk_move_parse(&ev->move, text, n, a, why, sizeof(why)) != SK_OK) {
        SK_GP_ERR(p, ev->move_at, "malformed %s '%s': %s", what, text, why);
        return;
    }
    ev->move_ok = 1;
}

/* Tries the event patterns in order and fills EV from the first that matches. Returns its
 * index, or -1 when none matches. */
static int match_event(sk_gp_parser *p, sk_gcg_event *ev, size_t n)
{
    int k;
    for (k = SK_GP_MOVE; k <= SK_GP_END_PENALTY; k++)
        if (sk_regex_match(&p->re[k], p->line, n, 0) == 1) break;
    if (k > SK_GP_END_PENALTY) return -1;
    char buf[SK_GCG_END_TILES_MAX + 2 * SK_GCG_TILES_MAX + 8];
    int cumul_group = 5, score_group = 4;
    size_t tiles_skip = 1, tiles_at = 0; /* where the tiles of the move begin ("-ABC": at 1) */
    switch (k) {
    case SK_GP_MOVE: {
        ev->kind = SK_GCG_MOVE;
        ev->rack_at = sk_gp_copy_group(p, k, 2, ev->rack, sizeof(ev->rack));
        char pos[16], play[SK_GCG_TILES_MAX + 1];
        ev->move_at = sk_gp_copy_group(p, k, 3, pos, sizeof(pos));
        size_t play_at = sk_gp_copy_group(p, k, 4, play, sizeof(play));
        p->shifted = sk_gp_from_latin1(p, play, sizeof(play));
        snprintf(buf, sizeof(buf), "%s %s", pos, play);
        tiles_skip = strlen(pos) + 1;
        tiles_at = play_at;
        score_group = 5;
        cumul_group = 6;
        break;
    }
    case SK_GP_PHONY:
        ev->kind = SK_GCG_PHONY;
        break;
    case SK_GP_PASS:
        ev->kind = SK_GCG_PASS;
        break;
    case SK_GP_CHALLENGE:
        ev->kind = SK_GCG_CHALLENGE;
        break;
    case SK_GP_EXCHANGE:
        ev->kind = SK_GCG_EXCHANGE;
        break;
    case SK_GP_TIME:
        ev->kind = SK_GCG_TIME;
        break;
    case SK_GP_END_POINTS:
        ev->kind = SK_GCG_END_POINTS;
        score_group = 3;
        cumul_group = 4;
        break;
    default:
        ev->kind = SK_GCG_END_PENALTY;
        break;
    }
    if (k != SK_GP_MOVE && k != SK_GP_END_POINTS) {
        ev->rack_at = sk_gp_copy_group(p, k, 2, ev->rack, sizeof(ev->rack));
        ev->move_at = sk_gp_copy_group(p, k, 3, buf, sizeof(buf));
        tiles_at = ev->move_at + 1;
        if (k == SK_GP_EXCHANGE) p->shifted = sk_gp_from_latin1(p, buf, sizeof(buf));
    }
    if (k == SK_GP_END_POINTS) ev->move_at = sk_gp_copy_group(p, k, 2, buf, sizeof(buf));
    if (k == SK_GP_END_POINTS || k == SK_GP_END_PENALTY)
        p->shifted = sk_gp_from_latin1(p, buf, sizeof(buf));
    if (k == SK_GP_CHALLENGE && strcmp(ev->rack, "UNKNOWN") == 0)
        ev->rack[0] = '\0'; /* a placeholder some exports write: the rack is not known */
    if (ev->rack[0] == '\0') ev->rack_at = ev->move_at;
    if (ev->rack[0]) {
        int shifted = p->shifted;
        p->shifted = sk_gp_from_latin1(p, ev->rack, sizeof(ev->rack));
        ev->rack_ok = sk_gp_read_rack(p, "rack", ev->rack, ev->rack_at, SK_GCG_TILES_MAX);
        p->shifted = shifted;
    }
    if (k == SK_GP_END_POINTS || k == SK_GP_END_PENALTY) {
        size_t n2 = strlen(buf); /* "(TILES)" */
        size_t m = n2 >= 2 ? n2 - 2 : 0;
        if (m > SK_GCG_END_TILES_MAX + 1) m = SK_GCG_END_TILES_MAX + 1; /* one more: seen */
        memcpy(ev->tiles, buf + 1, m);
        ev->tiles[m] = '\0';
        ev->tiles_ok = sk_gp_read_rack(p, "rack", ev->tiles, ev->move_at + 1, SK_GCG_END_TILES_MAX);
    }
    if (k == SK_GP_MOVE || k == SK_GP_PASS || k == SK_GP_EXCHANGE) {
        snprintf(ev->notation, sizeof(ev->notation), "%.*s", (int)sizeof(ev->notation) - 1, buf);
        read_move(p, ev, buf, tiles_skip, tiles_at,
                  k == SK_GP_MOVE   ? "move"
                  : k == SK_GP_PASS ? "pass"
                                    : "exchange");
    }
    group_int(p, k, score_group, &ev->score, &ev->score_at);
    if (k == SK_GP_END_PENALTY) ev->score = -ev->score;
    group_int(p, k, cumul_group, &ev->cumul, &ev->cumul_at);
    return k;
}

static void read_event(sk_gp_parser *p, size_t n)
{
    sk_gcg *g = p->g;
    if (!p->seen_event) {
        g->first_event_at = p->line_at;
        /* one player at least (a game of one is a game: the CS104 game, a solo selfplay) */
        for (int i = 0; i < (g->nplayers > 1 ? g->nplayers : 1); i++)
            if (g->nplayers <= i || g->players[i].at == SK_DIAG_NO_OFFSET) {
                SK_GP_ERR(p, p->line_at,
                          "event before #player%d: the players come before the events", i + 1);
                break;
            }
    }
    p->seen_event = 1;
    if (p->last_rack_at != SK_DIAG_NO_OFFSET && !p->after_last_rack_reported) {
        SK_GP_ERR(p, p->line_at,
                  "event after a #rack line: #rack1/#rack2 close an unfinished game");
        p->after_last_rack_reported = 1;
    }
    sk_gcg_event *ev = sk_gp_new_event(p);
    if (!ev) return;
    char nick[SK_GCG_TEXT_MAX + 1];
    int k = match_event(p, ev, n); /* group 1 is the nickname in every event pattern */
    if (k < 0) {
        ev->kind = SK_GCG_UNREADABLE;
        SK_GP_ERR(p, p->line_at,
                  "unrecognized event: expected '>NICK: RACK POS PLAY +SCORE TOTAL' or a pass, "
                  "exchange, phony (--), (challenge), (time) or end-of-game line");
        if (sk_regex_match(&p->re[SK_GP_NICK], p->line, n, 0) != 1) {
            ev->player = -1;
            return;
        }
        k = SK_GP_NICK;
    }
    size_t nick_at = sk_gp_copy_group(p, k, 1, nick, sizeof(nick));
    ev->player = sk_gp_find_player(g, nick);
    int said = 0; /* an unknown nickname is said on its first line only: one slip, one error */
    for (int i = 0; ev->player < 0 && i < p->nunknown; i++)
        said |= strcmp(p->unknown[i], nick) == 0;
    if (ev->player < 0 && !said) {
        if (p->nunknown < SK_GCG_PLAYERS_MAX) strcpy(p->unknown[p->nunknown++], nick);
        sk_buf names;
        sk_buf_init(&names);
        for (int i = 0; i < g->nplayers; i++)
            if (g->players[i].at != SK_DIAG_NO_OFFSET)
                sk_buf_printf(&names, "%s%s", names.len ? ", " : "", g->players[i].nick);
        SK_GP_ERR(p, nick_at,
                  "unknown player '%s' (the #player lines name: %s); later lines of '%s' are "
                  "taken as the turn's player and not reported",
                  nick, names.len ? sk_buf_str(&names) : "nobody", nick);
        sk_buf_free(&names);
    }
}

static void init_result(sk_gcg *g, size_t len)
{
    memset(g, 0, sizeof(*g));
    for (int i = 0; i < SK_GCG_PLAYERS_MAX; i++) {
        g->players[i].at = SK_DIAG_NO_OFFSET;
        g->last_racks[i].at = SK_DIAG_NO_OFFSET;
    }
    g->lexicon.at = g->board_layout.at = g->tile_distribution.at = g->game_type.at =
        SK_DIAG_NO_OFFSET;
    g->first_event_at = g->end_at = len;
}

int sk_gcg_parse(sk_gcg *out, const char *text, size_t len, sk_diag_list *diags)
{
    return sk_gcg_parse_tiles(out, text, len, NULL, NULL, diags);
}

int sk_gcg_parse_tiles(sk_gcg *out, const char *text, size_t len, const sk_alphabet *alphabet,
                       const char *tiles_name, sk_diag_list *diags)
{
    init_result(out, len);
    size_t errors_before = diags ? diags->errors : 0;
    sk_gp_parser *p = calloc(1, sizeof(*p));
    if (!p) return SK_ENOMEM;
    if (alphabet) {
        out->alphabet = *alphabet;
        const char *name = tiles_name ? tiles_name : "";
        sk_gp_put_text(out->tiles, sizeof(out->tiles), name, strlen(name));
        p->alphabet_set = 1;
    }
    p->g = out;
    p->text = text;
    p->len = len;
    p->diags = diags;
    p->last_rack_at = SK_DIAG_NO_OFFSET;
    for (int h = 0; h < SK_GP_HEADERS; h++)
        p->header_at[h] = SK_DIAG_NO_OFFSET;
    int rc = SK_OK, compiled = 0;
    for (; compiled < SK_GP_PATTERNS; compiled++)
        if ((rc = sk_regex_compile(&p->re[compiled], PATTERNS[compiled])) != SK_OK) goto cleanup;
    size_t pos = 0, lines = 0;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) pos = 3;
    while (pos < len) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len, next = nl ? end + 1 : len;
        size_t s = pos, e = end;
        pos = next;
        lines++;
        while (s < e && isspace((unsigned char)text[s]))
            s++;
        while (e > s && isspace((unsigned char)text[e - 1]))
            e--;
        if (s == e) continue;
        p->line_at = s;
        if (memchr(text + s, '\0', e - s)) {
            SK_GP_ERR(p, s + strlen(text + s), "NUL byte in the transcript");
            continue;
        }
        if (e - s > SK_GCG_LINE_MAX) {
            sk_diag_add_line(diags, SK_SEV_ERROR, s, "line longer than %d bytes", SK_GCG_LINE_MAX);
            continue;
        }
        memcpy(p->line, text + s, e - s);
        p->line[e - s] = '\0';
        if (p->line[0] == '#') {
            sk_gp_read_pragma(p, e - s, lines == 1);
        } else if (p->line[0] == '>') {
            p->in_note = 0;
            read_event(p, e - s);
        } else if (!p->in_note) {
            SK_GP_ERR(p, s, "unrecognized line: expected a #pragma or a '>NICK:' event");
        }
        if (p->nomem) {
            rc = SK_ENOMEM;
            goto cleanup;
        }
    }
    tile_alphabet(p); /* settled even without a tile read */
    if (out->nevents == 0 && out->nplayers == 0)
        SK_GP_ERR(p, len, "empty transcript: no #player lines and no events");
    for (int i = out->nplayers; i < SK_GCG_PLAYERS_MAX; i++)
        if (out->last_racks[i].at != SK_DIAG_NO_OFFSET)
            SK_GP_ERR(p, out->last_racks[i].at, "#rack%d, but there is no #player%d", i + 1, i + 1);
    for (int i = 0; i < out->nplayers; i++)
        if (out->players[i].at == SK_DIAG_NO_OFFSET)
            SK_GP_ERR(p, out->first_event_at, "#player%d is missing (there is a #player%d)", i + 1,
                      out->nplayers);
    if (diags && diags->errors > errors_before) rc = SK_EINVAL;
cleanup:
    for (int i = 0; i < compiled; i++)
        sk_regex_free(&p->re[i]);
    free(p);
    return rc;
}

void sk_gcg_free(sk_gcg *g)
{
    free(g->events);
    g->events = NULL;
    g->nevents = 0;
}
