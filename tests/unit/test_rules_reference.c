/* test_rules_reference.c — sk_rules_check against a slow reference written from the rules and the
 * move notations alone (docs/rules.md, docs/formats.md "Moves"; not from lib/rules.c): it
 * resolves a move to the squares it fills, lays them on a copy of the board, lists every maximal
 * run of two or more letters that holds a placed tile, and decides legality and score from those
 * runs. Both are run on many thousands of random cases — boards of random shapes with premiums
 * -9..99 (zero and negative included) and blocked squares, a random lexicon over A..D (or none),
 * empty, grown and scattered positions, known and unknown racks, moves in the three notations (many
 * built to be legal, some deliberately wrong), passes and exchanges — for both rule sets. Legality
 * must agree on every case and the score on every legal one; a mismatch prints the whole case.
 * Cases whose score could overflow an int are not given to the library (counted and reported
 * instead). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "testutil.h"

#include "skrab/board.h"
#include "skrab/buf.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"
#include "skrab/move.h"
#include "skrab/position.h"
#include "skrab/rng.h"
#include "skrab/rules.h"
#include "skrab/tiles.h"

/* ---- randomness --------------------------------------------------------------------------- */

static sk_rng g_rng;

static int rnd(int n)
{
    return n <= 1 ? 0 : (int)sk_rng_below(&g_rng, (uint64_t)n);
}
static int pct(int p)
{
    return rnd(100) < p;
}
static int between(int lo, int hi)
{
    return lo + rnd(hi - lo + 1);
}
static int is_upper(char c)
{
    return c >= 'A' && c <= 'Z';
}
static int is_lower(char c)
{
    return c >= 'a' && c <= 'z';
}
static char upper(char c)
{
    return is_lower(c) ? (char)(c - 'a' + 'A') : c;
}
static char lower(char c)
{
    return is_upper(c) ? (char)(c - 'A' + 'a') : c;
}
static char any_case(char c)
{
    return pct(50) ? lower(c) : upper(c);
}

#define ALPHA 4 /* the lexicon's letters: A..D */
#define WLEN_MAX 5
#define CODES 1024 /* 4^5 */

/* Mostly A..D; now and then any letter (never a word). */
static char rand_letter(void)
{
    return (char)(pct(4) ? 'A' + rnd(26) : 'A' + rnd(ALPHA));
}

/* ---- the scenario: board, tile values, lexicon, rules ------------------------------------- */

typedef struct {
    sk_ruleset rs;
    sk_board board;
    sk_tileset tiles;
    const char *tiles_name; /* NULL: random values */
    sk_lexicon *lex;        /* NULL: no word checks */
    int word_pct;
    /* the lexicon as the reference sees it: isword[len][code] over A..D */
    unsigned char isword[WLEN_MAX + 1][CODES];
    int nwords[WLEN_MAX + 1];
    int words[WLEN_MAX + 1][CODES];
    sk_rules rules;
} scenario;

static int rand_factor(void)
{
    int r = rnd(100);
    if (r < 60) return between(-3, 5);
    if (r < 90) return between(SK_FACTOR_MIN, 9);
    return between(SK_FACTOR_MIN, SK_FACTOR_MAX);
}

static void word_of_code(int len, int code, char *out)
{
    for (int i = len - 1; i >= 0; i--) {
        out[i] = (char)('A' + code % ALPHA);
        code /= ALPHA;
    }
    out[len] = '\0';
}

/* Code of WORD (any case) over A..D, or -1 when it is not 2..5 such letters. */
static int code_of_word(const char *word, int len)
{
    if (len < 2 || len > WLEN_MAX) return -1;
    int code = 0;
    for (int i = 0; i < len; i++) {
        char c = upper(word[i]);
        if (c < 'A' || c >= 'A' + ALPHA) return -1;
        code = code * ALPHA + (c - 'A');
    }
    return code;
}

static void make_scenario(scenario *sc, sk_ruleset rs)
{
    sc->rs = rs;
    int w, h;
    if (rs == SK_RULES_SKRABBKLE) {
        w = h = between(SK_SKRABBKLE_MIN, SK_BOARD_MAX);
    } else if (pct(20)) {
        w = h = 15;
    } else {
        w = between(5, SK_BOARD_MAX);
        h = between(5, SK_BOARD_MAX);
    }
    assert_int_equal(sk_board_init(&sc->board, w, h), SK_OK);
    if (rs == SK_RULES_CLASSIC && pct(70)) {
        sc->board.start_row = rnd(h);
        sc->board.start_col = rnd(w);
    }
    int pb = pct(30) ? rnd(5) : 0, pl = rnd(25), pw = rnd(20);
    int huge = pct(3); /* word factors up to 99 everywhere: scores beyond an int */
    if (huge) pw = 70;
    for (int i = 0; i < w * h; i++) {
        int r = rnd(100);
        sk_square *sq = &sc->board.squares[i];
        if (r < pb) {
            sq->kind = SK_SQ_BLOCKED;
            sq->factor = 1;
        } else if (r < pb + pl) {
            sq->kind = SK_SQ_LETTER;
            sq->factor = (signed char)rand_factor();
        } else if (r < pb + pl + pw) {
            sq->kind = SK_SQ_WORD;
            sq->factor = (signed char)(huge ? between(20, SK_FACTOR_MAX) : rand_factor());
        }
    }
    int t = rnd(10);
    const char *native = rs == SK_RULES_SKRABBKLE ? "skrabbkle" : "english";
    const char *other = rs == SK_RULES_SKRABBKLE ? "english" : "skrabbkle";
    sc->tiles_name = t < 4 ? native : t < 6 ? other : NULL;
    assert_int_equal(sk_tileset_builtin(&sc->tiles, sc->tiles_name ? sc->tiles_name : native),
                     SK_OK);
    if (!sc->tiles_name)
        for (int k = 0; k < SK_TILE_KINDS; k++)
            sc->tiles.score[k] = k == SK_TILE_BLANK ? rnd(11) : rnd(16);

    memset(sc->isword, 0, sizeof(sc->isword));
    memset(sc->nwords, 0, sizeof(sc->nwords));
    sc->word_pct = between(10, 50);
    sk_buf list;
    sk_buf_init(&list);
    for (int len = 2; len <= WLEN_MAX; len++) {
        int codes = 1;
        for (int i = 0; i < len; i++)
            codes *= ALPHA;
        for (int code = 0; code < codes; code++) {
            if (!pct(sc->word_pct)) continue;
            sc->isword[len][code] = 1;
            sc->words[len][sc->nwords[len]++] = code;
            char word[WLEN_MAX + 1];
            word_of_code(len, code, word);
            for (int i = 0; i < len; i++)
                if (pct(20)) word[i] = lower(word[i]); /* word lists may be in any case */
            sk_buf_printf(&list, "%s\n", word);
        }
    }
    sc->lex = NULL;
    if (pct(85))
        assert_int_equal(sk_lexicon_from_wordlist(&sc->lex, list.data, list.len, NULL, NULL, NULL),
                         SK_OK);
    sk_buf_free(&list);
    sk_rules_init(&sc->rules, rs, &sc->board, &sc->tiles, sc->lex);
    if (rs == SK_RULES_CLASSIC && pct(30)) {
        sc->rules.rack_size = between(2, 9);
        sc->rules.bingo_bonus = rnd(101);
        sc->rules.exchange_min = rnd(10);
    }
}

/* ---- the reference ---------------------------------------------------------------------------
 * Written from the rules, not from lib/rules.c. */

typedef struct {
    int n;
    int row[SK_MOVE_TILES_MAX], col[SK_MOVE_TILES_MAX];
    char tile[SK_MOVE_TILES_MAX];
} ref_placed;

typedef struct {
    sk_direction dir;
    int row, col, len;
    int nplaced; /* tiles of this move in it */
    int nold;    /* tiles already on the board in it */
    char letters[SK_BOARD_MAX + 1];
    long long score;
    int word; /* in the lexicon (or no lexicon) */
} ref_run;

typedef struct {
    int legal;
    long long score;
    int risky; /* a score (or a step of computing it) may not fit in an int */
    char why[200];
    ref_placed placed;
    int nruns;
    ref_run runs[2 * SK_MOVE_TILES_MAX]; /* a placed tile lies in one run each way */
} verdict;

__attribute__((format(printf, 2, 3))) static int ref_refuse(verdict *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->why, sizeof(v->why), fmt, ap);
    va_end(ap);
    v->legal = 0;
    return 0;
}

static int ref_is_word(const scenario *sc, const char *letters, int len)
{
    if (!sc->lex) return 1;
    int code = code_of_word(letters, len);
    return code >= 0 && sc->isword[len][code];
}

/* Rack (string, '?' = blank) holds every tile of NEED ('?' or a lowercase letter takes a blank,
 * an uppercase letter that letter)? */
static int ref_rack_holds(const char *rack, const char *need, int n)
{
    int have[128] = {0};
    for (const char *p = rack; *p; p++)
        have[(unsigned char)*p]++;
    for (int i = 0; i < n; i++) {
        char c = need[i];
        int key = (c == '?' || is_lower(c)) ? '?' : (unsigned char)c;
        if (have[key] == 0) return 0;
        have[key]--;
    }
    return 1;
}

static int tile_points(const sk_tileset *t, char c)
{
    if (is_lower(c)) return t->score[SK_TILE_BLANK];
    return t->score[c - 'A' + 1];
}

/* Resolves the placement MOVE to the squares it fills; 0 with the reason when it cannot. */
static int ref_resolve(const sk_position *pos, const sk_move *m, verdict *v)
{
    int w = pos->width, h = pos->height;
    int dr = m->dir == SK_DOWN ? 1 : 0, dc = m->dir == SK_ACROSS ? 1 : 0;
    ref_placed *pl = &v->placed;
    pl->n = 0;
    if (m->notation == SK_NOTATION_GCG) {
        /* the whole word, square by square from the named one */
        for (int i = 0; i < m->ntiles; i++) {
            int r = m->row + i * dr, c = m->col + i * dc;
            if (r >= h || c >= w) {
                ref_refuse(v, "word leaves the board at row %d col %d", r, c);
                return 0;
            }
            char there = pos->tiles[r * w + c], said = m->tiles[i];
            int marked = m->through[i] || said == '.';
            if (marked && !there) {
                ref_refuse(v, "square r%d c%d marked as on the board but empty", r, c);
                return 0;
            }
            if (there) {
                if (said != '.' && upper(said) != upper(there)) {
                    ref_refuse(v, "square r%d c%d holds %c, play says %c", r, c, there, said);
                    return 0;
                }
                continue;
            }
            pl->row[pl->n] = r;
            pl->col[pl->n] = c;
            pl->tile[pl->n] = said;
            pl->n++;
        }
        return 1;
    }
    /* SkraBBKle and CS104: the placed tiles, the first on the named square, occupied squares
     * skipped */
    int r = m->row, c = m->col;
    if (r >= h || c >= w) {
        ref_refuse(v, "first square off the board");
        return 0;
    }
    if (pos->tiles[r * w + c]) {
        ref_refuse(v, "first square occupied");
        return 0;
    }
    for (int i = 0; i < m->ntiles; i++) {
        while (r < h && c < w && pos->tiles[r * w + c]) {
            r += dr;
            c += dc;
        }
        if (r >= h || c >= w) {
            ref_refuse(v, "tile %d falls off the board", i + 1);
            return 0;
        }
        pl->row[pl->n] = r;
        pl->col[pl->n] = c;
        pl->tile[pl->n] = m->tiles[i];
        pl->n++;
        r += dr;
        c += dc;
    }
    return 1;
}

static void ref_score_run(const scenario *sc, const unsigned char *mine, int w, ref_run *ru,
                          int *risky)
{
    long long sum = 0, factor = 1;
    double abs_sum = 0, abs_factor = 1; /* bounds for the overflow check, zero factors left out */
    for (int i = 0; i < ru->len; i++) {
        int r = ru->row + (ru->dir == SK_DOWN ? i : 0),
            c = ru->col + (ru->dir == SK_ACROSS ? i : 0);
        long long pts = tile_points(&sc->tiles, ru->letters[i]);
        if (mine[r * w + c]) {
            const sk_square *sq = &sc->board.squares[r * w + c];
            if (sq->kind == SK_SQ_LETTER) pts *= sq->factor;
            if (sq->kind == SK_SQ_WORD) {
                if (sq->factor != 0) abs_factor *= sq->factor < 0 ? -sq->factor : sq->factor;
                if (abs_factor < 1e15) factor *= sq->factor;
            }
        }
        sum += pts;
        abs_sum += (double)(pts < 0 ? -pts : pts);
    }
    if (abs_factor > 1e9 || abs_sum * abs_factor > 1e9) {
        *risky = 1;
        ru->score = 0; /* not compared */
        return;
    }
    ru->score = sum * factor;
}

/* The kind of ASCII tile C: 0 the blank ('?', or a lowercase letter played as one), 1..26. */
static int ref_kind(char c)
{
    return c == '?' || is_lower(c) ? 0 : c - 'A' + 1;
}

/* An unknown rack holds unseen tiles: 1 when the N tiles of NEED are among them (the set less
 * the board and the known racks), or when the board and racks already hold more of some tile
 * than the set does (a position validate refuses: no limit is then known). */
static int ref_unseen_holds(const scenario *sc, const sk_position *pos, const char *need, int n)
{
    int unseen[27];
    for (int k = 0; k < 27; k++)
        unseen[k] = sc->tiles.count[k];
    for (int i = 0; i < pos->width * pos->height; i++)
        if (pos->tiles[i]) unseen[ref_kind(pos->tiles[i])]--;
    for (int p = 0; p < pos->nplayers; p++)
        for (const char *c = pos->racks[p]; *c; c++)
            unseen[ref_kind(*c)]--;
    for (int k = 0; k < 27; k++)
        if (unseen[k] < 0) return 1;
    for (int i = 0; i < n; i++)
        if (--unseen[ref_kind(need[i])] < 0) return 0;
    return 1;
}

/* Fills V: legal or not (and why), the score, the squares filled and the runs made. Returns
 * V->legal. */
static int ref_check(const scenario *sc, sk_ruleset rs, const sk_position *pos, const sk_move *m,
                     int bag, verdict *v)
{
    memset(v, 0, sizeof(*v));
    v->legal = 1;
    const char *rack = pos->racks[0];
    if (m->kind == SK_MOVE_PASS) return 1;
    if (m->kind == SK_MOVE_EXCHANGE) {
        if (rs == SK_RULES_SKRABBKLE) return ref_refuse(v, "no exchanges in skrabbkle");
        if (bag >= 0 && bag < sc->rules.exchange_min) return ref_refuse(v, "bag too small");
        if (rack[0]) {
            int n = (int)strlen(m->exchange);
            if (n > 0 && !ref_rack_holds(rack, m->exchange, n))
                return ref_refuse(v, "exchanged tiles not on the rack");
            if (n == 0 && (int)strlen(rack) < m->exchange_count)
                return ref_refuse(v, "rack has fewer than %d tiles", m->exchange_count);
        } else { /* an unknown rack: a rack's worth at most, each tile at most as the set has */
            if (m->exchange_count > sc->rules.rack_size)
                return ref_refuse(v, "more than a rack's worth");
            for (const char *p = m->exchange; *p; p++) { /* '?' or lowercase: a blank */
                int kind = *p == '?' || is_lower(*p) ? 0 : *p - 'A' + 1, same = 0;
                for (const char *q = m->exchange; *q; q++)
                    same += (*q == '?' || is_lower(*q) ? 0 : *q - 'A' + 1) == kind;
                if (same > sc->tiles.count[kind])
                    return ref_refuse(v, "more of a tile than the set has");
            }
            if (!ref_unseen_holds(sc, pos, m->exchange, (int)strlen(m->exchange)))
                return ref_refuse(v, "more of a tile than is unseen");
        }
        return 1;
    }
    if (!ref_resolve(pos, m, v)) return 0;
    const ref_placed *pl = &v->placed;
    int w = pos->width, h = pos->height;
    if (pl->n == 0) return ref_refuse(v, "no tile placed");
    for (int i = 0; i < pl->n; i++)
        if (sc->board.squares[pl->row[i] * w + pl->col[i]].kind == SK_SQ_BLOCKED)
            return ref_refuse(v, "tile on a blocked square");
    if (rack[0] && !ref_rack_holds(rack, pl->tile, pl->n))
        return ref_refuse(v, "the rack does not hold the tiles");
    if (!rack[0] && !ref_unseen_holds(sc, pos, pl->tile, pl->n))
        return ref_refuse(v, "more of a tile than is unseen");

    char after[SK_BOARD_MAX * SK_BOARD_MAX];
    unsigned char mine[SK_BOARD_MAX * SK_BOARD_MAX] = {0};
    memcpy(after, pos->tiles, sizeof(after));
    int before = 0;
    for (int i = 0; i < w * h; i++)
        before += pos->tiles[i] != 0;
    for (int i = 0; i < pl->n; i++) {
        after[pl->row[i] * w + pl->col[i]] = pl->tile[i];
        mine[pl->row[i] * w + pl->col[i]] = 1;
    }

    /* one line, no holes */
    int same_row = 1, same_col = 1;
    int lo_r = pl->row[0], hi_r = pl->row[0], lo_c = pl->col[0], hi_c = pl->col[0];
    for (int i = 1; i < pl->n; i++) {
        same_row &= pl->row[i] == pl->row[0];
        same_col &= pl->col[i] == pl->col[0];
        lo_r = pl->row[i] < lo_r ? pl->row[i] : lo_r;
        hi_r = pl->row[i] > hi_r ? pl->row[i] : hi_r;
        lo_c = pl->col[i] < lo_c ? pl->col[i] : lo_c;
        hi_c = pl->col[i] > hi_c ? pl->col[i] : hi_c;
    }
    if (!same_row && !same_col) return ref_refuse(v, "tiles not in one line");
    for (int r = lo_r; r <= hi_r; r++)
        for (int c = lo_c; c <= hi_c; c++)
            if (!after[r * w + c]) return ref_refuse(v, "hole in the line");

    /* every maximal run of 2+ letters, in both directions, that holds a placed tile */
    v->nruns = 0;
    for (int d = 0; d < 2; d++) {
        sk_direction dir = d == 0 ? SK_ACROSS : SK_DOWN;
        int lines = dir == SK_ACROSS ? h : w, along = dir == SK_ACROSS ? w : h;
        for (int line = 0; line < lines; line++) {
            int i = 0;
            while (i < along) {
                int j = i;
                while (j < along) {
                    int r = dir == SK_ACROSS ? line : j, c = dir == SK_ACROSS ? j : line;
                    if (!after[r * w + c]) break;
                    j++;
                }
                if (j - i >= 2) {
                    ref_run ru = {.dir = dir,
                                  .row = dir == SK_ACROSS ? line : i,
                                  .col = dir == SK_ACROSS ? i : line,
                                  .len = j - i};
                    for (int k = i; k < j; k++) {
                        int r = dir == SK_ACROSS ? line : k, c = dir == SK_ACROSS ? k : line;
                        ru.letters[k - i] = after[r * w + c];
                        if (mine[r * w + c])
                            ru.nplaced++;
                        else
                            ru.nold++;
                    }
                    if (ru.nplaced) {
                        ru.word = ref_is_word(sc, ru.letters, ru.len);
                        ref_score_run(sc, mine, w, &ru, &v->risky);
                        v->runs[v->nruns++] = ru;
                    }
                }
                i = j + 1;
            }
        }
    }

    int first = before == 0;
    long long total = 0;
    if (rs == SK_RULES_CLASSIC) {
        if (first) {
            if (pl->n < 2) return ref_refuse(v, "first move of one tile");
            if (!mine[sc->board.start_row * w + sc->board.start_col])
                return ref_refuse(v, "first move misses the start square");
        } else {
            int touches = 0;
            for (int i = 0; i < pl->n && !touches; i++) {
                static const int nb[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
                for (int k = 0; k < 4; k++) {
                    int r = pl->row[i] + nb[k][0], c = pl->col[i] + nb[k][1];
                    if (r >= 0 && c >= 0 && r < h && c < w && pos->tiles[r * w + c]) touches = 1;
                }
            }
            if (!touches) return ref_refuse(v, "touches no tile on the board");
        }
        if (v->nruns == 0) return ref_refuse(v, "forms no word");
        for (int i = 0; i < v->nruns; i++) {
            if (!v->runs[i].word) return ref_refuse(v, "%s is not a word", v->runs[i].letters);
            total += v->runs[i].score;
        }
        if (pl->n == sc->rules.rack_size) total += sc->rules.bingo_bonus;
    } else {
        if (v->nruns != 1)
            return ref_refuse(v, "%d runs hold placed tiles, not exactly one", v->nruns);
        const ref_run *ru = &v->runs[0];
        if (ru->dir != m->dir) return ref_refuse(v, "the only run is across the move");
        if (ru->nplaced != pl->n) return ref_refuse(v, "the run misses placed tiles");
        if (first) {
            int centre_r = sk_board_centre_index(h), centre_c = sk_board_centre_index(w);
            if (pl->n < 2) return ref_refuse(v, "first move of one tile");
            if (!mine[centre_r * w + centre_c]) return ref_refuse(v, "first move misses centre");
        } else if (ru->nold == 0) {
            return ref_refuse(v, "the run holds no tile of the board");
        }
        if (!ru->word) return ref_refuse(v, "%s is not a word", ru->letters);
        total = ru->score + (pl->n == 7 ? 75 : 0);
    }
    double mag = 0;
    for (int i = 0; i < v->nruns; i++)
        mag += (double)(v->runs[i].score < 0 ? -v->runs[i].score : v->runs[i].score);
    if (mag > 1e9) v->risky = 1;
    v->score = total;
    return 1;
}

/* ---- positions ---------------------------------------------------------------------------- */

#define AT(p, r, c) ((p)->tiles[(r) * (p)->width + (c)])

static void rand_rack(char *out, int max)
{
    int n = rnd(max + 1);
    for (int i = 0; i < n; i++)
        out[i] = pct(12) ? '?' : rand_letter();
    out[n] = '\0';
}

/* A move as planned: a segment of one line; its squares hold tiles already on the board (old)
 * or tiles to place. Squares past the board (random plans only) count as tiles to place. */
typedef struct {
    sk_direction dir;
    int row, col, len;
    char letter[SK_MOVE_TILES_MAX + 8]; /* board letter (old) or tile to place (lower = blank) */
    unsigned char old[SK_MOVE_TILES_MAX + 8];
} plan;

static int occupied(const sk_position *pos, int r, int c)
{
    int on = r < pos->height && c < pos->width;
    return on && AT(pos, r, c);
}

static void plan_square(const plan *p, int i, int *r, int *c)
{
    *r = p->row + (p->dir == SK_DOWN ? i : 0);
    *c = p->col + (p->dir == SK_ACROSS ? i : 0);
}

/* Does any square of P that is to be placed have a tile beside it, across P's direction? */
static int plan_touches_sideways(const sk_position *pos, const plan *p)
{
    for (int i = 0; i < p->len; i++) {
        if (p->old[i]) continue;
        int r, c;
        plan_square(p, i, &r, &c);
        int r1 = r - (p->dir == SK_ACROSS), c1 = c - (p->dir == SK_DOWN);
        int r2 = r + (p->dir == SK_ACROSS), c2 = c + (p->dir == SK_DOWN);
        if (r1 >= 0 && c1 >= 0 && AT(pos, r1, c1)) return 1;
        if (r2 < pos->height && c2 < pos->width && AT(pos, r2, c2)) return 1;
    }
    return 0;
}

/* Chooses letters for the squares to place: a lexicon word fitting the old letters when there is
 * one (mostly), else random letters; a blank now and then. */
static void plan_letters(const scenario *sc, plan *p)
{
    int chosen = -1;
    if (p->len >= 2 && p->len <= WLEN_MAX && pct(90)) {
        int cands[CODES], nc = 0;
        for (int k = 0; k < sc->nwords[p->len]; k++) {
            char word[WLEN_MAX + 1];
            word_of_code(p->len, sc->words[p->len][k], word);
            int ok = 1;
            for (int i = 0; i < p->len && ok; i++)
                if (p->old[i] && upper(p->letter[i]) != word[i]) ok = 0;
            if (ok) cands[nc++] = sc->words[p->len][k];
        }
        if (nc) chosen = cands[rnd(nc)];
    }
    char word[WLEN_MAX + 1] = "";
    if (chosen >= 0) word_of_code(p->len, chosen, word);
    for (int i = 0; i < p->len; i++) {
        if (p->old[i]) continue;
        char c = chosen >= 0 ? word[i] : rand_letter();
        p->letter[i] = pct(10) ? lower(c) : c;
    }
}

static void plan_load(const sk_position *pos, plan *p)
{
    for (int i = 0; i < p->len; i++) {
        int r, c;
        plan_square(p, i, &r, &c);
        p->old[i] = (unsigned char)occupied(pos, r, c);
        p->letter[i] = p->old[i] ? AT(pos, r, c) : 0;
    }
}

/* A segment meant to be legal: through the start square on an empty board, else through (or
 * beside) a tile on the board, stretched over the neighbouring tiles. */
static void smart_plan(const scenario *sc, sk_ruleset rs, const sk_position *pos, plan *p)
{
    int w = pos->width, h = pos->height;
    int ntiles = sk_position_tile_count(pos);
    for (int attempt = 0;; attempt++) {
        p->dir = pct(50) ? SK_ACROSS : SK_DOWN;
        int along = p->dir == SK_ACROSS ? w : h;
        int lo, hi, fixed;
        if (ntiles == 0 || pct(3)) {
            int sr = sc->board.start_row, scol = sc->board.start_col;
            int s = p->dir == SK_ACROSS ? scol : sr;
            fixed = p->dir == SK_ACROSS ? sr : scol;
            int len = between(2, 7);
            if (len > along) len = along;
            lo = s - rnd(len);
            if (lo < 0) lo = 0;
            if (lo + len > along) lo = along - len;
            hi = lo + len - 1;
        } else {
            int ar, ac;
            do {
                ar = rnd(h);
                ac = rnd(w);
            } while (!AT(pos, ar, ac));
            if (pct(30)) { /* an empty square beside it */
                static const int nb[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
                int k = rnd(4), r = ar + nb[k][0], c = ac + nb[k][1];
                if (r >= 0 && c >= 0 && r < h && c < w && !AT(pos, r, c)) {
                    ar = r;
                    ac = c;
                }
            }
            int a = p->dir == SK_ACROSS ? ac : ar;
            fixed = p->dir == SK_ACROSS ? ar : ac;
            lo = a - rnd(5);
            hi = a + rnd(5);
            if (lo < 0) lo = 0;
            if (hi > along - 1) hi = along - 1;
            if (pct(85)) { /* the whole word */
                while (lo > 0 &&
                       (p->dir == SK_ACROSS ? AT(pos, fixed, lo - 1) : AT(pos, lo - 1, fixed)))
                    lo--;
                while (hi < along - 1 &&
                       (p->dir == SK_ACROSS ? AT(pos, fixed, hi + 1) : AT(pos, hi + 1, fixed)))
                    hi++;
            }
        }
        p->row = p->dir == SK_ACROSS ? fixed : lo;
        p->col = p->dir == SK_ACROSS ? lo : fixed;
        p->len = hi - lo + 1;
        if (p->len > SK_MOVE_TILES_MAX) p->len = SK_MOVE_TILES_MAX;
        plan_load(pos, p);
        int empty = 0;
        for (int i = 0; i < p->len; i++)
            empty += !p->old[i];
        if (!empty && attempt < 20) continue;
        if (rs == SK_RULES_SKRABBKLE && attempt < 12 && plan_touches_sideways(pos, p) && pct(85))
            continue;
        break;
    }
    plan_letters(sc, p);
}

/* A segment anywhere (maybe partly or wholly off the board), random tiles. */
static void random_plan(const sk_position *pos, plan *p)
{
    p->dir = pct(50) ? SK_ACROSS : SK_DOWN;
    int rmax = pos->height < SK_BOARD_MAX ? pos->height : SK_BOARD_MAX - 1;
    int cmax = pos->width < SK_BOARD_MAX ? pos->width : SK_BOARD_MAX - 1;
    p->row = pct(5) ? rmax : rnd(rmax);
    p->col = pct(5) ? cmax : rnd(cmax);
    p->len = between(1, 8);
    plan_load(pos, p);
    for (int i = 0; i < p->len; i++)
        if (!p->old[i]) p->letter[i] = pct(10) ? lower(rand_letter()) : rand_letter();
}

/* The move P describes, as SkraBBKle notation would give it (for growing positions). */
static int plan_to_move(const plan *p, sk_move *m)
{
    memset(m, 0, sizeof(*m));
    m->kind = SK_MOVE_PLACE;
    m->notation = SK_NOTATION_SKRABBKLE;
    m->dir = p->dir;
    m->row = -1;
    for (int i = 0; i < p->len; i++) {
        if (p->old[i]) continue;
        if (m->row < 0) plan_square(p, i, &m->row, &m->col);
        m->tiles[m->ntiles++] = p->letter[i];
    }
    return m->ntiles > 0;
}

static void scatter(sk_position *pos, int density, int clustered)
{
    int w = pos->width, h = pos->height;
    int r0 = rnd(h), c0 = rnd(w), rr = between(1, h), cr = between(1, w);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            if (clustered && (r < r0 - rr || r > r0 + rr || c < c0 - cr || c > c0 + cr)) continue;
            if (!pct(density)) continue;
            char l = rand_letter();
            AT(pos, r, c) = pct(12) ? lower(l) : l;
        }
}

static void make_position(const scenario *sc, sk_position *pos)
{
    int w = sc->board.width, h = sc->board.height;
    sk_position_init(pos, w, h);
    int mode = rnd(100);
    if (mode < 15) {
        /* empty: a first move */
    } else if (mode < 30) {
        scatter(pos, between(1, 40), pct(50));
    } else {
        /* grown by moves the reference accepts, mostly under the scenario's own rules */
        sk_ruleset grow = pct(80) ? sc->rs : (sk_ruleset)(1 - sc->rs);
        int want = between(1, 12), made = 0;
        verdict *v = malloc(sizeof(*v));
        assert_non_null(v);
        for (int attempt = 0; attempt < 80 && made < want; attempt++) {
            plan p;
            sk_move m;
            smart_plan(sc, grow, pos, &p);
            if (!plan_to_move(&p, &m)) continue;
            ref_check(sc, grow, pos, &m, -1, v);
            if (!v->legal) continue;
            for (int i = 0; i < v->placed.n; i++)
                AT(pos, v->placed.row[i], v->placed.col[i]) = v->placed.tile[i];
            made++;
        }
        free(v);
        if (pct(25)) scatter(pos, between(1, 3), 0);
    }
    rand_rack(pos->racks[1], 7);
}

/* ---- writing moves ----------------------------------------------------------------------- */

typedef struct {
    char text[SK_MOVE_TEXT_MAX + 1];
    size_t len;
    sk_move want; /* what sk_move_parse must read from TEXT */
} gen_move;

__attribute__((format(printf, 2, 3))) static void emit(gen_move *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(g->text + g->len, sizeof(g->text) - g->len, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < sizeof(g->text) - g->len);
    g->len += (size_t)n;
}

static void spaces(gen_move *g)
{
    if (pct(15)) emit(g, "%s", pct(50) ? " " : "  ");
}

/* GCG: the whole segment; tiles on the board as themselves, '.', or in parentheses; now and
 * then something wrong on purpose. */
static void write_gcg(gen_move *g, const plan *p)
{
    sk_move *m = &g->want;
    m->notation = SK_NOTATION_GCG;
    m->row = p->row;
    m->col = p->col;
    char colc = (char)('A' + p->col);
    if (p->dir == SK_ACROSS)
        emit(g, "%d%c ", p->row + 1, any_case(colc));
    else
        emit(g, "%c%d ", any_case(colc), p->row + 1);
    char letter[SK_MOVE_TILES_MAX + 8];
    unsigned char old[SK_MOVE_TILES_MAX + 8];
    memcpy(letter, p->letter, sizeof(letter));
    memcpy(old, p->old, sizeof(old));
    int wrong = rnd(100);
    if (wrong < 5) { /* a different letter for a tile on the board */
        for (int i = 0; i < p->len; i++)
            if (old[i] && pct(50)) {
                letter[i] = (char)(letter[i] == 'A' || letter[i] == 'a' ? 'B' : 'A');
                break;
            }
    }
    int fake_old = -1;
    if (wrong >= 5 && wrong < 10) { /* a square to be filled marked as on the board */
        for (int i = 0; i < p->len; i++)
            if (!old[i] && pct(50)) {
                fake_old = i;
                break;
            }
    }
    int i = 0;
    while (i < p->len) {
        int oldish = old[i] || i == fake_old;
        if (!oldish) {
            emit(g, "%c", letter[i]);
            m->tiles[m->ntiles] = letter[i];
            m->through[m->ntiles++] = 0;
            i++;
            continue;
        }
        int j = i;
        while (j < p->len && (old[j] || j == fake_old))
            j++;
        int style = rnd(3);
        if (style == 1) emit(g, "(");
        for (int k = i; k < j; k++) {
            char c = letter[k];
            if (pct(10)) c = is_lower(c) ? upper(c) : lower(c);
            if (style == 0 && k == fake_old) style = 2; /* a bare letter would be a placed tile */
            if (style == 2) {
                emit(g, ".");
                m->tiles[m->ntiles] = '.';
                m->through[m->ntiles++] = 1;
            } else {
                emit(g, "%c", c);
                m->tiles[m->ntiles] = c;
                m->through[m->ntiles++] = (unsigned char)(style == 1);
            }
        }
        if (style == 1) emit(g, ")");
        i = j;
    }
}

/* SkraBBKle "WORD,h6" / "WORD,6h" and CS104 "PLACE - ROW COL TILES": the tiles to place, the
 * first on the named square. Returns 0 when the plan places nothing. */
static int write_placed(gen_move *g, const plan *p, sk_notation notation)
{
    sk_move *m = &g->want;
    m->notation = notation;
    int first = -1;
    for (int i = 0; i < p->len; i++) {
        if (p->old[i]) continue;
        if (first < 0) first = i;
        m->tiles[m->ntiles++] = p->letter[i];
    }
    if (first < 0) return 0;
    if (pct(8)) first = 0; /* maybe an occupied square, on purpose */
    plan_square(p, first, &m->row, &m->col);
    if (m->row >= SK_BOARD_MAX || m->col >= SK_BOARD_MAX) return 0;
    if (notation == SK_NOTATION_SKRABBKLE) {
        spaces(g);
        emit(g, "%s", m->tiles);
        spaces(g);
        emit(g, ",");
        spaces(g);
        char colc = any_case((char)('a' + m->col));
        if (p->dir == SK_DOWN)
            emit(g, "%c%d", colc, m->row + 1);
        else
            emit(g, "%d%c", m->row + 1, colc);
        spaces(g);
        return 1;
    }
    const char *kw = pct(70) ? "PLACE" : pct(50) ? "place" : "Place";
    emit(g, "%s %c %d %d ", kw, p->dir == SK_ACROSS ? '-' : '|', m->row + 1, m->col + 1);
    for (int i = 0; i < m->ntiles; i++) {
        char c = m->tiles[i];
        if (is_lower(c))
            emit(g, "?%c", any_case(c));
        else
            emit(g, "%c", any_case(c));
    }
    return 1;
}

/* A pass or an exchange; a blind exchange ("-3") asks for no more tiles than a known RACK
 * holds (the case of more is blind_exchange_beyond_rack). */
static void gen_pass_or_exchange(gen_move *g, const char *rack)
{
    sk_move *m = &g->want;
    int k = rnd(10);
    if (k < 3) {
        static const char *const texts[] = {",", "-", "PASS", "pass"};
        static const sk_notation nots[] = {SK_NOTATION_SKRABBKLE, SK_NOTATION_GCG,
                                           SK_NOTATION_CS104, SK_NOTATION_CS104};
        int t = rnd(4);
        m->kind = SK_MOVE_PASS;
        m->notation = nots[t];
        emit(g, "%s", texts[t]);
        return;
    }
    m->kind = SK_MOVE_EXCHANGE;
    if (k < 4) {
        m->notation = SK_NOTATION_GCG;
        m->exchange_count = rack[0] ? between(1, (int)strlen(rack)) : between(1, 9);
        emit(g, "-%d", m->exchange_count);
        return;
    }
    int n = between(1, 7);
    for (int i = 0; i < n; i++)
        m->exchange[i] = pct(15) ? '?' : rand_letter();
    m->exchange[n] = '\0';
    m->exchange_count = n;
    if (k < 7) {
        m->notation = SK_NOTATION_GCG;
        emit(g, "-%s", m->exchange);
    } else {
        m->notation = SK_NOTATION_CS104;
        emit(g, "EXCHANGE ");
        for (int i = 0; i < n; i++)
            emit(g, "%c", any_case(m->exchange[i]));
    }
}

/* Puts the plan's tiles on the rack (plus random others) when they fit. */
static void rack_for_plan(const scenario *sc, sk_position *pos, const plan *p)
{
    char need[SK_RACK_MAX + 1];
    int n = 0;
    for (int i = 0; i < p->len; i++) {
        if (p->old[i]) continue;
        if (n == SK_RACK_MAX) return;
        need[n++] = is_lower(p->letter[i]) ? '?' : p->letter[i];
    }
    int size = sc->rules.rack_size;
    if (n > size && pct(50)) return;
    int total = n;
    if (total < size) total = between(n, size);
    for (int i = n; i < total; i++)
        need[i] = pct(12) ? '?' : rand_letter();
    for (int i = total - 1; i > 0; i--) {
        int j = rnd(i + 1);
        char t = need[i];
        need[i] = need[j];
        need[j] = t;
    }
    need[total] = '\0';
    memcpy(pos->racks[0], need, (size_t)total + 1);
}

static void gen_move_for(const scenario *sc, sk_position *pos, gen_move *g)
{
    memset(g, 0, sizeof(*g));
    if (pct(85))
        rand_rack(pos->racks[0], sc->rules.rack_size);
    else
        pos->racks[0][0] = '\0';
    if (pct(5)) {
        gen_pass_or_exchange(g, pos->racks[0]);
        return;
    }
    for (;;) {
        plan p;
        if (pct(75))
            smart_plan(sc, sc->rs, pos, &p);
        else
            random_plan(pos, &p);
        if (pos->racks[0][0] && pct(75)) rack_for_plan(sc, pos, &p);
        memset(g, 0, sizeof(*g));
        g->want.kind = SK_MOVE_PLACE;
        g->want.dir = p.dir;
        int n = rnd(3);
        if (n == 0) {
            write_gcg(g, &p);
            return;
        }
        if (write_placed(g, &p, n == 1 ? SK_NOTATION_SKRABBKLE : SK_NOTATION_CS104)) return;
    }
}

/* ---- the library's side ------------------------------------------------------------------
 * The reference keeps tiles as ASCII (testutil.h: 'A'-'Z' letters, 'a'-'z' blanks played as
 * them, '?' the blank, '.' an unnamed GCG tile); the library holds tile numbers (alphabet.h).
 * Positions are converted on the way in, moves and plays on the way out. */

static void position_to_library(const sk_position *ascii, sk_position *lib)
{
    *lib = *ascii;
    for (int i = 0; i < ascii->width * ascii->height; i++)
        if (ascii->tiles[i]) lib->tiles[i] = tu_tile(ascii->tiles[i]);
    for (int k = 0; k < SK_PLAYERS_MAX; k++)
        tu_tiles(lib->racks[k], ascii->racks[k]);
}

static void move_to_ascii(const sk_move *lib, sk_move *ascii)
{
    *ascii = *lib;
    for (int i = 0; i < lib->ntiles; i++)
        ascii->tiles[i] = tu_ascii_tile(lib->tiles[i]);
    snprintf(ascii->exchange, sizeof(ascii->exchange), "%s", tu_ascii(lib->exchange));
}

/* ---- comparing ---------------------------------------------------------------------------- */

typedef struct {
    long cases, legal, risky, first, first_legal, mismatches;
    long by_notation[3], legal_by_notation[3];
    long passes, exchanges, exchanges_legal;
} stats;

static int moves_equal(const sk_move *a, const sk_move *b)
{
    if (a->kind != b->kind || a->notation != b->notation) return 0;
    if (a->kind == SK_MOVE_PASS) return 1;
    if (a->kind == SK_MOVE_EXCHANGE)
        return strcmp(a->exchange, b->exchange) == 0 && a->exchange_count == b->exchange_count;
    if (a->dir != b->dir || a->row != b->row || a->col != b->col || a->ntiles != b->ntiles)
        return 0;
    if (memcmp(a->tiles, b->tiles, (size_t)a->ntiles) != 0) return 0;
    if (a->notation == SK_NOTATION_GCG && memcmp(a->through, b->through, (size_t)a->ntiles) != 0)
        return 0;
    return 1;
}

/* For a legal placement: the squares filled, the words (with their scores), the bingo flag and
 * the canonical form (docs/formats.md, "Canonical form": GCG, the main word whole; a one-tile
 * classic play across when it makes an across word, else down) agree with the reference. */
static int details_agree(const scenario *sc, sk_ruleset rs, const sk_move *m, const verdict *v,
                         const sk_play *play, char *detail, size_t size)
{
    if (play->nplaced != v->placed.n) {
        snprintf(detail, size, "[library places %d tiles]", play->nplaced);
        return 0;
    }
    for (int i = 0; i < play->nplaced; i++)
        if (play->placed[i].row != v->placed.row[i] || play->placed[i].col != v->placed.col[i] ||
            tu_ascii_tile(play->placed[i].tile) != v->placed.tile[i]) {
            snprintf(detail, size, "[library places %c at %c%d]",
                     tu_ascii_tile(play->placed[i].tile), 'a' + play->placed[i].col,
                     play->placed[i].row + 1);
            return 0;
        }
    int want_words = rs == SK_RULES_CLASSIC ? v->nruns : 1;
    if (play->nwords != want_words) {
        snprintf(detail, size, "[library lists %d words, not %d]", play->nwords, want_words);
        return 0;
    }
    unsigned char used[2 * SK_MOVE_TILES_MAX] = {0};
    for (int i = 0; i < play->nwords; i++) {
        const sk_word *w = &play->words[i];
        int found = 0;
        for (int k = 0; k < v->nruns && !found; k++) {
            const ref_run *ru = &v->runs[k];
            if (!used[k] && ru->dir == w->dir && ru->row == w->row && ru->col == w->col &&
                ru->len == w->len && strcmp(ru->letters, tu_ascii(w->letters)) == 0 &&
                ru->score == w->score)
                found = used[k] = 1;
        }
        if (!found) {
            snprintf(detail, size, "[library word %d: %s at r%d c%d scoring %d]", i,
                     tu_ascii(w->letters), w->row, w->col, w->score);
            return 0;
        }
    }
    int bingo = v->placed.n == (rs == SK_RULES_CLASSIC ? sc->rules.rack_size : 7);
    if (!play->bingo != !bingo) {
        snprintf(detail, size, "[library bingo flag %d]", play->bingo);
        return 0;
    }
    /* the main word: along the move, or for one classic tile across if it can be */
    const ref_run *main_run = NULL;
    sk_direction main_dir = m->dir;
    if (rs == SK_RULES_CLASSIC && v->placed.n == 1) {
        int across = 0;
        for (int k = 0; k < v->nruns; k++)
            across |= v->runs[k].dir == SK_ACROSS;
        main_dir = across ? SK_ACROSS : SK_DOWN;
    }
    for (int k = 0; k < v->nruns; k++)
        if (v->runs[k].dir == main_dir) main_run = &v->runs[k];
    assert_non_null(main_run);
    char want[64];
    if (main_dir == SK_ACROSS)
        snprintf(want, sizeof(want), "%d%c %s", main_run->row + 1, 'A' + main_run->col,
                 main_run->letters);
    else
        snprintf(want, sizeof(want), "%c%d %s", 'A' + main_run->col, main_run->row + 1,
                 main_run->letters);
    sk_buf b;
    sk_buf_init(&b);
    sk_play_write_gcg(play, NULL, &b);
    int same = strcmp(sk_buf_str(&b), want) == 0;
    if (!same) snprintf(detail, size, "[canonical '%s', expected '%s']", sk_buf_str(&b), want);
    sk_buf_free(&b);
    return same;
}

static void describe_case(const scenario *sc, const sk_position *pos, const sk_position *lib_pos,
                          const char *text, int bag, const verdict *v)
{
    sk_buf b;
    sk_buf_init(&b);
    sk_position_write_cgp(lib_pos, NULL, &b);
    print_error("  rules %s, board %dx%d, start r%d c%d (0-based), rack '%s', bag %d\n",
                sk_ruleset_name(sc->rs), sc->board.width, sc->board.height, sc->board.start_row,
                sc->board.start_col, pos->racks[0], bag);
    print_error("  cgp: %s\n", sk_buf_str(&b));
    sk_buf_clear(&b);
    for (int r = 0; r < sc->board.height; r++)
        for (int c = 0; c < sc->board.width; c++) {
            const sk_square *sq = sk_board_square(&sc->board, r, c);
            if (sq->kind == SK_SQ_LETTER)
                sk_buf_printf(&b, " %c%d:(%d)", 'a' + c, r + 1, sq->factor);
            if (sq->kind == SK_SQ_WORD) sk_buf_printf(&b, " %c%d:{%d}", 'a' + c, r + 1, sq->factor);
            if (sq->kind == SK_SQ_BLOCKED) sk_buf_printf(&b, " %c%d:#", 'a' + c, r + 1);
        }
    print_error("  premiums:%s\n", sk_buf_str(&b));
    sk_buf_clear(&b);
    for (int k = 0; k <= 26; k++) /* the blank and A..Z */
        sk_buf_printf(&b, " %c=%d", k ? 'A' + k - 1 : '?', sc->tiles.score[k]);
    print_error("  tiles %s:%s\n", sc->tiles_name ? sc->tiles_name : "(random)", sk_buf_str(&b));
    print_error("  lexicon: %s\n", sc->lex ? "words over A-D" : "none");
    print_error("  move: '%s'\n", text);
    for (int i = 0; i < v->placed.n; i++)
        print_error("  ref placed %c at %c%d\n", v->placed.tile[i], 'a' + v->placed.col[i],
                    v->placed.row[i] + 1);
    for (int i = 0; i < v->nruns; i++)
        print_error("  ref run %s at %c%d %s: score %lld, %s\n", v->runs[i].letters,
                    'a' + v->runs[i].col, v->runs[i].row + 1,
                    v->runs[i].dir == SK_ACROSS ? "across" : "down", v->runs[i].score,
                    v->runs[i].word ? "word" : "not a word");
    sk_buf_free(&b);
}

static void run_ruleset(sk_ruleset rs, uint64_t seed, int nscen, int npos, int nmoves, stats *st)
{
    sk_rng_seed(&g_rng, seed);
    scenario *sc = malloc(sizeof(*sc));
    verdict *v = malloc(sizeof(*v));
    sk_position *pos = malloc(sizeof(*pos));
    sk_position *lib_pos = malloc(sizeof(*lib_pos));
    assert_non_null(sc);
    assert_non_null(v);
    assert_non_null(pos);
    assert_non_null(lib_pos);
    for (int s = 0; s < nscen; s++) {
        make_scenario(sc, rs);
        for (int ip = 0; ip < npos; ip++) {
            make_position(sc, pos);
            for (int im = 0; im < nmoves; im++) {
                gen_move g;
                gen_move_for(sc, pos, &g);
                sk_move lib_m, m;
                char why[256];
                if (sk_move_parse(&lib_m, g.text, g.len, NULL, why, sizeof(why)) != SK_OK)
                    fail_msg("'%s' does not parse: %s", g.text, why);
                move_to_ascii(&lib_m, &m);
                if (!moves_equal(&m, &g.want)) fail_msg("'%s' parsed unexpectedly", g.text);
                int bag = pct(20) ? -1 : rnd(30);
                ref_check(sc, rs, pos, &m, bag, v);
                st->cases++;
                if (v->risky) {
                    st->risky++;
                    continue;
                }
                sk_play play;
                position_to_library(pos, lib_pos);
                sk_illegal rc =
                    sk_rules_check(&sc->rules, lib_pos, &lib_m, bag, &play, why, sizeof(why));
                int lib_legal = rc == SK_LEGAL;
                if (m.kind == SK_MOVE_PLACE) {
                    st->by_notation[m.notation]++;
                    st->legal_by_notation[m.notation] += v->legal;
                    if (sk_position_tile_count(pos) == 0) {
                        st->first++;
                        st->first_legal += v->legal;
                    }
                } else if (m.kind == SK_MOVE_PASS) {
                    st->passes++;
                } else {
                    st->exchanges++;
                    st->exchanges_legal += v->legal;
                }
                st->legal += v->legal;
                int bad = lib_legal != v->legal || (v->legal && play.score != v->score);
                char detail[200] = "";
                if (!bad && v->legal && m.kind == SK_MOVE_PLACE)
                    bad = !details_agree(sc, rs, &m, v, &play, detail, sizeof(detail));
                if (!bad) continue;
                if (st->mismatches++ < 12) {
                    print_error("MISMATCH (%s, scenario %d, position %d, move %d): reference %s "
                                "%lld (%s), library %s %d (%d: %s) %s\n",
                                sk_ruleset_name(rs), s, ip, im, v->legal ? "legal" : "illegal",
                                v->score, v->legal ? "-" : v->why, lib_legal ? "legal" : "illegal",
                                play.score, (int)rc, why, detail);
                    describe_case(sc, pos, lib_pos, g.text, bag, v);
                }
            }
        }
        sk_lexicon_free(sc->lex);
    }
    free(sc);
    free(v);
    free(pos);
    free(lib_pos);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void report(sk_ruleset rs, const stats *st, double secs)
{
    long placements = st->by_notation[0] + st->by_notation[1] + st->by_notation[2];
    long placements_legal =
        st->legal_by_notation[0] + st->legal_by_notation[1] + st->legal_by_notation[2];
    print_message("%s: %ld cases in %.2f s, %ld legal (%.1f%%); %ld not given to the library "
                  "(score may overflow an int); %ld mismatches\n",
                  sk_ruleset_name(rs), st->cases, secs, st->legal,
                  100.0 * (double)st->legal / (double)(st->cases - st->risky), st->risky,
                  st->mismatches);
    print_message("  placements %ld, legal %ld (%.1f%%): skrabbkle %ld/%ld, gcg %ld/%ld, cs104 "
                  "%ld/%ld; first moves %ld/%ld; passes %ld; exchanges %ld/%ld\n",
                  placements, placements_legal,
                  100.0 * (double)placements_legal / (double)placements, st->legal_by_notation[0],
                  st->by_notation[0], st->legal_by_notation[1], st->by_notation[1],
                  st->legal_by_notation[2], st->by_notation[2], st->first_legal, st->first,
                  st->passes, st->exchanges_legal, st->exchanges);
}

static void compare_ruleset(sk_ruleset rs, uint64_t seed)
{
    stats st = {0};
    double t0 = now_seconds();
    run_ruleset(rs, seed, 300, 10, 30, &st);
    report(rs, &st, now_seconds() - t0);
    if (st.mismatches)
        fail_msg("%ld mismatches between sk_rules_check and the reference", st.mismatches);
}

static void skrabbkle_against_reference(void **state)
{
    (void)state;
    compare_ruleset(SK_RULES_SKRABBKLE, 0x5EED5C2ABB1Eull);
}

static void classic_against_reference(void **state)
{
    (void)state;
    compare_ruleset(SK_RULES_CLASSIC, 0xC1A551Cull);
}

/* "-3" exchanges three tiles without naming them; a rack known to hold fewer cannot do it. */
static void blind_exchange_beyond_rack(void **state)
{
    (void)state;
    sk_board board;
    sk_tileset tiles;
    sk_rules rules;
    sk_position pos;
    assert_int_equal(sk_board_init(&board, 15, 15), SK_OK);
    assert_int_equal(sk_tileset_builtin(&tiles, "english"), SK_OK);
    sk_rules_init(&rules, SK_RULES_CLASSIC, &board, &tiles, NULL);
    sk_position_init(&pos, 15, 15);
    tu_tiles(pos.racks[0], "AB");
    sk_move m;
    sk_play play;
    char why[200];
    assert_int_equal(sk_move_parse(&m, "-2", 2, NULL, why, sizeof(why)), SK_OK);
    assert_int_equal(sk_rules_check(&rules, &pos, &m, 50, &play, why, sizeof(why)), SK_LEGAL);
    assert_int_equal(sk_move_parse(&m, "-3", 2, NULL, why, sizeof(why)), SK_OK);
    sk_illegal rc = sk_rules_check(&rules, &pos, &m, 50, &play, why, sizeof(why));
    if (rc == SK_LEGAL) fail_msg("'-3' with the known rack AB is legal");
    assert_int_equal(rc, SK_ILLEGAL_EXCHANGE_TILES);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(blind_exchange_beyond_rack),
        cmocka_unit_test(skrabbkle_against_reference),
        cmocka_unit_test(classic_against_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
