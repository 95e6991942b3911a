/* gcg_pragma.c — the pragma lines of a GCG transcript ("#player1 ...", "#lexicon ...", "#rack1
 * ...", "#note ..."): each checked and kept in the sk_gcg being read (docs/formats.md, "Transcripts
 * (GCG)"). The lines of events and the loop over lines are gcg_parse.c's. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal/gcg_parse.h"

static const char *const HEADERS[SK_GP_HEADERS] = {
    "title",     "description",  "id",
    "lexicon",   "board-layout", "tile-distribution",
    "game-type", "tile-set",     "character-encoding"};

/* The text of ARG without the white space (isspace: a CR or form feed too) at either end, *LEN
 * bytes long: values are kept as a CGP op reads them back. */
static const char *trimmed(const char *arg, size_t *len)
{
    while (*arg && isspace((unsigned char)*arg))
        arg++;
    size_t n = strlen(arg);
    while (n > 0 && isspace((unsigned char)arg[n - 1]))
        n--;
    *len = n;
    return arg;
}

static void header_pragma(sk_gp_parser *p, int h, const char *name, const char *arg, size_t arg_at)
{
    sk_gcg *g = p->g;
    if (p->header_at[h] != SK_DIAG_NO_OFFSET) {
        int l = 0, c = 0;
        sk_diag_locate(p->text, p->len, p->header_at[h], &l, &c);
        SK_GP_ERR(p, p->line_at, "#%s given twice (first on line %d)", name, l);
        return;
    }
    p->header_at[h] = p->line_at;
    if (p->seen_event)
        SK_GP_ERR(p, p->line_at,
                  "#%s after the first event: it describes the game and comes before "
                  "the events",
                  name);
    sk_gcg_pragma *target = h == SK_GP_H_LEXICON    ? &g->lexicon
                            : h == SK_GP_H_BOARD    ? &g->board_layout
                            : h == SK_GP_H_TILEDIST ? &g->tile_distribution
                            : h == SK_GP_H_GAMETYPE ? &g->game_type
                                                    : NULL;
    if (target) {
        size_t len;
        const char *value = trimmed(arg, &len);
        sk_gp_put_text(target->value, sizeof(target->value), value, len);
        target->at = arg[0] ? arg_at : p->line_at;
        if (!arg[0]) SK_GP_ERR(p, p->line_at, "#%s needs a value", name);
    }
}

/* 1 if N, the number of the pragma #NAME<N>, is a player's; else reported, and 0. */
static int player_number(sk_gp_parser *p, const char *name, int n)
{
    if (n >= 1 && n <= SK_GCG_PLAYERS_MAX) return 1;
    SK_GP_ERR(p, p->line_at, "#%s%d: players are numbered 1 to %d", name, n, SK_GCG_PLAYERS_MAX);
    return 0;
}

static void player_pragma(sk_gp_parser *p, int n, const char *arg, size_t arg_at)
{
    sk_gcg *g = p->g;
    if (!player_number(p, "player", n)) return;
    sk_gcg_player *pl = &g->players[n - 1];
    if (pl->at != SK_DIAG_NO_OFFSET) {
        int l = 0, c = 0;
        sk_diag_locate(p->text, p->len, pl->at, &l, &c);
        SK_GP_ERR(p, p->line_at, "#player%d given twice (first on line %d)", n, l);
        return;
    }
    if (p->seen_event) /* said where the game began without it */
        SK_GP_ERR(p, g->first_event_at,
                  "event before #player%d: the players come before the events", n);
    size_t k = 0, len;
    const char *start = trimmed(arg, &len);
    arg_at += (size_t)(start - arg);
    arg = start; /* the nickname ends at white space, as it does in a CGP op */
    while (k < len && !isspace((unsigned char)arg[k]))
        k++;
    if (k == 0) {
        SK_GP_ERR(p, p->line_at, "#player%d needs a nickname and a name", n);
        return;
    }
    const char *colon = memchr(arg, ':', k); /* '>NICK:' would end the nickname there */
    if (colon)
        SK_GP_ERR(p, arg_at + (size_t)(colon - arg), "nickname '%.*s' has a ':', which ends one",
                  (int)k, arg);
    sk_gp_put_text(pl->nick, sizeof(pl->nick), arg, k);
    while (k < len && isspace((unsigned char)arg[k]))
        k++;
    sk_gp_put_text(pl->name, sizeof(pl->name), arg + k, len - k);
    for (int i = 0; i < SK_GCG_PLAYERS_MAX; i++) {
        const sk_gcg_player *o = &g->players[i];
        if (i == n - 1 || o->at == SK_DIAG_NO_OFFSET) continue;
        if (strcmp(o->nick, pl->nick) == 0)
            SK_GP_ERR(p, arg_at, "duplicate nickname '%s': #player%d has it too", pl->nick, i + 1);
        else if (pl->name[0] && strcmp(o->name, pl->name) == 0)
            SK_GP_ERR(p, arg_at + k, "duplicate name '%s': #player%d has it too", pl->name, i + 1);
    }
    pl->at = p->line_at;
    if (n > g->nplayers) g->nplayers = n;
}

static void last_rack_pragma(sk_gp_parser *p, int n, const char *arg, size_t arg_at)
{
    sk_gcg *g = p->g;
    if (!player_number(p, "rack", n)) return;
    sk_gcg_pragma *r = &g->last_racks[n - 1];
    if (r->at != SK_DIAG_NO_OFFSET) {
        SK_GP_ERR(p, p->line_at, "#rack%d given twice", n);
        return;
    }
    sk_gp_put_text(r->value, sizeof(r->value), arg, strlen(arg));
    p->shifted = sk_gp_from_latin1(p, r->value, sizeof(r->value));
    if (strlen(arg) > SK_GCG_TILES_MAX ||
        !sk_gp_read_rack(p, "rack", r->value, arg_at, SK_GCG_TILES_MAX)) {
        r->value[0] = '\0'; /* reported */
        if (strlen(arg) > SK_GCG_TILES_MAX)
            SK_GP_ERR(p, arg_at, "malformed rack: more than %d bytes", SK_GCG_TILES_MAX);
    }
    r->at = arg_at;
    if (p->last_rack_at == SK_DIAG_NO_OFFSET) p->last_rack_at = p->line_at;
}

void sk_gp_read_pragma(sk_gp_parser *p, size_t n, int first_line)
{
    if (sk_regex_match(&p->re[SK_GP_PRAGMA], p->line, n, 0) != 1) {
        SK_GP_ERR(p, p->line_at, "unrecognized pragma: expected '#NAME VALUE'");
        p->in_note = 0;
        return;
    }
    char name[48], arg[SK_GCG_LINE_MAX + 1];
    sk_gp_copy_group(p, SK_GP_PRAGMA, 1, name, sizeof(name));
    size_t arg_at = sk_gp_copy_group(p, SK_GP_PRAGMA, 2, arg, sizeof(arg));
    int was_note = p->in_note;
    p->in_note = 0;
    if (strcmp(name, "note") == 0 || strcmp(name, "-") == 0) {
        if (!p->seen_event && strcmp(name, "note") == 0)
            SK_GP_ERR(p, p->line_at,
                      "#note before the first event: a note belongs to the event "
                      "before it");
        p->in_note = was_note || strcmp(name, "note") == 0;
        return;
    }
    if (strcasecmp(name, "character-encoding") == 0) {
        if (!first_line) {
            SK_GP_ERR(p, p->line_at, "#character-encoding must be the first line");
            return;
        }
        p->header_at[SK_GP_H_ENCODING] = p->line_at;
        if (strcasecmp(arg, "utf-8") == 0 || strcasecmp(arg, "utf8") == 0)
            p->g->utf8 = 1;
        else
            SK_GP_ERR(p, arg_at,
                      "unsupported character encoding '%s': only UTF-8 can be declared "
                      "(without the line, the file is read as ISO-8859-1)",
                      arg);
        return;
    }
    if (strncmp(name, "player", 6) == 0 && isdigit((unsigned char)name[6])) {
        player_pragma(p, atoi(name + 6), arg, arg_at);
        return;
    }
    if (strcmp(name, "dropped") == 0) { /* skrab's extension: a player leaves the game */
        char who[64];
        size_t wlen = strcspn(arg, " \t");
        snprintf(who, sizeof(who), "%.*s", (int)(wlen < sizeof(who) ? wlen : sizeof(who) - 1), arg);
        sk_gcg_event *ev = sk_gp_new_event(p);
        if (!ev) return;
        ev->kind = SK_GCG_DROP;
        ev->player = sk_gp_find_player(p->g, who);
        ev->at = ev->rack_at = ev->move_at = ev->score_at = ev->cumul_at = arg_at;
        if (!who[0])
            SK_GP_ERR(p, arg_at, "#dropped needs the nickname of the player who leaves");
        else if (ev->player < 0)
            SK_GP_ERR(p, arg_at, "#dropped names '%s', who is not a player", who);
        return;
    }
    if (strncmp(name, "rack", 4) == 0 && isdigit((unsigned char)name[4])) {
        last_rack_pragma(p, atoi(name + 4), arg, arg_at);
        return;
    }
    if (strcmp(name, "variant") == 0) strcpy(name, "game-type");
    for (int h = 0; h < SK_GP_H_ENCODING; h++)
        if (strcmp(name, HEADERS[h]) == 0) {
            header_pragma(p, h, name, arg, arg_at);
            return;
        }
    if (strcmp(name, "tile") == 0 && p->seen_event)
        SK_GP_ERR(p, p->line_at,
                  "#tile after the first event: it describes the game and comes "
                  "before the events");
    /* #incomplete, #tile, #style, #orientation and unknown pragmas: nothing to check */
}
