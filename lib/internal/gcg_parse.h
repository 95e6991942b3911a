/* internal/gcg_parse.h — the state of a GCG transcript being read (sk_gcg_parse, skrab/gcg.h),
 * shared by the lines of events (gcg_parse.c) and the pragmas (gcg_pragma.c), with the helpers
 * both use to copy and check what a line holds. Not installed. */
#ifndef SKRAB_INTERNAL_GCG_PARSE_H
#define SKRAB_INTERNAL_GCG_PARSE_H

#include <stddef.h>

#include "internal/regex.h"
#include "skrab/diag.h"
#include "skrab/gcg.h"
#include "skrab/tiles.h"

/* The line patterns (gcg_parse.c, PATTERNS), tried in this order: the event kinds, then a
 * pragma, then the nickname of a line that is no event. */
enum {
    SK_GP_MOVE,
    SK_GP_PHONY,
    SK_GP_PASS,
    SK_GP_CHALLENGE,
    SK_GP_EXCHANGE,
    SK_GP_TIME,
    SK_GP_END_POINTS,
    SK_GP_END_PENALTY,
    SK_GP_PRAGMA,
    SK_GP_NICK,
    SK_GP_PATTERNS
};

/* Pragmas that describe the game: at most once each, and before the first event. */
enum {
    SK_GP_H_TITLE,
    SK_GP_H_DESCRIPTION,
    SK_GP_H_ID,
    SK_GP_H_LEXICON,
    SK_GP_H_BOARD,
    SK_GP_H_TILEDIST,
    SK_GP_H_GAMETYPE,
    SK_GP_H_TILESET,
    SK_GP_H_ENCODING,
    SK_GP_HEADERS
};

/* A transcript being read: the result filled so far, the text, the compiled patterns and the
 * current line. */
typedef struct {
    sk_gcg *g;
    const char *text;
    size_t len;
    sk_diag_list *diags;
    sk_regex re[SK_GP_PATTERNS];
    char line[SK_GCG_LINE_MAX + 1];  /* the current line, trimmed, NUL-terminated */
    size_t line_at;                  /* its offset in TEXT */
    size_t header_at[SK_GP_HEADERS]; /* where each header pragma was first seen */
    size_t cap;
    int in_note, seen_event, nomem, after_last_rack_reported, overflow_reported;
    int shifted;      /* the tiles being read were rewritten from ISO-8859-1 (sk_gp_from_latin1) */
    int alphabet_set; /* g->alphabet and g->tiles are settled */
    sk_tileset tiles; /* the built-in tile set the pragmas name, when they name one */
    size_t last_rack_at;
    /* nicknames of no #player line already reported (each is said once; the first ones) */
    char unknown[SK_GCG_PLAYERS_MAX][SK_GCG_TEXT_MAX + 1];
    int nunknown;
} sk_gp_parser;

#define SK_GP_ERR(p, at, ...) sk_diag_add((p)->diags, SK_SEV_ERROR, (at), __VA_ARGS__)

/* Copies SRC[0..LEN) into DST[SIZE]; a text too long is cut after a whole UTF-8 character and
 * without the blanks before the cut, so that it reads back as written wherever it is copied to
 * (a CGP op is trimmed when read). */
void sk_gp_put_text(char *dst, size_t size, const char *src, size_t len);
/* Copies group N of the line's match of PATTERN into DST[SIZE] (cut to fit); returns its offset
 * in the text (or the line's, when the group did not match). */
size_t sk_gp_copy_group(sk_gp_parser *p, int pattern, int n, char *dst, size_t size);
/* Rewrites the tiles S[SIZE] from ISO-8859-1 to UTF-8 when the transcript is not declared UTF-8
 * and S is not UTF-8 already; 1 when rewritten (offsets inside S no longer match the text's). */
int sk_gp_from_latin1(const sk_gp_parser *p, char *s, size_t size);
/* Checks the tiles DST, read at AT, against the transcript's alphabet ('?' the blank), at most
 * MAX - 1 characters; reports a malformed WHAT at the tile that cannot be read. 1 if fine. */
int sk_gp_read_rack(sk_gp_parser *p, const char *what, char *dst, size_t at, size_t max);
/* The index of the player of nickname NICK, or -1. */
int sk_gp_find_player(const sk_gcg *g, const char *nick);
/* A new event at the end of the transcript's list, cleared and placed at the current line;
 * NULL when the list is full (reported once) or out of memory (p->nomem set). */
sk_gcg_event *sk_gp_new_event(sk_gp_parser *p);
/* Reads the pragma line p->line (N bytes; FIRST_LINE when it is the file's first). */
void sk_gp_read_pragma(sk_gp_parser *p, size_t n, int first_line);

#endif
